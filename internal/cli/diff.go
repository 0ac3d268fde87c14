package cli

import (
	"bytes"
	"fmt"
)

// diffContext is the number of unchanged lines around each change.
const diffContext = 3

// maxEdits bounds the search for the shortest edit script (Myers'
// algorithm, whose memory grows with the square of the edits): past it,
// the changed middle of the files is shown as one block removed and one
// added.
const maxEdits = 2000

// op is one line of an edit script: ' ' kept, '-' removed, '+' added; a
// and b are the line's indexes in the old and new text.
type op struct {
	kind byte
	a, b int
}

// unifiedDiff returns the unified diff from old to new, with three lines
// of context, under the names oldName and newName; nil when they are
// equal.
func unifiedDiff(oldName, newName string, old, new []byte) []byte {
	if bytes.Equal(old, new) {
		return nil
	}
	a, b := splitLines(old), splitLines(new)
	ops := diffLines(a, b)
	out := fmt.Appendf(nil, "--- %s\n+++ %s\n", oldName, newName)
	for start := 0; start < len(ops); {
		h, end := nextHunk(ops, start)
		if h < 0 {
			break
		}
		out = appendHunk(out, ops[h:end], a, b)
		start = end
	}
	return out
}

// splitLines splits text into lines, each with its "\n" except perhaps the
// last.
func splitLines(text []byte) [][]byte {
	var lines [][]byte
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		lines = append(lines, text[:i])
		text = text[i:]
	}
	return lines
}

// diffLines returns an edit script from a to b: their common prefix and
// suffix kept, and the shortest script for the middle between them.
func diffLines(a, b [][]byte) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	var ops []op
	for i := range pre {
		ops = append(ops, op{' ', i, i})
	}
	ops = append(ops, middle(a[pre:len(a)-suf], b[pre:len(b)-suf], pre)...)
	for i := suf; i > 0; i-- {
		ops = append(ops, op{' ', len(a) - i, len(b) - i})
	}
	return ops
}

// middle returns the edit script from a to b, whose lines start at index
// off in both texts.
func middle(a, b [][]byte, off int) []op {
	if trace, ok := myers(a, b); ok {
		return backtrack(trace, a, b, off)
	}
	var ops []op
	for i := range a {
		ops = append(ops, op{'-', off + i, off})
	}
	for j := range b {
		ops = append(ops, op{'+', off + len(a), off + j})
	}
	return ops
}

// myers runs Myers' greedy algorithm and returns, for each number of
// edits d, the furthest x reached on each diagonal k in [-d, d] before
// step d (the window trace[d][k+d]). It gives up past maxEdits.
func myers(a, b [][]byte) ([][]int32, bool) {
	n, m := len(a), len(b)
	limit := min(n+m, maxEdits)
	v := make([]int, 2*limit+3) // v[k+off] for k in [-limit-1, limit+1]
	off := limit + 1
	var trace [][]int32
	for d := 0; d <= limit; d++ {
		window := make([]int32, 2*d+1)
		for k := -d; k <= d; k++ {
			window[k+d] = int32(v[k+off])
		}
		trace = append(trace, window)
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[k-1+off] < v[k+1+off]) {
				x = v[k+1+off]
			} else {
				x = v[k-1+off] + 1
			}
			y := x - k
			for x < n && y < m && bytes.Equal(a[x], b[y]) {
				x, y = x+1, y+1
			}
			v[k+off] = x
			if x >= n && y >= m {
				return trace, true
			}
		}
	}
	return nil, false
}

// backtrack walks the trace back from the end and returns the edit script.
func backtrack(trace [][]int32, a, b [][]byte, off int) []op {
	x, y := len(a), len(b)
	var rev []op
	for d := len(trace) - 1; d >= 0; d-- {
		w := trace[d]
		at := func(k int) int {
			if k < -d || k > d {
				return 0
			}
			return int(w[k+d])
		}
		k := x - y
		prevK := k - 1
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prevK = k + 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			rev = append(rev, op{' ', off + x, off + y})
		}
		if d == 0 {
			break
		}
		if x == prevX {
			rev = append(rev, op{'+', off + x, off + prevY})
		} else {
			rev = append(rev, op{'-', off + prevX, off + y})
		}
		x, y = prevX, prevY
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// nextHunk returns the bounds [h, end) of the next hunk at or after start:
// from three kept lines before a change to three after the last change
// that is at most six kept lines from the one before. h is -1 when no
// change is left.
func nextHunk(ops []op, start int) (h, end int) {
	first := start
	for first < len(ops) && ops[first].kind == ' ' {
		first++
	}
	if first == len(ops) {
		return -1, len(ops)
	}
	h = max(start, first-diffContext)
	last := first
	for i := first; i < len(ops); i++ {
		if ops[i].kind != ' ' {
			if i-last-1 > 2*diffContext {
				break
			}
			last = i
		}
	}
	return h, min(len(ops), last+1+diffContext)
}

// appendHunk appends one hunk: its header and its lines.
func appendHunk(out []byte, ops []op, a, b [][]byte) []byte {
	aStart, bStart := ops[0].a, ops[0].b
	var aLen, bLen int
	for _, o := range ops {
		if o.kind != '+' {
			aLen++
		}
		if o.kind != '-' {
			bLen++
		}
	}
	out = fmt.Appendf(out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
	for _, o := range ops {
		var line []byte
		if o.kind == '+' {
			line = b[o.b]
		} else {
			line = a[o.a]
		}
		out = append(out, o.kind)
		out = append(out, line...)
		if !bytes.HasSuffix(line, []byte("\n")) {
			out = append(out, "\n\\ No newline at end of file\n"...)
		}
	}
	return out
}

// hunkRange writes a hunk's start and length as unified diffs do: lines
// counted from 1, the length left out when it is 1, and the line before
// the hunk for an empty one.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

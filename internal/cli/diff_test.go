package cli

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	for _, tt := range []struct {
		name     string
		old, new string
		want     string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"one line changed", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			"--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "x\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ny\n",
			"--- a\n+++ b\n@@ -1,4 +1,4 @@\n-1\n+x\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+y\n"},
		{"close changes share a hunk", "1\n2\n3\n4\n5\n6\n7\n8\n", "x\n2\n3\n4\n5\n6\n7\ny\n",
			"--- a\n+++ b\n@@ -1,8 +1,8 @@\n-1\n+x\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n"},
		{"insert into empty", "", "a\n", "--- a\n+++ b\n@@ -0,0 +1 @@\n+a\n"},
		{"delete all", "a\nb\n", "", "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-a\n-b\n"},
		{"no final newline", "a\nb", "a\nc\n",
			"--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(unifiedDiff("a", "b", []byte(tt.old), []byte(tt.new))); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestUnifiedDiffApplies checks on random texts that applying the diff
// to the old text gives the new one, and that the script is as short as
// diff's: every line kept is part of a longest common subsequence.
func TestUnifiedDiffApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		old, new := randomText(r), randomText(r)
		d := unifiedDiff("a", "b", old, new)
		got, err := applyDiff(old, d)
		if err != nil || !bytes.Equal(got, new) {
			t.Fatalf("case %d: %v\nold:\n%s\nnew:\n%s\ndiff:\n%s\napplied:\n%s", i, err, old, new, d, got)
		}
		a, b := splitLines(old), splitLines(new)
		kept := 0
		for _, o := range diffLines(a, b) {
			if o.kind == ' ' {
				kept++
			}
		}
		if want := lcsLength(a, b); kept != want {
			t.Fatalf("case %d: %d lines kept, the longest common subsequence has %d", i, kept, want)
		}
	}
}

// TestUnifiedDiffLarge checks the fallback past maxEdits: still a diff
// that applies.
func TestUnifiedDiffLarge(t *testing.T) {
	var old, new bytes.Buffer
	for i := range 3 * maxEdits {
		fmt.Fprintf(&old, "old %d\n", i)
		fmt.Fprintf(&new, "new %d\n", i)
	}
	d := unifiedDiff("a", "b", old.Bytes(), new.Bytes())
	if got, err := applyDiff(old.Bytes(), d); err != nil || !bytes.Equal(got, new.Bytes()) {
		t.Fatalf("the diff does not apply: %v", err)
	}
	if !bytes.HasPrefix(d, []byte("--- a\n+++ b\n@@ -1,6000 +1,6000 @@\n-old 0\n")) {
		t.Errorf("diff starts %q", d[:60])
	}
}

func randomText(r *rand.Rand) []byte {
	var b bytes.Buffer
	for range r.IntN(12) {
		b.WriteString(string(rune('a' + r.IntN(4))))
		b.WriteByte('\n')
	}
	if r.IntN(5) == 0 {
		b.WriteString("z")
	}
	return b.Bytes()
}

// applyDiff applies a unified diff made by unifiedDiff to old.
func applyDiff(old, diff []byte) ([]byte, error) {
	if len(diff) == 0 {
		return old, nil
	}
	a := splitLines(old)
	lines := strings.SplitAfter(string(diff), "\n")[2:] // after the names
	var out []byte
	next := 0 // the next line of a to copy
	for i := 0; i < len(lines) && lines[i] != ""; i++ {
		l := lines[i]
		if strings.HasPrefix(l, "@@ ") {
			start, err := hunkStart(l)
			if err != nil {
				return nil, err
			}
			for ; next < start; next++ {
				out = append(out, a[next]...)
			}
			continue
		}
		text := l[1:]
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\\ No newline") {
			text = strings.TrimSuffix(text, "\n")
			i++
		}
		switch l[0] {
		case ' ', '-':
			if next >= len(a) || string(a[next]) != text {
				return nil, fmt.Errorf("line %d: %q does not match %q", next+1, text, a[min(next, len(a)-1)])
			}
			next++
			if l[0] == ' ' {
				out = append(out, text...)
			}
		case '+':
			out = append(out, text...)
		default:
			return nil, fmt.Errorf("bad line %q", l)
		}
	}
	for ; next < len(a); next++ {
		out = append(out, a[next]...)
	}
	return out, nil
}

// hunkStart returns the index in the old text of a hunk's first line.
func hunkStart(header string) (int, error) {
	field := strings.Fields(header)[1] // -l,n
	l, n, _ := strings.Cut(field[1:], ",")
	start, err := strconv.Atoi(l)
	if n == "0" {
		return start, err
	}
	return start - 1, err
}

func lcsLength(a, b [][]byte) int {
	prev := make([]int, len(b)+1)
	for i := range a {
		cur := make([]int, len(b)+1)
		for j := range b {
			if bytes.Equal(a[i], b[j]) {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev = cur
	}
	return prev[len(b)]
}

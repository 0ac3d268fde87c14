package scanner

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/apparentlymart/go-textseg/v15/textseg"
)

func TestLinesPos(t *testing.T) {
	// Columns as HCL's JSON scanner counts them: a tab in white space is
	// two columns, a CR none, a grapheme cluster in a string one.
	src := "{\r\n\t\"é👩‍👩‍👧x\": \"a\\\"b\",\n  \"k\": 1}"
	tests := []struct {
		off       int
		line, col int
	}{
		{0, 1, 1},
		{1, 1, 2},  // the CR takes no column
		{2, 1, 2},  // the LF
		{3, 2, 1},  // the tab
		{4, 2, 3},  // the opening quote, after a tab of two columns
		{5, 2, 4},  // é (two bytes)
		{7, 2, 5},  // the family emoji: one cluster of 18 bytes
		{25, 2, 6}, // x
		{26, 2, 7}, // closing quote
		{27, 2, 8}, // colon
		{29, 2, 10},
		{31, 2, 12}, // the escaped quote: a backslash and a quote, two columns
		{33, 2, 14},
		{len(src), 3, 10},
	}
	l := NewLines([]byte(src))
	for _, tt := range tests {
		line, col := l.Pos(tt.off)
		if line != tt.line || col != tt.col {
			t.Errorf("Pos(%d) (%q) = %d,%d, want %d,%d", tt.off, src[tt.off:], line, col, tt.line, tt.col)
		}
	}
	// The same answers in reverse order (no dependence on the cursor).
	l = NewLines([]byte(src))
	for i := len(tests) - 1; i >= 0; i-- {
		tt := tests[i]
		if line, col := l.Pos(tt.off); line != tt.line || col != tt.col {
			t.Errorf("reverse Pos(%d) = %d,%d, want %d,%d", tt.off, line, col, tt.line, tt.col)
		}
	}
}

func TestLinesLongLine(t *testing.T) {
	// One line of 100,000 members: checkpoints keep random look-ups cheap
	// and their answers equal to a walk from the line start.
	var sb strings.Builder
	sb.WriteString("{")
	for i := 0; i < 100000; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`"é":"日本"`)
	}
	sb.WriteString("}")
	src := []byte(sb.String())
	l := NewLines(src)
	for _, off := range []int{len(src) - 1, 12, 500000, 7, len(src) / 2} {
		fresh := NewLines(src)
		wantLine, wantCol := fresh.walkFromStart(off)
		if line, col := l.Pos(off); line != wantLine || col != wantCol {
			t.Errorf("Pos(%d) = %d,%d, want %d,%d", off, line, col, wantLine, wantCol)
		}
	}
}

// walkFromStart computes a position without cursor or checkpoints.
func (l *Lines) walkFromStart(off int) (int, int) {
	line, start := l.Line(off)
	st := l.walk(colState{off: uint32(start), col: 1, line: uint32(line - 1)}, off)
	return line, int(st.col)
}

func TestLinesPosAllocs(t *testing.T) {
	src := []byte(strings.Repeat(`{"key": "value", "n": 1}`+"\n", 1000))
	l := NewLines(src)
	l.Pos(0) // build the line table
	offs := []int{5, 20000, 30, 23999, 12000}
	allocs := testing.AllocsPerRun(100, func() {
		for _, o := range offs {
			l.Pos(o)
		}
	})
	if allocs != 0 {
		t.Errorf("Pos allocates %v times per run", allocs)
	}
}

func TestLinesByteOrderMark(t *testing.T) {
	// The byte order mark is skipped by the parser and takes no column.
	l := NewLines([]byte("\uFEFF{\"a\": 1}"))
	for _, tt := range []struct{ off, col int }{{0, 1}, {3, 1}, {4, 2}, {9, 7}} {
		if line, col := l.Pos(tt.off); line != 1 || col != tt.col {
			t.Errorf("Pos(%d) = %d,%d, want 1,%d", tt.off, line, col, tt.col)
		}
	}
}

// Every offset of a document mixing simple lines (ASCII, no tab, no CR),
// whose columns are computed without a walk, and complex ones gets the
// position a walk from its line start gives.
func TestLinesSimpleLinesAgree(t *testing.T) {
	src := []byte("{\n  \"a\": \"x\\\"y\",\n\t\"b\": \"é\",\r\n  \"c\": [1, 2]\n}\n")
	l := NewLines(src)
	ref := NewLines(src)
	for off := 0; off <= len(src); off++ {
		wantLine, wantCol := ref.walkFromStart(off)
		if line, col := l.Pos(off); line != wantLine || col != wantCol {
			t.Errorf("Pos(%d) = %d,%d, want %d,%d", off, line, col, wantLine, wantCol)
		}
	}
	// PosPlain gives Pos's position of a, and says plain exactly when b
	// is on a's line, a simple one; b's column is then a's plus b-a.
	for a := 0; a <= len(src); a++ {
		for b := a; b <= len(src); b++ {
			line, col, plain := l.PosPlain(a, b)
			wantLine, wantCol := ref.walkFromStart(a)
			if line != wantLine || col != wantCol {
				t.Fatalf("PosPlain(%d, %d) = %d,%d, want %d,%d", a, b, line, col, wantLine, wantCol)
			}
			bLine, bCol := ref.walkFromStart(b)
			lineStart := bytes.LastIndexByte(src[:a], '\n') + 1
			lineEnd := len(src)
			if j := bytes.IndexByte(src[a:], '\n'); j >= 0 {
				lineEnd = a + j
			}
			simple := !bytes.ContainsFunc(src[lineStart:lineEnd], func(r rune) bool { return r >= 0x80 || r < 0x20 })
			if wantPlain := simple && b <= lineEnd; plain != wantPlain {
				t.Fatalf("PosPlain(%d, %d) plain = %v, want %v", a, b, plain, wantPlain)
			}
			if plain && (bLine != line || bCol != col+b-a) {
				t.Fatalf("PosPlain(%d, %d) plain, but %d is at %d,%d", a, b, b, bLine, bCol)
			}
		}
	}
	if k := []bool{l.simpleLine(1), l.simpleLine(2), l.simpleLine(3)}; !k[0] || k[1] || !k[2] {
		t.Errorf("lines 2 to 4 simple: %v, want [true false true]", k)
	}
}

// lineEnd finds the first line feed and tells whether the bytes before it
// are simple, as a byte loop does, wherever the line feed and the
// non-simple bytes fall in the eight-byte words; and build marks exactly
// the lines that are not simple.
func TestLinesLineEnd(t *testing.T) {
	ref := lineEndSlow
	for n := 0; n <= 20; n++ {
		for _, special := range []byte{'\n', '\t', '\r', 0x80, 0xff, 'a'} {
			for at := 0; at < n; at++ {
				for lf := -1; lf < n; lf++ {
					b := bytes.Repeat([]byte{'x'}, n)
					b[at] = special
					if lf >= 0 {
						b[lf] = '\n'
					}
					wantEnd, wantSimple := ref(b)
					if end, simple := lineEnd(b); end != wantEnd || simple != wantSimple {
						t.Fatalf("lineEnd(%q) = %d, %v; want %d, %v", b, end, simple, wantEnd, wantSimple)
					}
				}
			}
		}
	}
	var src []byte
	var want []bool
	for i := range 100 {
		line := []byte(`  "k": "v",`)
		switch i % 7 {
		case 1:
			line = append(line, '\t')
		case 3:
			line = append([]byte("\r"), line...)
		case 5:
			line = append(line, "é"...)
		}
		want = append(want, i%7 != 1 && i%7 != 3 && i%7 != 5)
		src = append(append(src, line...), '\n')
	}
	want = append(want, true) // the empty line after the last line feed
	l := NewLines(src)
	l.Pos(0)
	for i, w := range want {
		if l.simpleLine(i) != w {
			t.Errorf("line %d simple: %v, want %v", i, !w, w)
		}
	}
	bomLines := NewLines([]byte("\uFEFF{}\n{}"))
	bomLines.Pos(0)
	if bomLines.simpleLine(0) || !bomLines.simpleLine(1) {
		t.Errorf("with a byte order mark: lines 1 and 2 simple %v, %v; want false, true", bomLines.simpleLine(0), bomLines.simpleLine(1))
	}
}

// Look-ups that go backwards on a long line still find checkpoints: after a
// look-up at the end of the file, earlier long lines get theirs too, and
// every answer equals a walk from the line start.
func TestLinesCheckpointsBackwards(t *testing.T) {
	line := `{"é": "` + strings.Repeat("日本", 20000) + `"}` + "\n"
	src := []byte(strings.Repeat(line, 3))
	l := NewLines(src)
	ref := NewLines(src)
	offs := []int{len(src) - 3, len(line) + 50000, 40000, len(line)*2 + 90000, 70000, 12}
	for _, off := range offs {
		wantLine, wantCol := ref.walkFromStart(off)
		if line, col := l.Pos(off); line != wantLine || col != wantCol {
			t.Errorf("Pos(%d) = %d,%d, want %d,%d", off, line, col, wantLine, wantCol)
		}
	}
	for i := 1; i < len(l.checks); i++ {
		if l.checks[i].off <= l.checks[i-1].off {
			t.Fatalf("checkpoints out of order at %d", i)
		}
	}
	if len(l.checks) < 20 {
		t.Errorf("only %d checkpoints", len(l.checks))
	}
}

// lineIndex answers the same in any order of look-ups: in order (the hint
// and the line after it), backwards, and at random.
func TestLineIndexAnyOrder(t *testing.T) {
	src := []byte(strings.Repeat("ab\n\n{\"k\": 1}\n", 40) + "end")
	l := NewLines(src)
	want := func(off int) int { return bytes.Count(src[:off], []byte{'\n'}) }
	offs := make([]int, 0, 3*(len(src)+1))
	for off := 0; off <= len(src); off++ {
		offs = append(offs, off)
	}
	for off := len(src); off >= 0; off-- {
		offs = append(offs, off)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range len(src) + 1 {
		offs = append(offs, r.IntN(len(src)+1))
	}
	for _, off := range offs {
		if line, start := l.Line(off); line != want(off)+1 || start != bytes.LastIndexByte(src[:off], '\n')+1 {
			t.Fatalf("Line(%d) = %d, %d; want line %d", off, line, start, want(off)+1)
		}
	}
}

// lineEnd agrees with a byte-by-byte reading on every position of a tab,
// a CR, a non-ASCII byte and their neighbours, in inputs of every length
// up to 40 that hold line feeds among other control bytes.
func TestLineEndBytes(t *testing.T) {
	slow := lineEndSlow
	for n := 0; n <= 40; n++ {
		b := []byte(strings.Repeat("a {}\"\b\x0b\x7f\n", 5)[:n])
		for i := -1; i < n; i++ {
			for _, c := range []byte{'\t', '\r', 0x80, 0xC3, 0xFF, '\t' + 1, '\r' - 1, 0x7F, '\n'} {
				var c0 byte
				if i >= 0 {
					c0 = b[i]
					b[i] = c
				}
				wantEnd, wantSimple := slow(b)
				if end, simple := lineEnd(b); end != wantEnd || simple != wantSimple {
					t.Errorf("lineEnd(%q) = %d, %v; want %d, %v", b, end, simple, wantEnd, wantSimple)
				}
				if i >= 0 {
					b[i] = c0
				}
			}
		}
	}
}

// Span gives what Pos gives for both ends, on simple lines, complex ones
// and across lines, in any order of look-ups.
func TestSpan(t *testing.T) {
	src := []byte("{\n  \"a\": \"x\\\"y\",\n\t\"b\": \"é\",\r\n  \"c\": [1, 2]\n}\n")
	l := NewLines(src)
	ref := NewLines(src)
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		a := r.IntN(len(src) + 1)
		b := a + r.IntN(len(src)+1-a)
		l1, c1, l2, c2 := l.Span(a, b)
		w1, d1 := ref.Pos(a)
		w2, d2 := ref.Pos(b)
		if l1 != w1 || c1 != d1 || l2 != w2 || c2 != d2 {
			t.Fatalf("Span(%d, %d) = %d:%d-%d:%d, want %d:%d-%d:%d", a, b, l1, c1, l2, c2, w1, d1, w2, d2)
		}
	}
}

// Line and Span agree with counting line feeds on a document of thousands
// of lines of every length (empty ones, and some longer than the distance
// a look-up counts from the previous one), in order, backwards and at
// random, so that both ways of finding a line (from the previous look-up
// and from a mark) and the edges of the marks are taken.
func TestLinesMarks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for i := range 3000 {
		n := r.IntN(80)
		switch {
		case i%97 == 0:
			n = nearby + r.IntN(3*nearby)
		case i%5 == 0:
			n = 0
		}
		b.WriteString(strings.Repeat("x", n))
		b.WriteByte('\n')
	}
	src := []byte(b.String() + "end")
	want := func(off int) (int, int) {
		return bytes.Count(src[:off], []byte{'\n'}) + 1, bytes.LastIndexByte(src[:off], '\n') + 1
	}
	offs := make([]int, 0, 4*len(src))
	for off := 0; off <= len(src); off += 1 + r.IntN(40) {
		offs = append(offs, off)
	}
	for off := len(src); off >= 0; off -= 1 + r.IntN(40) {
		offs = append(offs, off)
	}
	for range 20000 {
		offs = append(offs, r.IntN(len(src)+1))
	}
	// Line feeds themselves and the offsets just after them (line starts).
	for off := range src {
		if src[off] == '\n' {
			offs = append(offs, off, off+1)
		}
	}
	l := NewLines(src)
	for _, off := range offs {
		wl, ws := want(off)
		if line, start := l.Line(off); line != wl || start != ws {
			t.Fatalf("Line(%d) = %d, %d; want %d, %d", off, line, start, wl, ws)
		}
	}
	checkMarks(t, l)
	ls := NewLines(src)
	for range 20000 {
		a := r.IntN(len(src) + 1)
		b := min(len(src), a+r.IntN(200))
		l1, c1, l2, c2 := ls.Span(a, b)
		w1, ws1 := want(a)
		w2, ws2 := want(b)
		if l1 != w1 || c1 != a-ws1+1 || l2 != w2 || c2 != b-ws2+1 {
			t.Fatalf("Span(%d, %d) = %d:%d-%d:%d, want %d:%d-%d:%d", a, b, l1, c1, l2, c2, w1, a-ws1+1, w2, b-ws2+1)
		}
	}
}

// checkMarks checks every mark of l (each names its line and the line's
// start) and the distance between marks: at most linesPerMark lines, and
// past markBytes bytes only up to the first line start after them.
func checkMarks(t *testing.T, l *Lines) {
	t.Helper()
	src := l.src
	if len(l.marks) == 0 || l.marks[0] != (mark{}) {
		t.Fatalf("marks start %v, want a mark at offset 0", l.marks[:min(1, len(l.marks))])
	}
	line, start, at := 0, 0, 0 // the line of offset at, and its start
	for i, m := range l.marks {
		off := int(m.off)
		if seg := src[at:off]; bytes.IndexByte(seg, '\n') >= 0 {
			line += bytes.Count(seg, []byte{'\n'})
			start = at + bytes.LastIndexByte(seg, '\n') + 1
		}
		at = off
		if int(m.line) != line || int(m.start) != start {
			t.Fatalf("mark %d at %d says line %d from %d, want line %d from %d", i, off, m.line, m.start, line, start)
		}
		if i == 0 {
			continue
		}
		p := l.marks[i-1]
		if m.off <= p.off || m.line-p.line > linesPerMark {
			t.Fatalf("marks %d and %d: %+v then %+v", i-1, i, p, m)
		}
		if gap := int(m.off - p.off); gap > markBytes {
			// Only a line start may lie further, and then the first one
			// past markBytes.
			if m.off != m.start || bytes.IndexByte(src[int(p.off)+markBytes:off-1], '\n') >= 0 {
				t.Fatalf("marks %d and %d are %d bytes apart: %+v then %+v", i-1, i, gap, p, m)
			}
		}
	}
	if last := l.marks[len(l.marks)-1]; len(src)-int(last.off) > markBytes && bytes.IndexByte(src[int(last.off)+markBytes:], '\n') >= 0 {
		t.Fatalf("no mark in the last %d bytes", len(src)-int(last.off))
	}
}

// Positions on one long line cost what they cost on many short ones: a
// document of 200,000 members on one line (minified) and the same members
// one a line, looked up in the order a decoder asks (each key and value,
// with a jump back to the start of each object after its end), count line
// feeds in about as many bytes each way, and at most a few kilobytes a
// look-up. Before marks inside long lines, each look-up on the minified
// line counted from the start of the line: 10^5 times more.
func TestLinesLongLineCost(t *testing.T) {
	for _, tt := range []struct {
		name string
		sep  string
		key  string
	}{
		{"ascii", "", `"k%d":"v"`},
		{"ascii-indented", "\n  ", `"k%d":"v"`},
		{"complex", "", `"é%d":"\t日本"`},
		{"complex-indented", "\n\t", `"é%d":"\t日本"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const n = 100000
			var b bytes.Buffer
			var offs []int // key starts and value ends, in document order
			b.WriteString("{")
			for i := range n {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(tt.sep)
				offs = append(offs, b.Len())
				fmt.Fprintf(&b, tt.key, i)
				offs = append(offs, b.Len())
			}
			b.WriteString("}")
			src := b.Bytes()
			l := NewLines(src)
			total, most := 0, 0
			countHook = func(n int) { total += n; most = max(most, n) }
			defer func() { countHook = nil }()
			for i, off := range offs {
				l.Pos(off)
				if i%1000 == 999 { // the end of a body, then its first member
					l.Pos(len(src) - 1)
					l.Pos(offs[i-999])
				}
			}
			checkMarks(t, l)
			lookups := len(offs) + 2*len(offs)/1000
			if most > 2*markBytes+nearby || total > 8*len(src) {
				t.Errorf("%d look-ups counted line feeds in %d bytes (%.1f a look-up, %d at most) of %d", lookups, total, float64(total)/float64(lookups), most, len(src))
			}
			// The answers are the walk's from the start of the line.
			for _, off := range []int{offs[len(offs)/2], offs[7], len(src), offs[len(offs)-3]} {
				wantLine, wantCol := NewLines(src).walkFromStart(off)
				if line, col := l.Pos(off); line != wantLine || col != wantCol {
					t.Errorf("Pos(%d) = %d,%d, want %d,%d", off, line, col, wantLine, wantCol)
				}
			}
		})
	}
}

// refCol is the column of offset off counted one byte (or one cluster in a
// string) at a time from the start of its line: the rule of Lines.walk
// without its runs of plain bytes.
func refCol(src []byte, off int) int {
	i := bytes.LastIndexByte(src[:off], '\n') + 1
	if i == 0 && off >= len(bom) && bytes.HasPrefix(src, bom) {
		i = len(bom)
	}
	col, inString, escaping := 1, false, false
	for i < off {
		c := src[i]
		if inString {
			switch {
			case c == '\\':
				escaping = !escaping
				col++
				i++
				continue
			case c == '"':
				col++
				i++
				if !escaping {
					inString = false
				}
				escaping = false
				continue
			case c < 0x20:
				inString, escaping = false, false
			default:
				escaping = false
				col++
				adv, _, _ := textseg.ScanGraphemeClusters(src[i:], true)
				i += max(adv, 1)
				continue
			}
		}
		switch c {
		case '\t':
			col += 2
		case '\r':
		case '"':
			inString = true
			col++
		default:
			col++
		}
		i++
	}
	return col
}

// The walk's runs of plain bytes give the columns of a walk byte by byte,
// on random documents of ASCII, quotes, escapes, tabs, CRs, control bytes,
// combining marks after ASCII letters, wide characters and invalid UTF-8,
// at every offset.
func TestWalkRunsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"a", "bcdefghijk", " ", "\"", "\\", "\\\"", "\t", "\r", "\n", "\x01", "\x7f", "e\u0301", "é", "日本", "👩‍👩‍👧", "\xff", "\u200d", "{\"k\": \"v\"}"}
	for range 300 {
		var b strings.Builder
		if r.IntN(10) == 0 {
			b.WriteString("\uFEFF")
		}
		for range r.IntN(200) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		src := []byte(b.String())
		l := NewLines(src)
		for off := 0; off <= len(src); off++ {
			line, col := l.Pos(off)
			if wantLine, wantCol := bytes.Count(src[:off], []byte{'\n'})+1, refCol(src, off); line != wantLine || col != wantCol {
				t.Fatalf("%q: Pos(%d) = %d,%d, want %d,%d", src, off, line, col, wantLine, wantCol)
			}
		}
	}
}

func TestPlainRun(t *testing.T) {
	for c := range 256 {
		for at := range 20 {
			b := []byte(strings.Repeat("x", 19))
			b = append(b[:at], append([]byte{byte(c)}, b[at:]...)...)
			want := at
			if c >= 0x20 && c < 0x80 && c != '"' && c != '\\' {
				want = len(b)
			}
			if got := plainRun(b); got != want {
				t.Fatalf("plainRun with %#x at %d = %d, want %d", c, at, got, want)
			}
		}
	}
}

// checkLineTable checks that the line table Parse made for doc (if it made
// one) is the one a Lines builds from the text.
func checkLineTable(t *testing.T, doc *Document) {
	t.Helper()
	if doc.lineMarks == nil {
		if len(doc.Errors) == 0 {
			t.Fatalf("Parse made no line table for %q, which has no errors", doc.Src)
		}
		return
	}
	want := NewLines(doc.Src)
	want.once.Do(want.build)
	got := doc.Lines()
	if !slices.Equal(got.marks, want.marks) || !slices.Equal(got.complex, want.complex) || !slices.Equal(got.starts, want.starts) {
		t.Fatalf("line table of %q: marks %v, complex %b, starts %v; built: %v, %b, %v", doc.Src, got.marks, got.complex, got.starts, want.marks, want.complex, want.starts)
	}
	if len(doc.Src) <= startsMax {
		var starts []uint32
		for i := range len(doc.Src) + 1 {
			if i == 0 || doc.Src[i-1] == '\n' {
				starts = append(starts, uint32(i))
			}
		}
		if !slices.Equal(got.starts, starts) {
			t.Fatalf("line starts of %q: %v, want %v", doc.Src, got.starts, starts)
		}
	} else if got.starts != nil {
		t.Fatalf("line starts kept for %d bytes", len(doc.Src))
	}
}

// Parse with Options.Lines makes the line table of a document without
// errors (without the option, none), the one that Lines builds: the marks,
// long lines' marks included, which lines are simple (tabs and CRs in
// white space, letters beyond ASCII in strings, a byte order mark), and
// the line starts of an input of at most startsMax bytes; positions come
// from it. A document with errors gets none, and Lines builds its table
// from the text.
func TestParseLineTable(t *testing.T) {
	long := `"` + strings.Repeat("x", 3*markBytes+17) + `"`
	var many strings.Builder
	many.WriteString("[\n")
	for i := range 100 {
		switch i % 9 {
		case 2:
			many.WriteString("\t1,\n")
		case 4:
			many.WriteString(`  "é",` + "\r\n")
		default:
			many.WriteString("  2,\n")
		}
	}
	many.WriteString("  3\n]\n\n")
	for _, src := range []string{
		`1`, `{}`, "\n\n{}\n", "{\n\t\"a\": 1\r\n}", "\ufeff{\"a\":\n1}", many.String(),
		"[" + long + ",\n" + long + "]", "[" + strings.Repeat(long+",", 40) + "1]\n",
		`{"k": "日本"}` + "\n  ",
		// Above startsMax: marks only.
		"[" + strings.Repeat(`"é",`+"\n\t1,\n  \"x\",\r\n", startsMax/16) + "0]",
	} {
		if Parse([]byte(src), Options{}).lineMarks != nil {
			t.Fatalf("%q: a line table made without Options.Lines", src)
		}
		doc := Parse([]byte(src), Options{Lines: true})
		if len(doc.Errors) != 0 {
			t.Fatalf("%q: %v", src, doc.Errors)
		}
		checkLineTable(t, doc)
		l, ref := doc.Lines(), NewLines([]byte(src))
		step := 1
		if len(src) > startsMax {
			step = 97
		}
		for off := 0; off <= len(src); off += step {
			line, col := l.Pos(off)
			wantLine, wantCol := ref.walkFromStart(off)
			if line != wantLine || col != wantCol {
				t.Fatalf("%q: Pos(%d) = %d,%d, want %d,%d", src, off, line, col, wantLine, wantCol)
			}
		}
	}
	for _, src := range []string{`{"a": 1,}`, "[1,\n2", "{\"a\":\n\"b\nc\"}", "[\"\x01\"]"} {
		doc := Parse([]byte(src), Options{Lines: true})
		if len(doc.Errors) == 0 || doc.lineMarks != nil {
			t.Errorf("%q: %d errors, a line table made: %v", src, len(doc.Errors), doc.lineMarks != nil)
		}
		line, col := doc.Lines().Pos(len(src))
		if wantLine, wantCol := NewLines([]byte(src)).walkFromStart(len(src)); line != wantLine || col != wantCol {
			t.Errorf("%q: Pos(end) = %d,%d, want %d,%d", src, line, col, wantLine, wantCol)
		}
	}
}

// lineEndSlow is lineEnd read byte by byte: the index of the first line
// feed of b (-1 when there is none), and whether the bytes before it are
// simple (no byte under 0x20 nor over 0x7f).
func lineEndSlow(b []byte) (int, bool) {
	simple := true
	for i, c := range b {
		if c == '\n' {
			return i, simple
		}
		if c >= 0x80 || c < 0x20 {
			simple = false
		}
	}
	return -1, simple
}

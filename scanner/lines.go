package scanner

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/apparentlymart/go-textseg/v15/textseg"
)

// Lines turns byte offsets into lines and columns, counted the way HCL's
// JSON scanner counts them: a line ends at each LF; outside strings each
// byte is one column, except that a tab counts two and a CR none; inside a
// string each grapheme cluster is one column. A byte order mark at the start
// of the input takes no column.
//
// Lines keeps a mark at the start of every 32nd line, and more often where
// lines are long: no two marks are more than about markBytes apart, and a
// line longer than that has marks inside it. A look-up counts the line
// feeds from the nearest known point before it: the previous look-up, or a
// mark. So a look-up costs what it costs on short lines even on a line of
// megabytes (minified JSON), in any order. Columns are computed from the
// start of the line (or from a checkpoint on long lines), but on a simple
// line (ASCII only, no control byte: no tab, no CR), where they are its
// offset from the line start. An input of at most startsMax bytes keeps
// every line's start too (four bytes a line), and a look-up there reads no
// text. The marks, the class of every line and the starts are found in one
// pass, on the first look-up, so that a Document that is never asked for a
// position pays nothing (Parse makes them where it can: Document.Lines). A
// Lines is safe for concurrent use.
type Lines struct {
	src []byte

	once  sync.Once
	marks []mark // in offset order; marks[0] is offset 0
	// complex has a bit per line, set for a line that is not simple (see
	// simpleLine), thirty-two lines a word. Like marks it is written once,
	// by build, and only read after.
	complex []uint32
	// starts holds every line's start, for an input of at most startsMax
	// bytes (nil for a larger one): a look-up then reads no text.
	starts []uint32
	// last is the line of the last look-up: its index (high 32 bits) and
	// the offset it starts at (low 32 bits).
	last atomic.Uint64
	// reach says how far the last look-up's line is known to run: the
	// offset the line starts at (high 32 bits) and an offset on it with no
	// line feed between the two (low 32 bits). It is a fact about the
	// source, so it is right whatever look-up stored it; it pairs with
	// last only when the starts agree.
	reach atomic.Uint64
	// hint is the index of the mark the last search found, where the next
	// search starts.
	hint atomic.Uint32

	mu     sync.Mutex
	cursor colState     // the last position computed, to resume from
	checks []checkpoint // sparse states on long lines, in offset order
}

// colState is the state of the column count at one offset.
type colState struct {
	off      uint32
	col      uint32
	line     uint32 // 0-based line index
	inString bool
	escaping bool
}

type checkpoint = colState

// A mark is a point whose line is known: its offset, the index of its line
// and the offset that line starts at.
type mark struct {
	off, line, start uint32
}

const (
	// checkpointEvery is how far apart checkpoints are on a long line.
	checkpointEvery = 256
	// linesPerMark is how many lines apart the marks are at most, and
	// markBytes about how many bytes: a look-up far from the previous one
	// counts the line feeds of at most that many lines, or bytes.
	linesPerMark = 32
	markBytes    = 1024
	// nearby is how many bytes after the previous look-up's line start a
	// look-up counts line feeds from there rather than from a mark.
	nearby = 2048
	// startsMax is the largest input whose line starts are all kept, at
	// four bytes a line.
	startsMax = 1 << 20
)

// countHook, when set (by tests), is told how many bytes each look-up
// counts line feeds in: the work that must not grow with the length of a
// line.
var countHook func(n int)

// NewLines returns the position table of src.
func NewLines(src []byte) *Lines {
	return &Lines{src: src}
}

// simpleLine reports whether line idx (0-based) is simple: ASCII only,
// no tab, no CR (nor any other control byte), no byte order mark. On a
// simple line every byte is one column, so no walk is needed.
func (l *Lines) simpleLine(idx int) bool {
	return l.complex[idx/32]>>(uint(idx)%32)&1 == 0
}

// build finds the marks and the lines that are not simple, in one pass
// over the input.
func (l *Lines) build() {
	src := l.src
	var b lineBuilder
	b.init(len(src), bytes.HasPrefix(src, bom))
	for {
		j, simple := lineEnd(src[b.start:])
		if !simple {
			b.complexLine = true
		}
		if j < 0 {
			break
		}
		b.newline(b.start + j)
	}
	l.marks, l.complex, l.starts = b.finish(len(src))
}

// lineBuilder makes a Lines' marks and line classes line by line: from
// build, or from the scanner, which sees every line feed of a document
// without errors in its white space.
type lineBuilder struct {
	marks   []mark
	complex []uint32
	starts  []uint32 // every line's start, for a small input (see startsMax)
	word    uint32   // the complex bits of the current 32 lines
	// n is the current line's index, start the offset it starts at, last
	// the last mark's offset.
	n, start, last int
	// complexLine tells whether the current line is not simple.
	complexLine bool
}

// init prepares b for an input of size bytes; bom tells whether it starts
// with a byte order mark (its first line is then not simple).
func (b *lineBuilder) init(size int, bom bool) {
	b.marks = append(make([]mark, 0, size/(linesPerMark*32)+1), mark{})
	// A word holds 32 lines; configuration lines run 16 bytes or more.
	b.complex = make([]uint32, 0, size/(32*16)+1)
	b.complexLine = bom
	if size <= startsMax {
		b.starts = append(make([]uint32, 0, size/16+2), 0)
	}
}

// newline ends the current line at the line feed at offset end.
func (b *lineBuilder) newline(end int) {
	if b.complexLine {
		b.word |= 1 << (uint(b.n) % 32)
		b.complexLine = false
	}
	// A long line gets marks inside it.
	for p := b.last + markBytes; p < end; p += markBytes {
		b.marks = append(b.marks, mark{off: uint32(p), line: uint32(b.n), start: uint32(b.start)})
		b.last = p
	}
	b.n++
	if b.n%32 == 0 {
		b.complex = append(b.complex, b.word)
		b.word = 0
	}
	b.start = end + 1
	if b.starts != nil {
		b.starts = append(b.starts, uint32(b.start))
	}
	if b.n%linesPerMark == 0 || b.start-b.last >= markBytes {
		b.marks = append(b.marks, mark{off: uint32(b.start), line: uint32(b.n), start: uint32(b.start)})
		b.last = b.start
	}
}

// finish ends the last line at the end of the input, size bytes, and
// returns the table: marks, complex bits and line starts.
func (b *lineBuilder) finish(size int) ([]mark, []uint32, []uint32) {
	if b.complexLine {
		b.word |= 1 << (uint(b.n) % 32)
	}
	for p := b.last + markBytes; p < size; p += markBytes {
		b.marks = append(b.marks, mark{off: uint32(p), line: uint32(b.n), start: uint32(b.start)})
		b.last = p
	}
	return b.marks, append(b.complex, b.word), b.starts
}

// lineEnd returns the offset of the first line feed of b (-1 when there
// is none) and whether the bytes before it are simple: ASCII, no tab, no
// CR. It reads eight bytes at a time, looking for a byte that is not
// ASCII or is below 0x20 (any control byte makes a line complex: columns
// are then walked, which is right for every line); after one that is not
// the line feed, it looks for the line feed alone.
func lineEnd(b []byte) (end int, simple bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		// The lowest flagged byte is exact (borrows only flag bytes
		// above a true one).
		if special := x&highs | (x-0x20*ones)&^x&highs; special != 0 {
			i += bits.TrailingZeros64(special) / 8
			break
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c >= 0x80 || c < 0x20 {
			break
		}
	}
	if i == len(b) {
		return -1, true
	}
	if b[i] == '\n' {
		return i, true
	}
	if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
		return i + j, false
	}
	return -1, false
}

// Line returns the 1-based line of offset off and the offset its line
// starts at. An offset outside the input is clamped to it, as in Pos.
func (l *Lines) Line(off int) (line, start int) {
	off = max(0, min(off, len(l.src)))
	l.once.Do(l.build)
	idx, start := l.locate(off)
	return idx + 1, start
}

// locate returns the index of the line holding offset off (0 ≤ off ≤
// len(src)) and the offset that line starts at. A decoder asks for
// positions mostly in order, with jumps (a body's closing brace, then its
// first member): a look-up shortly after the previous one counts the line
// feeds from where the previous one stopped; any other starts from the
// last mark before off, found by a search that gallops from the previous
// search's mark, in time logarithmic in the distance.
func (l *Lines) locate(off int) (idx, start int) {
	if l.starts != nil {
		return l.lineOf(off)
	}
	last := l.last.Load()
	idx, start = int(last>>32), int(uint32(last))
	from := start // no line feed in src[start:from]
	if r := l.reach.Load(); int(r>>32) == start && int(uint32(r)) <= off {
		from = int(uint32(r))
	}
	if start > off || off-from > nearby {
		k := l.markBefore(off, int(l.hint.Load()))
		l.hint.Store(uint32(k))
		if m := l.marks[k]; int(m.off) > from || start > off {
			idx, start, from = int(m.line), int(m.start), int(m.off)
		}
	}
	if seg := l.src[from:off]; len(seg) > 0 {
		if countHook != nil {
			countHook(len(seg))
		}
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			idx += n
			start = from + bytes.LastIndexByte(seg, '\n') + 1
		}
	}
	l.last.Store(uint64(idx)<<32 | uint64(start))
	l.reach.Store(uint64(start)<<32 | uint64(off))
	return idx, start
}

// lineOf is locate for a small input, whose line starts are all known:
// from the previous look-up's line a few lines forward, else a binary
// search.
func (l *Lines) lineOf(off int) (idx, start int) {
	s := l.starts
	i := int(l.hint.Load())
	if i >= len(s) || int(s[i]) > off {
		i = 0
	}
	for k := 0; i+1 < len(s) && int(s[i+1]) <= off; k++ {
		if k == 4 {
			// The last start at or before off is in s[i+1:].
			i += sort.Search(len(s)-i-1, func(j int) bool { return int(s[i+1+j]) > off })
			break
		}
		i++
	}
	l.hint.Store(uint32(i))
	return i, int(s[i])
}

// markBefore returns the index of the last mark at or before off,
// galloping from mark h.
func (l *Lines) markBefore(off, h int) int {
	n := len(l.marks)
	h = min(h, n-1)
	// lo is a mark at or before off, hi one after it (n: past the end).
	lo, hi := 0, n
	if int(l.marks[h].off) <= off {
		lo = h
		for step := 1; ; step *= 2 {
			next := h + step
			if next >= n {
				break
			}
			if int(l.marks[next].off) > off {
				hi = next
				break
			}
			lo = next
		}
	} else {
		hi = h
		for step := 1; ; step *= 2 {
			next := h - step
			if next <= 0 {
				break
			}
			if int(l.marks[next].off) <= off {
				lo = next
				break
			}
			hi = next
		}
	}
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(l.marks[m].off) <= off {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// Pos returns the 1-based line and column of byte offset off (0 ≤ off ≤
// len(src)); an offset below 0 is taken as 0, one past the end as
// len(src), so that a range cut short by the end of the input ends there.
func (l *Lines) Pos(off int) (line, col int) {
	if off > len(l.src) {
		off = len(l.src)
	}
	if off < 0 {
		off = 0
	}
	l.once.Do(l.build)
	idx, start := l.locate(off)
	return l.posOn(idx, start, off)
}

// PosPlain returns the position of offset a, as Pos does, and reports
// whether offset b (a ≤ b ≤ len(src)) is on the same line and that line
// is simple (ASCII, no control byte): b's column is then a's plus b-a.
func (l *Lines) PosPlain(a, b int) (line, col int, plain bool) {
	if a < 0 || b < a || b > len(l.src) {
		line, col = l.Pos(a)
		return line, col, false
	}
	l.once.Do(l.build)
	idx, start := l.locate(a)
	if l.simpleLine(idx) {
		return idx + 1, a - start + 1, bytes.IndexByte(l.src[a:b], '\n') < 0
	}
	line, col = l.posOn(idx, start, a)
	return line, col, false
}

// posOn returns the position of offset off, on line idx (0-based), which
// starts at start.
func (l *Lines) posOn(idx, start, off int) (line, col int) {
	// A simple line needs no lock: its column is the offset on the line.
	if l.simpleLine(idx) {
		return idx + 1, off - start + 1
	}
	l.mu.Lock()
	// Resume from the last position computed when it is on this line and
	// not after off.
	st := colState{off: uint32(start), col: 1, line: uint32(idx)}
	if c := l.cursor; c.col > 0 && int(c.line) == idx && int(c.off) <= off {
		st = c
	}
	if off-int(st.off) > checkpointEvery {
		if i := l.lastCheck(off); i >= 0 && l.checks[i].line == st.line && l.checks[i].off > st.off {
			st = l.checks[i]
		}
	}
	st = l.walk(st, off)
	l.cursor = st
	l.mu.Unlock()
	return int(st.line) + 1, int(st.col)
}

// walk advances st to offset off, on the same line.
func (l *Lines) walk(st colState, off int) colState {
	src := l.src
	i := int(st.off)
	col := int(st.col)
	inString, escaping := st.inString, st.escaping
	if i < len(bom) && off >= len(bom) && bytes.HasPrefix(src, bom) {
		i, col = len(bom), 1 // a leading byte order mark takes no column
	}
	nextCheck := i + checkpointEvery
	for i < off {
		if i >= nextCheck {
			l.addCheck(colState{off: uint32(i), col: uint32(col), line: st.line, inString: inString, escaping: escaping})
			nextCheck = i + checkpointEvery
		}
		if !escaping {
			// A run of printable ASCII other than quote and backslash
			// is one column a byte in a string and out of one, except
			// that in a string the last letter before a non-ASCII byte
			// may start a cluster: the loop below takes that one.
			n := plainRun(src[i:off])
			if inString && n > 0 && i+n < len(src) && src[i+n] >= 0x80 {
				n--
			}
			if n > 0 {
				col += n
				i += n
				continue
			}
		}
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
				inString = false
				escaping = false
				// handled below as white space or another token
			default:
				escaping = false
				col++
				if c < 0x80 && (i+1 >= len(src) || src[i+1] < 0x80) {
					i++
				} else {
					adv, _, _ := textseg.ScanGraphemeClusters(src[i:], true)
					if adv <= 0 {
						adv = 1
					}
					i += adv
				}
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
	return colState{off: uint32(i), col: uint32(col), line: st.line, inString: inString, escaping: escaping}
}

// lastCheck returns the index of the last checkpoint at or before off, or -1.
func (l *Lines) lastCheck(off int) int {
	lo, hi := -1, len(l.checks)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(l.checks[m].off) <= off {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

func (l *Lines) addCheck(c checkpoint) {
	// Keep at most about one checkpoint per checkpointEvery bytes, in
	// offset order, wherever the walk that found it started.
	i := l.lastCheck(int(c.off))
	if i >= 0 && int(c.off)-int(l.checks[i].off) < checkpointEvery {
		return
	}
	if i+1 < len(l.checks) && int(l.checks[i+1].off)-int(c.off) < checkpointEvery {
		return
	}
	l.checks = append(l.checks, checkpoint{})
	copy(l.checks[i+2:], l.checks[i+1:])
	l.checks[i+1] = c
}

// plainRun returns how many bytes at the start of b are printable ASCII
// (0x20 to 0x7f) other than '"' and '\\', eight bytes at a time.
func plainRun(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		// The lowest flagged byte of each term is exact (borrows only
		// flag bytes above a true one), so the lowest of all is the
		// first byte that is not plain.
		quote, backslash := x^('"'*ones), x^('\\'*ones)
		special := x&highs | (x-0x20*ones)&^x&highs |
			(quote-ones)&^quote&highs | (backslash-ones)&^backslash&highs
		if special != 0 {
			return i + bits.TrailingZeros64(special)/8
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return i
		}
	}
	return i
}

// Span returns the positions of offsets a and b (a ≤ b), as Pos does, with
// one line look-up when both are on one simple line: most ranges are.
func (l *Lines) Span(a, b int) (line1, col1, line2, col2 int) {
	if 0 <= a && a <= b && b <= len(l.src) {
		l.once.Do(l.build)
		idx, start := l.locate(a)
		if bytes.IndexByte(l.src[a:b], '\n') < 0 && l.simpleLine(idx) {
			col := a - start + 1
			return idx + 1, col, idx + 1, col + b - a
		}
	}
	line1, col1 = l.Pos(a)
	line2, col2 = l.Pos(b)
	return line1, col1, line2, col2
}

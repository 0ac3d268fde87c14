package scanner

import (
	"bytes"
	"encoding/binary"
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
// Lines keeps the start of every 32nd line only (an eighth of a byte per
// line): a look-up counts the line feeds from the nearest known line start
// before it, the previous look-up's line or a mark. Columns are computed
// from the start of the line (or from a checkpoint on long lines). The
// marks are built on the first look-up, so that a Document that is never
// asked for a position pays nothing. A Lines is safe for concurrent use.
type Lines struct {
	src []byte

	once  sync.Once
	marks []uint32        // marks[k] is the offset of the first byte of line k*linesPerMark
	kinds []atomic.Uint32 // two bits per line, sixteen lines a word: lineUnknown, lineSimple or lineComplex
	// last is the line of the last look-up: its index (high 32 bits) and
	// the offset it starts at (low 32 bits).
	last atomic.Uint64

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

const (
	// checkpointEvery is how far apart checkpoints are on a long line.
	checkpointEvery = 4096
	// linesPerMark is how many lines apart the marks are: a look-up far
	// from the previous one counts the line feeds of at most that many
	// lines.
	linesPerMark = 32
	// nearby is how many bytes after the previous look-up's line start a
	// look-up counts line feeds from there rather than from a mark.
	nearby = 2048
)

// NewLines returns the position table of src.
func NewLines(src []byte) *Lines {
	return &Lines{src: src}
}

// Line kinds: on a simple line (ASCII only, no tab, no CR) every byte is
// one column, so no walk is needed.
const (
	lineUnknown uint8 = iota
	lineSimple
	lineComplex
)

// lineKind classifies line idx (0-based), which starts at start, once.
func (l *Lines) lineKind(idx, start int) uint8 {
	word, shift := idx/16, uint(idx%16)*2
	if k := uint8(l.kinds[word].Load()>>shift) & 3; k != lineUnknown {
		return k
	}
	end := len(l.src)
	if j := bytes.IndexByte(l.src[start:], '\n'); j >= 0 {
		end = start + j + 1
	}
	k := lineSimple
	if idx == 0 && bytes.HasPrefix(l.src, bom) {
		k = lineComplex
	}
	if !simpleBytes(l.src[start:end]) {
		k = lineComplex
	}
	l.kinds[word].Or(uint32(k) << shift) // racing look-ups store the same kind
	return k
}

func (l *Lines) build() {
	n := 0
	l.marks = append(make([]uint32, 0, len(l.src)/(linesPerMark*32)+1), 0)
	for i := 0; ; {
		j := bytes.IndexByte(l.src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if n++; n%linesPerMark == 0 {
			l.marks = append(l.marks, uint32(i))
		}
	}
	l.kinds = make([]atomic.Uint32, (n+1+15)/16)
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
// feeds from the previous one's line start; any other starts from the last
// mark before off, found by a search that gallops from the previous
// look-up's mark, in time logarithmic in the distance.
func (l *Lines) locate(off int) (idx, start int) {
	last := l.last.Load()
	idx, start = int(last>>32), int(uint32(last))
	if start > off || off-start > nearby {
		k := l.markBefore(off, idx/linesPerMark)
		if m := int(l.marks[k]); m > start || start > off {
			idx, start = k*linesPerMark, m
		}
	}
	if seg := l.src[start:off]; len(seg) > 0 {
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			idx += n
			start += bytes.LastIndexByte(seg, '\n') + 1
		}
	}
	l.last.Store(uint64(idx)<<32 | uint64(start))
	return idx, start
}

// markBefore returns the index of the last mark at or before off,
// galloping from mark h.
func (l *Lines) markBefore(off, h int) int {
	n := len(l.marks)
	h = min(h, n-1)
	// lo is a mark at or before off, hi one after it (n: past the end).
	lo, hi := 0, n
	if int(l.marks[h]) <= off {
		lo = h
		for step := 1; ; step *= 2 {
			next := h + step
			if next >= n {
				break
			}
			if int(l.marks[next]) > off {
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
			if int(l.marks[next]) <= off {
				lo = next
				break
			}
			hi = next
		}
	}
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(l.marks[m]) <= off {
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
	// A simple line needs no lock: its column is the offset on the line.
	idx, start := l.locate(off)
	if l.lineKind(idx, start) == lineSimple {
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
	if i == 0 && off >= len(bom) && bytes.HasPrefix(src, bom) {
		i = len(bom) // a leading byte order mark takes no column
	}
	nextCheck := i + checkpointEvery
	for i < off {
		if i >= nextCheck {
			l.addCheck(colState{off: uint32(i), col: uint32(col), line: st.line, inString: inString, escaping: escaping})
			nextCheck = i + checkpointEvery
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

// simpleBytes reports whether b is ASCII without tab and CR, eight bytes at
// a time.
func simpleBytes(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// hasByte reports whether a byte of x is c: x^(c·ones) has a zero byte.
	hasByte := func(x, c uint64) bool {
		y := x ^ (c * ones)
		return (y-ones)&^y&highs != 0
	}
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if x&highs != 0 || hasByte(x, '\t') || hasByte(x, '\r') {
			return false
		}
	}
	for _, c := range b[i:] {
		if c >= 0x80 || c == '\t' || c == '\r' {
			return false
		}
	}
	return true
}

// Span returns the positions of offsets a and b (a ≤ b), as Pos does, with
// one line look-up when both are on one simple line: most ranges are.
func (l *Lines) Span(a, b int) (line1, col1, line2, col2 int) {
	if 0 <= a && a <= b && b <= len(l.src) {
		l.once.Do(l.build)
		idx, start := l.locate(a)
		if bytes.IndexByte(l.src[a:b], '\n') < 0 && l.lineKind(idx, start) == lineSimple {
			col := a - start + 1
			return idx + 1, col, idx + 1, col + b - a
		}
	}
	line1, col1 = l.Pos(a)
	line2, col2 = l.Pos(b)
	return line1, col1, line2, col2
}

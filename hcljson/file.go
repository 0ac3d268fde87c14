package hcljson

import (
	"encoding/binary"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/template"
)

// noNode stands for the empty object that replaces a root value that is not
// an object or array.
const noNode = -1

// file is what every body and expression of one parsed input shares: the
// tape, the positions, and the templates parsed so far.
type file struct {
	doc      *scanner.Document
	filename string
	start    hcl.Pos
	lines    *scanner.Lines
	posFn    func(int) hcl.Pos

	// tmpls holds the templates parsed so far, weakly: a template is
	// parsed again only once nothing holds it (spec.md §syntax-limits).
	mu    sync.Mutex
	tmpls map[int32]weak.Pointer[template.Template]
	// pinned is a template held strongly, the one given to
	// Source.Expression, for string node pinnedAt.
	pinned   *template.Template
	pinnedAt int32
	// schemas holds the name maps of large schemas (guarded by mu).
	schemas map[*hcl.BodySchema]*schemaMaps
	// strs is where the values of literal strings keep their text
	// (stringSlot): many values to an allocation.
	strs atomic.Pointer[strChunk]
}

// strChunk holds the texts of string values, taken in turn by
// stringSlot, concurrently if need be.
type strChunk struct {
	next atomic.Int32 // the next free slot, past len(s) once full
	s    [32]string
}

// stringSlot stores s in a slot of the file's chunk of strings and
// returns it, for a value that holds it (ctystr.Boxed): a slot belongs to
// the call that took it, and a full chunk is replaced by a new one (the
// values of the old one keep it alive).
func (f *file) stringSlot(s string) *string {
	c := f.strs.Load()
	if c != nil {
		if i := c.next.Add(1) - 1; i < int32(len(c.s)) {
			c.s[i] = s
			return &c.s[i]
		}
	}
	nc := new(strChunk)
	nc.next.Store(1)
	nc.s[0] = s
	f.strs.CompareAndSwap(c, nc) // if another call replaced c first, nc serves this value alone
	return &nc.s[0]
}

// scanOptions are the scanner's options; tests lower its limits.
var scanOptions scanner.Options

func newFile(src []byte, filename string, start hcl.Pos) *file {
	opts := scanOptions
	opts.Lines = true // every decode asks for positions
	doc := scanner.Parse(src, opts)
	f := &file{
		doc:      doc,
		filename: filename,
		start:    start,
		lines:    doc.Lines(),
	}
	f.posFn = f.pos
	return f
}

// pos returns the position of byte offset off of the input.
func (f *file) pos(off int) hcl.Pos {
	line, col := f.lines.Pos(off)
	return f.at(off, line, col)
}

func (f *file) rng(start, end int) hcl.Range {
	line, col, plain := f.lines.PosPlain(start, end)
	s := f.at(start, line, col)
	if plain || f.plainSpan(start, end) {
		return hcl.Range{Filename: f.filename, Start: s, End: advance(s, end-start)}
	}
	l2, c2 := f.lines.Pos(end)
	return hcl.Range{Filename: f.filename, Start: s, End: f.at(end, l2, c2)}
}

// at is the position of offset off, at line and column of the input.
func (f *file) at(off, line, col int) hcl.Pos {
	if line == 1 {
		col += f.start.Column - 1
	}
	return hcl.Pos{Line: line + f.start.Line - 1, Column: col, Byte: off + f.start.Byte}
}

func (f *file) node(i int) *scanner.Node { return &f.doc.Nodes[i] }

func (f *file) kind(i int) scanner.Kind {
	if i == noNode {
		return scanner.Object
	}
	return f.doc.Nodes[i].Kind()
}

// srcRange is the whole value, brackets and quotes included.
func (f *file) srcRange(i int) hcl.Range {
	if i == noNode {
		return f.placeholderRange()
	}
	return f.rng(int(f.node(i).Start), f.doc.End(i))
}

// keyRange returns the range of key node k (as srcRange does) and the
// position of offset end, which follows it (the end of the member's
// value), with one look-up when the member is plain: on one simple line
// (see scanner.Lines.PosPlain), or else plainSpan.
func (f *file) keyRange(k, end int) (hcl.Range, hcl.Pos) {
	start := int(f.node(k).Start)
	line, col, plain := f.lines.PosPlain(start, end)
	s := f.at(start, line, col)
	keyEnd := f.doc.End(k)
	if plain || f.plainSpan(start, end) {
		return hcl.Range{Filename: f.filename, Start: s, End: advance(s, keyEnd-start)}, advance(s, end-start)
	}
	// A value across lines: the key alone is mostly plain.
	r := hcl.Range{Filename: f.filename, Start: s, End: advance(s, keyEnd-start)}
	if !f.plainSpan(start, keyEnd) {
		r = f.srcRange(k)
	}
	return r, f.pos(end)
}

// plainSpan reports whether the columns of the input from offset a to b
// are one a byte, on one line: every byte is printable ASCII (no line
// feed, tab or CR, nothing that joins a grapheme cluster), and the byte
// after b, if any, is ASCII (it cannot extend a cluster that b's last byte
// starts). The position of b is then a's plus b-a columns and bytes. It
// answers for a span on a line that is not simple (a tab or a letter
// beyond ASCII elsewhere on it), which PosPlain does not.
func (f *file) plainSpan(a, b int) bool {
	src := f.doc.Src
	if a < 0 || b < a || b > len(src) || b < len(src) && src[b] >= 0x80 {
		return false
	}
	return printable(src[a:b])
}

// printable reports whether every byte of b is printable ASCII (0x20 to
// 0x7e), eight bytes at a time: a value on one line of JSON is often long
// (a template whose line breaks are escaped).
func printable(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		// No byte of the high half; none below 0x20 (the subtraction
		// borrows only where one is); none 0x7f (adding one carries into
		// the high bit only there).
		if x&highs != 0 || (x-0x20*ones)&^x&highs != 0 || (x+ones)&highs != 0 {
			return false
		}
	}
	for _, c := range b[i:] {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// advance returns p moved n bytes and columns along its line.
func advance(p hcl.Pos, n int) hcl.Pos {
	return hcl.Pos{Line: p.Line, Column: p.Column + n, Byte: p.Byte + n}
}

// startRange is the opening bracket of a container, the whole value otherwise.
func (f *file) startRange(i int) hcl.Range {
	if i == noNode {
		return f.placeholderRange()
	}
	n := f.node(i)
	if n.Kind() == scanner.Object || n.Kind() == scanner.Array {
		return f.rng(int(n.Start), int(n.Start)+1)
	}
	return f.rng(int(n.Start), f.doc.End(i))
}

// closeRange is the closing brace of an object (an empty range where it
// is missing).
func (f *file) closeRange(i int) hcl.Range {
	if i == noNode {
		return f.placeholderRange()
	}
	end := f.doc.End(i)
	if f.node(i).Unclosed() {
		return f.rng(end, end)
	}
	return f.rng(end-1, end)
}

func (f *file) placeholderRange() hcl.Range {
	return hcl.Range{Filename: f.filename, Start: f.start, End: f.start}
}

// templateSource describes string node i for the template package.
func (f *file) templateSource(i int) template.Source {
	n := f.node(i)
	raw := f.doc.Raw(i)
	quote := 0
	if len(raw) > 0 && raw[0] == '"' {
		quote = 1 // a bare-word key (a syntax error) has no quote
	}
	src := template.Source{
		Text:     f.doc.Text(i),
		Filename: f.filename,
		Start:    f.pos(int(n.Start) + quote),
		Pos:      f.posFn,
	}
	if n.Escaped() && quote == 1 && len(raw) >= 2 && raw[len(raw)-1] == '"' {
		src.Raw = raw[1 : len(raw)-1]
	}
	return src
}

// template returns string node i parsed as a template, parsing it again
// only when no earlier parse of it is still in use.
func (f *file) template(i int) *template.Template {
	if f.pinned != nil && f.pinnedAt == int32(i) {
		return f.pinned
	}
	f.mu.Lock()
	wp, ok := f.tmpls[int32(i)]
	f.mu.Unlock()
	if ok {
		if t := wp.Value(); t != nil {
			return t
		}
	}
	t := template.Parse(f.templateSource(i))
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.tmpls == nil {
		f.tmpls = make(map[int32]weak.Pointer[template.Template])
	}
	if prev := f.tmpls[int32(i)].Value(); prev != nil {
		return prev
	}
	f.tmpls[int32(i)] = weak.Make(t)
	return t
}

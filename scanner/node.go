package scanner

import (
	"bytes"
	"fmt"
	"iter"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Kind is the kind of a JSON value on the tape.
type Kind uint8

const (
	// Invalid is a value that could not be parsed (its error is in
	// Document.Errors) or a placeholder for a value that is missing.
	Invalid Kind = iota
	Null
	False
	True
	Number
	String
	Object
	Array
)

var kindNames = [...]string{"invalid", "null", "false", "true", "number", "string", "object", "array"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// A Node's bits hold its kind (the top three), two flags, and a number
// (the low 27 bits): for a scalar, its length in bytes; for a container, an
// escaped string, and a scalar too long for 27 bits, the index of its entry
// in Document.ext, which holds its end (and a container's next sibling, an
// escaped string's text).
const (
	auxBits             = 27
	auxMask      uint32 = 1<<auxBits - 1
	flagEscaped  uint32 = 1 << auxBits       // string: held escapes; its text is in Document.strs
	flagUnclosed uint32 = 1 << (auxBits + 1) // container: no closing bracket was found
	flagLong            = flagUnclosed       // scalar: longer than auxMask bytes
	kindShift           = auxBits + 2
	// containerBits is the least bits of a container node.
	containerBits = uint32(Object) << kindShift
	// MaxNodes is the most values a Document holds: a tape index must fit
	// in the bits left for it.
	MaxNodes = 1<<auxBits - 1
)

// Node is one value on a Document's tape. Nodes are laid out in document
// order: a container is followed by its descendants, an object's members
// alternate key (a String node) and value.
//
// A Node is 8 bytes: the byte offset of its start in the source, so inputs
// are limited to 4 GiB, and its kind, flags and length (or an index: see
// Document.End). A tape holds at most MaxNodes values.
type Node struct {
	Start uint32 // offset of the first byte of the value
	bits  uint32 // kind, flags and length or index: see auxBits
}

// An ext is what a node holds beside the tape: its end, and for a
// container the index of its next sibling, for an escaped string the index
// of its text in strs, or unescapeText.
type ext struct {
	end uint32
	aux uint32
}

// unescapeText is the ext.aux of an escaped string whose escapes are all
// valid: its text is not kept but unescaped from the source when asked for.
// Only strings with errors (keys, kept as keys) and bare-word keys keep
// their text in strs.
const unescapeText = math.MaxUint32

// Kind returns the node's kind.
func (n *Node) Kind() Kind { return Kind(n.bits >> kindShift) }

// aux returns the node's number: see auxBits.
func (n *Node) aux() uint32 { return n.bits & auxMask }

// inExt reports whether the node's end is in Document.ext.
func (n *Node) inExt() bool { return n.bits >= containerBits || n.bits&(flagEscaped|flagLong) != 0 }

// Escaped reports whether a String node held escape sequences.
func (n *Node) Escaped() bool { return n.bits&flagEscaped != 0 }

// Unclosed reports whether a container node lacks its closing bracket
// (only in a document with errors).
func (n *Node) Unclosed() bool { return n.bits >= containerBits && n.bits&flagUnclosed != 0 }

// Document is the result of scanning one JSON text: a tape of nodes
// (Nodes[0] is the root value, if any) and the errors found.
//
// Strings returned by Text alias Src when the JSON string held no escapes:
// the caller must not modify Src while the Document is in use.
type Document struct {
	Src    []byte
	Nodes  []Node
	Errors []*Error
	ext    []ext    // see Node.inExt: containers, escaped strings, long scalars
	strs   []string // the text of escaped strings
	// Trailing is the offset where the root value ended and parsing
	// stopped (len(Src) after trailing white space on success).
	Trailing int
	// lineMarks, lineComplex and lineStarts are the line table of Src, made by Parse
	// for a document without errors (see Lines).
	lineMarks   []mark
	lineComplex []uint32
	lineStarts  []uint32
}

// Lines returns the position table of d.Src, as NewLines(d.Src) does. For
// a document that Parse read without errors with Options.Lines the table
// is already made (Parse saw every line feed), and the first look-up does
// not read Src.
func (d *Document) Lines() *Lines {
	l := NewLines(d.Src)
	if d.lineMarks != nil {
		l.marks, l.complex, l.starts = d.lineMarks, d.lineComplex, d.lineStarts
		l.once.Do(func() {})
	}
	return l
}

// End returns the offset just after node i's last byte (after the closing
// bracket of a container; where parsing stopped for an unclosed one).
func (d *Document) End(i int) int {
	n := &d.Nodes[i]
	if !n.inExt() {
		return int(n.Start) + int(n.aux())
	}
	return int(d.ext[n.aux()].end)
}

// next returns the index of container node n's next sibling.
func (d *Document) next(n *Node) int { return int(d.ext[n.aux()].aux) }

// Next returns the index of the node after i and all of i's descendants.
func (d *Document) Next(i int) int {
	n := &d.Nodes[i]
	if n.bits >= containerBits {
		return d.next(n)
	}
	return i + 1
}

// Text returns the value of String node i: a view of Src for strings
// without escapes (no allocation), the unescaped text otherwise. It panics
// if node i is not a String.
func (d *Document) Text(i int) string {
	n := &d.Nodes[i]
	if n.Kind() != String {
		panic("scanner: Document.Text of " + n.Kind().String() + " node " + strconv.Itoa(i))
	}
	if n.bits&flagEscaped != 0 {
		e := d.ext[n.aux()]
		if e.aux == unescapeText {
			return unescape(d.Src[n.Start+1 : e.end-1])
		}
		return d.strs[e.aux]
	}
	end := d.End(i)
	if end-int(n.Start) < 2 {
		return ""
	}
	b := d.Src[int(n.Start)+1 : end-1]
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// Raw returns the bytes of node i as written in the source. For a string
// this includes the quotes.
func (d *Document) Raw(i int) []byte {
	end := d.End(i)
	return d.Src[d.Nodes[i].Start:end:end]
}

// Literal returns the source text of node i (for numbers: their exact
// literal text) as a string aliasing Src.
func (d *Document) Literal(i int) string {
	b := d.Raw(i)
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// Len returns the number of direct children of container node i: members
// for an object, elements for an array, none for a scalar. It walks the
// children.
func (d *Document) Len(i int) int {
	n := 0
	for c := d.FirstChild(i); c >= 0; c = d.NextChild(i, c) {
		n++
	}
	if d.Nodes[i].Kind() == Object {
		return n / 2
	}
	return n
}

// FirstChild returns the first child of container i (an object's first key),
// or -1 when it has none (a scalar has none).
func (d *Document) FirstChild(i int) int {
	if i+1 < d.Next(i) {
		return i + 1
	}
	return -1
}

// NextChild returns the child of container i that follows child c, or -1.
// c must be a child of i (from FirstChild or NextChild).
func (d *Document) NextChild(i, c int) int {
	c = d.Next(c)
	if c < d.next(&d.Nodes[i]) {
		return c
	}
	return -1
}

// Elements returns an iterator over the child nodes of container i in
// order: an array's elements, or an object's keys and values alternately
// (use Members for pairs); a scalar has none.
func (d *Document) Elements(i int) iter.Seq[int] {
	return func(yield func(int) bool) {
		end := d.Next(i)
		for c := i + 1; c < end; c = d.Next(c) {
			if !yield(c) {
				return
			}
		}
	}
}

// Members returns an iterator over the key and value nodes of each member
// of object i, in order, duplicates included. A key whose value is
// missing (a document cut short by an error) ends the iteration. Any other
// node has no members.
func (d *Document) Members(i int) iter.Seq2[int, int] {
	return func(yield func(key, val int) bool) {
		if d.Nodes[i].Kind() != Object {
			return
		}
		end := d.next(&d.Nodes[i])
		for k := i + 1; k < end; {
			v := d.Next(k)
			if v >= len(d.Nodes) {
				return
			}
			if !yield(k, v) {
				return
			}
			k = d.Next(v)
		}
	}
}

// unescape returns the text of the body b of a JSON string (between its
// quotes) in which the scanner found only valid escapes, surrogates paired.
func unescape(b []byte) string {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '\\')
		if j < 0 {
			out = append(out, b[i:]...)
			break
		}
		out = append(out, b[i:i+j]...)
		i += j
		switch c := b[i+1]; c {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n := hex4(b, i), 6
			if utf16.IsSurrogate(r) {
				r, n = utf16.DecodeRune(r, hex4(b, i+6)), 12
			}
			out = utf8.AppendRune(out, r)
			i += n
			continue
		default: // '"', '\\', '/'
			out = append(out, c)
		}
		i += 2
	}
	if len(out) == 0 {
		return ""
	}
	return unsafe.String(&out[0], len(out))
}

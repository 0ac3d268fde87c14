package scanner

import (
	"iter"
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
	return "Kind(?)"
}

// A Node's bits hold its kind (the top three), two flags, and an index
// (the low 27 bits): for a container the index of its next sibling, for an
// escaped string the index of its text in Document.strs.
const (
	auxBits             = 27
	auxMask      uint32 = 1<<auxBits - 1
	flagEscaped  uint32 = 1 << auxBits       // string: held escapes; its text is in Document.strs
	flagUnclosed uint32 = 1 << (auxBits + 1) // container: no closing bracket was found
	kindShift           = auxBits + 2
	// MaxNodes is the most values a Document holds: a tape index must fit
	// in the bits left for it.
	MaxNodes = 1<<auxBits - 1
)

// Node is one value on a Document's tape. Nodes are laid out in document
// order: a container is followed by its descendants, an object's members
// alternate key (a String node) and value.
//
// A Node is 12 bytes; Start and End are byte offsets into the source, so
// inputs are limited to 4 GiB, and a tape to MaxNodes values.
type Node struct {
	Start uint32 // offset of the first byte of the value
	End   uint32 // offset just after the last byte (after the closing bracket)
	bits  uint32 // kind, flags and index: see auxBits
}

// Kind returns the node's kind.
func (n *Node) Kind() Kind { return Kind(n.bits >> kindShift) }

// aux returns the node's index: see auxBits.
func (n *Node) aux() uint32 { return n.bits & auxMask }

// setAux sets the node's index.
func (n *Node) setAux(i uint32) { n.bits = n.bits&^auxMask | i }

// Escaped reports whether a String node held escape sequences.
func (n *Node) Escaped() bool { return n.bits&flagEscaped != 0 }

// Unclosed reports whether a container node lacks its closing bracket
// (only in a document with errors).
func (n *Node) Unclosed() bool { return n.bits&flagUnclosed != 0 }

// Document is the result of scanning one JSON text: a tape of nodes
// (Nodes[0] is the root value, if any) and the errors found.
//
// Strings returned by Text alias Src when the JSON string held no escapes:
// the caller must not modify Src while the Document is in use.
type Document struct {
	Src    []byte
	Nodes  []Node
	Errors []*Error
	strs   []string
	// Trailing is the offset where the root value ended and parsing
	// stopped (len(Src) after trailing white space on success).
	Trailing int
}

// Next returns the index of the node after i and all of i's descendants.
func (d *Document) Next(i int) int {
	n := &d.Nodes[i]
	if k := n.Kind(); k == Object || k == Array {
		return int(n.aux())
	}
	return i + 1
}

// Text returns the value of String node i: a view of Src for strings
// without escapes (no allocation), the unescaped text otherwise.
func (d *Document) Text(i int) string {
	n := &d.Nodes[i]
	if n.bits&flagEscaped != 0 {
		return d.strs[n.aux()]
	}
	if n.End-n.Start < 2 {
		return ""
	}
	b := d.Src[n.Start+1 : n.End-1]
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// Raw returns the bytes of node i as written in the source. For a string
// this includes the quotes.
func (d *Document) Raw(i int) []byte {
	n := &d.Nodes[i]
	return d.Src[n.Start:n.End:n.End]
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
// for an object, elements for an array. It walks the children.
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
// or -1 when it has none.
func (d *Document) FirstChild(i int) int {
	if i+1 < int(d.Nodes[i].aux()) {
		return i + 1
	}
	return -1
}

// NextChild returns the child of container i that follows child c, or -1.
func (d *Document) NextChild(i, c int) int {
	c = d.Next(c)
	if c < int(d.Nodes[i].aux()) {
		return c
	}
	return -1
}

// Elements returns an iterator over the child nodes of container i in
// order: an array's elements, or an object's keys and values alternately
// (use Members for pairs).
func (d *Document) Elements(i int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for c := d.FirstChild(i); c >= 0; c = d.NextChild(i, c) {
			if !yield(c) {
				return
			}
		}
	}
}

// Members returns an iterator over the key and value nodes of each member
// of object i, in order, duplicates included. A key whose value is
// missing (a document cut short by an error) ends the iteration.
func (d *Document) Members(i int) iter.Seq2[int, int] {
	return func(yield func(key, val int) bool) {
		for k := d.FirstChild(i); k >= 0; k = d.NextChild(i, k) {
			v := d.Next(k)
			if d.NextChild(i, k) < 0 && v >= len(d.Nodes) {
				return
			}
			if !yield(k, v) {
				return
			}
			k = v
		}
	}
}

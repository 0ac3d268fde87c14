package gen

import (
	"slices"

	"github.com/hcljson/hcljson/schema"
)

// File is a JSON-syntax HCL file being built: a root body.
type File struct {
	body Body
}

// NewFile returns an empty file.
func NewFile() *File { return &File{} }

// Body returns the file's root body.
func (f *File) Body() *Body { return &f.body }

// Body is the content of a file or block: attributes, blocks and "//"
// comments, in the order they were appended.
//
// It is written as one JSON object. Attributes and comments keep their
// order; the blocks of one type are written together, as one property
// holding an array with one element per block, at the place of the first
// block of that type (the general array form, valid for every schema:
// blocks of one type keep their order, and a block's labels are one nested
// single-property object each). Where that would move a block across a
// dynamic block that generates blocks of its type, or the other way
// round, or a dynamic block across an attribute of the name it generates
// (in a body whose schema does not say whether that name is blocks
// written as an object), the type starts a new property of the same
// name, so that the expanded blocks keep their source order.
type Body struct {
	items  []item
	groups []*group // groups of blocks of one type, in order
	path   string   // where the body is, for error messages ("resource.aws_instance.web")
	// schema, in a file made by NewFileFor, is how the body is read
	// (Set); nil otherwise.
	schema *schema.Body
}

type itemKind uint8

const (
	itemAttr itemKind = iota
	itemComment
	itemGroup // the first block of a type: the whole group is written here
)

type item struct {
	kind  itemKind
	name  string // attribute name or comment text
	value Value
	mode  Mode
	group *group
}

// group is the blocks of one type in a body.
type group struct {
	typ    string
	blocks []*Block
}

// Block is a block being built.
type Block struct {
	typ    string
	labels []string
	body   Body
}

// Type returns the block's type name.
func (b *Block) Type() string { return b.typ }

// Labels returns the block's labels.
func (b *Block) Labels() []string { return b.labels }

// Body returns the block's body.
func (b *Block) Body() *Body { return &b.body }

// Grow makes room for n more attributes, comments and block types in the
// body, so that appending them does not grow its list step by step: a
// converter knows how many items a body it copies has. An n of 0 or less
// makes no room.
func (b *Body) Grow(n int) {
	if n > 0 {
		b.items = slices.Grow(b.items, n)
	}
}

// AppendAttribute appends an attribute whose value is read in the given
// mode. It panics if mode is neither Expr nor Literal.
func (b *Body) AppendAttribute(name string, v Value, mode Mode) {
	mode.check("Body.AppendAttribute")
	b.items = append(b.items, item{kind: itemAttr, name: name, value: v, mode: mode})
}

// AppendComment appends a "//" property: a comment that every HCL reader
// skips in a body.
func (b *Body) AppendComment(text string) {
	b.items = append(b.items, item{kind: itemComment, name: text})
}

// AppendBlock appends a block and returns it. It joins the group of the
// last block of its type unless that would move it across a block whose
// order with it matters (a dynamic block generating its type, or a static
// block of the type it generates): then it starts a new group, and the
// body repeats the property name.
func (b *Body) AppendBlock(typ string, labels ...string) *Block {
	blk := &Block{typ: typ, labels: labels}
	if b.schema != nil {
		blk.body.schema = b.schema.NestedBody(typ, labels...)
	}
	blk.body.path = b.childPath(typ, labels)
	if g := b.groupFor(blk); g != nil {
		g.blocks = append(g.blocks, blk)
		return blk
	}
	g := &group{typ: typ, blocks: []*Block{blk}}
	b.groups = append(b.groups, g)
	b.items = append(b.items, item{kind: itemGroup, group: g})
	return blk
}

// groupFor returns the group that blk may join: the last group of its
// type, if no block written after that group's place must stay before
// blk (see orderMatters). Nil means blk starts a new group.
func (b *Body) groupFor(blk *Block) *group {
	for i := len(b.groups) - 1; i >= 0; i-- {
		g := b.groups[i]
		switch {
		case g.typ == blk.typ && blk.typ == "dynamic" && len(blk.labels) > 0 && b.attributeAfter(g, blk.labels[0]):
			// An argument of the name the dynamic block generates, in a
			// body whose schema does not say whether it is one (a
			// resource without its provider's schema): it may be blocks
			// written as an object, and the dynamic block stays after it.
			return nil
		case g.typ == blk.typ:
			return g
		case blk.typ == "dynamic" && len(blk.labels) > 0 && g.typ == blk.labels[0]:
			return nil
		case g.typ == "dynamic":
			for _, dyn := range g.blocks {
				if len(dyn.labels) > 0 && dyn.labels[0] == blk.typ {
					return nil
				}
			}
		}
	}
	return nil
}

// attributeAfter reports whether an attribute called name comes after
// the place of group g in b.
func (b *Body) attributeAfter(g *group, name string) bool {
	after := false
	for _, it := range b.items {
		switch {
		case it.kind == itemGroup && it.group == g:
			after = true
		case after && it.kind == itemAttr && it.name == name:
			return true
		}
	}
	return false
}

// The order of two blocks of different types matters in one case: a
// dynamic block and the static blocks of the type it generates (dynamic
// "ingress" and ingress). ext/dynblock expands a dynamic block in place,
// so the provider sees the blocks in source order: in a list-nested block
// type, ingress[4] depends on it.

func (b *Body) childPath(typ string, labels []string) string {
	p := typ
	if b.path != "" {
		p = b.path + "." + typ
	}
	for _, l := range labels {
		p += "." + l
	}
	return p
}

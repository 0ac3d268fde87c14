package hcljson

import (
	"fmt"
	"iter"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
)

// BlockNodes is one block of a block type as Source.Blocks finds it on
// the tape: where its labels and its body are.
type BlockNodes struct {
	// LabelKeys are the property names that gave the block's labels,
	// outermost first: Doc.Text of each is a label. The slice is reused
	// by the next block: copy it to keep it.
	LabelKeys []int
	// Body is the block's body: an object, or an element of an array at
	// the body level as it is (whoever reads the body reports an element
	// that is not a body, spec.md §blocks).
	Body int
	// Def is the node whose start is the block's DefRange: Body, or the
	// array that holds it.
	Def int
}

// Blocks returns an iterator over the blocks of type typ, whose labels
// the names in labels are (hcl.BlockHeaderSchema.LabelNames), that node v
// holds: a nesting level per label, then a body (spec.md §blocks). It is
// the reading of the JSON label-nesting rule that this package's decoder
// makes for Content and PartialContent: the same blocks in the same
// order, and in diags the decoder's diagnostics ("Missing block label",
// "Incorrect JSON value type"), with the same ranges, in the same order,
// each added before the block that follows it is yielded. It panics if
// diags is nil.
func (s *Source) Blocks(v int, typ string, labels []string, diags *hcl.Diagnostics) iter.Seq[BlockNodes] {
	f := s.file("Blocks")
	_ = f.doc.Nodes[v] // an index out of range panics here, not in the loop
	if diags == nil {
		panic("hcljson: Source.Blocks with nil diags")
	}
	return func(yield func(BlockNodes) bool) {
		w := blockWalk{f: f, typ: typ, labelNames: labels, out: diags, yield: yield}
		w.level(v)
		*diags = append(*diags, w.diags...)
	}
}

// blockWalk reads the blocks of one block type held by a value: a nesting
// level per label (an object, or an array of objects, whose property
// names are the labels), then a body (an object: one block; an array: one
// block per element). It is the one reading of that rule, for the decoder
// (partialContent), which has it make its hcl.Blocks, and through
// Source.Blocks for the layers above, to which it yields what it finds.
//
// A walk that the decoder makes holds no pointer to the decoder's stack,
// so that nothing of it moves to the heap: it keeps its diagnostics,
// which the decoder appends to its own after the walk.
type blockWalk struct {
	f          *file
	typ        string
	labelNames []string
	keys       []int // the label keys of the levels above
	diags      hcl.Diagnostics

	// The decoder's: the blocks it makes, and what they share.
	blocks    *hcl.Blocks
	typeRange hcl.Range
	def       int // the node of defRange, the last DefRange made (-1: none yet)
	defRange  hcl.Range

	// The decoder's: the blocks to come, made in one allocation by
	// reserve (one of these, by the number of labels).
	slab0 []block0
	slab1 []block1
	slab2 []block2

	// Source.Blocks': where the diagnostics go before each block is
	// yielded.
	out   *hcl.Diagnostics
	yield func(BlockNodes) bool
}

// level reads node v at label level len(w.keys), or at the body level
// after the last label. It reports whether the walk goes on: false once
// yield returned false.
func (w *blockWalk) level(v int) bool {
	f := w.f
	level := len(w.keys)
	if level < len(w.labelNames) {
		label := w.labelNames[level]
		found := false
		for k, val := range f.members(v, label, &w.diags) {
			found = true
			w.keys = append(w.keys[:level], k)
			if !w.level(val) {
				return false
			}
		}
		if !found && f.kind(v) != scanner.Invalid {
			r := f.startRange(v)
			w.diags = append(w.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Missing block label",
				Detail:   fmt.Sprintf("At least one object property is required, whose name represents the %s block's %s.", w.typ, label),
				Subject:  &r,
			})
		}
		return true
	}
	switch f.kind(v) {
	case scanner.Null, scanner.Invalid:
	case scanner.Object:
		return w.found(BlockNodes{LabelKeys: w.keys[:level:level], Body: v, Def: v})
	case scanner.Array:
		for e := range f.doc.Elements(v) {
			if !w.found(BlockNodes{LabelKeys: w.keys[:level:level], Body: e, Def: v}) {
				return false
			}
		}
	default:
		r := f.startRange(v)
		w.diags = append(w.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Incorrect JSON value type",
			Detail:   fmt.Sprintf("Either a JSON object or a JSON array is required, representing the contents of one or more %q blocks.", w.typ),
			Subject:  &r,
		})
	}
	return true
}

// reserve makes, in one allocation, the blocks that the decoder's walk
// of v will find (their number counted on the tape, as level finds them:
// every object or array element at the body level), when they have up to
// two labels.
func (w *blockWalk) reserve(v int) {
	n := len(w.labelNames)
	if n > 2 {
		return
	}
	count := w.count(v, 0)
	if count <= 1 {
		return // one block is one allocation anyway
	}
	*w.blocks = slices.Grow(*w.blocks, count)
	switch n {
	case 0:
		w.slab0 = make([]block0, count)
	case 1:
		w.slab1 = make([]block1, count)
	case 2:
		w.slab2 = make([]block2, count)
	}
}

// count returns the number of blocks that level finds in v at label
// level level.
func (w *blockWalk) count(v, level int) int {
	f := w.f
	if level < len(w.labelNames) {
		n := 0
		for _, val := range f.members(v, "", nil) {
			n += w.count(val, level+1)
		}
		return n
	}
	switch f.kind(v) {
	case scanner.Object:
		return 1
	case scanner.Array:
		return f.doc.Len(v)
	}
	return 0
}

// found takes block bn: the decoder's walk makes it, Source.Blocks'
// yields it, after the diagnostics found before it.
func (w *blockWalk) found(bn BlockNodes) bool {
	if w.yield == nil {
		w.add(bn)
		return true
	}
	*w.out = append(*w.out, w.diags...)
	w.diags = w.diags[:0]
	return w.yield(bn)
}

// A block, its body and its labels share one allocation, sized by the
// number of labels: 224, 304 and 384 bytes for none, one and two (size
// classes 224, 320 and 384).
type (
	block0 struct {
		block hcl.Block
		body  body
	}
	block1 struct {
		block  hcl.Block
		body   body
		labels [1]string
		ranges [1]hcl.Range
	}
	block2 struct {
		block  hcl.Block
		body   body
		labels [2]string
		ranges [2]hcl.Range
	}
)

// add makes block bn for the decoder, appended to w.blocks.
func (w *blockWalk) add(bn BlockNodes) {
	f := w.f
	n := len(bn.LabelKeys)
	var (
		blk    *hcl.Block
		bd     *body
		labels []string
		ranges []hcl.Range
	)
	switch n {
	case 0:
		bb := next(&w.slab0)
		blk, bd = &bb.block, &bb.body
	case 1:
		bb := next(&w.slab1)
		blk, bd, labels, ranges = &bb.block, &bb.body, bb.labels[:0], bb.ranges[:0]
	case 2:
		bb := next(&w.slab2)
		blk, bd, labels, ranges = &bb.block, &bb.body, bb.labels[:0], bb.ranges[:0]
	default:
		bb := &block0{}
		blk, bd, labels, ranges = &bb.block, &bb.body, make([]string, 0, n), make([]hcl.Range, 0, n)
	}
	for _, k := range bn.LabelKeys {
		labels = append(labels, f.doc.Text(k))
		ranges = append(ranges, f.srcRange(k))
	}
	if bn.Def != w.def {
		w.def, w.defRange = bn.Def, f.startRange(bn.Def)
	}
	*bd = body{f: f, node: bn.Body}
	*blk = hcl.Block{
		Type:        w.typ,
		Labels:      labels,
		Body:        bd,
		DefRange:    w.defRange,
		TypeRange:   w.typeRange,
		LabelRanges: ranges,
	}
	*w.blocks = append(*w.blocks, blk)
}

// next returns the first element of the slab s, which it drops, or a new
// element when s is empty.
func next[T any](s *[]T) *T {
	if len(*s) == 0 {
		return new(T)
	}
	e := &(*s)[0]
	*s = (*s)[1:]
	return e
}

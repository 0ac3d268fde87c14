package hcljson

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
)

// unpacker reads the blocks of one block type: a nesting level per label
// (an object, or an array of objects, whose property names are the labels),
// then a body (an object: one block; an array: one block per element).
type unpacker struct {
	b          *body
	typ        string
	typeRange  hcl.Range
	labelNames []string
	labels     []string
	ranges     []hcl.Range
	diags      hcl.Diagnostics
	blocks     *hcl.Blocks
}

func (u *unpacker) unpack(v, level int) {
	f := u.b.f
	if level < len(u.labelNames) {
		label := u.labelNames[level]
		found := false
		for k, val := range u.b.members(v, label, &u.diags) {
			found = true
			u.labels = append(u.labels[:level], f.doc.Text(k))
			u.ranges = append(u.ranges[:level], f.srcRange(k))
			u.unpack(val, level+1)
		}
		if !found && f.kind(v) != scanner.Invalid {
			r := f.startRange(v)
			u.diags = append(u.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Missing block label",
				Detail:   fmt.Sprintf("At least one object property is required, whose name represents the %s block's %s.", u.typ, label),
				Subject:  &r,
			})
		}
		return
	}
	switch f.kind(v) {
	case scanner.Null, scanner.Invalid:
	case scanner.Object:
		u.add(v, f.startRange(v))
	case scanner.Array:
		def := f.startRange(v)
		for e := range f.doc.Elements(v) {
			u.add(e, def)
		}
	default:
		r := f.startRange(v)
		u.diags = append(u.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Incorrect JSON value type",
			Detail:   fmt.Sprintf("Either a JSON object or a JSON array is required, representing the contents of one or more %q blocks.", u.typ),
			Subject:  &r,
		})
	}
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

func (u *unpacker) add(bodyNode int, def hcl.Range) {
	n := len(u.labelNames)
	var (
		blk    *hcl.Block
		bd     *body
		labels []string
		ranges []hcl.Range
	)
	switch n {
	case 0:
		bb := &block0{}
		blk, bd = &bb.block, &bb.body
	case 1:
		bb := &block1{}
		blk, bd, labels, ranges = &bb.block, &bb.body, bb.labels[:0], bb.ranges[:0]
	case 2:
		bb := &block2{}
		blk, bd, labels, ranges = &bb.block, &bb.body, bb.labels[:0], bb.ranges[:0]
	default:
		bb := &block0{}
		blk, bd, labels, ranges = &bb.block, &bb.body, make([]string, 0, n), make([]hcl.Range, 0, n)
	}
	*bd = body{f: u.b.f, node: bodyNode}
	*blk = hcl.Block{
		Type:        u.typ,
		Labels:      append(labels, u.labels[:n]...),
		Body:        bd,
		DefRange:    def,
		TypeRange:   u.typeRange,
		LabelRanges: append(ranges, u.ranges[:n]...),
	}
	*u.blocks = append(*u.blocks, blk)
}

package inspect

import (
	"maps"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// blocksExpr is a provider argument of type list or set of objects
// written as blocks of its name (schema.Attribute.AsBlocks), read as
// Terraform's and OpenTofu's lang/blocktoattr read it: a list with one
// element per block, in order, each the object of the block's arguments
// converted to their types, with null for every attribute the block
// leaves out. Its variables are those of the arguments of every block
// (see each).
type blocksExpr struct {
	blocks []*hcl.Block
	arg    *schema.Attribute
}

// Value implements hcl.Expression.
func (e *blocksExpr) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	ety := cty.DynamicPseudoType
	if e.arg.Type != cty.NilType {
		ety = e.arg.Type.ElementType()
	}
	var diags hcl.Diagnostics
	vals := make([]cty.Value, 0, len(e.blocks))
	for _, blk := range e.blocks {
		v, more := e.element(blk, ctx)
		diags = append(diags, more...)
		if more.HasErrors() {
			v = cty.UnknownVal(ety)
		} else if conv, err := convert.Convert(v, ety); err == nil {
			v = conv
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return cty.ListValEmpty(ety), diags
	}
	if !cty.CanListVal(vals) {
		return cty.TupleVal(vals), diags
	}
	return cty.ListVal(vals), diags
}

// element returns the object that blk stands for.
func (e *blocksExpr) element(blk *hcl.Block, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	s := e.arg.AsBlocks
	content, _, diags := s.Content(blk.Body)
	if content == nil {
		return cty.DynamicVal, diags
	}
	nested := map[string][]*hcl.Block{}
	for _, b := range content.Blocks {
		nested[b.Type] = append(nested[b.Type], b)
	}
	for _, b := range nested["dynamic"] {
		// The programs read these blocks without expanding dynamic
		// blocks, which they then reject.
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Unsupported block type",
			Detail:   "Blocks of type \"dynamic\" are not expected here.",
			Subject:  b.TypeRange.Ptr(),
		})
	}
	attrs := make(map[string]cty.Value, len(s.Attributes))
	for i := range s.Attributes {
		a := &s.Attributes[i]
		ty := a.Type
		if ty == cty.NilType {
			ty = cty.DynamicPseudoType
		}
		var v cty.Value
		switch attr := content.Attributes[a.Name]; {
		case attr != nil:
			var more hcl.Diagnostics
			v, more = attr.Expr.Value(ctx)
			diags = append(diags, more...)
			if conv, err := convert.Convert(v, ty); err == nil {
				v = conv
			} else if !more.HasErrors() {
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Incorrect attribute value type",
					Detail:   "Inappropriate value for attribute \"" + a.Name + "\": " + convertError(err, ty) + ".",
					Subject:  attr.Expr.Range().Ptr(),
				})
			}
		case a.AsBlocks != nil && len(nested[a.Name]) > 0:
			var more hcl.Diagnostics
			v, more = (&blocksExpr{blocks: nested[a.Name], arg: a}).Value(ctx)
			diags = append(diags, more...)
		default:
			v = cty.NullVal(ty)
		}
		attrs[a.Name] = v
	}
	return cty.ObjectVal(attrs), diags
}

// Variables implements hcl.Expression.
func (e *blocksExpr) Variables() []hcl.Traversal {
	var out []hcl.Traversal
	e.each(func(x hcl.Expression) { out = append(out, x.Variables()...) })
	return out
}

// Functions lists the provider functions called, as References wants.
func (e *blocksExpr) Functions() []hcl.Traversal {
	var out []hcl.Traversal
	e.each(func(x hcl.Expression) { out = append(out, providerFunctions(x)...) })
	return out
}

// each calls f with the expression of every argument of every block, in
// source order. Arguments inside nested blocks (an element's own
// argument written as blocks) are left out, as the programs leave them
// out: they list the variables of each block with hcldec.Variables on
// the block's body as written, where the nested blocks' name is an
// attribute and the blocks are not found. (Their order is hcldec's, that
// of a Go map: source order here.)
func (e *blocksExpr) each(f func(hcl.Expression)) {
	for _, blk := range e.blocks {
		content, _, _ := e.arg.AsBlocks.Content(blk.Body)
		if content == nil {
			continue
		}
		attrs := slices.Collect(maps.Values(content.Attributes))
		slices.SortFunc(attrs, func(a, b *hcl.Attribute) int { return a.Range.Start.Byte - b.Range.Start.Byte })
		for _, attr := range attrs {
			f(attr.Expr)
		}
	}
}

// Range implements hcl.Expression: the first block's header, as the
// programs report it.
func (e *blocksExpr) Range() hcl.Range { return e.blocks[0].DefRange }

// StartRange implements hcl.Expression.
func (e *blocksExpr) StartRange() hcl.Range { return e.blocks[0].DefRange }

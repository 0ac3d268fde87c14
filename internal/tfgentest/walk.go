package tfgentest

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Stats counts what Walk decoded.
type Stats struct {
	Blocks     int // blocks decoded, at every depth
	Attributes int // attributes evaluated
}

// A Visitor is called by Walk for every attribute with its value. path holds
// the enclosing blocks, outermost first; it is reused between calls.
type Visitor func(path []*hcl.Block, attr *hcl.Attribute, val cty.Value)

// Decode decodes a generated document's root body the way a loader would:
// Content with the node's schema for every body (JustAttributes where the
// node says so), down to every block, and Value(ctx) for every attribute. It
// works through the hcl.Body interface only, so it measures any
// implementation of HCL's JSON syntax. It returns the diagnostics of every
// step.
func Decode(body hcl.Body, ctx *hcl.EvalContext) (Stats, hcl.Diagnostics) {
	return Walk(body, ctx, nil)
}

// Walk is Decode, calling visit (if not nil) for every attribute, in source
// order within each body, attributes before nested blocks.
func Walk(body hcl.Body, ctx *hcl.EvalContext, visit Visitor) (Stats, hcl.Diagnostics) {
	w := walker{ctx: ctx, visit: visit}
	w.body(body, Root())
	return w.stats, w.diags
}

type walker struct {
	ctx   *hcl.EvalContext
	visit Visitor
	path  []*hcl.Block
	stats Stats
	diags hcl.Diagnostics
	order []*hcl.Attribute
}

func (w *walker) body(body hcl.Body, n *Node) {
	var attrs hcl.Attributes
	var blocks hcl.Blocks
	if n.Schema == nil {
		var diags hcl.Diagnostics
		attrs, diags = body.JustAttributes()
		w.diags = append(w.diags, diags...)
	} else {
		content, diags := body.Content(n.Schema)
		w.diags = append(w.diags, diags...)
		if content != nil {
			attrs, blocks = content.Attributes, content.Blocks
		}
	}
	w.attributes(attrs)
	for _, b := range blocks {
		w.stats.Blocks++
		c := n.Child(b)
		if c == nil {
			w.diags = append(w.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "No schema for block",
				Detail:   "tfgen has no schema for a " + b.Type + " block with these labels.",
				Subject:  b.DefRange.Ptr(),
			})
			continue
		}
		if w.visit != nil {
			w.path = append(w.path, b)
		}
		w.body(b.Body, c)
		if w.visit != nil {
			w.path = w.path[:len(w.path)-1]
		}
	}
}

func (w *walker) attributes(attrs hcl.Attributes) {
	if w.visit == nil {
		for _, a := range attrs {
			w.stats.Attributes++
			_, diags := a.Expr.Value(w.ctx)
			w.diags = append(w.diags, diags...)
		}
		return
	}
	order := w.order[:0]
	for _, a := range attrs {
		order = append(order, a)
	}
	slices.SortFunc(order, func(a, b *hcl.Attribute) int { return a.Range.Start.Byte - b.Range.Start.Byte })
	w.order = order[:0]
	for _, a := range order {
		w.stats.Attributes++
		v, diags := a.Expr.Value(w.ctx)
		w.diags = append(w.diags, diags...)
		w.visit(w.path, a, v)
	}
}

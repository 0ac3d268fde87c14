package validate

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// What an iteration of a for expression and of a splat costs, in units:
// HCL makes a context for each, and evaluates its expressions in it.
const (
	forUnits   = 8
	splatUnits = 4
)

// What a metered node charges the budget (spec.md V17), besides one unit
// each time it is evaluated.
const (
	plainNode    = iota
	forNode      // forUnits per element of its collection, evaluated ahead
	splatNode    // splatUnits per element of its source, evaluated ahead
	templateNode // its parts, evaluated ahead, before they are joined
	joinNode     // its tuple, evaluated ahead
	callNode     // its arguments, evaluated ahead, before HCL converts them
	equalNode    // its operands, evaluated ahead, by their size and depth
)

// meterExpr returns a copy of e whose nodes charge b before HCL
// evaluates them, and stop the evaluation once b is spent: HCL evaluates
// for expressions, templates, constructors and operators without calling
// anything of ours, and only functions of the table are metered
// otherwise. Literals, scope traversals and what this package does not
// know are not copied; the copy shares them with e, and e is not
// changed, so that a module's expressions serve goroutines at once.
func meterExpr(e hclsyntax.Expression, b *budget) hclsyntax.Expression {
	m := meter{b: b}
	return m.wrap(e)
}

type meter struct{ b *budget }

// metered is one node of the copy: Expression is the copy of the node,
// whose children are metered.
type metered struct {
	hclsyntax.Expression
	b    *budget
	kind int
	// ahead are the children that Value evaluates before the node, to
	// charge what they are; each keeps its value in memo for the node's
	// own evaluation to read once.
	ahead []hclsyntax.Expression
	memo  *memo
}

// memo is the value of a node evaluated ahead of its parent, in ctx.
type memo struct {
	ctx   *hcl.EvalContext
	val   cty.Value
	diags hcl.Diagnostics
}

func (m *meter) node(e hclsyntax.Expression, kind int, ahead ...hclsyntax.Expression) *metered {
	return &metered{Expression: e, b: m.b, kind: kind, ahead: ahead}
}

func (m *meter) wrap(e hclsyntax.Expression) hclsyntax.Expression {
	if e == nil {
		return nil
	}
	switch n := e.(type) {
	case *hclsyntax.ParenthesesExpr:
		c := *n
		c.Expression = m.wrap(n.Expression)
		return m.node(&c, plainNode)
	case *hclsyntax.RelativeTraversalExpr:
		c := *n
		c.Source = m.wrap(n.Source)
		return m.node(&c, plainNode)
	case *hclsyntax.FunctionCallExpr:
		c := *n
		c.Args = m.wrapAll(n.Args)
		switch n.Name {
		case "try", "can", "core::try", "core::can":
			// They take expressions and evaluate them themselves, and
			// not all: nothing ahead.
			return m.node(&c, plainNode)
		}
		return m.node(&c, callNode, c.Args...)
	case *hclsyntax.ConditionalExpr:
		c := *n
		c.Condition, c.TrueResult, c.FalseResult = m.wrap(n.Condition), m.wrap(n.TrueResult), m.wrap(n.FalseResult)
		return m.node(&c, plainNode)
	case *hclsyntax.IndexExpr:
		c := *n
		c.Collection, c.Key = m.wrap(n.Collection), m.wrap(n.Key)
		return m.node(&c, plainNode)
	case *hclsyntax.TupleConsExpr:
		c := *n
		c.Exprs = m.wrapAll(n.Exprs)
		return m.node(&c, plainNode)
	case *hclsyntax.ObjectConsExpr:
		c := *n
		c.Items = make([]hclsyntax.ObjectConsItem, len(n.Items))
		for i, it := range n.Items {
			c.Items[i] = hclsyntax.ObjectConsItem{KeyExpr: m.wrap(it.KeyExpr), ValueExpr: m.wrap(it.ValueExpr)}
		}
		return m.node(&c, plainNode)
	case *hclsyntax.ObjectConsKeyExpr:
		// A key that is a name stays the ScopeTraversalExpr that HCL
		// reads as a keyword (wrap leaves those alone).
		c := *n
		c.Wrapped = m.wrap(n.Wrapped)
		return m.node(&c, plainNode)
	case *hclsyntax.ForExpr:
		c := *n
		c.CollExpr, c.KeyExpr, c.ValExpr, c.CondExpr = m.wrap(n.CollExpr), m.wrap(n.KeyExpr), m.wrap(n.ValExpr), m.wrap(n.CondExpr)
		return m.node(&c, forNode, c.CollExpr)
	case *hclsyntax.SplatExpr:
		// Each refers to Item, which is not copied: the copy of Each
		// still does.
		c := *n
		c.Source, c.Each = m.wrap(n.Source), m.wrap(n.Each)
		return m.node(&c, splatNode, c.Source)
	case *hclsyntax.BinaryOpExpr:
		c := *n
		c.LHS, c.RHS = m.wrap(n.LHS), m.wrap(n.RHS)
		if n.Op == hclsyntax.OpEqual || n.Op == hclsyntax.OpNotEqual {
			return m.node(&c, equalNode, c.LHS, c.RHS)
		}
		return m.node(&c, plainNode)
	case *hclsyntax.UnaryOpExpr:
		c := *n
		c.Val = m.wrap(n.Val)
		return m.node(&c, plainNode)
	case *hclsyntax.TemplateExpr:
		c := *n
		c.Parts = m.wrapAll(n.Parts)
		return m.node(&c, templateNode, c.Parts...)
	case *hclsyntax.TemplateJoinExpr:
		c := *n
		c.Tuple = m.wrap(n.Tuple)
		return m.node(&c, joinNode, c.Tuple)
	case *hclsyntax.TemplateWrapExpr:
		c := *n
		c.Wrapped = m.wrap(n.Wrapped)
		return m.node(&c, plainNode)
	}
	// Literals, scope traversals, the anonymous symbol of a splat,
	// syntax errors: cheap, and not copied.
	return e
}

func (m *meter) wrapAll(list []hclsyntax.Expression) []hclsyntax.Expression {
	if list == nil {
		return nil
	}
	out := make([]hclsyntax.Expression, len(list))
	for i, e := range list {
		out[i] = m.wrap(e)
	}
	return out
}

// Value evaluates the node as HCL does, after charging the budget for
// what it is about to compute, or stops.
func (w *metered) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	if w.memo != nil && w.memo.ctx == ctx {
		m := w.memo
		w.memo = nil
		return m.val, m.diags
	}
	b := w.b
	if !b.charge(1) {
		return cty.DynamicVal, stopDiags(w.Range())
	}
	var vals []cty.Value
	if len(w.ahead) > 0 {
		vals = make([]cty.Value, len(w.ahead))
		for i, c := range w.ahead {
			v, d := c.Value(ctx)
			vals[i] = v
			if mc, ok := c.(*metered); ok {
				mc.memo = &memo{ctx: ctx, val: v, diags: d}
			}
			if b.stopped() {
				return cty.DynamicVal, stopDiags(w.Range())
			}
		}
	}
	ok := true
	switch w.kind {
	case forNode:
		ok = b.charge(forUnits * lengthOf(vals[0]))
	case splatNode:
		ok = b.charge(splatUnits * lengthOf(vals[0]))
	case templateNode, joinNode:
		ok = b.chargeExprs(1, w.ahead, vals)
	case callNode:
		ok = b.chargeExprs(callUnits, w.ahead, vals)
		if f, found := lookupFunction(ctx, w.Expression.(*hclsyntax.FunctionCallExpr).Name); ok && found {
			// HCL converts the arguments before it calls f.
			ok = b.charge(b.conversionUnits(f, vals))
		}
	case equalNode:
		ok = b.chargeNested(w.ahead, vals)
	}
	if !ok {
		return cty.DynamicVal, stopDiags(w.Range())
	}
	b.argsPaid = w.kind == callNode
	v, d := w.Expression.Value(ctx)
	b.argsPaid = false
	if b.stopped() {
		return cty.DynamicVal, stopDiags(w.Range())
	}
	return v, d
}

// lengthOf is the number of elements of a known collection, tuple or
// object, 0 for anything else.
func lengthOf(v cty.Value) int64 {
	v, _ = v.Unmark()
	ty := v.Type()
	if !v.IsKnown() || v.IsNull() || !ty.IsCollectionType() && !ty.IsTupleType() && !ty.IsObjectType() {
		return 0
	}
	return int64(v.LengthInt())
}

// chargeNested charges the comparison of vals, the values of exprs,
// whose cost in go-cty grows with their size times their depth.
func (b *budget) chargeNested(exprs []hclsyntax.Expression, vals []cty.Value) bool {
	var n int64
	for i, v := range vals {
		s, d := b.sizeExpr(exprs[i], v, b.left())
		if s > b.left() {
			b.over = true
			return false
		}
		n += 4 * s * d
		if n > b.left() {
			b.over = true
			return false
		}
	}
	return b.charge(n)
}

// lookupFunction finds the function called name in ctx or the contexts
// above it, as HCL does.
func lookupFunction(ctx *hcl.EvalContext, name string) (function.Function, bool) {
	for c := ctx; c != nil; c = c.Parent() {
		if f, ok := c.Functions[name]; ok {
			return f, true
		}
	}
	return function.Function{}, false
}

package template

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/zclconf/go-cty/cty"
)

// ParseTraversal parses src.Text as an absolute traversal, with the
// semantics of hclsyntax.ParseTraversalAbs (what hcl.AbsTraversalForExpr,
// hcl.RelTraversalForExpr and hcl.ExprAsKeyword see in a JSON string):
// attribute access and constant index keys only. Surrounding whitespace and
// comments inside the string are tolerated, as they are by the parser. All
// ranges, of the steps and of the diagnostics, are exact: they start after
// the opening quote and account for escapes.
func ParseTraversal(src Source) (hcl.Traversal, hcl.Diagnostics) {
	return parseTraversal(hclsyntax.ParseTraversalAbs, src)
}

// ParseTraversalPartial is ParseTraversal with splats ("[*]") allowed, as
// hclsyntax.ParseTraversalPartial allows them; such traversals are patterns
// for the caller to interpret, not something hcl can traverse.
func ParseTraversalPartial(src Source) (hcl.Traversal, hcl.Diagnostics) {
	return parseTraversal(parseTraversalSplats, src)
}

// parseTraversalSplats is hclsyntax.ParseTraversalPartial for hcl/v2
// releases that lack it (before v2.21.0; OpenTofu's fork has it): an
// absolute traversal whose index steps may be splats ("[*]"), each a
// hcl.TraverseSplat over the brackets. It lexes src, parses a copy in
// which each "*" between "[" and "]" is a "0" (same length, so every range
// holds) with hclsyntax.ParseTraversalAbs, and turns the index steps over
// those stars into splats. It takes src as hclsyntax does (no escapes,
// ranges from start); a "[*" without its "]" is reported as
// ParseTraversalAbs reports a splat, not as an unclosed bracket.
func parseTraversalSplats(src []byte, filename string, start hcl.Pos) (hcl.Traversal, hcl.Diagnostics) {
	toks, _ := hclsyntax.LexExpression(src, filename, start)
	var stars []int // byte offsets in src of the stars replaced
	buf := src
	prev := -1 // index in toks of the previous significant token
	for i, tok := range toks {
		if tok.Type == hclsyntax.TokenNewline || tok.Type == hclsyntax.TokenComment {
			continue
		}
		if tok.Type == hclsyntax.TokenStar && prev >= 0 && toks[prev].Type == hclsyntax.TokenOBrack {
			if next := nextSignificant(toks, i+1); next >= 0 && toks[next].Type == hclsyntax.TokenCBrack {
				if len(stars) == 0 {
					buf = append([]byte(nil), src...)
				}
				off := tok.Range.Start.Byte - start.Byte
				buf[off] = '0'
				stars = append(stars, tok.Range.Start.Byte)
			}
		}
		prev = i
	}
	t, diags := hclsyntax.ParseTraversalAbs(buf, filename, start)
	for i, step := range t {
		ix, ok := step.(hcl.TraverseIndex)
		if !ok {
			continue
		}
		for _, b := range stars {
			if ix.SrcRange.Start.Byte < b && b < ix.SrcRange.End.Byte {
				t[i] = hcl.TraverseSplat{SrcRange: ix.SrcRange}
				break
			}
		}
	}
	return t, diags
}

func nextSignificant(toks hclsyntax.Tokens, i int) int {
	for ; i < len(toks); i++ {
		if toks[i].Type != hclsyntax.TokenNewline && toks[i].Type != hclsyntax.TokenComment {
			return i
		}
	}
	return -1
}

func parseTraversal(fn func([]byte, string, hcl.Pos) (hcl.Traversal, hcl.Diagnostics), src Source) (hcl.Traversal, hcl.Diagnostics) {
	_, ascii := scan(src.Text)
	m := newSourceMap(src, ascii)
	buf := []byte(src.Text) // hclsyntax does not modify its input, but it takes a []byte
	t, diags := parse(fn, src, buf)
	diags = m.Diagnostics(diags)
	m.fixDetails(diags, src, buf, hclsyntax.LexExpression)
	return m.Traversal(t), diags
}

// ParseExpression parses src.Text as a native HCL expression, as the JSON
// syntax does for static function calls (hcl.ExprCall, and through it
// ext/typeexpr). Where hclsyntax's ranges are already exact the result is
// the hclsyntax.Expression itself. Otherwise it is a wrapper whose Range,
// StartRange, Value and Variables diagnostics and traversals, and whose
// static-analysis results (hcl.ExprCall, hcl.ExprList, hcl.ExprMap,
// hcl.AbsTraversalForExpr and the helpers built on them) all carry exact
// ranges; hcl.UnwrapExpression reaches the hclsyntax node inside, whose own
// ranges are not rewritten.
//
// The expression is returned even when there are errors, as hclsyntax
// returns it; it is nil only if the parser failed outright.
func ParseExpression(src Source) (hcl.Expression, hcl.Diagnostics) {
	_, ascii := scan(src.Text)
	m := newSourceMap(src, ascii)
	if expr := readNativeExpression(src); expr != nil {
		return m.Expression(expr), nil
	}
	buf := []byte(src.Text)
	expr, diags := parse(nesting.ParseExpression, src, buf)
	diags = m.Diagnostics(diags)
	m.fixDetails(diags, src, buf, hclsyntax.LexExpression)
	if expr == nil {
		return nil, diags
	}
	return m.Expression(expr), diags
}

// readNativeExpression reads src.Text with internal/native's reader,
// which builds hclsyntax.ParseExpression's tree for the expressions it
// reads and only for those on which hclsyntax reports nothing (nor does
// nesting.Check: the reader reads a fifth as deep): nil when it does not
// read it (or, a bug, panics), for hclsyntax to parse.
func readNativeExpression(src Source) (expr hclsyntax.Expression) {
	defer func() {
		if recover() != nil {
			expr = nil
		}
	}()
	expr, ok := readExpression(src.Text, src.Filename, src.Start)
	if !ok {
		return nil
	}
	return expr
}

// Within returns node, an expression of the hclsyntax tree inside expr (an
// expression that ParseExpression returned, reached with
// hcl.UnwrapExpression), seen through expr's source map: its Range,
// StartRange, diagnostics, traversals and static-analysis results are
// exact in the file, as expr's are. It returns node itself when expr needs
// no map (hclsyntax's ranges are exact) or is not from ParseExpression.
// A caller that takes a parsed expression apart (the collection and key of
// OpenTofu's provider reference name.alias[each.key]) reads each part
// through it.
func Within(expr, node hcl.Expression) hcl.Expression {
	if _, mapped := node.(*mappedExpr); mapped || node == nil {
		return node
	}
	if m, ok := expr.(*mappedExpr); ok {
		return m.m.Expression(node)
	}
	return node
}

// StaticCall parses src.Text as a native expression and reads it as a
// static function call (hcl.ExprCall): Name (namespaced names included),
// NameRange, ArgsRange, and Arguments are all exact in the file. The error
// for an expression that is not a call is hcl's "Invalid expression"
// ("A static function call is required.").
func StaticCall(src Source) (*hcl.StaticCall, hcl.Diagnostics) {
	expr, diags := ParseExpression(src)
	if diags.HasErrors() {
		return nil, diags
	}
	call, callDiags := hcl.ExprCall(expr)
	return call, append(diags, callDiags...)
}

// Expression wraps expr so that its ranges are mapped; nil when no mapping
// is needed returns expr itself.
func (m *sourceMap) Expression(expr hcl.Expression) hcl.Expression {
	if m == nil {
		return expr
	}
	return &mappedExpr{inner: expr, m: m}
}

// mappedExpr is a native expression parsed from an escaped JSON string,
// seen through the string's source map.
type mappedExpr struct {
	inner hcl.Expression
	m     *sourceMap
}

var _ hcl.Expression = (*mappedExpr)(nil)

func (e *mappedExpr) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	val, diags := e.inner.Value(ctx)
	return val, e.m.Diagnostics(diags)
}

func (e *mappedExpr) Variables() []hcl.Traversal {
	return e.m.Traversals(e.inner.Variables())
}

// Functions lists the function calls in the expression, like
// Template.Functions.
func (e *mappedExpr) Functions() []hcl.Traversal {
	if n, ok := e.inner.(hclsyntax.Node); ok {
		return functions(n, e.m)
	}
	return nil
}

func (e *mappedExpr) Range() hcl.Range      { return e.m.Range(e.inner.Range()) }
func (e *mappedExpr) StartRange() hcl.Range { return e.m.Range(e.inner.StartRange()) }

// UnwrapExpression gives hcl.UnwrapExpression access to the hclsyntax node.
func (e *mappedExpr) UnwrapExpression() hcl.Expression { return e.inner }

// AsTraversal implements hcl.AbsTraversalForExpr.
func (e *mappedExpr) AsTraversal() hcl.Traversal {
	t, diags := hcl.AbsTraversalForExpr(e.inner)
	if diags.HasErrors() {
		return nil
	}
	return e.m.Traversal(t)
}

// ExprCall implements hcl.ExprCall.
func (e *mappedExpr) ExprCall() *hcl.StaticCall {
	call, diags := hcl.ExprCall(e.inner)
	if diags.HasErrors() {
		return nil
	}
	args := make([]hcl.Expression, len(call.Arguments))
	for i, a := range call.Arguments {
		args[i] = e.m.Expression(a)
	}
	return &hcl.StaticCall{
		Name:      call.Name,
		NameRange: e.m.Range(call.NameRange),
		Arguments: args,
		ArgsRange: e.m.Range(call.ArgsRange),
	}
}

// ExprList implements hcl.ExprList.
func (e *mappedExpr) ExprList() []hcl.Expression {
	list, diags := hcl.ExprList(e.inner)
	if diags.HasErrors() {
		return nil
	}
	out := make([]hcl.Expression, len(list)) // non-nil even when empty
	for i, x := range list {
		out[i] = e.m.Expression(x)
	}
	return out
}

// ExprMap implements hcl.ExprMap.
func (e *mappedExpr) ExprMap() []hcl.KeyValuePair {
	pairs, diags := hcl.ExprMap(e.inner)
	if diags.HasErrors() {
		return nil
	}
	out := make([]hcl.KeyValuePair, len(pairs)) // non-nil even when empty
	for i, p := range pairs {
		out[i] = hcl.KeyValuePair{Key: e.m.Expression(p.Key), Value: e.m.Expression(p.Value)}
	}
	return out
}

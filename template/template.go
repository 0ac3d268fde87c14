package template

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/internal/nesting"
)

// Template is one JSON string parsed once as an HCL template. It is
// immutable after Parse and safe for concurrent use.
type Template struct {
	text  string
	expr  hclsyntax.Expression // nil for a literal
	diags hcl.Diagnostics      // parse diagnostics, ranges already mapped
	m     *sourceMap           // nil when hclsyntax's ranges are exact
	start int                  // the byte offset of the text's first byte
}

// parseTemplate is hclsyntax.ParseTemplate, and readTemplate and
// readExpression internal/native's reader of the same templates and
// expressions; tests replace them to count parses.
var (
	parseTemplate  = hclsyntax.ParseTemplate
	readTemplate   = native.ParseTemplate
	readExpression = native.ParseExpression
)

// Parse parses src.Text as a template. A literal string (see IsLiteral) is
// not parsed at all, and neither are the commonest templates: one
// interpolation of a plain traversal ("${var.region}",
// "${aws_instance.web[0].id}"), text mixed with such interpolations
// ("web-${var.env}-${count.index}"), text whose only template syntax
// is escapes ("home/$${aws:username}/*"), and calls on traversals and
// literals ("${length(var.v)}", "${var.v}-${upper(local.l)}"); for these
// Parse builds the AST that hclsyntax would build. Parse diagnostics are kept and reported by Diagnostics and
// Value. Parse takes time linear in the length of the text, however many
// lines it has.
func Parse(src Source) *Template {
	lit, ascii := scan(src.Text)
	if lit {
		return &Template{text: src.Text}
	}
	suspect := nesting.Suspect(src.Text)
	if suspect {
		// internal/native reads no deeper than a fifth of nesting.Max:
		// what it reads, nesting.Check has nothing to say about.
		if t := parseNative(src, ascii); t != nil {
			return t
		}
		if d := nesting.Check([]byte(src.Text), nesting.Template, src.Filename, src.Start); d != nil {
			// Too deep for the parsers (ours recurse too): the error, at
			// the token that goes too deep, is all there is.
			m := mustSourceMap(src)
			return &Template{text: src.Text, m: m, start: src.Start.Byte, diags: m.Diagnostics(hcl.Diagnostics{d})}
		}
	}
	if ascii {
		if t := parseTraversalTemplate(src); t != nil {
			t.start = src.Start.Byte
			return t
		}
	}
	if t := parsePartsTemplate(src, ascii); t != nil {
		t.start = src.Start.Byte
		return t
	}
	if !suspect {
		if t := parseNative(src, ascii); t != nil {
			return t
		}
	}
	t := parseSlow(src, ascii)
	t.start = src.Start.Byte
	return t
}

// parseNative parses src.Text with internal/native's reader, which builds
// hclsyntax's tree for the templates it reads and only for those on
// which hclsyntax reports nothing: nil when it does not read it (or, a
// bug, panics), for hclsyntax to parse.
func parseNative(src Source, ascii bool) (t *Template) {
	defer func() {
		if recover() != nil {
			t = nil
		}
	}()
	expr, ok := readTemplate(src.Text, src.Filename, src.Start)
	if !ok {
		return nil
	}
	return &Template{text: src.Text, expr: expr, m: newSourceMap(src, ascii), start: src.Start.Byte}
}

// parseSlow parses src.Text with hclsyntax.
func parseSlow(src Source, ascii bool) *Template {
	t := &Template{text: src.Text, m: newSourceMap(src, ascii)}
	buf := []byte(src.Text)
	folded := foldLines(buf, src)
	if folded != nil && t.m == nil {
		t.m = mustSourceMap(src) // hclsyntax's lines and columns are off
	}
	expr, diags := parse(parseTemplate, src, buf)
	if folded != nil && expr != nil {
		folded.restore(expr)
	}
	t.expr = expr
	t.diags = t.m.Diagnostics(diags)
	t.m.fixDetails(t.diags, src, buf, hclsyntax.LexTemplate)
	return t
}

// Value evaluates the template. A template that is exactly one
// interpolation ("${x}") yields x's value unconverted; anything else yields
// a string. On parse errors the result is cty.DynamicVal with the parse
// diagnostics; otherwise any parse warnings come first, then the evaluation
// diagnostics. Every Subject and Context is exact in the file.
//
// A nil ctx is handed to hclsyntax as is (variables and function calls are
// then errors); the JSON "literal-only" mode is the caller's business.
func (t *Template) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	return t.ValueWith(ctx, nil)
}

// ValueWith is Value, but evaluates wrap(expr) in place of the template's
// native expression expr, when it has one to evaluate (not a literal):
// wrap gives an expression that evaluates as expr does, and may do more
// (charge a budget, stop). A nil wrap is none.
func (t *Template) ValueWith(ctx *hcl.EvalContext, wrap func(hclsyntax.Expression) hclsyntax.Expression) (cty.Value, hcl.Diagnostics) {
	if t.diags.HasErrors() {
		return cty.DynamicVal, cloneDiagnostics(t.diags)
	}
	if t.expr == nil {
		return cty.StringVal(t.text), nil
	}
	if val, ok := literalValue(t.expr); ok {
		return val, cloneDiagnostics(t.diags)
	}
	expr := t.expr
	if wrap != nil {
		expr = wrap(expr)
	}
	val, diags := expr.Value(ctx)
	diags = t.m.Diagnostics(diags)
	if len(t.diags) > 0 {
		diags = append(cloneDiagnostics(t.diags), diags...)
	}
	return val, diags
}

// Variables returns the traversals the template refers to, with exact
// ranges; nil for a literal or when the template does not parse. Where
// no range needed rewriting the traversals are hclsyntax's own and share
// storage with the parsed template: treat them as read-only.
func (t *Template) Variables() []hcl.Traversal {
	if t.expr == nil || t.diags.HasErrors() {
		return nil
	}
	if vars, ok := plainVariables(t.expr); ok {
		return t.m.Traversals(vars)
	}
	return t.m.Traversals(t.expr.Variables())
}

// Functions returns one single-step traversal per function call in the
// template, in source order: the root's Name is the function name as
// written, namespaces included ("provider::aws::arn_parse"), and its range
// covers that name. Nil for a literal or when the template does not parse.
func (t *Template) Functions() []hcl.Traversal {
	if t.expr == nil || t.diags.HasErrors() {
		return nil
	}
	if isPlain(t.expr) {
		return nil
	}
	return functions(t.expr, t.m)
}

// literalValue returns the value of a template that is one literal part
// (what TemplateExpr.Value would return) without evaluating it.
func literalValue(expr hclsyntax.Expression) (cty.Value, bool) {
	if t, ok := expr.(*hclsyntax.TemplateExpr); ok && len(t.Parts) == 1 {
		if lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && lit.Val.IsWhollyKnown() && !lit.Val.IsNull() && !lit.Val.IsMarked() {
			return lit.Val, true
		}
	}
	return cty.NilVal, false
}

// isPlain reports whether expr has only literal text and traversals, as
// every fast-path template has.
func isPlain(expr hclsyntax.Expression) bool {
	switch e := expr.(type) {
	case *hclsyntax.TemplateWrapExpr:
		_, ok := e.Wrapped.(*hclsyntax.ScopeTraversalExpr)
		return ok
	case *hclsyntax.TemplateExpr:
		for _, p := range e.Parts {
			switch p.(type) {
			case *hclsyntax.LiteralValueExpr, *hclsyntax.ScopeTraversalExpr:
			default:
				return false
			}
		}
		return true
	}
	return false
}

// plainVariables returns what expr.Variables() returns, without walking
// the tree, when expr is plain (see isPlain).
func plainVariables(expr hclsyntax.Expression) ([]hcl.Traversal, bool) {
	if !isPlain(expr) {
		return nil, false
	}
	switch e := expr.(type) {
	case *hclsyntax.TemplateWrapExpr:
		return []hcl.Traversal{e.Wrapped.(*hclsyntax.ScopeTraversalExpr).Traversal}, true
	case *hclsyntax.TemplateExpr:
		n := 0
		for _, p := range e.Parts {
			if _, ok := p.(*hclsyntax.ScopeTraversalExpr); ok {
				n++
			}
		}
		if n == 0 {
			return nil, true
		}
		vars := make([]hcl.Traversal, 0, n)
		for _, p := range e.Parts {
			if s, ok := p.(*hclsyntax.ScopeTraversalExpr); ok {
				vars = append(vars, s.Traversal)
			}
		}
		return vars, true
	}
	return nil, false
}

// Wraps reports whether the template is exactly one interpolation, which
// evaluates to its expression's value unconverted.
func (t *Template) Wraps() bool {
	_, ok := t.expr.(*hclsyntax.TemplateWrapExpr)
	return ok
}

// Interpolation returns, for a template that is exactly one
// interpolation ("${X}", which evaluates to X's value unconverted), the
// source text of X in the template's text, and true. It returns false for
// any other template.
func (t *Template) Interpolation() (string, bool) {
	wrap, ok := t.expr.(*hclsyntax.TemplateWrapExpr)
	if !ok || len(t.diags) > 0 {
		return "", false
	}
	// Every parse (the fast paths and hclsyntax's) gives byte offsets in
	// the text, escapes or not (the source map applies only to what is
	// reported), so the range cuts the text.
	r := wrap.Wrapped.Range()
	from, to := r.Start.Byte-t.start, r.End.Byte-t.start
	if from < 0 || to > len(t.text) || from > to {
		return "", false
	}
	return t.text[from:to], true
}

// Diagnostics returns the parse diagnostics, with exact ranges; nil for a
// template that parsed cleanly.
func (t *Template) Diagnostics() hcl.Diagnostics {
	return cloneDiagnostics(t.diags)
}

// functions collects the function calls under n.
func functions(n hclsyntax.Node, m *sourceMap) []hcl.Traversal {
	var fns []hcl.Traversal
	hclsyntax.VisitAll(n, func(n hclsyntax.Node) hcl.Diagnostics {
		if call, ok := n.(*hclsyntax.FunctionCallExpr); ok {
			fns = append(fns, hcl.Traversal{hcl.TraverseRoot{
				Name:     call.Name,
				SrcRange: m.Range(call.NameRange),
			}})
		}
		return nil
	})
	return fns
}

// parse runs one of hclsyntax's parsers on buf, which holds src.Text (or,
// for a folded template, the same bytes with placeholders), at src.Start.
// A panic in the parser (a bug there, never expected) becomes an error
// diagnostic covering the whole string instead of crashing the caller.
func parse[T any](fn func([]byte, string, hcl.Pos) (T, hcl.Diagnostics), src Source, buf []byte) (res T, diags hcl.Diagnostics) {
	defer func() {
		if p := recover(); p != nil {
			var zero T
			res = zero
			m := mustSourceMap(src)
			rng := hcl.Range{Filename: src.Filename, Start: m.position(0), End: m.position(len(src.Text))}
			diags = hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "Unparsable string",
				Detail:   fmt.Sprintf("The HCL parser failed on this string (%v). This is a bug in the parser; please report it with the string that triggers it.", p),
				Subject:  &rng,
			}}
		}
	}()
	return fn(buf, src.Filename, src.Start)
}

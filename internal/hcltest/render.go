package hcltest

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Options adjust rendering. The zero value is what RenderBody, RenderExpr
// and RenderDiags use.
type Options struct {
	// Bytes appends the byte offsets to every range, as in
	// "t.json:1,2-5@1-4", so that two ranges with equal lines and columns
	// but different offsets render differently.
	Bytes bool

	// Static adds the static-analysis section of RenderExpr to every
	// attribute rendered by RenderBody.
	Static bool

	// Mask, if set, is asked about every range before it is printed (after
	// StaticShift is applied); a range it reports true for is printed as
	// "~".
	Mask func(hcl.Range) bool

	// StaticShift is added to the column and byte of both ends of every
	// range inside a successful hcl.AbsTraversalForExpr,
	// hcl.RelTraversalForExpr or hcl.ExprCall result, including ranges met
	// while rendering the call's arguments. Differential tests use it to
	// line up an implementation whose static ranges start on the opening
	// quote with one whose ranges start after it.
	StaticShift int

	// DedupeDiags drops a diagnostic from the list returned by one
	// decoding call (Content, PartialContent, JustAttributes) when an
	// identical rendering of it appeared earlier in the same list.
	DedupeDiags bool
}

// RenderBody renders body decoded with schema s and ctx, with the zero
// Options. See Options.RenderBody.
func RenderBody(body hcl.Body, s *Schema, ctx *hcl.EvalContext) string {
	return Options{}.RenderBody(body, s, ctx)
}

// RenderExpr renders expr evaluated with ctx, with the zero Options. See
// Options.RenderExpr.
func RenderExpr(expr hcl.Expression, ctx *hcl.EvalContext) string {
	return Options{}.RenderExpr(expr, ctx)
}

// RenderDiags renders diags with the zero Options, one per line.
func RenderDiags(diags hcl.Diagnostics) string {
	return Options{}.RenderDiags(diags)
}

// RenderRange renders r as hcl.Range.String does, plus what o adds.
func (o Options) RenderRange(r hcl.Range) string {
	p := &printer{o: o}
	return p.rng(r)
}

// RenderDiags renders diags one per line, in order:
//
//	t.json:1,2-5: error: Summary; Detail (context t.json:1,1-9)
//
// A diagnostic without a Subject starts with "-". When set, the Context
// range, the Expression's range ("expr"), a non-nil EvalContext
// ("evalctx") and the type of Extra are appended in parentheses.
func (o Options) RenderDiags(diags hcl.Diagnostics) string {
	p := &printer{o: o}
	p.diags("", diags, false)
	return p.b.String()
}

// RenderBody decodes body as s.Mode says and renders, line by line and
// indented by two spaces per level:
//
//   - "missing" and body.MissingItemRange();
//   - each attribute sorted by source offset (see RenderExpr for the
//     lines under it);
//   - each block in order with its type, labels, TypeRange, LabelRanges,
//     DefRange, and its body rendered with the block type's nested schema;
//   - in Partial mode, "remain" and the remaining body rendered with
//     JustAttributes;
//   - the diagnostics of the decoding call.
//
// A nil s is an empty Content-mode schema.
func (o Options) RenderBody(body hcl.Body, s *Schema, ctx *hcl.EvalContext) string {
	p := &printer{o: o, ctx: ctx}
	p.body("", body, s)
	return p.b.String()
}

// RenderExpr renders an expression, line by line: its Range and
// StartRange; its value in literal mode (Value(nil)) and with ctx, each
// followed by its diagnostics; Variables() with each traversal's text,
// range and step ranges; then the static-analysis helpers: hcl.ExprList,
// hcl.ExprMap (keys evaluated both ways), hcl.ExprCall,
// hcl.AbsTraversalForExpr, hcl.RelTraversalForExpr and hcl.ExprAsKeyword,
// each with its result or its diagnostics.
func (o Options) RenderExpr(expr hcl.Expression, ctx *hcl.EvalContext) string {
	p := &printer{o: o, ctx: ctx}
	p.expr("", expr)
	p.static("", expr)
	return p.b.String()
}

type printer struct {
	o     Options
	ctx   *hcl.EvalContext
	b     strings.Builder
	shift int // current static shift, non-zero only inside static results
}

func (p *printer) line(indent, format string, args ...any) {
	p.b.WriteString(indent)
	fmt.Fprintf(&p.b, format, args...)
	p.b.WriteByte('\n')
}

func (p *printer) rng(r hcl.Range) string {
	if p.shift != 0 {
		r.Start.Column += p.shift
		r.Start.Byte += p.shift
		r.End.Column += p.shift
		r.End.Byte += p.shift
	}
	if p.o.Mask != nil && p.o.Mask(r) {
		return "~"
	}
	s := r.String()
	if p.o.Bytes {
		s += "@" + strconv.Itoa(r.Start.Byte) + "-" + strconv.Itoa(r.End.Byte)
	}
	return s
}

func (p *printer) rngPtr(r *hcl.Range) string {
	if r == nil {
		return "-"
	}
	return p.rng(*r)
}

func severity(s hcl.DiagnosticSeverity) string {
	switch s {
	case hcl.DiagError:
		return "error"
	case hcl.DiagWarning:
		return "warning"
	default:
		return "invalid"
	}
}

func (p *printer) diag(d *hcl.Diagnostic) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s: %s; %s", p.rngPtr(d.Subject), severity(d.Severity), d.Summary, d.Detail)
	if d.Context != nil {
		b.WriteString(" (context " + p.rng(*d.Context) + ")")
	}
	if d.Expression != nil {
		b.WriteString(" (expr " + p.rng(d.Expression.Range()) + ")")
	}
	if d.EvalContext != nil {
		b.WriteString(" (evalctx)")
	}
	if d.Extra != nil {
		fmt.Fprintf(&b, " (extra %T)", d.Extra)
	}
	return strings.ReplaceAll(b.String(), "\n", `\n`)
}

// diags writes one "diag" line per diagnostic (bare lines when bare).
func (p *printer) diags(indent string, diags hcl.Diagnostics, dedupe bool) {
	var seen map[string]bool
	if dedupe {
		seen = map[string]bool{}
	}
	for _, d := range diags {
		if d == nil {
			p.line(indent, "<nil diagnostic>")
			continue
		}
		s := p.diag(d)
		if seen != nil {
			if seen[s] {
				continue
			}
			seen[s] = true
		}
		p.line(indent, "%s", s)
	}
}

func (p *printer) body(indent string, body hcl.Body, s *Schema) {
	if body == nil {
		p.line(indent, "<nil body>")
		return
	}
	if s == nil {
		s = &Schema{}
	}
	p.line(indent, "missing %s", p.rng(body.MissingItemRange()))
	switch s.Mode {
	case Attrs:
		attrs, diags := body.JustAttributes()
		p.attrs(indent, attrs)
		p.diagSection(indent, diags)
	case Partial:
		content, remain, diags := body.PartialContent(s.BodySchema())
		p.content(indent, content, s)
		p.diagSection(indent, diags)
		p.line(indent, "remain")
		if remain == nil {
			p.line(indent+"  ", "<nil body>")
			return
		}
		p.body(indent+"  ", remain, &Schema{Mode: Attrs})
	default:
		content, diags := body.Content(s.BodySchema())
		p.content(indent, content, s)
		p.diagSection(indent, diags)
	}
}

func (p *printer) diagSection(indent string, diags hcl.Diagnostics) {
	if len(diags) == 0 {
		return
	}
	p.line(indent, "diagnostics")
	p.diags(indent+"  ", diags, p.o.DedupeDiags)
}

func (p *printer) content(indent string, c *hcl.BodyContent, s *Schema) {
	if c == nil {
		p.line(indent, "<nil content>")
		return
	}
	p.line(indent, "content-missing %s", p.rng(c.MissingItemRange))
	p.attrs(indent, c.Attributes)
	for _, blk := range c.Blocks {
		p.block(indent, blk, s)
	}
}

func (p *printer) attrs(indent string, attrs hcl.Attributes) {
	list := make([]*hcl.Attribute, 0, len(attrs))
	for name, a := range attrs {
		if a == nil {
			p.line(indent, "attr %s <nil>", strconv.Quote(name))
			continue
		}
		if a.Name != name {
			p.line(indent, "attr %s keyed as %s", strconv.Quote(a.Name), strconv.Quote(name))
		}
		list = append(list, a)
	}
	slices.SortFunc(list, func(a, b *hcl.Attribute) int {
		return cmp.Or(cmp.Compare(a.NameRange.Start.Byte, b.NameRange.Start.Byte), strings.Compare(a.Name, b.Name))
	})
	for _, a := range list {
		p.line(indent, "attr %s", strconv.Quote(a.Name))
		in := indent + "  "
		p.line(in, "range %s", p.rng(a.Range))
		p.line(in, "name %s", p.rng(a.NameRange))
		if a.Expr == nil {
			p.line(in, "<nil expr>")
			continue
		}
		p.expr(in, a.Expr)
		if p.o.Static {
			p.static(in, a.Expr)
		}
	}
}

func (p *printer) block(indent string, blk *hcl.Block, s *Schema) {
	if blk == nil {
		p.line(indent, "block <nil>")
		return
	}
	var hdr strings.Builder
	hdr.WriteString("block " + strconv.Quote(blk.Type))
	for _, l := range blk.Labels {
		hdr.WriteString(" " + strconv.Quote(l))
	}
	p.line(indent, "%s", hdr.String())
	in := indent + "  "
	p.line(in, "type %s", p.rng(blk.TypeRange))
	labels := make([]string, len(blk.LabelRanges))
	for i, r := range blk.LabelRanges {
		labels[i] = p.rng(r)
	}
	p.line(in, "labels [%s]", strings.Join(labels, ", "))
	p.line(in, "def %s", p.rng(blk.DefRange))
	var nested *Schema
	if bs := s.Block(blk.Type); bs != nil {
		nested = bs.Body
	}
	p.line(in, "body")
	p.body(in+"  ", blk.Body, nested)
}

// expr writes the lines RenderExpr shares with attributes in RenderBody.
func (p *printer) expr(indent string, expr hcl.Expression) {
	p.line(indent, "expr %s", p.rng(expr.Range()))
	p.line(indent, "expr-start %s", p.rng(expr.StartRange()))
	p.eval(indent, "literal", expr, nil)
	p.eval(indent, "value", expr, p.ctx)
	p.vars(indent, expr.Variables())
}

func (p *printer) eval(indent, label string, expr hcl.Expression, ctx *hcl.EvalContext) {
	v, diags := expr.Value(ctx)
	p.line(indent, "%s %s", label, RenderValue(v))
	p.diags(indent+"  ", diags, false)
}

func (p *printer) vars(indent string, vars []hcl.Traversal) {
	if len(vars) == 0 {
		return
	}
	p.line(indent, "vars")
	for _, t := range vars {
		p.traversal(indent+"  ", t)
	}
}

func (p *printer) traversal(indent string, t hcl.Traversal) {
	steps := make([]string, len(t))
	for i, s := range t {
		steps[i] = p.rng(s.SourceRange())
	}
	p.line(indent, "%s %s (%s)", RenderTraversal(t), p.rng(t.SourceRange()), strings.Join(steps, " "))
}

// static writes the static-analysis section of RenderExpr.
func (p *printer) static(indent string, expr hcl.Expression) {
	in := indent + "  "

	if list, diags := hcl.ExprList(expr); diags.HasErrors() || list == nil {
		p.failed(indent, "list", diags)
	} else {
		p.line(indent, "list %d", len(list))
		for _, e := range list {
			p.summary(in, "-", e)
		}
	}

	if pairs, diags := hcl.ExprMap(expr); diags.HasErrors() || pairs == nil {
		p.failed(indent, "map", diags)
	} else {
		p.line(indent, "map %d", len(pairs))
		for _, kv := range pairs {
			p.summary(in, "key", kv.Key)
			if kv.Key != nil {
				p.eval(in+"  ", "value", kv.Key, p.ctx)
			}
			p.summary(in, "val", kv.Value)
		}
	}

	if call, diags := hcl.ExprCall(expr); diags.HasErrors() || call == nil {
		p.failed(indent, "call", diags)
	} else {
		p.shift = p.o.StaticShift
		p.line(indent, "call %s name %s args %s", strconv.Quote(call.Name), p.rng(call.NameRange), p.rng(call.ArgsRange))
		for _, a := range call.Arguments {
			p.summary(in, "arg", a)
			if a != nil {
				p.vars(in+"  ", a.Variables())
			}
		}
		p.shift = 0
	}

	for _, k := range []struct {
		name string
		fn   func(hcl.Expression) (hcl.Traversal, hcl.Diagnostics)
	}{{"abs", hcl.AbsTraversalForExpr}, {"rel", hcl.RelTraversalForExpr}} {
		t, diags := k.fn(expr)
		if diags.HasErrors() || t == nil {
			p.failed(indent, k.name, diags)
			continue
		}
		p.shift = p.o.StaticShift
		p.traversal(indent+k.name+" ", t)
		p.shift = 0
	}

	p.line(indent, "keyword %s", strconv.Quote(hcl.ExprAsKeyword(expr)))
}

// failed writes the line for a static-analysis helper that gave no
// result, with its diagnostic on the same line when there is one.
func (p *printer) failed(indent, label string, diags hcl.Diagnostics) {
	if len(diags) == 1 && diags[0] != nil {
		p.line(indent, "%s - %s", label, p.diag(diags[0]))
		return
	}
	p.line(indent, "%s -", label)
	p.diags(indent+"  ", diags, false)
}

// summary writes one line about a nested expression: its label, ranges
// and literal value, then the literal value's diagnostics.
func (p *printer) summary(indent, label string, e hcl.Expression) {
	if e == nil {
		p.line(indent, "%s <nil>", label)
		return
	}
	v, diags := e.Value(nil)
	p.line(indent, "%s %s start %s literal %s", label, p.rng(e.Range()), p.rng(e.StartRange()), RenderValue(v))
	p.diags(indent+"  ", diags, false)
}

package tojson

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/hcljson/hcljson/gen"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/zclconf/go-cty/cty"
)

// template converts a native template (a quoted string or a heredoc) from
// its parsed parts: literal text, whose "~" strip markers and heredoc
// indentation hclsyntax has already applied, is escaped; interpolations
// keep their source text; directives are rebuilt around their parts.
func (c *nativeConv) template(e *hclsyntax.TemplateExpr) gen.Value {
	if s, ok := literalText(e); ok {
		return c.stringValue(s, e)
	}
	t := templateWriter{buf: c.buf[:0]}
	for _, p := range e.Parts {
		c.part(&t, p)
	}
	t.finish()
	c.buf = t.buf
	return c.checkedTemplate(e, t.check)
}

// checkedTemplate returns c.buf as a Template. When check is set (source
// text in it spans lines or holds a comment, which need care inside
// "${...}") it first makes sure that hclsyntax reads the template without
// errors.
func (c *nativeConv) checkedTemplate(e hclsyntax.Expression, check bool) gen.Value {
	if !utf8.Valid(c.buf) {
		// hclsyntax lets invalid UTF-8 through in some names.
		c.fail(e, "Invalid UTF-8", "JSON text must be UTF-8")
		return gen.Value{}
	}
	if check {
		if _, diags := nesting.ParseTemplate(c.buf, "", hcl.InitialPos); diags.HasErrors() {
			c.fail(e, "Cannot write template", "hclsyntax does not read the template "+quoteShort(c.buf)+" back: "+diags[0].Summary)
			return gen.Value{}
		}
	}
	return gen.Template(string(c.buf))
}

// needsCheck reports whether source text written into a template needs
// the template re-parsed to be trusted: it spans lines or may hold a
// comment.
func needsCheck(src string) bool {
	return strings.IndexByte(src, '\n') >= 0 || strings.IndexByte(src, '#') >= 0 ||
		strings.Contains(src, "//") || strings.Contains(src, "/*")
}

func quoteShort(b []byte) string {
	const max = 60
	if len(b) > max {
		return "\"" + string(b[:max]) + "...\""
	}
	return "\"" + string(b) + "\""
}

// part writes one part of a template.
func (c *nativeConv) part(t *templateWriter, p hclsyntax.Expression) {
	switch p := p.(type) {
	case *hclsyntax.LiteralValueExpr:
		if p.Val.Type() == cty.String && !p.Val.IsNull() {
			t.literal(p.Val.AsString())
			return
		}
	case *hclsyntax.ConditionalExpr:
		if c.isDirective(p.SrcRange) {
			t.open()
			t.directive("%{ if ", c.interpSource(p.Condition), " }")
			c.parts(t, p.TrueResult)
			if !emptyText(p.FalseResult) {
				t.directive("%{ else }", "", "")
				c.parts(t, p.FalseResult)
			}
			t.directive("%{ endif }", "", "")
			t.close()
			return
		}
	case *hclsyntax.TemplateJoinExpr:
		if f, ok := p.Tuple.(*hclsyntax.ForExpr); ok && f.KeyExpr == nil && f.CondExpr == nil && c.isDirective(f.SrcRange) {
			head := "%{ for " + f.ValVar + " in "
			if f.KeyVar != "" {
				head = "%{ for " + f.KeyVar + ", " + f.ValVar + " in "
			}
			t.open()
			t.directive(head, c.interpSource(f.CollExpr), " }")
			c.parts(t, f.ValExpr)
			t.directive("%{ endfor }", "", "")
			t.close()
			return
		}
	}
	t.interp(c.interpSource(p))
}

// parts writes the parts of a directive's body.
func (c *nativeConv) parts(t *templateWriter, e hclsyntax.Expression) {
	tmpl, ok := e.(*hclsyntax.TemplateExpr)
	if !ok {
		c.part(t, e)
		return
	}
	for _, p := range tmpl.Parts {
		c.part(t, p)
	}
}

// emptyText reports whether e is a template of empty literal text only,
// like the else branch hclsyntax makes up for an if without else.
func emptyText(e hclsyntax.Expression) bool {
	tmpl, ok := e.(*hclsyntax.TemplateExpr)
	if !ok {
		return false
	}
	s, ok := literalText(tmpl)
	return ok && s == ""
}

// isDirective reports whether a node starts with "%{" in the source: an if
// or for directive rather than an interpolated conditional or for
// expression.
func (c *nativeConv) isDirective(r hcl.Range) bool {
	i := r.Start.Byte
	return i >= 0 && i+1 < len(c.src) && c.src[i] == '%' && c.src[i+1] == '{'
}

// interpSource returns the source text of e for use inside "${...}" or a
// directive: a heredoc that ends it must be followed by a line break.
func (c *nativeConv) interpSource(e hclsyntax.Expression) string {
	r := e.Range()
	src := c.text(r)
	if strings.Contains(src, "<<") && c.endsWithHeredoc(e, r.End.Byte) {
		src += "\n"
	}
	return src
}

// endsWithHeredoc reports whether a heredoc within e ends at byte end.
func (c *nativeConv) endsWithHeredoc(e hclsyntax.Expression, end int) bool {
	found := false
	hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		if t, ok := n.(*hclsyntax.TemplateExpr); ok {
			r := t.SrcRange
			if r.End.Byte == end && r.Start.Byte+2 <= len(c.src) && string(c.src[r.Start.Byte:r.Start.Byte+2]) == "<<" {
				found = true
			}
		}
		return nil
	})
	return found
}

// interpTemplate returns "${" + the source of e + "}": a template that
// evaluates to e's value, unconverted.
func (c *nativeConv) interpTemplate(e hclsyntax.Expression) gen.Value {
	src := c.interpSource(e)
	c.buf = append(c.buf[:0], "${"...)
	c.buf = append(c.buf, src...)
	c.buf = append(c.buf, '}')
	return c.checkedTemplate(e, needsCheck(src))
}

// templateWriter writes HCL template source from parts. Literal text is
// held back until the next part is known, because the text's last
// characters may have to be written differently before it.
type templateWriter struct {
	buf     []byte
	pending []byte // literal text not yet written
	depth   int    // directives open
	interps int    // interpolations at the top level
	others  int    // text and directives at the top level
	check   bool   // the template must be re-parsed to be trusted
}

func (t *templateWriter) literal(s string) { t.pending = append(t.pending, s...) }

// interp writes an interpolation of the given source text.
func (t *templateWriter) interp(src string) {
	t.flush('$')
	if t.depth == 0 {
		t.interps++
	}
	t.check = t.check || needsCheck(src)
	t.buf = append(t.buf, "${"...)
	t.buf = append(t.buf, src...)
	t.buf = append(t.buf, '}')
}

// directive writes a directive: head, the source of an expression, tail.
func (t *templateWriter) directive(head, src, tail string) {
	t.flush('%')
	t.check = t.check || needsCheck(src)
	t.buf = append(t.buf, head...)
	t.buf = append(t.buf, src...)
	t.buf = append(t.buf, tail...)
}

func (t *templateWriter) open() {
	t.flush('%')
	if t.depth == 0 {
		t.others++
	}
	t.depth++
}

func (t *templateWriter) close() { t.depth-- }

// finish writes the remaining text. A template that would be exactly one
// interpolation is given an empty one more, because hclsyntax yields such
// a template's value unconverted, while the parts it came from yield a
// string.
func (t *templateWriter) finish() {
	t.flush(0)
	if t.interps == 1 && t.others == 0 {
		t.buf = append(t.buf, `${""}`...)
	}
}

// flush writes the pending literal text so that it evaluates to itself
// when next ('$' for an interpolation, '%' for a directive, 0 for the end)
// follows it:
//   - "${" and "%{" are written "$${" and "%%{";
//   - a leading U+FEFF at the start of the template is doubled, because
//     hclsyntax drops one there;
//   - a carriage return not followed by a line feed is written as the
//     interpolation ${"\r"}, because after a lone one hclsyntax reads the
//     rest of a template as plain text;
//   - text that ends with '$' before an interpolation, or with '%' before a
//     directive, would make an escape with it ("$" then "${x}" reads as
//     "$${x}"), so its trailing run of '$' and '%' is written as a quoted
//     string in an interpolation: ${"$"}.
func (t *templateWriter) flush(next byte) {
	s := t.pending
	t.pending = t.pending[:0]
	if len(s) == 0 {
		return
	}
	if t.depth == 0 {
		t.others++
	}
	var tail []byte
	if next != 0 && s[len(s)-1] == next {
		i := len(s)
		for i > 0 && (s[i-1] == '$' || s[i-1] == '%') {
			i--
		}
		s, tail = s[:i], s[i:]
	}
	if len(t.buf) == 0 && bytes.HasPrefix(s, []byte(bom)) {
		t.buf = append(t.buf, bom...)
	}
	last := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case (c == '$' || c == '%') && i+1 < len(s) && s[i+1] == '{':
			t.buf = append(t.buf, s[last:i+1]...)
			t.buf = append(t.buf, c)
			last = i + 1
		case c == '\r' && (i+1 == len(s) || s[i+1] != '\n'):
			t.buf = appendBeforeInterp(t.buf, s[last:i])
			t.buf = append(t.buf, `${"\r"}`...)
			if t.depth == 0 {
				t.interps++
			}
			last = i + 1
		}
	}
	t.buf = append(t.buf, s[last:]...)
	if len(tail) > 0 {
		t.buf = append(t.buf, `${"`...)
		t.buf = append(t.buf, tail...)
		t.buf = append(t.buf, `"}`...)
		if t.depth == 0 {
			t.interps++
		}
	}
}

// appendBeforeInterp appends text that comes before an interpolation and
// needs no more escaping, keeping a trailing '$' from joining the "${"
// after it.
func appendBeforeInterp(dst, s []byte) []byte {
	if len(s) == 0 || s[len(s)-1] != '$' {
		return append(dst, s...)
	}
	i := len(s)
	for i > 0 && (s[i-1] == '$' || s[i-1] == '%') {
		i--
	}
	dst = append(dst, s[:i]...)
	dst = append(dst, `${"`...)
	dst = append(dst, s[i:]...)
	return append(dst, `"}`...)
}

// bom is U+FEFF: hclsyntax drops one at the start of a template.
const bom = "\uFEFF"

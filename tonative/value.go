package tonative

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/template"
)

// valueWriter writes the native text of one argument's value.
type valueWriter struct {
	c    *jsonConv
	path []string // the argument's path, for messages
}

func (w valueWriter) fail(i int, summary, format string, args ...any) (string, bool) {
	w.c.errorf(i, summary, "%s: %s", strings.Join(w.path, "."), fmt.Sprintf(format, args...))
	return "", false
}

// attr returns the native text of value node v of an argument read in
// mode and shape; def is the argument's schema entry, if listed.
func (w valueWriter) attr(v int, mode schema.Mode, shape schema.Shape, def *schema.Attribute) (string, bool) {
	switch mode {
	case schema.Expression:
		return w.value(v, false, true)
	case schema.Literal:
		return w.value(v, true, true)
	case schema.Requirement:
		return w.requirement(v)
	}
	switch shape {
	case schema.ListOf:
		if def != nil && len(def.Keywords) > 0 && w.c.Kind(v) == scanner.String {
			if word := w.c.Doc.Text(v); slices.Contains(def.Keywords, word) {
				return word, true
			}
		}
		if w.c.Kind(v) != scanner.Array {
			return w.fail(v, "Expected an array", "this argument is a list written out element by element, each %s", modeWords(mode))
		}
		var elems []string
		for e := range w.c.Doc.Elements(v) {
			s, ok := w.syntax(e, mode)
			if !ok {
				return "", false
			}
			elems = append(elems, s)
		}
		return list(elems), true
	case schema.MapOf:
		if w.c.Kind(v) != scanner.Object {
			return w.fail(v, "Expected an object", "this argument is a map written out entry by entry, each key and value %s", modeWords(mode))
		}
		var items []string
		var err bool
		for k, val := range w.c.Doc.Members(v) {
			ks, ok := w.syntax(k, mode)
			vs, ok2 := w.syntax(val, mode)
			if !ok || !ok2 {
				err = true
				continue
			}
			items = append(items, ks+" = "+vs)
		}
		if err {
			return "", false
		}
		return object(items), true
	}
	return w.syntax(v, mode)
}

func modeWords(m schema.Mode) string {
	switch m {
	case schema.TypeExpr:
		return "a type constraint in a string"
	case schema.AbsTraversal, schema.RelTraversal:
		return "a reference in a string"
	case schema.Keyword:
		return "a keyword in a string"
	case schema.ProviderRef:
		return "a provider reference in a string"
	}
	return "an expression in a string"
}

// syntax returns the text of a string that holds syntax: the string's
// text itself, checked by the caller when it reads the result back.
func (w valueWriter) syntax(v int, mode schema.Mode) (string, bool) {
	if w.c.Kind(v) != scanner.String {
		return w.fail(v, "Expected a string", "this value must be %s, not a JSON %s", modeWords(mode), w.c.Kind(v))
	}
	text := strings.TrimSpace(w.c.Doc.Text(v))
	if strings.Contains(text, "${") && mode != schema.TypeExpr && mode != schema.NativeExpr {
		return w.fail(v, "Unexpected template", "this value is read as %s, where \"${\" has no meaning", modeWords(mode))
	}
	if text == "" || strings.ContainsAny(text, "\n\r") && mode != schema.TypeExpr && mode != schema.NativeExpr {
		// A reference or a keyword is one line; a newline would end the
		// argument in native syntax.
		return w.fail(v, "Cannot write value", "%q cannot be written in native syntax as %s", text, modeWords(mode))
	}
	return text, true
}

// requirement writes an entry of terraform.required_providers.
func (w valueWriter) requirement(v int) (string, bool) {
	if w.c.Kind(v) != scanner.Object {
		return w.value(v, true, true)
	}
	var items []string
	var err bool
	for k, val := range w.c.Doc.Members(v) {
		key := w.c.Doc.Text(k)
		var s string
		ok := true
		if key == "configuration_aliases" {
			s, ok = w.attr(val, schema.AbsTraversal, schema.ListOf, nil)
		} else {
			s, ok = w.value(val, true, false)
		}
		if !ok {
			err = true
			continue
		}
		items = append(items, objectKey(key, true)+" = "+s)
	}
	if err {
		return "", false
	}
	return object(items), true
}

// value writes node v as a native expression: literal=true reads strings
// as text, otherwise as templates. top allows a heredoc (only as the
// whole value of an argument: a heredoc's closing line must end it).
func (w valueWriter) value(v int, literal, top bool) (string, bool) {
	c := w.c
	switch c.Kind(v) {
	case scanner.Null:
		return "null", true
	case scanner.True:
		return "true", true
	case scanner.False:
		return "false", true
	case scanner.Number:
		return c.Doc.Literal(v), true
	case scanner.String:
		if literal {
			return literalString(c.Doc.Text(v), top), true
		}
		return w.template(v, top)
	case scanner.Array:
		var elems []string
		for e := range c.Doc.Elements(v) {
			s, ok := w.value(e, literal, false)
			if !ok {
				return "", false
			}
			elems = append(elems, s)
		}
		return list(elems), true
	case scanner.Object:
		var items []string
		var err bool
		seen := map[string]bool{}
		for k, val := range c.Doc.Members(v) {
			if name := c.Doc.Text(k); literal || template.IsLiteral(name) {
				if seen[name] {
					w.fail(k, "Duplicate object key", "the key %q is given twice: HCL's JSON syntax reports this when it evaluates the object, native syntax would keep the last value", name)
					err = true
					continue
				}
				seen[name] = true
			}
			key, ok := w.key(k, literal)
			s, ok2 := w.value(val, literal, false)
			if !ok || !ok2 {
				err = true
				continue
			}
			items = append(items, key+" = "+s)
		}
		if err {
			return "", false
		}
		return object(items), true
	}
	return w.fail(v, "Invalid value", "this value cannot be read")
}

// key writes an object key: bare when it is an identifier that native
// syntax reads as its own name, else quoted; a template key that is one
// interpolation is written in parentheses.
func (w valueWriter) key(k int, literal bool) (string, bool) {
	s := w.c.Doc.Text(k)
	if literal || template.IsLiteral(s) {
		return objectKey(s, literal), true
	}
	t, ok := w.template(k, false)
	if !ok {
		return "", false
	}
	if strings.HasPrefix(t, `"`) {
		return t, true
	}
	return "(" + t + ")", true
}

// objectKey writes a key that holds literal text s.
func objectKey(s string, literal bool) string {
	switch s {
	case "for", "in", "if", "true", "false", "null":
	default:
		if hclsyntax.ValidIdentifier(s) {
			return s
		}
	}
	if literal {
		s = template.Escape(s)
	}
	return string(template.AppendQuoted(nil, s))
}

// template writes string node v, read as an HCL template: a template that
// is one interpolation as the interpolated expression, literal text as a
// quoted string, anything else as a quoted template (or a heredoc).
func (w valueWriter) template(v int, top bool) (string, bool) {
	c := w.c
	s := c.Doc.Text(v)
	if template.IsLiteral(s) {
		return literalString(s, top), true
	}
	t := c.Template(v)
	c.tmpl, c.tmplNode = t, v // for readBack
	if diags := t.Diagnostics(); diags.HasErrors() {
		c.diags = append(c.diags, diags...)
		return "", false
	}
	inner, ok := t.Interpolation()
	if !ok && t.Wraps() {
		// Where the template cannot tell (a fast path's ranges through
		// escapes), the text is parsed for the range.
		expr, diags := nesting.ParseTemplate([]byte(s), "", hcl.InitialPos)
		if diags.HasErrors() {
			return w.fail(v, "Invalid template", "%s", diags[0].Error())
		}
		if wrap, isWrap := expr.(*hclsyntax.TemplateWrapExpr); isWrap {
			r := wrap.Wrapped.Range()
			inner, ok = s[r.Start.Byte:r.End.Byte], true
		}
	}
	if !ok {
		return w.quotedOrHeredoc(s, top), true
	}
	if strings.ContainsAny(inner, "\n\r") {
		inner = multiline(inner, top)
	}
	return inner, true
}

// quotedOrHeredoc writes template source s as a heredoc where it is the
// whole value of an argument (top) and whole printable lines, else as a
// quoted template.
func (w valueWriter) quotedOrHeredoc(s string, top bool) string {
	if top {
		if h, ok := heredoc(s); ok {
			return h
		}
	}
	return quotedTemplate(s)
}

// multiline returns the native text of expr, an expression's source that
// spans lines, as the value of an argument (top) or an element of a tuple
// or object: as it is where the grammar reads it so, in parentheses only
// where it must be. A newline ends an argument outside brackets (a\n+ b
// needs them, compact(\n  a,\n) does not), and a heredoc's closing line
// must end its line (inside a tuple, a comma would follow it). The
// author's line breaks are kept, and text that already reads as one
// expression gains nothing: converting back and forth reaches a fixed
// point.
func multiline(expr string, top bool) string {
	if endsWithHeredoc(expr) {
		if top && readsAsArgument(expr) {
			return expr
		}
		return "(" + expr + "\n)"
	}
	if !top || readsAsArgument(expr) {
		return expr
	}
	return "(" + expr + ")"
}

// readsAsArgument reports whether expr, written as an argument's value,
// is read as that one expression.
func readsAsArgument(expr string) bool {
	const prefix = "x = "
	f, diags := nesting.ParseConfig([]byte(prefix+expr+"\n"), "", hcl.InitialPos)
	if diags.HasErrors() {
		return false
	}
	body := f.Body.(*hclsyntax.Body)
	a, ok := body.Attributes["x"]
	if !ok || len(body.Attributes) != 1 || len(body.Blocks) != 0 {
		return false
	}
	r := a.Expr.Range()
	return r.Start.Byte == len(prefix) && r.End.Byte == len(prefix)+len(expr)
}

// endsWithHeredoc reports whether expression source expr ends with the
// closing line of a heredoc.
func endsWithHeredoc(expr string) bool {
	// A closing line is one only when a newline follows it.
	toks, _ := hclsyntax.LexExpression([]byte(expr+"\n"), "", hcl.InitialPos)
	for i := len(toks) - 1; i >= 0; i-- {
		switch toks[i].Type {
		case hclsyntax.TokenEOF, hclsyntax.TokenNewline:
			continue
		case hclsyntax.TokenCHeredoc:
			return true
		}
		return false
	}
	return false
}

// literalString writes text s as a native string whose value is s.
func literalString(s string, top bool) string {
	s = template.Escape(s)
	if top {
		if h, ok := heredoc(s); ok {
			return h
		}
	}
	return string(template.AppendQuoted(nil, s))
}

// heredoc writes template source s as a heredoc, if s is made of whole
// lines (it ends with a newline) of printable text.
func heredoc(s string) (string, bool) {
	if !strings.HasSuffix(s, "\n") || strings.Count(s, "\n") < 2 || !utf8.ValidString(s) {
		return "", false
	}
	for _, r := range s {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r == 0x2028 || r == 0x2029 {
			return "", false
		}
	}
	lines := strings.Split(s[:len(s)-1], "\n")
	delim := "EOT"
	for n := 1; slices.ContainsFunc(lines, func(l string) bool { return strings.TrimSpace(l) == delim }); n++ {
		delim = fmt.Sprintf("EOT%d", n)
	}
	return "<<" + delim + "\n" + s + delim, true
}

// plainTemplate reports whether template source s reads the same between
// quotes as it is: printable ASCII with no quote or backslash (which a
// quoted template would read as an escape, and a JSON string's template
// as text).
func plainTemplate(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// quotedTemplate writes template source s between quotes: the literal
// text between template sequences gets native string escapes, the
// sequences are kept as written.
func quotedTemplate(s string) string {
	if plainTemplate(s) {
		return `"` + s + `"` // nothing to escape, in text or sequences
	}
	toks, _ := hclsyntax.LexTemplate([]byte(s), "", hcl.InitialPos)
	out := []byte{'"'}
	depth, at := 0, 0
	// hclsyntax skips a byte order mark at the start of a template: so
	// does the JSON reading, and so must the native text.
	if strings.HasPrefix(s, "\ufeff") {
		at = len("\ufeff")
	}
	for _, t := range toks {
		start, end := t.Range.Start.Byte, t.Range.End.Byte
		if t.Type == hclsyntax.TokenEOF {
			start, end = len(s), len(s)
		}
		if depth > 0 {
			out = append(out, s[at:end]...)
		} else {
			out = template.AppendNativeEscapes(out, s[at:start])
			switch t.Type {
			case hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
				out = append(out, s[start:end]...)
			default:
				out = template.AppendNativeEscapes(out, s[start:end])
			}
		}
		switch t.Type {
		case hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			depth++
		case hclsyntax.TokenTemplateSeqEnd:
			depth--
		}
		at = end
	}
	out = template.AppendNativeEscapes(out, s[at:])
	return string(append(out, '"'))
}

// list writes a tuple: on one line when short and flat, else one element
// per line.
func list(elems []string) string {
	if len(elems) == 0 {
		return "[]"
	}
	one := "[" + strings.Join(elems, ", ") + "]"
	if len(one) <= 80 && !strings.ContainsAny(one, "\n") {
		return one
	}
	var b strings.Builder
	b.WriteString("[\n")
	for _, e := range elems {
		b.WriteString(e)
		b.WriteString(",\n")
	}
	b.WriteString("]")
	return b.String()
}

// object writes an object, one item per line.
func object(items []string) string {
	if len(items) == 0 {
		return "{}"
	}
	return "{\n" + strings.Join(items, "\n") + "\n}"
}

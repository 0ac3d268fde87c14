package template

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/customdecode"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Quick evaluates the commonest templates straight from their text, with no
// lexer, parser or AST: a template that is one interpolation, and ASCII
// text (on one line or several) mixed with interpolations, where each
// interpolation is a term of this grammar, spaces allowed between tokens:
//
//	term = traversal [ "[*]" ( "." ident )* ]      a reference, or a splat of one
//	     | ident "(" [ term ( "," term )* ] ")"    a call
//	     | `"` text `"` | number | "true" | "false"
//	     | "[" [ term ( "," term )* ] "]"          a tuple
//
// The traversal is the plain one of parseTraversalTemplate; a quoted text is
// printable ASCII without '\\', "${" or "%{"; a number is a decimal without
// leading zeros, with an optional fraction. Quick reports ok only when its
// value is certain to be what the parsed template's Value returns with no
// diagnostics: every variable and function is in ctx; every value a step
// or a splat is taken from is known, not null and not marked, and has what
// the step names; a splat's source is a non-empty list or tuple; a call has
// as many arguments as the function takes, each converts to its parameter's
// type (none asks for an expression), and the call succeeds; and each
// interpolation mixed with text is a known, non-null, unmarked string,
// number or bool. Otherwise (any other shape, any doubt) ok is false and
// the caller evaluates the parsed template, which gives the value or the
// diagnostics.
//
// Quick allocates little beyond the result. FuzzQuick checks it against
// hclsyntax's parser and evaluator.
func Quick(s string, ctx *hcl.EvalContext) (val cty.Value, ok bool) {
	if ctx == nil || len(s) < 4 {
		return cty.NilVal, false
	}
	q := quick{s: s, ctx: ctx}
	if s[0] == '$' && s[1] == '{' {
		q.i = 2
		if v, ok := q.interpolation(); ok && q.i == len(s) {
			return v, true
		}
		q.i = 0
	}
	return q.parts()
}

// quick evaluates s from offset i on.
type quick struct {
	s     string
	i     int
	ctx   *hcl.EvalContext
	depth int
}

// quickMaxDepth bounds the nesting of calls and tuples Quick follows.
const quickMaxDepth = 8

func (q *quick) spaces() {
	for q.i < len(q.s) && q.s[q.i] == ' ' {
		q.i++
	}
}

// interpolation evaluates a term and the "}" that ends it.
func (q *quick) interpolation() (cty.Value, bool) {
	v, ok := q.term()
	if !ok {
		return cty.NilVal, false
	}
	q.spaces()
	if q.i >= len(q.s) || q.s[q.i] != '}' {
		return cty.NilVal, false
	}
	q.i++
	return v, true
}

func (q *quick) term() (cty.Value, bool) {
	q.spaces()
	s := q.s
	if q.i >= len(s) {
		return cty.NilVal, false
	}
	switch c := s[q.i]; {
	case c == '"':
		return q.quoted()
	case isDigit(c):
		return q.number()
	case c == '[':
		return q.tuple()
	case isLetter(c):
		end := identEnd(s, q.i)
		switch s[q.i:end] {
		case "true":
			q.i = end
			return cty.True, true
		case "false":
			q.i = end
			return cty.False, true
		case "null":
			return cty.NilVal, false
		}
		if end < len(s) && s[end] == '(' {
			return q.call(end)
		}
		return q.reference()
	}
	return cty.NilVal, false
}

// quoted reads a quoted text.
func (q *quick) quoted() (cty.Value, bool) {
	s := q.s
	for j := q.i + 1; j < len(s); j++ {
		switch c := s[j]; {
		case c == '"':
			v := cty.StringVal(s[q.i+1 : j])
			q.i = j + 1
			return v, true
		case c < ' ' || c > '~' || c == '\\':
			return cty.NilVal, false
		case (c == '$' || c == '%') && j+1 < len(s) && s[j+1] == '{':
			return cty.NilVal, false
		}
	}
	return cty.NilVal, false
}

// number reads a decimal number.
func (q *quick) number() (cty.Value, bool) {
	s := q.s
	j := q.i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if s[q.i] == '0' && j > q.i+1 {
		return cty.NilVal, false // a leading zero
	}
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		j += 2
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	if j < len(s) && (isLetter(s[j]) || s[j] == '.' || isDigit(s[j])) {
		return cty.NilVal, false // an exponent, or something else
	}
	tok := s[q.i:j]
	q.i = j
	if len(tok) == 1 {
		return smallIndexes[tok[0]-'0'], true
	}
	v, err := cty.ParseNumberVal(tok)
	return v, err == nil
}

// list reads terms separated by commas up to the closing byte, which it
// consumes.
func (q *quick) list(closing byte, buf []cty.Value) ([]cty.Value, bool) {
	if q.depth++; q.depth > quickMaxDepth {
		return nil, false
	}
	defer func() { q.depth-- }()
	q.spaces()
	if q.i < len(q.s) && q.s[q.i] == closing {
		q.i++
		return buf, true
	}
	for {
		v, ok := q.term()
		if !ok {
			return nil, false
		}
		buf = append(buf, v)
		q.spaces()
		if q.i >= len(q.s) {
			return nil, false
		}
		switch q.s[q.i] {
		case ',':
			q.i++
		case closing:
			q.i++
			return buf, true
		default:
			return nil, false
		}
	}
}

// tuple reads "[" terms "]", as hclsyntax's TupleConsExpr evaluates it.
func (q *quick) tuple() (cty.Value, bool) {
	q.i++
	var buf [4]cty.Value
	vals, ok := q.list(']', buf[:0])
	if !ok {
		return cty.NilVal, false
	}
	if len(vals) == 0 {
		return cty.EmptyTupleVal, true
	}
	return cty.TupleVal(append([]cty.Value(nil), vals...)), true
}

// call evaluates a function call whose name ends at nameEnd, as
// hclsyntax's FunctionCallExpr does when it succeeds.
func (q *quick) call(nameEnd int) (cty.Value, bool) {
	name := q.s[q.i:nameEnd]
	q.i = nameEnd + 1
	var buf [4]cty.Value
	args, ok := q.list(')', buf[:0])
	if !ok {
		return cty.NilVal, false
	}
	for c := q.ctx; c != nil; c = c.Parent() {
		if c.Functions == nil {
			continue
		}
		f, exists := c.Functions[name]
		if !exists {
			continue
		}
		params := f.Params()
		varParam := f.VarParam()
		if len(args) < len(params) || varParam == nil && len(args) > len(params) {
			return cty.NilVal, false
		}
		for i, arg := range args {
			param := varParam
			if i < len(params) {
				param = &params[i]
			}
			if customdecode.CustomExpressionDecoderForType(param.Type) != nil {
				return cty.NilVal, false
			}
			v, err := convert.Convert(arg, param.Type)
			if err != nil {
				return cty.NilVal, false
			}
			args[i] = v
		}
		v, err := f.Call(args)
		return v, err == nil
	}
	return cty.NilVal, false
}

// reference evaluates a plain traversal, or a splat of one.
func (q *quick) reference() (cty.Value, bool) {
	s := q.s
	end := q.i
	for end = identEnd(s, end); end < len(s); {
		if strings.HasPrefix(s[end:], "[*]") {
			break
		}
		next := stepEnd(s, end)
		if next < 0 {
			break
		}
		end = next
	}
	val, ok := quickTraversal(s, q.i, end, q.ctx)
	q.i = end
	if !ok {
		return cty.NilVal, false
	}
	if !strings.HasPrefix(s[q.i:], "[*]") {
		return val, true
	}
	return q.splat(val)
}

// splat applies the ".attr" steps after "[*]" to each element of source,
// as hclsyntax's SplatExpr does when it succeeds.
func (q *quick) splat(source cty.Value) (cty.Value, bool) {
	s := q.s
	q.i += len("[*]")
	start := q.i
	for q.i < len(s) && s[q.i] == '.' {
		next := identEnd(s, q.i+1)
		if next == q.i+1 {
			return cty.NilVal, false
		}
		q.i = next
	}
	if q.i < len(s) && (s[q.i] == '[' || s[q.i] == '.') {
		return cty.NilVal, false
	}
	ty := source.Type()
	if source.IsNull() || !source.IsKnown() || source.IsMarked() || !ty.IsListType() && !ty.IsTupleType() || source.LengthInt() == 0 {
		return cty.NilVal, false
	}
	vals := make([]cty.Value, 0, source.LengthInt())
	for it := source.ElementIterator(); it.Next(); {
		_, v := it.Element()
		for i := start; i < q.i; {
			next := identEnd(s, i+1)
			if v.IsNull() || !v.IsKnown() || v.IsMarked() || !v.Type().IsObjectType() || !v.Type().HasAttribute(s[i+1:next]) {
				return cty.NilVal, false
			}
			v = v.GetAttr(s[i+1 : next])
			i = next
		}
		vals = append(vals, v)
	}
	if ty.IsListType() {
		if !cty.CanListVal(vals) {
			return cty.NilVal, false
		}
		return cty.ListVal(vals), true
	}
	return cty.TupleVal(vals), true
}

// quickTraversal evaluates the plain traversal s[i:end] in ctx, as
// hcl.Traversal.TraverseAbs does when it succeeds.
func quickTraversal(s string, i, end int, ctx *hcl.EvalContext) (cty.Value, bool) {
	rootEnd := identEnd(s, i)
	val, found := lookup(ctx, s[i:rootEnd])
	if !found {
		return cty.NilVal, false
	}
	for i = rootEnd; i < end; {
		if val.IsNull() || !val.IsKnown() || val.IsMarked() {
			return cty.NilVal, false
		}
		next := stepEnd(s, i)
		ty := val.Type()
		switch {
		case s[i] == '.' || s[i+1] == '"':
			var name string
			if s[i] == '.' {
				name = s[i+1 : next]
			} else {
				name = s[i+2 : next-2]
			}
			switch {
			case ty.IsObjectType():
				if !ty.HasAttribute(name) {
					return cty.NilVal, false
				}
				val = val.GetAttr(name)
			case ty.IsMapType():
				key := cty.StringVal(name)
				if !val.HasIndex(key).True() {
					return cty.NilVal, false
				}
				val = val.Index(key)
			default:
				return cty.NilVal, false
			}
		default:
			if !ty.IsListType() && !ty.IsTupleType() {
				return cty.NilVal, false
			}
			key := indexKey(s[i+1 : next-1])
			if !val.HasIndex(key).True() {
				return cty.NilVal, false
			}
			val = val.Index(key)
		}
		i = next
	}
	return val, true
}

// lookup finds the variable name in ctx or its parents, as TraverseAbs does.
func lookup(ctx *hcl.EvalContext, name string) (cty.Value, bool) {
	for c := ctx; c != nil; c = c.Parent() {
		if c.Variables == nil {
			continue
		}
		if v, ok := c.Variables[name]; ok {
			return v, true
		}
	}
	return cty.NilVal, false
}

// parts evaluates ASCII text mixed with interpolations, as hclsyntax's
// TemplateExpr does when it succeeds.
func (q *quick) parts() (cty.Value, bool) {
	s := q.s
	var b strings.Builder
	interpolations := 0
	for n := len(s); q.i < n; {
		c := s[q.i]
		switch {
		case c == '$' && q.i+1 < n && s[q.i+1] == '{':
			q.i += 2
			v, ok := q.interpolation()
			if !ok || v.IsNull() || !v.IsKnown() || v.IsMarked() {
				return cty.NilVal, false
			}
			switch v.Type() {
			case cty.String:
			case cty.Number, cty.Bool:
				var err error
				if v, err = convert.Convert(v, cty.String); err != nil {
					return cty.NilVal, false
				}
			default:
				return cty.NilVal, false
			}
			if b.Len() == 0 {
				b.Grow(n)
			}
			b.WriteString(v.AsString())
			interpolations++
		case c == '%' && q.i+1 < n && s[q.i+1] == '{':
			return cty.NilVal, false // a directive
		case (c == '$' || c == '%') && q.i+2 < n && s[q.i+1] == c && s[q.i+2] == '{':
			b.WriteByte(c) // an escape: "$${" is "${"
			q.i += 2
		case c == '\r' || c >= 0x80:
			// hclsyntax reads the rest of a template after a lone CR as
			// literal text, and normalizes non-ASCII text: leave both to it.
			return cty.NilVal, false
		default:
			b.WriteByte(c)
			q.i++
		}
	}
	if interpolations == 0 {
		return cty.NilVal, false
	}
	return cty.StringVal(b.String()), true
}

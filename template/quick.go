package template

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Quick evaluates the commonest templates straight from their text, with no
// AST: one interpolation of a plain traversal ("${var.region}"), and ASCII
// text mixed with such interpolations, on one line or several
// ("web-${var.env}-${count.index}", "arn:aws:s3:::${var.bucket}/*"). The
// traversal is the one parseTraversalTemplate reads. It reports ok only
// when the value is certain to be what Parse(src).Value(ctx) returns with
// no diagnostics: every variable is in ctx, and every value a step is
// taken from, and every part of a text, is known, not null and not marked;
// each step names an attribute the object has, a key the map has or an
// index the list or tuple has; each part is a string, a number or a bool.
// Otherwise (any other shape, any doubt) ok is false and the caller
// evaluates the parsed template, which gives the value or the diagnostics.
//
// Quick allocates nothing but the result. FuzzQuick checks it against the
// parsed template's Value.
func Quick(s string, ctx *hcl.EvalContext) (val cty.Value, ok bool) {
	if ctx == nil || len(s) < 4 {
		return cty.NilVal, false
	}
	if s[0] == '$' && s[1] == '{' {
		if end, _ := traversalEnd(s, 2); end == len(s)-1 {
			return quickTraversal(s, 2, end, ctx)
		}
	}
	return quickParts(s, ctx)
}

// quickTraversal evaluates the plain traversal s[i:end] (as found by
// traversalEnd) in ctx, as hcl.Traversal.TraverseAbs does when it succeeds.
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

// quickParts evaluates ASCII text mixed with interpolations of plain
// traversals, as hclsyntax's TemplateExpr does when it succeeds.
func quickParts(s string, ctx *hcl.EvalContext) (cty.Value, bool) {
	var b strings.Builder
	interpolations := 0
	for i, n := 0, len(s); i < n; {
		c := s[i]
		switch {
		case c == '$' && i+1 < n && s[i+1] == '{':
			end, _ := traversalEnd(s, i+2)
			if end < 0 {
				return cty.NilVal, false
			}
			v, ok := quickTraversal(s, i+2, end, ctx)
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
			i = end + 1
		case c == '%' && i+1 < n && s[i+1] == '{':
			return cty.NilVal, false // a directive
		case (c == '$' || c == '%') && i+2 < n && s[i+1] == c && s[i+2] == '{':
			b.WriteByte(c) // an escape: "$${" is "${"
			i += 2
		case c == '\r' || c >= 0x80:
			// hclsyntax reads the rest of a template after a lone CR as
			// literal text, and normalizes non-ASCII text: leave both to it.
			return cty.NilVal, false
		default:
			b.WriteByte(c)
			i++
		}
	}
	if interpolations == 0 {
		return cty.NilVal, false
	}
	return cty.StringVal(b.String()), true
}

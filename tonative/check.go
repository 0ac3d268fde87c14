package tonative

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/template"
	"github.com/zclconf/go-cty/cty"
)

// readBack parses text, the native form written for value node v, and
// reports whether it reads as v reads in mode and shape. A difference is
// reported as an error on v.
func (c *jsonConv) readBack(v int, text string, mode schema.Mode, shape schema.Shape, def *schema.Attribute, path []string) bool {
	var t *template.Template
	if c.tmpl != nil && c.tmplNode == v {
		t = c.tmpl // the writer parsed it: not again
	}
	c.tmpl = nil
	jx := c.Expression(v, t)
	nx, diags := nesting.ParseExpression([]byte(text+"\n"), c.Filename, hcl.InitialPos)
	if diags.HasErrors() {
		c.errorf(v, "Cannot write value", "%s: the native text written for this value does not parse (%s).", strings.Join(path, "."), diags[0].Summary)
		return false
	}
	if why := sameReading(jx, nx, mode, shape, def); why != "" {
		c.errorf(v, "Cannot write value", "%s: native syntax would read this value differently (%s).", strings.Join(path, "."), why)
		return false
	}
	return true
}

// sameReading compares how a language reading in mode and shape sees the
// JSON expression j and the native expression n; it returns "" when they
// agree, else what differs.
func sameReading(j, n hcl.Expression, mode schema.Mode, shape schema.Shape, def *schema.Attribute) string {
	switch mode {
	case schema.Expression:
		return sameExpression(j, n)
	case schema.Literal:
		return sameLiteral(j, n)
	case schema.Requirement:
		return sameRequirement(j, n)
	}
	switch shape {
	case schema.ListOf:
		if def != nil && len(def.Keywords) > 0 {
			if jw := hcl.ExprAsKeyword(j); jw != "" && slices.Contains(def.Keywords, jw) {
				if nw := hcl.ExprAsKeyword(n); nw != jw {
					return "the keyword " + jw + " became " + nw
				}
				return ""
			}
		}
		js, d1 := hcl.ExprList(j)
		ns, d2 := hcl.ExprList(n)
		if d1.HasErrors() || d2.HasErrors() || len(js) != len(ns) {
			return "not the same list"
		}
		for i := range js {
			if why := sameSyntax(js[i], ns[i], mode); why != "" {
				return why
			}
		}
		return ""
	case schema.MapOf:
		jm, d1 := hcl.ExprMap(j)
		nm, d2 := hcl.ExprMap(n)
		if d1.HasErrors() || d2.HasErrors() || len(jm) != len(nm) {
			return "not the same map"
		}
		for i := range jm {
			if why := sameSyntax(jm[i].Key, nm[i].Key, mode); why != "" {
				return why
			}
			if why := sameSyntax(jm[i].Value, nm[i].Value, mode); why != "" {
				return why
			}
		}
		return ""
	}
	return sameSyntax(j, n, mode)
}

// sameRequirement compares an entry of terraform.required_providers: a
// literal version string, or an object whose configuration_aliases are a
// list of references and whose other properties are literals.
func sameRequirement(j, n hcl.Expression) string {
	jm, diags := hcl.ExprMap(j)
	if diags.HasErrors() {
		return sameLiteral(j, n)
	}
	nm, diags := hcl.ExprMap(n)
	if diags.HasErrors() || len(jm) != len(nm) {
		return "not the same requirement"
	}
	for i := range jm {
		if why := sameLiteral(jm[i].Key, nm[i].Key); why != "" {
			return "a key: " + why
		}
		key, _ := jm[i].Key.Value(nil)
		if key.Type() == cty.String && key.IsKnown() && !key.IsNull() && key.AsString() == "configuration_aliases" {
			if why := sameReading(jm[i].Value, nm[i].Value, schema.AbsTraversal, schema.ListOf, nil); why != "" {
				return "configuration_aliases: " + why
			}
			continue
		}
		if why := sameLiteral(jm[i].Value, nm[i].Value); why != "" {
			return why
		}
	}
	return ""
}

// sameExpression compares two expressions: the variables they refer to,
// the functions they call, and their values (or failures) under a context
// built from those (probeContext).
func sameExpression(j, n hcl.Expression) string {
	jvars := j.Variables()
	jv, nv := traversalStrings(jvars), traversalStrings(n.Variables())
	if !slices.Equal(jv, nv) {
		return "it refers to " + strings.Join(nv, ", ") + " instead of " + strings.Join(jv, ", ")
	}
	jf, nf := jsonFunctions(j), nativeFunctions(n)
	if !hcljson.IsJSONExpression(j) {
		jf = nativeFunctions(j)
	}
	if !slices.Equal(sortedCopy(jf), sortedCopy(nf)) {
		return "it calls " + strings.Join(nf, ", ") + " instead of " + strings.Join(jf, ", ")
	}
	ctx := probeContext(jvars, jf)
	a, d1 := j.Value(ctx)
	b, d2 := n.Value(ctx)
	if d1.HasErrors() != d2.HasErrors() {
		return "one of them cannot be evaluated"
	}
	if d1.HasErrors() {
		if !slices.Equal(errorSummaries(d1), errorSummaries(d2)) {
			return "they fail differently: " + strings.Join(errorSummaries(d2), ", ") + " instead of " + strings.Join(errorSummaries(d1), ", ")
		}
		return ""
	}
	if !sameValue(a, b) {
		return "its value would change"
	}
	return ""
}

// sameValue is cty's RawEquals, except that numbers are compared as
// binary floats: RawEquals writes non-integers out in full decimal, which
// takes time quadratic in the exponent (1e-94459).
func sameValue(a, b cty.Value) bool {
	switch {
	case !a.Type().Equals(b.Type()):
		return false
	case !a.IsKnown() || !b.IsKnown() || a.IsNull() || b.IsNull() || a.IsMarked() || b.IsMarked():
		return a.RawEquals(b)
	case a.Type() == cty.Number:
		return a.AsBigFloat().Cmp(b.AsBigFloat()) == 0
	case a.Type().IsPrimitiveType():
		return a.RawEquals(b)
	case a.Type().IsObjectType() || a.Type().IsTupleType() || a.CanIterateElements():
		if a.LengthInt() != b.LengthInt() {
			return false
		}
		ia, ib := a.ElementIterator(), b.ElementIterator()
		for ia.Next() && ib.Next() {
			ka, va := ia.Element()
			kb, vb := ib.Element()
			if !sameValue(ka, kb) || !sameValue(va, vb) {
				return false
			}
		}
		return true
	}
	return a.RawEquals(b)
}

// errorSummaries returns the distinct summaries of the errors in diags,
// sorted.
func errorSummaries(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Severity == hcl.DiagError && !slices.Contains(out, d.Summary) {
			out = append(out, d.Summary)
		}
	}
	slices.Sort(out)
	return out
}

func sortedCopy(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// sameLiteral compares two expressions evaluated without a context.
func sameLiteral(j, n hcl.Expression) string {
	a, d1 := j.Value(nil)
	b, d2 := n.Value(nil)
	if d1.HasErrors() || d2.HasErrors() {
		return "it is not a constant"
	}
	if !sameValue(a, b) {
		return "its value would change"
	}
	return ""
}

// sameSyntax compares one string read as syntax in mode with the native
// expression written for it.
func sameSyntax(j, n hcl.Expression, mode schema.Mode) string {
	switch mode {
	case schema.TypeExpr:
		jw, nw := hcl.ExprAsKeyword(j), hcl.ExprAsKeyword(n)
		if jw == "list" || jw == "map" || nw == "list" || nw == "map" {
			if jw != nw {
				return "not the same type"
			}
			return ""
		}
		jt, _, d1 := typeexpr.TypeConstraintWithDefaults(j)
		nt, _, d2 := typeexpr.TypeConstraintWithDefaults(n)
		if d1.HasErrors() {
			return "it is not a type constraint: " + d1[0].Summary
		}
		if d2.HasErrors() || !jt.Equals(nt) {
			return "not the same type"
		}
		return ""
	case schema.AbsTraversal, schema.ProviderRef:
		jt, d1 := hcl.AbsTraversalForExpr(j)
		nt, d2 := hcl.AbsTraversalForExpr(n)
		if d1.HasErrors() && mode == schema.ProviderRef {
			return sameNative(j, n)
		}
		if d1.HasErrors() {
			return "it is not a reference: " + d1[0].Summary
		}
		if d2.HasErrors() || !template.SameTraversal(jt, nt) {
			return "not the same reference"
		}
		return ""
	case schema.RelTraversal:
		jt, d1 := hcl.RelTraversalForExpr(j)
		nt, d2 := hcl.RelTraversalForExpr(n)
		if d1.HasErrors() {
			return "it is not a relative reference: " + d1[0].Summary
		}
		if d2.HasErrors() || !template.SameTraversal(jt, nt) {
			return "not the same reference"
		}
		return ""
	case schema.Keyword:
		jw := hcl.ExprAsKeyword(j)
		if jw == "" {
			return "it is not a keyword"
		}
		if hcl.ExprAsKeyword(n) != jw {
			return "not the same keyword"
		}
		return ""
	case schema.NativeExpr:
		return sameNative(j, n)
	}
	return "unknown mode " + mode.String()
}

// sameNative compares a JSON string holding a native expression with the
// native expression written for it.
func sameNative(j, n hcl.Expression) string {
	v, diags := j.Value(nil)
	if diags.HasErrors() || !v.Type().Equals(cty.String) || v.IsNull() {
		return "it is not a string"
	}
	inner, diags := module.ReadValue(j, schema.NativeExpr, false)
	if diags.HasErrors() {
		return "it does not parse as an expression: " + diags[0].Summary
	}
	return sameExpression(inner.Expr, n)
}

// traversalStrings renders traversals as source-like text, for comparing.
func traversalStrings(ts []hcl.Traversal) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		var b strings.Builder
		for _, step := range t {
			switch s := step.(type) {
			case hcl.TraverseRoot:
				b.WriteString(s.Name)
			case hcl.TraverseAttr:
				b.WriteString("." + s.Name)
			case hcl.TraverseIndex:
				b.WriteString("[" + s.Key.GoString() + "]")
			case hcl.TraverseSplat:
				b.WriteString("[*]")
			}
		}
		out[i] = b.String()
	}
	return out
}

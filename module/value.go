package module

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/template"
	"github.com/zclconf/go-cty/cty"
)

// A Value is one value of an argument read in its mode (schema.Mode), as
// ReadValue reads it. Which fields are set depends on the mode.
type Value struct {
	// Expr is the expression the mode reads. For NativeExpr and
	// ProviderRef it is the native expression: in the JSON syntax the
	// string's text parsed as native syntax, with every range exact in
	// the file (spec.md D11); nil when a JSON value is not a string. For the other modes it is
	// the value itself, or, for a legacy quoted string of the native
	// syntax, the expression the string holds.
	Expr hcl.Expression

	// Val is, for Literal, the value evaluated without a context.
	Val cty.Value

	// Traversal is, for AbsTraversal and RelTraversal, the reference;
	// for ProviderRef the static reference (name, name.alias, or
	// name.alias["key"] with its constant key as the last step), or the
	// reference before OpenTofu's instance key that is an expression
	// (name.alias of name.alias[each.key], whose key is Key). It is nil
	// when the value is no such reference.
	Traversal hcl.Traversal

	// Key is, for ProviderRef, OpenTofu's instance key when it is an
	// expression (each.key in name.alias[each.key]), nil otherwise.
	Key hcl.Expression

	// Keyword is, for Keyword, the bare word, "" when the value is not
	// one.
	Keyword string

	// Type and Defaults are, for TypeExpr, the type constraint and its
	// optional attributes' defaults (cty.NilType when it does not read).
	Type     cty.Type
	Defaults *typeexpr.Defaults
}

// ReadValue reads expr, one value of an argument (the whole value of a
// schema.One argument, an element of a ListOf, a key or a value of a
// MapOf), in mode, as Terraform and OpenTofu read it from either syntax.
// It is the one reader of values by mode: the checker, the module's
// validation, inspect and the converters call it, so that a JSON string
// that holds syntax is read one way everywhere, with ranges exact through
// its escapes.
//
//   - Expression: expr itself. A JSON string is a template, read when it
//     is evaluated with a context (its ranges are exact, spec.md
//     §json-strings); nothing is reported here.
//   - Literal: the value evaluated without a context, and its errors.
//   - TypeExpr: the type constraint (ext/typeexpr), with Terraform's
//     legacy shorthands list and map for list(any) and map(any), and its
//     errors.
//   - AbsTraversal, RelTraversal: the reference (hcl.AbsTraversalForExpr,
//     hcl.RelTraversalForExpr), and hcl's error when it is none.
//   - Keyword: the bare word (hcl.ExprAsKeyword). That it is one, and one
//     of the words allowed, is the caller's to judge.
//   - NativeExpr: the native expression. A JSON value must be a string
//     ("Invalid expression" otherwise), whose text is parsed as native
//     syntax (hclsyntax.ParseExpression), with the parser's errors.
//   - ProviderRef: the native expression, as NativeExpr reads it (a JSON
//     string parsed once, with its errors), and the static reference it
//     is, or, as OpenTofu reads name.alias[key] with a key that is an
//     expression, the reference and the key. A value that is no reference
//     at all has no Traversal and no error: the caller words it.
//   - Requirement: expr itself; its entries are the caller's.
//
// Every range of the result and of the diagnostics is exact in the file,
// in a JSON string after escapes (\", \\, \n, \u00e9, surrogate pairs) and
// multi-byte text too, and starts after the opening quote (spec.md D11,
// D12): the JSON string is read through hcljson.StringSource and package
// template's source map.
//
// quoted says that the attribute takes the legacy quoted form of the
// native syntax (schema.Attribute.Quoted): a native quoted string holding
// a reference (AbsTraversal, RelTraversal, ProviderRef) or a keyword is
// read as what it holds, with the deprecation warning of Unquoted. (The
// ranges inside such a string are exact only when it has no escapes:
// they are the programs' reading, from just after the quote.)
//
// A nil expr and a mode out of range panic (spec.md §misuse).
func ReadValue(expr hcl.Expression, mode schema.Mode, quoted bool) (Value, hcl.Diagnostics) {
	if expr == nil {
		panic("module: ReadValue of a nil hcl.Expression")
	}
	var warn hcl.Diagnostics
	if quoted && !hcljson.IsJSONExpression(expr) {
		switch mode {
		case schema.AbsTraversal, schema.RelTraversal, schema.ProviderRef:
			expr, warn = Unquoted(expr, "references")
		case schema.Keyword:
			expr, warn = Unquoted(expr, "keywords")
		}
	}
	v := Value{Expr: expr}
	var diags hcl.Diagnostics
	switch mode {
	case schema.Expression, schema.Requirement:
	case schema.Literal:
		v.Val, diags = expr.Value(nil)
	case schema.TypeExpr:
		v.Type, v.Defaults, diags = typeConstraint(expr)
	case schema.AbsTraversal:
		v.Traversal, diags = hcl.AbsTraversalForExpr(expr)
	case schema.RelTraversal:
		v.Traversal, diags = hcl.RelTraversalForExpr(expr)
	case schema.Keyword:
		v.Keyword = hcl.ExprAsKeyword(expr)
	case schema.NativeExpr:
		v.Expr, diags = native(expr)
	case schema.ProviderRef:
		diags = providerRef(expr, &v)
	default:
		panic(fmt.Sprintf("module: ReadValue in unknown %v", mode))
	}
	if len(warn) > 0 {
		diags = append(warn, diags...)
	}
	return v, diags
}

// typeConstraint reads a type expression, with Terraform's legacy
// shorthands list and map. A type in a JSON string that nests past the
// limit is "Nesting too deep" on its place (spec.md C20), as the same
// type in native syntax is, rather than typeexpr's "Invalid type
// specification", which says nothing of why.
//
// A type in a JSON string is read from its text parsed once as native
// syntax (template.ParseExpression, exact ranges) when that reads it
// without a diagnostic: what the JSON expression's static-analysis hooks
// give, each of which parses the text again (hcl.ExprAsKeyword then
// typeexpr's own). Otherwise it is read through those hooks, whose
// diagnostics are the reference.
func typeConstraint(expr hcl.Expression) (cty.Type, *typeexpr.Defaults, hcl.Diagnostics) {
	if src, ok := hcljson.StringSource(expr); ok {
		nx, diags := template.ParseExpression(src)
		if nesting.Suspect(src.Text) && len(diags) > 0 && diags[0].Summary == nesting.Summary {
			return cty.DynamicPseudoType, nil, diags[:1]
		}
		if nx != nil && len(diags) == 0 {
			if ty, defaults, diags := typeOf(nx); len(diags) == 0 {
				return ty, defaults, nil
			}
		}
	}
	return typeOf(expr)
}

// typeOf reads the type expression expr, with the legacy shorthands.
func typeOf(expr hcl.Expression) (cty.Type, *typeexpr.Defaults, hcl.Diagnostics) {
	switch hcl.ExprAsKeyword(expr) {
	case "list":
		return cty.List(cty.DynamicPseudoType), nil, nil
	case "map":
		return cty.Map(cty.DynamicPseudoType), nil, nil
	}
	return typeexpr.TypeConstraintWithDefaults(expr)
}

// native returns the native expression that expr holds: expr itself in
// the native syntax, a JSON string's text parsed as native syntax with
// exact ranges. A JSON value that is not a string is an error, and nil.
func native(expr hcl.Expression) (hcl.Expression, hcl.Diagnostics) {
	if !hcljson.IsJSONExpression(expr) {
		return expr, nil
	}
	if src, ok := hcljson.StringSource(expr); ok {
		return template.ParseExpression(src)
	}
	_, diags := expr.Value(nil)
	if diags.HasErrors() {
		return nil, diags
	}
	return nil, hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Invalid expression",
		Detail:   "A string holding an expression in native syntax is required here.",
		Subject:  expr.Range().Ptr(),
	}}
}

// providerRef reads a provider configuration reference into v: the
// native expression (a JSON string parsed once), and the reference it is
// or, for name.alias[key], the reference before the key.
func providerRef(expr hcl.Expression, v *Value) hcl.Diagnostics {
	x, diags := native(expr)
	v.Expr = x
	if diags.HasErrors() {
		return diags
	}
	if t, d := hcl.AbsTraversalForExpr(x); !d.HasErrors() {
		v.Traversal = t
		return diags
	}
	if ix, ok := hcl.UnwrapExpression(x).(*hclsyntax.IndexExpr); ok {
		if t, d := hcl.AbsTraversalForExpr(template.Within(x, ix.Collection)); !d.HasErrors() {
			v.Traversal = t
			v.Key = template.Within(x, ix.Key)
		}
	}
	return diags
}

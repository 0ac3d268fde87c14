package tojson

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/template"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// This file converts attributes whose mode comes from a schema
// (Options.Schema): literals, and syntax that a JSON reader parses
// out of a string (type expressions, traversals, keywords, native
// expressions). Each syntax value is first read from the native
// expression the way the language reads it; its source text is then
// written as a plain string, and read back the way a JSON reader reads
// that string, so that a value whose reading would change is an error.

// schemaAttribute converts a in the mode that c.schema gives it.
func (c *nativeConv) schemaAttribute(a *hclsyntax.Attribute) (gen.Value, gen.Mode) {
	arg, _ := c.schema.Argument(a.Name) // a name not accepted (CheckStructure reports it) reads as an expression
	mode, shape, def := arg.Mode, arg.Shape, arg.Attribute
	switch {
	case mode == schema.Expression:
		return c.expr(a.Expr), gen.Expr
	case mode == schema.Literal:
		if !arg.OpenTofuTemplate {
			return c.literal(a.Expr), gen.Literal
		}
		if hasTemplateText(a.Expr) {
			c.fail(a.Expr, "Read differently by Terraform and OpenTofu", "Terraform takes a JSON string here as text, OpenTofu evaluates its template sequences (\"${\", \"%{\"), so no JSON means the same to both. To convert for OpenTofu alone, choose it (--program opentofu, or a .tofu file name)")
			return gen.Value{}, gen.Literal
		}
		n := len(c.diags)
		v := c.literal(a.Expr)
		if len(c.diags) > n && c.diags[n].Summary == "Not a constant" {
			d := strings.Replace(c.diags[n].Detail, "it is read as", "Terraform reads it as", 1)
			c.diags[n].Detail = strings.TrimSuffix(d, ".") + ". OpenTofu evaluates variables and locals here: to convert for OpenTofu, choose it (--program opentofu, or a .tofu file name)."
		}
		return v, gen.Literal
	case mode == schema.Requirement:
		return c.requirement(a.Expr), gen.Literal
	case !mode.Syntax():
		c.fail(a.Expr, "Unknown mode", "the schema gives it the mode "+mode.String())
		return gen.Value{}, gen.Literal
	}
	switch shape {
	case schema.ListOf:
		if def != nil && len(def.Keywords) > 0 {
			if word := hcl.ExprAsKeyword(a.Expr); word != "" && slices.Contains(def.Keywords, word) {
				return gen.String(word), gen.Literal
			}
		}
		return c.syntaxList(a.Expr, mode, def), gen.Literal
	case schema.MapOf:
		pairs, diags := hcl.ExprMap(a.Expr)
		if diags.HasErrors() {
			c.fail(a.Expr, "Not a static map", "it must be a map written out key by key ("+diags[0].Summary+")")
			return gen.Value{}, gen.Literal
		}
		props := make([]gen.Prop, 0, len(pairs))
		for _, p := range pairs {
			k := c.syntax(p.Key, mode, def)
			v := c.syntax(p.Value, mode, def)
			props = append(props, gen.Prop{Key: k, Value: v})
		}
		return gen.Object(props...), gen.Literal
	}
	return c.syntax(a.Expr, mode, def), gen.Literal
}

// syntaxList converts a static list whose elements are read in mode.
func (c *nativeConv) syntaxList(e hcl.Expression, mode schema.Mode, def *schema.Attribute) gen.Value {
	exprs, diags := hcl.ExprList(e)
	if diags.HasErrors() {
		c.fail(nativeExpr(e), "Not a static list", "it must be a list written out element by element ("+diags[0].Summary+")")
		return gen.Value{}
	}
	elems := make([]gen.Value, len(exprs))
	for i, x := range exprs {
		elems[i] = c.syntax(x, mode, def)
	}
	return gen.Array(elems...)
}

// syntax converts one value that a JSON reader parses out of a string.
func (c *nativeConv) syntax(e hcl.Expression, mode schema.Mode, def *schema.Attribute) gen.Value {
	at := nativeExpr(e)
	if def != nil && def.Quoted {
		if v, ok := c.quotedSyntax(e, mode); ok {
			return v
		}
	}
	text := c.text(e.Range())
	switch mode {
	case schema.TypeExpr:
		// The keywords list and map alone are the legacy shorthands
		// for list(any) and map(any).
		if w := hcl.ExprAsKeyword(e); w == "list" || w == "map" {
			return c.stringValue(w, at)
		}
		ty, _, diags := typeexpr.TypeConstraintWithDefaults(e)
		if diags.HasErrors() {
			c.fail(at, "Not a type", "it is read as a type constraint ("+diags[0].Summary+")")
			return gen.Value{}
		}
		// The text, written in a JSON string, read back as every layer
		// reads it (module.ReadText).
		if back, diags := c.readText(text, schema.TypeExpr); !diags.HasErrors() && back.Type.Equals(ty) {
			return c.stringValue(text, at)
		}
		c.fail(at, "Cannot write type", "its source text does not read back as the same type")
		return gen.Value{}
	case schema.AbsTraversal, schema.RelTraversal, schema.ProviderRef:
		tr, diags := hcl.AbsTraversalForExpr(e)
		if diags.HasErrors() && mode == schema.ProviderRef && isKeyedReference(e) {
			// OpenTofu also takes an instance key that is an
			// expression (aws.west[each.key]), parsed as native syntax.
			return c.syntax(e, schema.NativeExpr, def)
		}
		if diags.HasErrors() {
			c.fail(at, "Not a reference", "it is read as a static reference such as a.b[\"c\"] ("+diags[0].Summary+")")
			return gen.Value{}
		}
		back, diags := c.readText(text, schema.AbsTraversal)
		if diags.HasErrors() || !template.SameTraversal(tr, back.Traversal) {
			c.fail(at, "Cannot write reference", "its source text does not read back as the same reference")
			return gen.Value{}
		}
		return c.stringValue(text, at)
	case schema.Keyword:
		word := hcl.ExprAsKeyword(e)
		if word == "" {
			c.fail(at, "Not a keyword", "it is read as one bare word")
			return gen.Value{}
		}
		return c.stringValue(word, at)
	case schema.NativeExpr:
		if _, diags := c.readText(text, schema.NativeExpr); diags.HasErrors() {
			c.fail(at, "Cannot write expression", "its source text does not parse alone ("+diags[0].Summary+")")
			return gen.Value{}
		}
		return c.stringValue(text, at)
	}
	c.fail(at, "Unknown mode", "the schema gives it the mode "+mode.String())
	return gen.Value{}
}

// quotedSyntax converts a reference or keyword written in a native quoted
// string, as Terraform 0.11 wrote it ("aws.west", "destroy"): Terraform
// and OpenTofu read it as the unquoted syntax, with a deprecation
// warning, and in JSON it is that string. ok is false when e is not a
// quoted string holding one traversal; the caller reports what it is.
func (c *nativeConv) quotedSyntax(e hcl.Expression, mode schema.Mode) (gen.Value, bool) {
	if key, ok := e.(*hclsyntax.ObjectConsKeyExpr); ok {
		e = key.Wrapped
	}
	tmpl, ok := e.(*hclsyntax.TemplateExpr)
	if !ok || !tmpl.IsStringLiteral() {
		return gen.Value{}, false
	}
	text, ok := literalText(tmpl)
	if !ok {
		return gen.Value{}, false
	}
	// In JSON it is the string: read back as the reference it holds.
	back, diags := c.readText(text, schema.AbsTraversal)
	if diags.HasErrors() || strings.ContainsAny(text, "\n\r") {
		return gen.Value{}, false
	}
	tr := back.Traversal
	what := "references"
	switch mode {
	case schema.Keyword:
		if len(tr) != 1 {
			return gen.Value{}, false
		}
		what = "keywords"
	case schema.AbsTraversal, schema.RelTraversal, schema.ProviderRef:
	default:
		return gen.Value{}, false
	}
	c.diags = append(c.diags, &hcl.Diagnostic{
		Severity: hcl.DiagWarning,
		Summary:  "Quoted " + what + " are deprecated",
		Detail: fmt.Sprintf("The argument %q%s gives a %s in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.",
			c.attrName(), c.where(), strings.TrimSuffix(what, "s")),
		Subject: e.Range().Ptr(),
	})
	return c.stringValue(text, nativeExpr(e)), true
}

// hasTemplateText reports whether e is a constant holding a string with
// "${" or "%{" in it.
func hasTemplateText(e hcl.Expression) bool {
	v, diags := e.Value(nil)
	if diags.HasErrors() {
		return false // not a constant: reported as such
	}
	found := false
	cty.Walk(v, func(_ cty.Path, x cty.Value) (bool, error) {
		if x.IsKnown() && !x.IsNull() && x.Type() == cty.String {
			if s := x.AsString(); strings.Contains(s, "${") || strings.Contains(s, "%{") {
				found = true
			}
		}
		return !found, nil
	})
	return found
}

// isKeyedReference reports whether e is a reference with an index that is
// an expression: aws.west[each.key].
func isKeyedReference(e hcl.Expression) bool {
	ix, ok := e.(*hclsyntax.IndexExpr)
	if !ok {
		return false
	}
	_, diags := hcl.AbsTraversalForExpr(ix.Collection)
	return !diags.HasErrors()
}

// requirement converts an entry of terraform.required_providers: a
// version string, or an object whose configuration_aliases are references
// and whose other properties are literals.
func (c *nativeConv) requirement(e hclsyntax.Expression) gen.Value {
	obj, ok := e.(*hclsyntax.ObjectConsExpr)
	if !ok {
		return c.literal(e)
	}
	keys, ok := staticKeys(obj)
	if !ok {
		return c.literal(e)
	}
	props := make([]gen.Prop, len(obj.Items))
	for i, item := range obj.Items {
		var v gen.Value
		if keys[i] == "configuration_aliases" {
			v = c.syntaxList(item.ValueExpr, schema.AbsTraversal, nil)
		} else {
			v = c.literal(item.ValueExpr)
		}
		props[i] = gen.Prop{Key: gen.String(keys[i]), Value: v}
	}
	return gen.Object(props...)
}

// nativeExpr returns e as a native expression, for diagnostics (nil when
// it is not one: the attribute's range is used instead).
func nativeExpr(e hcl.Expression) hclsyntax.Expression {
	x, _ := e.(hclsyntax.Expression)
	return x
}

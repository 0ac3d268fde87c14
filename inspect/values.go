package inspect

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// decodeVariable reads a variable block as OpenTofu does: literal
// arguments, the type constraint with its optional attribute defaults,
// and the default converted to the type.
func (n *node) decodeVariable(l *loader, blk *hcl.Block) {
	name := blk.Labels[0]
	if !l.unique(n, blk, "var."+name, "variable") {
		return
	}
	content, _, _ := l.content(blk.Body, "variable")
	attrs := content.Attributes
	v := &Variable{Range: rangeOf(blk.DefRange)}
	var diags hcl.Diagnostics
	if attr := attrs["description"]; attr != nil {
		v.Description, diags = literalString(attr)
		l.diags = append(l.diags, diags...)
	}
	var defaults *typeexpr.Defaults
	if attr := attrs["type"]; attr != nil {
		v.Type, defaults, diags = variableType(attr.Expr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["sensitive"]; attr != nil {
		v.Sensitive, diags = literalBool(attr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["ephemeral"]; attr != nil {
		v.Ephemeral, diags = literalBool(attr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["deprecated"]; attr != nil {
		v.Deprecated, diags = literalString(attr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["default"]; attr != nil {
		v.Default = l.variableDefault(attr, v.Type, defaults)
	}
	if n.mod.Variables == nil {
		n.mod.Variables = make(map[string]*Variable)
	}
	n.mod.Variables[name] = v
}

// variableType reads a type constraint: the list and map shorthands, or a
// type expression (in JSON, a string holding one). A native quoted string
// is the pre-0.12 form, which OpenTofu rejects.
func variableType(expr hcl.Expression) (cty.Type, *typeexpr.Defaults, hcl.Diagnostics) {
	if t, ok := expr.(*hclsyntax.TemplateExpr); ok && t.IsStringLiteral() {
		return cty.DynamicPseudoType, nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Invalid quoted type constraints",
			Detail:   "Type constraints are written without quotes since Terraform 0.12: remove the quotes.",
			Subject:  expr.Range().Ptr(),
		}}
	}
	switch hcl.ExprAsKeyword(expr) {
	case "list":
		return cty.List(cty.DynamicPseudoType), nil, nil
	case "map":
		return cty.Map(cty.DynamicPseudoType), nil, nil
	}
	ty, defaults, diags := typeexpr.TypeConstraintWithDefaults(expr)
	if diags.HasErrors() {
		return cty.DynamicPseudoType, nil, diags
	}
	return ty, defaults, diags
}

// variableDefault evaluates a default without a context, applies the
// type's optional attribute defaults and converts it to the type.
func (l *loader) variableDefault(attr *hcl.Attribute, ty cty.Type, defaults *typeexpr.Defaults) cty.Value {
	val, diags := evaluate(attr.Expr, nil)
	l.diags = append(l.diags, diags...)
	if diags.HasErrors() {
		return cty.DynamicVal
	}
	if ty == cty.NilType {
		return val
	}
	if defaults != nil && !val.IsNull() {
		val = defaults.Apply(val)
	}
	conv, err := convert.Convert(val, ty)
	if err != nil {
		l.diags = append(l.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Invalid default value for variable",
			Detail:   fmt.Sprintf("This default value is not compatible with the variable's type constraint: %s.", err),
			Subject:  attr.Expr.Range().Ptr(),
		})
		return cty.DynamicVal
	}
	return conv
}

// decodeOutput reads an output block.
func (n *node) decodeOutput(l *loader, blk *hcl.Block) {
	name := blk.Labels[0]
	if !l.unique(n, blk, "output."+name, "output") {
		return
	}
	content, _, _ := l.content(blk.Body, "output")
	attrs := content.Attributes
	o := &Output{Range: rangeOf(blk.DefRange)}
	var diags hcl.Diagnostics
	if attr := attrs["value"]; attr != nil {
		o.Expression = NewExpression(attr.Expr)
	}
	if attr := attrs["description"]; attr != nil {
		o.Description, diags = literalString(attr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["sensitive"]; attr != nil {
		o.Sensitive, diags = literalBool(attr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["ephemeral"]; attr != nil {
		o.Ephemeral, diags = literalBool(attr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["deprecated"]; attr != nil {
		o.Deprecated, diags = literalString(attr)
		l.diags = append(l.diags, diags...)
	}
	if attr := attrs["depends_on"]; attr != nil {
		o.DependsOn = l.dependsOn(attr)
	}
	if n.mod.Outputs == nil {
		n.mod.Outputs = make(map[string]*Output)
	}
	n.mod.Outputs[name] = o
}

// decodeLocals reads a locals block.
func (n *node) decodeLocals(l *loader, blk *hcl.Block) {
	content, _, _ := l.content(blk.Body, "locals")
	for _, name := range sortedKeys(content.Attributes) {
		attr := content.Attributes[name]
		var prevRange hcl.Range
		prev, ok := n.decls.FirstLocal(attr)
		if prev != nil {
			prevRange = prev.NameRange
		}
		if !l.first("local."+name, "local value", attr.NameRange, prevRange, ok) {
			continue
		}
		if n.mod.Locals == nil {
			n.mod.Locals = make(map[string]*Local)
		}
		n.mod.Locals[name] = &Local{Expression: NewExpression(attr.Expr), Range: rangeOf(attr.Range)}
		n.localExprs[name] = attr.Expr
	}
}

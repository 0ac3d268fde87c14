package inspect

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// noContext evaluates JSON-syntax expressions as templates with no
// variables and no functions, as the native syntax evaluates with a nil
// context. It is never modified.
var noContext = &hcl.EvalContext{}

// NewExpression returns the expression representation of expr, an
// argument read as an expression (not a literal or a keyword).
//
// ConstantValue is set when expr evaluates without variables and
// functions. OpenTofu evaluates with a nil context, under which a JSON
// string is taken as written: it reports the raw text of "${var.x}" as
// a constant value beside the references. Here a JSON string is read as
// the template it is, as the native syntax reads its twin, so "${var.x}"
// has only references and "$${x}" has the constant value "${x}".
//
// It panics if expr is nil.
func NewExpression(expr hcl.Expression) *Expression {
	if expr == nil {
		panic("inspect: NewExpression of a nil hcl.Expression")
	}
	e := &Expression{References: References(expr)}
	var ctx *hcl.EvalContext
	if hcljson.IsJSONExpression(expr) {
		ctx = noContext
	}
	v, diags := evaluate(expr, ctx)
	if !diags.HasErrors() && valueJSON(v) != nil {
		e.ConstantValue = v
	}
	return e
}

// evaluate is expr.Value, with a panic in an evaluator (never expected)
// turned into an error, and with the expression's range for a diagnostic
// whose range hclsyntax left unset: a call cut short by a syntax error
// ("replace(" at the end of a file) has no closing parenthesis, and
// "Not enough function arguments" is reported there, at line 0 of no
// file; it is reported on the call's name and parenthesis instead.
func evaluate(expr hcl.Expression, ctx *hcl.EvalContext) (v cty.Value, diags hcl.Diagnostics) {
	defer func() {
		if p := recover(); p != nil {
			rng := expr.Range()
			v, diags = cty.DynamicVal, hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "Expression cannot be evaluated",
				Detail:   "Evaluating this expression failed inside HCL; its value is left out.",
				Subject:  &rng,
			}}
		}
	}()
	v, diags = expr.Value(ctx)
	for _, d := range diags {
		if d.Subject != nil && d.Subject.Filename == "" {
			rng := expr.Range()
			if rng.End.Byte < rng.Start.Byte {
				rng = expr.StartRange() // the call's range ends at its missing parenthesis too
			}
			d.Subject = &rng
			if d.Context != nil && (d.Context.Filename == "" || d.Context.End.Byte < d.Context.Start.Byte) {
				d.Context = nil
			}
		}
	}
	return v, diags
}

// optionalExpression is NewExpression for an argument that may be absent,
// and is left out when its representation is empty, as OpenTofu leaves
// out count_expression and for_each_expression.
func optionalExpression(attr *hcl.Attribute) *Expression {
	if attr == nil {
		return nil
	}
	if e := NewExpression(attr.Expr); !e.Empty() {
		return e
	}
	return nil
}

// literal evaluates a literal argument (evaluated without a context in
// both syntaxes) and converts it to ty.
func literal(attr *hcl.Attribute, ty cty.Type) (cty.Value, hcl.Diagnostics) {
	v, diags := evaluate(attr.Expr, nil)
	if diags.HasErrors() {
		return cty.NilVal, diags
	}
	v, err := convert.Convert(v, ty)
	if err != nil || v.IsNull() || !v.IsWhollyKnown() {
		return cty.NilVal, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Incorrect value type",
			Detail:   "Invalid expression value: " + convertError(err, ty) + ".",
			Subject:  attr.Expr.Range().Ptr(),
		}}
	}
	return v, nil
}

func convertError(err error, ty cty.Type) string {
	if err != nil {
		return err.Error()
	}
	return ty.FriendlyName() + " required"
}

// literalString decodes a literal string argument.
func literalString(attr *hcl.Attribute) (string, hcl.Diagnostics) {
	v, diags := literal(attr, cty.String)
	if v == cty.NilVal {
		return "", diags
	}
	return v.AsString(), diags
}

// literalBool decodes a literal bool argument.
func literalBool(attr *hcl.Attribute) (bool, hcl.Diagnostics) {
	v, diags := literal(attr, cty.Bool)
	if v == cty.NilVal {
		return false, diags
	}
	return v.True(), diags
}

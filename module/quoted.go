package module

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/zclconf/go-cty/cty"
)

// Unquoted returns the expression that a legacy quoted reference or
// keyword of the native syntax holds ("aws.west", "destroy", as Terraform
// 0.11 wrote them), which Terraform and OpenTofu still read, with a
// deprecation warning; any other expression (nil included) is returned as
// it is, with no diagnostics. A quoted string that holds no expression
// ("", "1x") is returned as it is, with the warning too, as the programs
// warn before they find it is no reference. what is "references" or
// "keywords"; Unquoted panics if it is anything else.
func Unquoted(expr hcl.Expression, what string) (hcl.Expression, hcl.Diagnostics) {
	if what != "references" && what != "keywords" {
		panic(fmt.Sprintf("module: Unquoted of %q: want \"references\" or \"keywords\"", what))
	}
	inner := expr
	if k, ok := expr.(*hclsyntax.ObjectConsKeyExpr); ok {
		inner = k.Wrapped // an object's key: providers = { "aws.west" = aws }
	}
	tmpl, ok := inner.(*hclsyntax.TemplateExpr)
	if !ok || len(tmpl.Parts) != 1 {
		return expr, nil
	}
	lit, ok := tmpl.Parts[0].(*hclsyntax.LiteralValueExpr)
	if !ok || !lit.Val.Type().Equals(cty.String) || lit.Val.IsNull() {
		return expr, nil
	}
	// The text starts after the opening quote.
	start := tmpl.SrcRange.Start
	start.Column++
	start.Byte++
	warning := hcl.Diagnostics{{
		Severity: hcl.DiagWarning,
		Summary:  "Quoted " + what + " are deprecated",
		Detail:   "This argument gives " + what + " in quotes, as Terraform 0.11 wrote them; Terraform and OpenTofu read them as if unquoted, with this warning. Remove the quotes to silence it.",
		Subject:  expr.Range().Ptr(),
	}}
	parsed, diags := nesting.ParseExpression([]byte(lit.Val.AsString()), tmpl.SrcRange.Filename, start)
	if diags.HasErrors() {
		return expr, warning // the error is reported on the expression it is
	}
	return parsed, warning
}

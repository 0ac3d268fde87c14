package funcs_test

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/funcs"
)

// Evaluating calls as OpenTofu's validate does: input variables are
// unknown values of their types.
func ExampleTable() {
	ctx := &hcl.EvalContext{
		Functions: funcs.Table(funcs.OpenTofu112),
		Variables: map[string]cty.Value{"var": cty.ObjectVal(map[string]cty.Value{
			"name": cty.UnknownVal(cty.String),
		})},
	}
	for _, src := range []string{
		`cidrsubnet("10.0.0.0/16", 8, 2)`,
		`length(var.name)`,
		`tonumber("x")`,
		`length(1)`,
		`lookup({ a = 1 }, "a", 2, 3)`,
		`file("${var.name}.txt")`,
	} {
		expr, _ := hclsyntax.ParseExpression([]byte(src), "example", hcl.InitialPos)
		v, diags := expr.Value(ctx)
		if diags.HasErrors() {
			fmt.Printf("%s: %s\n", src, diags[0].Summary)
			continue
		}
		fmt.Printf("%s: %#v\n", src, v)
	}
	sig, _ := funcs.Lookup(funcs.Terraform157, "cidrsubnet")
	fmt.Println(len(sig.Params), sig.Params[0].Name, sig.ReturnType.FriendlyName())
	// Output:
	// cidrsubnet("10.0.0.0/16", 8, 2): cty.StringVal("10.0.2.0/24")
	// length(var.name): cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NewValue()
	// tonumber("x"): Invalid function argument
	// length(1): Error in function call
	// lookup({ a = 1 }, "a", 2, 3): Error in function call
	// file("${var.name}.txt"): cty.UnknownVal(cty.String)
	// 3 prefix string
}

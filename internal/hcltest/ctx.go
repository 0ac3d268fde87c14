package hcltest

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// Sensitive is the mark EvalContext puts on var.secret.
const Sensitive = "sensitive"

// EvalContext returns a new copy of the fixed context tests evaluate with:
//
//	var.foo       = "foo"
//	var.n         = 1
//	var.list      = tolist(["a", "b"])
//	var.secret    = "s", marked Sensitive
//	local.name    = "loc"
//	local.num     = 2.5
//	local.obj     = {a = "b"}
//	local.unknown = unknown string
//	local.null    = null string
//	local.any     = unknown of unknown type
//	count.index   = 0
//
// and the functions upper, length and jsonencode from go-cty's stdlib.
func EvalContext() *hcl.EvalContext {
	return &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"var": cty.ObjectVal(map[string]cty.Value{
				"foo":    cty.StringVal("foo"),
				"n":      cty.NumberIntVal(1),
				"list":   cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}),
				"secret": cty.StringVal("s").Mark(Sensitive),
			}),
			"local": cty.ObjectVal(map[string]cty.Value{
				"name":    cty.StringVal("loc"),
				"num":     cty.NumberFloatVal(2.5),
				"obj":     cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("b")}),
				"unknown": cty.UnknownVal(cty.String),
				"null":    cty.NullVal(cty.String),
				"any":     cty.DynamicVal,
			}),
			"count": cty.ObjectVal(map[string]cty.Value{
				"index": cty.NumberIntVal(0),
			}),
		},
		Functions: map[string]function.Function{
			"upper":      stdlib.UpperFunc,
			"length":     stdlib.LengthFunc,
			"jsonencode": stdlib.JSONEncodeFunc,
		},
	}
}

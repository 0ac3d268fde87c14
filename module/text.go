package module

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/schema"
)

// ReadText reads text, the content of a JSON string after its escapes
// (what a converter writes into a .tf.json file for a value of the native
// syntax), in mode, as ReadValue reads the JSON string that holds it: the
// string is written with JSON's escapes and read back through ReadValue,
// so that the converters check what they write with the reader of every
// other layer (spec.md {#validate} V19). The ranges of the result and of
// the diagnostics are in that string, in a file without a name: line 1,
// from column 2 (after the opening quote), through the escapes. A mode
// out of range panics, as in ReadValue.
func ReadText(text string, mode schema.Mode) (Value, hcl.Diagnostics) {
	expr, diags := hcljson.ParseExpression(jsonw.AppendString(nil, text, jsonw.Plain), "")
	if diags.HasErrors() {
		return Value{Expr: expr}, diags
	}
	return ReadValue(expr, mode, false)
}

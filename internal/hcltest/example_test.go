package hcltest_test

import (
	"fmt"

	"github.com/hashicorp/hcl/v2/json"

	"github.com/hcljson/hcljson/internal/hcltest"
)

// The example of the package documentation, rendered from the reference
// implementation of the JSON syntax.
func ExampleRenderBody() {
	f, diags := json.Parse([]byte(`{"a": "${var.n}", "b": {"l": {}}}`), "t.json")
	fmt.Print(hcltest.RenderDiags(diags))
	s := hcltest.MustParseSchema("attr a\nblock b x")
	fmt.Print(hcltest.RenderBody(f.Body, s, hcltest.EvalContext()))
	// Output:
	// missing t.json:1,33-34
	// content-missing t.json:1,33-34
	// attr "a"
	//   range t.json:1,2-17
	//   name t.json:1,2-5
	//   expr t.json:1,7-17
	//   expr-start t.json:1,7-17
	//   literal string "${var.n}"
	//   value number 1
	//   vars
	//     var.n t.json:1,10-15 (t.json:1,10-13 t.json:1,13-15)
	// block "b" "l"
	//   type t.json:1,19-22
	//   labels [t.json:1,25-28]
	//   def t.json:1,30-31
	//   body
	//     missing t.json:1,31-32
	//     content-missing t.json:1,31-32
}

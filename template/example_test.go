package template_test

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/template"
	"github.com/zclconf/go-cty/cty"
)

// Parse reads a JSON string's content as a template, with every range
// mapped through the escapes of the JSON text: here the reference var.name
// comes after a \" that takes two bytes in the file and one in the text,
// and its range is on the file's bytes.
func ExampleParse() {
	raw := `say \"${var.name}\"`
	src := template.Source{
		Text:     `say "${var.name}"`,
		Raw:      []byte(raw),
		Filename: "main.tf.json",
		Start:    hcl.Pos{Line: 1, Column: 15, Byte: 14}, // {"greeting": "say \"${var.name}\""}
	}
	t := template.Parse(src)
	if diags := t.Diagnostics(); diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	v := t.Variables()[0]
	fmt.Println(v.RootName(), v.SourceRange())
	val, diags := t.Value(&hcl.EvalContext{Variables: map[string]cty.Value{
		"var": cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("web")}),
	}})
	fmt.Println(val.AsString(), diags.HasErrors())
	// Output:
	// var main.tf.json:1,23-31
	// say "web" false
}

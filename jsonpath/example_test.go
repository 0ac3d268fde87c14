package jsonpath_test

import (
	"fmt"

	"github.com/hcljson/hcljson/jsonpath"
	"github.com/hcljson/hcljson/scanner"
)

// A path reads one value out of any JSON document, a plan here, with the
// range it was written at; a step that cannot be taken is a diagnostic
// that names it.
func ExampleLookup() {
	src := []byte(`{
  "planned_values": {
    "root_module": {
      "resources": [
        {"address": "aws_instance.web", "values": {"tags": {"Name": "web-1"}}}
      ]
    }
  }
}`)
	doc := scanner.Parse(src, scanner.Options{})
	lines := scanner.NewLines(src)
	p, err := jsonpath.Parse(`planned_values.root_module.resources[0].values.tags["Name"]`)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, diags := jsonpath.Lookup(doc, lines, "plan.json", p)
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	fmt.Printf("%s at %s\n", res.Raw, res.Range)

	p, _ = jsonpath.Parse("planned_values.root_module.resources[3]")
	_, diags = jsonpath.Lookup(doc, lines, "plan.json", p)
	fmt.Println(diags[0].Summary)
	// Output:
	// "web-1" at plan.json:5,69-76
	// Index out of range
}

package validate_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/validate"
)

// Dir validates a module directory as tofu validate does, offline: here a
// reference to a local value that no file declares, in a JSON file beside
// a native one, and a count of the wrong type. hcljson check DIR prints
// these same diagnostics.
func ExampleDir() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		"main.tf": `locals {
  name = "web"
}

resource "terraform_data" "web" {
  count = "two"
  input = local.name
}
`,
		"outputs.tf.json": `{"output": {"id": {"value": "${local.nmae}"}}}`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}
	diags := validate.Dir(dir, validate.Options{Program: module.OpenTofu})
	for _, d := range diags {
		fmt.Printf("%s:%d,%d: %s: %s\n", filepath.Base(d.Subject.Filename), d.Subject.Start.Line, d.Subject.Start.Column, d.Summary, d.Detail)
	}
	// Output:
	// main.tf:6,11: Incorrect value type: Invalid expression value: a number is required.
	// outputs.tf.json:1,32: Reference to undeclared local value: A local value with the name "nmae" has not been declared. Did you mean "name"?
}

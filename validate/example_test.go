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

// Dir reports what "hcljson check DIR" prints for the directory: here a
// misspelt argument of a variable in a native file, one of an output in
// a JSON file, and, in the local module the root calls, a type
// constraint that does not read. These are errors of the language, which
// stop the programs before validation: the undeclared local is not
// reported. TestCheckMatchesLibrary in internal/cli checks that the
// command's --format json output is these diagnostics.
func ExampleDir_check() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		"main.tf": `variable "region" {
  descripton = "where it runs"
}

module "net" {
  source = "./net"
}

output "name" {
  value = local.nmae
}
`,
		"outputs.tf.json": `{"output": {"region": {"value": "${var.region}", "sensitiv": true}}}`,
		"net/main.tf":     "variable \"cidr\" {\n  type = strin\n}\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Println(err)
			return
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}
	diags := validate.Dir(dir, validate.Options{Program: module.OpenTofu})
	for _, d := range diags {
		name, _ := filepath.Rel(dir, d.Subject.Filename)
		fmt.Printf("%s:%d,%d: %s: %s\n", filepath.ToSlash(name), d.Subject.Start.Line, d.Subject.Start.Column, d.Summary, d.Detail)
	}
	// Output:
	// main.tf:2,3: Unsupported argument: An argument named "descripton" is not expected here. Did you mean "description"?
	// outputs.tf.json:1,50: Extraneous JSON object property: No argument or block type is named "sensitiv". Did you mean "sensitive"?
	// net/main.tf:2,10: Invalid type specification: The keyword "strin" is not a valid type specification.
}

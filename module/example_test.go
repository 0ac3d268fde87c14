package module_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
)

// A directory with main.tf and main.tofu, vars.tf.json and vars.tofu.json,
// net.tf.json and net.tofu, override files and test files: OpenTofu reads
// each .tofu file instead of its .tf twin of the same format; Terraform
// does not read .tofu files at all.
func Example() {
	for _, prog := range []module.Program{module.OpenTofu, module.Terraform} {
		m, diags := module.Load(filepath.Join("testdata", "twins"), module.Options{Program: prog})
		if diags.HasErrors() {
			fmt.Println(diags)
			return
		}
		fmt.Println(prog)
		for _, f := range m.Files {
			fmt.Printf("  read %s (override: %t)\n", filepath.Base(f.Path), f.Override)
		}
		for _, h := range m.Hidden {
			fmt.Printf("  hidden %s by %s\n", filepath.Base(h.Path), filepath.Base(h.By))
		}
	}
	// Output:
	// OpenTofu
	//   read main.tofu (override: false)
	//   read net.tf.json (override: false)
	//   read net.tofu (override: false)
	//   read vars.tofu.json (override: false)
	//   read x_override.tofu (override: true)
	//   hidden main.tf by main.tofu
	//   hidden t.tftest.hcl by t.tofutest.hcl
	//   hidden vars.tf.json by vars.tofu.json
	//   hidden x_override.tf by x_override.tofu
	// Terraform
	//   read main.tf (override: false)
	//   read net.tf.json (override: false)
	//   read vars.tf.json (override: false)
	//   read x_override.tf (override: true)
}

// Diagnostics of every file come back together; HCLFiles gives the text
// writer the sources it quotes.
func ExampleModule_HCLFiles() {
	m, diags := module.Load("testdata/parse", module.Options{})
	w := hcl.NewDiagnosticTextWriter(os.Stdout, m.HCLFiles(), 0, false)
	w.WriteDiagnostics(diags)
	// Output:
	// Error: Invalid expression
	//
	//   on testdata/parse/bad.tf line 2, in variable "broken":
	//    2:   default =
	//    3: }
	//
	// Expected the start of an expression, but found an invalid expression token.
	//
	// Error: Missing JSON value
	//
	//   on testdata/parse/bad.tf.json line 1, in variable.broken_json:
	//    1: {"variable": {"broken_json": {"default": }}}
	//
	// A JSON value must start with a brace, a bracket, a number, a string, or a keyword.
}

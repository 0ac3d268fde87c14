// Package cli implements the hcljson command. Main holds no global state,
// so tests run it in-process.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
)

const usage = `Usage: hcljson <command> [arguments]

Commands:
  check FILE...   parse JSON-syntax HCL files and print their diagnostics
  convert FILE    convert a native HCL file (.tf) to JSON syntax on stdout
  get FILE PATH   print the value at PATH in a JSON document, such as a plan
  help            show this help

Exit status: 0 when all is well, 1 when a file has errors, 2 on a usage error.
`

// Main runs the command with args (without the program name) and returns
// the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "check":
		return check(args[1:], stdout, stderr)
	case "convert":
		return convert(args[1:], stdin, stdout, stderr)
	case "get":
		return get(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "hcljson: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func check(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: hcljson check FILE...\n\nParses each file as HCL's JSON syntax and prints its diagnostics with source snippets.\n")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	files := map[string]*hcl.File{}
	var all hcl.Diagnostics
	for _, name := range fs.Args() {
		src, err := os.ReadFile(name)
		if err != nil {
			all = append(all, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Failed to read file",
				Detail:   fmt.Sprintf("The file %q could not be read: %s.", name, readError(err)),
			})
			continue
		}
		f, diags := hcljson.Parse(src, name)
		files[name] = f
		all = append(all, diags...)
	}
	if code := writeDiags(stderr, files, all); code != 0 {
		return code
	}
	fmt.Fprintf(stdout, "%d file(s) checked, no errors\n", len(fs.Args()))
	return 0
}

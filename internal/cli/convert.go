package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/schema"
)

const convertUsage = `Usage: hcljson convert [flags] FILE
       hcljson convert --from hcl [flags] -

Converts a file of HCL's native syntax (.tf, .hcl) to HCL's JSON syntax in
the general array form, and prints it on standard output. "-" reads
standard input, which needs --from.

Flags:
  --from FORMAT  the input's syntax: hcl (the default for a file)
  --compact      write compact JSON instead of indenting by two spaces
  --comments     carry the comments directly above blocks and arguments
                 as "//" properties
  --terraform    write each argument as Terraform and OpenTofu read it:
                 literals as they are, types, references and keywords as
                 plain strings ("map(string)", "aws.west", "destroy")
`

// convert runs "hcljson convert".
func convert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, convertUsage) }
	from := fs.String("from", "", "")
	compact := fs.Bool("compact", false, "")
	comments := fs.Bool("comments", false, "")
	terraform := fs.Bool("terraform", false, "")
	// Flags may come before or after the file name.
	var names []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		names = append(names, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(names) != 1 {
		fmt.Fprintf(stderr, "hcljson convert: want one file, have %d\n\n", len(names))
		fs.Usage()
		return 2
	}
	name := names[0]
	switch *from {
	case "hcl":
	case "":
		if name == "-" {
			fmt.Fprint(stderr, "hcljson convert: reading standard input needs --from hcl\n\n")
			fs.Usage()
			return 2
		}
		if ext := filepath.Ext(name); strings.EqualFold(ext, ".json") {
			fmt.Fprintf(stderr, "hcljson convert: %s is JSON; converting JSON to native syntax is not supported yet\n", name)
			return 2
		}
	default:
		fmt.Fprintf(stderr, "hcljson convert: unknown --from %q (want hcl)\n\n", *from)
		fs.Usage()
		return 2
	}

	var src []byte
	var err error
	filename := name
	if name == "-" {
		filename = "<stdin>"
		src, err = io.ReadAll(stdin)
	} else {
		src, err = os.ReadFile(name)
	}
	files := map[string]*hcl.File{}
	if err != nil {
		return writeDiags(stderr, files, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Failed to read file",
			Detail:   fmt.Sprintf("The file %q could not be read: %s.", filename, readError(err)),
		}})
	}

	f, diags := gen.ParseNative(src, filename)
	files[filename] = f
	if !diags.HasErrors() {
		opts := gen.NativeOptions{Comments: *comments}
		if *terraform {
			opts.Schema = schema.Terraform.Root
		}
		out, more := gen.FromNative(f, opts)
		diags = append(diags, more...)
		if !diags.HasErrors() {
			if _, err := stdout.Write(gen.AppendFile(nil, out, gen.Options{Compact: *compact})); err != nil {
				fmt.Fprintf(stderr, "hcljson convert: %v\n", err)
				return 1
			}
		}
	}
	return writeDiags(stderr, files, diags)
}

// writeDiags prints diags with source snippets and returns the exit
// status: 1 when one is an error.
func writeDiags(stderr io.Writer, files map[string]*hcl.File, diags hcl.Diagnostics) int {
	if len(diags) > 0 {
		w := hcl.NewDiagnosticTextWriter(stderr, files, 78, false)
		if err := w.WriteDiagnostics(diags); err != nil {
			fmt.Fprintf(stderr, "hcljson: %v\n", err)
			return 1
		}
	}
	if diags.HasErrors() {
		return 1
	}
	return 0
}

// readError returns the reason of a read error without the path, which the
// diagnostic quotes already.
func readError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/jsonpath"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
)

// getUsageLine is the first line of getUsage, printed with usage errors.
const getUsageLine = "Usage: hcljson get [--format text|json] [-r] [-v] [--keys] [--lang terraform|generic] FILE PATH"

// getUsage is the help of "hcljson get".
const getUsage = getUsageLine + `

Prints the value at PATH in the JSON document FILE: a .tf.json file, a plan
or state from "terraform show -json", a provider schema, any JSON. "-" reads
standard input.

PATH takes the steps of terraform-plugin-testing's tfjsonpath, written as one
string:

  planned_values.root_module.resources[0].values.tags["Name"]
  ["key with.dots"][0][1]

A key of letters, digits, "_" and "-" is written bare after a "."; any other
key is a JSON string in brackets (escapes as in JSON); an index is a number
in brackets, counted from 0. "." is the whole document. [*] takes every
element of an array, or every member value of an object, in order:

  planned_values.root_module.resources[*].address

and the values are printed as one JSON array (with -r, one a line; with
--format json, "values" and "ranges" are arrays). [KEY=VALUE] takes the one
element whose KEY holds VALUE (a string of that text, or a number, true,
false or null written so); [*KEY=VALUE] takes every such element:

  resource_changes[address=aws_instance.web[0]].change.after
  resource_changes[*type=aws_instance].address

VALUE is written bare up to the "]" that closes the filter (brackets inside
it nest), or as a JSON string: [address="module.a.b[\"k\"]"]. A filter that
matches no element, or several, is an error that names them.

In a configuration file (.tf.json, .tofu.json), a PATH that starts with a
block type of the language, or with a resource type, is an address: it names
blocks by their labels whatever the file's layout, the object form
({"module": {"net": {...}}}) or the array form that convert and fmt write
({"module": [{"net": [{...}]}]}):

  module.net.cidr                  resource.aws_instance.web.ami
  aws_instance.web.ami             data.aws_ami.ubuntu.owners
  variable.region.default          output.id.value
  locals.name                      terraform.required_providers.aws.version
  provider.aws.region              provider.aws.west.region (alias west)
  module[*source=terraform-aws-modules/vpc/aws].version

An address that names several blocks (the same labels twice) is an error
that names each place; a key of a block type without labels (locals,
terraform) is looked up in every block of that type, and must be found in
one. Indexes step into the arrays as written (module[0].net[0].cidr). Any
other PATH (["//"], a plan's keys) is a plain JSON path. --lang generic
reads PATH as a plain JSON path in any file; --lang terraform reads
addresses in a file of any name (standard input).

Standard output holds the value alone, as JSON, so that it can be piped into
jq: strings quoted, numbers exactly as written, objects and arrays indented
by two spaces with their members in the order of the file. When a key
appears more than once in an object on the path, the first is used and a
warning goes to standard error. Errors go to standard error, with the source
around them.

Flags:
  --format FORMAT  text (the default) or json. With json, standard output
                   holds one object: {"value": ..., "range": {"filename",
                   "start": {"line", "column", "byte"}, "end": {...}},
                   "warnings": [...]}, or, when the value cannot be found,
                   {"diagnostics": [...]}, each diagnostic with "severity",
                   "summary", "detail" and "subject" (a range); nothing goes
                   to standard error then, except for usage errors.
  --keys           print what PATH holds instead of its value: an object's
                   keys, an array's indexes; for an address, the addresses
                   of the blocks there (at "." the file's blocks, after
                   resource the resources), or a block's keys. As one JSON
                   array (with -r, one a line; with --format json, "keys"
                   and "ranges")
  --lang LANG      terraform: read addresses in a file of any name; generic:
                   read PATH as a plain JSON path, even in a .tf.json file
  -r, --raw-output a string is printed as its text, not quoted (as jq -r
                   does); other values as JSON. Control characters are
                   escaped when standard output is a terminal
  -v               print the value's position, FILE:LINE:COLUMN, on
                   standard error after the value (text format)
  --max-size SIZE  read no input larger than SIZE: a number of bytes, or
                   with a unit (KiB, MiB, GiB; KB, MB, GB), such as 1GiB.
                   Default: 256MiB

Exit status: 0 when the value is found (with or without warnings), 1 when
the file cannot be read, is not JSON or has no value at PATH, 2 on a usage
error, including a PATH that cannot be read.
`

// getFlags are the settings of one "hcljson get".
type getFlags struct {
	json    bool
	raw     bool
	verbose bool
	keys    bool
	lang    string // "", "terraform" or "generic"
	file    string
	path    jsonpath.Path
}

// layoutFor returns the layout through which a path is read in the file
// called name: its language's (jsonpath.LayoutFor), Terraform's with
// --lang terraform, none with --lang generic.
func layoutFor(name, lang string) *jsonpath.Layout {
	switch lang {
	case "terraform":
		if l := jsonpath.LayoutFor(name); l != nil && name != stdinName {
			return l
		}
		return jsonpath.LanguageLayout(schema.Terraform)
	case "generic":
		return nil
	}
	if name == stdinName {
		return nil
	}
	return jsonpath.LayoutFor(name)
}

// get runs "hcljson get".
func get(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	f, code := parseGetFlags(e, args)
	if code >= 0 {
		return code
	}
	filename, src, err := getRead(e, f.file)
	if err != nil {
		return f.fail(e, nil, hcl.Diagnostics{readFailed(filename, err)})
	}
	if file, diags := encodingFailed(src, filename); file != nil {
		return f.fail(e, map[string]*hcl.File{filename: file}, diags)
	}
	doc := scanner.Parse(src, scanner.Options{})
	files := map[string]*hcl.File{filename: {Bytes: src}}
	layout := layoutFor(filename, f.lang)
	if f.keys {
		return f.getKeys(e, layout, doc, filename, files)
	}
	if f.path.Several() {
		return f.getAll(e, layout, doc, filename, files)
	}
	res, diags := layout.Lookup(doc, nil, filename, f.path)
	if diags.HasErrors() {
		return f.fail(e, files, diags)
	}
	if f.json {
		return getWrite(stdout, stderr, appendJSONSafe(nil, getJSON(res, diags)))
	}
	out := indentJSON(res.Raw)
	if f.raw && res.Kind == scanner.String {
		out = []byte(doc.Text(res.Node))
	}
	if e.outTerminal {
		out = appendEscaped(nil, out, true)
	}
	if code := getWrite(stdout, stderr, out); code != 0 {
		return code
	}
	e.writeDiags(files, diags)
	if f.verbose {
		p := res.Range.Start
		fmt.Fprintf(stderr, "%s:%d:%d\n", escapeName(filename), p.Line, p.Column)
	}
	return 0
}

// getKeys prints what the value at the path holds (--keys): as one JSON
// array, or with -r one a line, or with --format json an object whose
// "keys" and "ranges" are arrays.
func (f *getFlags) getKeys(e *env, layout *jsonpath.Layout, doc *scanner.Document, filename string, files map[string]*hcl.File) int {
	entries, diags := layout.Keys(doc, nil, filename, f.path)
	if diags.HasErrors() {
		return f.fail(e, files, diags)
	}
	appendEntry := func(b []byte, en jsonpath.Entry) []byte {
		if en.Index >= 0 {
			return strconv.AppendInt(b, int64(en.Index), 10)
		}
		return jsonw.AppendString(b, en.Key, jsonw.Plain)
	}
	var out []byte
	switch {
	case f.json:
		b := []byte(`{"keys":[`)
		for i, en := range entries {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendEntry(b, en)
		}
		b = append(b, `],"ranges":[`...)
		for i, en := range entries {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendRangeJSON(b, en.Range)
		}
		b = append(b, `],"warnings":`...)
		b = appendDiagsJSON(b, diags)
		b = append(b, '}')
		return getWrite(e.stdout, e.stderr, appendJSONSafe(nil, indentJSON(b)))
	case f.raw:
		for i, en := range entries {
			if i > 0 {
				out = append(out, '\n')
			}
			if en.Index >= 0 {
				out = strconv.AppendInt(out, int64(en.Index), 10)
			} else {
				out = append(out, en.Key...)
			}
		}
	default:
		b := []byte{'['}
		for i, en := range entries {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendEntry(b, en)
		}
		out = indentJSON(append(b, ']'))
	}
	if e.outTerminal {
		out = appendEscaped(nil, out, true)
	}
	if len(out) > 0 || !f.raw {
		if code := getWrite(e.stdout, e.stderr, out); code != 0 {
			return code
		}
	}
	e.writeDiags(files, diags)
	if f.verbose {
		for _, en := range entries {
			p := en.Range.Start
			fmt.Fprintf(e.stderr, "%s:%d:%d\n", escapeName(filename), p.Line, p.Column)
		}
	}
	return 0
}

// getAll prints the values of a path with [*] or [*KEY=VALUE]: as one
// JSON array, or with -r one value a line (strings as text), or with
// --format json an object whose "values" and "ranges" are arrays.
func (f *getFlags) getAll(e *env, layout *jsonpath.Layout, doc *scanner.Document, filename string, files map[string]*hcl.File) int {
	results, diags := layout.LookupAll(doc, nil, filename, f.path)
	if diags.HasErrors() {
		return f.fail(e, files, diags)
	}
	var out []byte
	switch {
	case f.json:
		b := []byte(`{"values":[`)
		for i, r := range results {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, r.Raw...)
		}
		b = append(b, `],"ranges":[`...)
		for i, r := range results {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendRangeJSON(b, r.Range)
		}
		b = append(b, `],"warnings":`...)
		b = appendDiagsJSON(b, diags)
		b = append(b, '}')
		return getWrite(e.stdout, e.stderr, appendJSONSafe(nil, indentJSON(b)))
	case f.raw:
		for i, r := range results {
			if i > 0 {
				out = append(out, '\n')
			}
			if r.Kind == scanner.String {
				out = append(out, doc.Text(r.Node)...)
			} else {
				out = append(out, indentJSON(r.Raw)...)
			}
		}
	default:
		b := []byte{'['}
		for i, r := range results {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, r.Raw...)
		}
		out = indentJSON(append(b, ']'))
	}
	if e.outTerminal {
		out = appendEscaped(nil, out, true)
	}
	if len(out) > 0 || !f.raw {
		if code := getWrite(e.stdout, e.stderr, out); code != 0 {
			return code
		}
	}
	e.writeDiags(files, diags)
	if f.verbose {
		for _, r := range results {
			p := r.Range.Start
			fmt.Fprintf(e.stderr, "%s:%d:%d\n", escapeName(filename), p.Line, p.Column)
		}
	}
	return 0
}

// getRead reads the file named on the command line, or standard input for
// "-", and returns the name to use in diagnostics.
func getRead(e *env, name string) (filename string, src []byte, err error) {
	if name == "-" {
		src, err = e.readStdin()
		return stdinName, src, err
	}
	src, _, err = e.readFile(name)
	return name, src, err
}

// parseGetFlags reads the command line of "hcljson get". It returns a
// status of 0 or more when the command is over (help, usage error), -1
// when it should go on.
func parseGetFlags(e *env, args []string) (*getFlags, int) {
	stdout, stderr := e.stdout, e.stderr
	fs := flag.NewFlagSet("get", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "")
	var f getFlags
	fs.BoolVar(&f.verbose, "v", false, "")
	fs.BoolVar(&f.raw, "r", false, "")
	fs.BoolVar(&f.raw, "raw-output", false, "")
	fs.BoolVar(&f.keys, "keys", false, "")
	fs.StringVar(&f.lang, "lang", "", "")
	e.sizeFlagOn(fs)
	usageError := func(msg string, args ...any) (*getFlags, int) {
		fmt.Fprintf(stderr, "hcljson get: %s\n%s\nRun \"hcljson get -h\" for details.\n", escapeText(fmt.Sprintf(msg, args...)), getUsageLine)
		return nil, 2
	}
	e.noColorOn(fs)
	names, err := splitArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		if _, err := io.WriteString(stdout, getUsage); err != nil {
			return nil, e.stdoutFailed("get", err)
		}
		return nil, 0
	}
	if err != nil {
		return usageError("%v", err)
	}
	switch *format {
	case "text":
	case "json":
		f.json = true
		if f.raw {
			return usageError("-r prints the value as text: it does not go with --format json")
		}
	default:
		return usageError("unknown --format %q (want text or json)", *format)
	}
	if f.lang != "" {
		if err := oneOf("lang", f.lang, "terraform", "generic"); err != nil {
			return usageError("%v", err)
		}
	}
	if len(names) != 2 {
		have := fmt.Sprintf("%d arguments", len(names))
		if len(names) == 1 {
			have = "1 argument"
		}
		return usageError("want a file and a path, have %s", have)
	}
	f.file = names[0]
	p, err := jsonpath.Parse(names[1])
	if err != nil {
		var se *jsonpath.SyntaxError
		if errors.As(err, &se) {
			fmt.Fprintf(stderr, "hcljson get: invalid path at column %d: %s\n  %s\n  %s^\n", se.Column(), escapeText(se.Msg), escapeName(se.Path), strings.Repeat(" ", se.Column()-1))
			return nil, 2
		}
		return usageError("%v", err)
	}
	f.path = p
	return &f, -1
}

// fail reports diags, which hold an error, and returns 1.
func (f *getFlags) fail(e *env, files map[string]*hcl.File, diags hcl.Diagnostics) int {
	if !f.json {
		return e.writeDiags(files, diags)
	}
	b := []byte(`{"diagnostics":`)
	b = appendDiagsJSON(b, diags)
	b = append(b, '}')
	if code := getWrite(e.stdout, e.stderr, appendJSONSafe(nil, indentJSON(b))); code != 0 {
		return code
	}
	return 1
}

// getWrite writes b and a newline to stdout and returns 0, or reports the
// failure and returns 1.
func getWrite(stdout, stderr io.Writer, b []byte) int {
	if _, err := stdout.Write(append(b, '\n')); err != nil {
		fmt.Fprintf(stderr, "hcljson get: cannot write standard output: %s\n", escapeText(err.Error()))
		return 1
	}
	return 0
}

// getJSON returns the --format json output for a value found.
func getJSON(res *jsonpath.Result, warnings hcl.Diagnostics) []byte {
	b := []byte(`{"value":`)
	b = append(b, res.Raw...)
	b = append(b, `,"range":`...)
	b = appendRangeJSON(b, res.Range)
	b = append(b, `,"warnings":`...)
	b = appendDiagsJSON(b, warnings)
	b = append(b, '}')
	return indentJSON(b)
}

package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/jsonedit"
	"github.com/hcljson/hcljson/jsonpath"
)

// setUsageLine is the first line of setUsage, printed with usage errors.
const setUsageLine = "Usage: hcljson set [--string] [-r] [--lang terraform|generic] FILE PATH VALUE"

// setUsage is the help of "hcljson set".
const setUsage = setUsageLine + `

Writes VALUE at PATH in the JSON document FILE (a .tf.json file, any JSON)
and keeps every other byte of the file as it was: the order of members,
spacing, "//" comments, the spelling of numbers. For a version bump:

  hcljson set main.tf.json module.vpc.version '"5.1.0"'
  hcljson set --string main.tf.json terraform.required_providers.aws.version 5.1.0

PATH is written as for "hcljson get" (see "hcljson get -h"): in a
configuration file an address, which names blocks by their labels in the
object form and in the array form that "hcljson fmt -array" writes alike
(module.vpc.version is module[0].vpc[0].version there), and a plain JSON
path otherwise. When PATH leads to a value, its bytes are replaced by
VALUE's. When its last step is a key that the object before it does not
have, a member is added after the object's last member, laid out as the
others are. Any other path that leads nowhere is an error that says how far
it goes. A PATH with [*] or [*KEY=VALUE] writes VALUE at every value it
leads to:

  hcljson set main.tf.json 'module[*source=terraform-aws-modules/vpc/aws].version' '"5.1.0"'

VALUE is JSON text: a string is written with its quotes ('"5.1.0"'), a
number, true, false, null, an object or an array as they are. With
--string, VALUE is the text of a string, quoted and escaped here. A VALUE
that starts with "-" (a negative number) follows "--", which ends the
flags: hcljson set main.tf.json variable.offset.default -- -1

With -r, FILE is a directory: VALUE is written at PATH in every JSON file
of HCL under it (.tf.json, .tofu.json and the others; hidden directories
such as .terraform skipped) where PATH leads to a value, or to an object
that lacks its last key; the other files are left alone. The names of the
files written are printed, one a line. It is an error when PATH leads to
no value in any file, and when a file is not JSON or PATH names several
blocks in it: then nothing is written.

  hcljson set -r infra terraform.required_providers.aws.version '"~> 5.0"'

Each file is rewritten atomically (a temporary file beside it, then a
rename; with -r, every file is ready before the first is renamed) and keeps
its permissions, owner and group; a read-only file, or one with other hard
links, is replaced only with --force. Runs that write in one directory
wait for each other. A file is not written when nothing changes, nor when
it changed while the command ran. "-" reads standard input and writes the
result on standard output.

Flags:
  --string         VALUE is a string's text (UTF-8), not JSON
  -r, --recursive  FILE is a directory: every JSON file of HCL under it
  -f, --force      replace a file that is read-only or has other hard links
  --lang LANG      terraform: read addresses in a file of any name; generic:
                   read PATH as a plain JSON path, even in a .tf.json file
  --max-size SIZE  read no input larger than SIZE: a number of bytes, or
                   with a unit (KiB, MiB, GiB; KB, MB, GB), such as 1GiB.
                   Default: 256MiB

Exit status: 0 when the value is written, 1 when the file cannot be read
or written, is not JSON or PATH cannot be followed, 2 on a usage error,
including a PATH that cannot be read or a VALUE that is not JSON.
`

// rmUsageLine is the first line of rmUsage, printed with usage errors.
const rmUsageLine = "Usage: hcljson rm [-r] [--lang terraform|generic] FILE PATH"

// rmUsage is the help of "hcljson rm".
const rmUsage = rmUsageLine + `

Removes the object member or array element at PATH from the JSON document
FILE, with the comma and white space that separated it, and keeps every
other byte of the file as it was. PATH is written as for "hcljson get"
(see "hcljson get -h"):

  hcljson rm main.tf.json module.vpc.version

An address of a block removes the whole block, in any layout: its member
(object form) or its element of an array (array form), and with it each
label level and array around it that it leaves empty, so that removing a
file's only resource removes its "resource" member:

  hcljson rm main.tf.json resource.aws_instance.web
  hcljson rm main.tf.json provider.aws.west

A PATH with [*] or [*KEY=VALUE] removes every value it leads to. With -r,
FILE is a directory, as for "hcljson set -r": PATH is removed from every
JSON file of HCL under it that has it, and the names of the files written
are printed.

Each file is rewritten atomically (a temporary file beside it, then a
rename) and keeps its permissions, owner and group; a read-only file, or
one with other hard links, is replaced only with --force. It is not
written when it changed while the command ran. "-" reads standard input
and writes the result on standard output.

Flags:
  -r, --recursive  FILE is a directory: every JSON file of HCL under it
  -f, --force      replace a file that is read-only or has other hard links
  --lang LANG      terraform: read addresses in a file of any name; generic:
                   read PATH as a plain JSON path, even in a .tf.json file
  --max-size SIZE  read no input larger than SIZE: a number of bytes, or
                   with a unit (KiB, MiB, GiB; KB, MB, GB), such as 1GiB.
                   Default: 256MiB

Exit status: 0 when the value is removed, 1 when the file cannot be read
or written, is not JSON or has no value at PATH, 2 on a usage error,
including a PATH that cannot be read.
`

// editFlags are the settings of one "hcljson set" or "hcljson rm".
type editFlags struct {
	file      string
	path      jsonpath.Path
	value     []byte // set only
	recursive bool
	lang      string
}

// setCmd runs "hcljson set".
func setCmd(e *env, args []string) int { return editCmd(e, lookup("set"), args) }

// rmCmd runs "hcljson rm".
func rmCmd(e *env, args []string) int { return editCmd(e, lookup("rm"), args) }

// edit makes the edit of command c in doc, named filename.
func (f *editFlags) edit(c *command, doc *jsonedit.Document, filename string) hcl.Diagnostics {
	layout := layoutFor(filename, f.lang)
	if c.name == "set" {
		return doc.SetAddress(layout, f.path, f.value)
	}
	return doc.DeleteAddress(layout, f.path)
}

// editCmd runs "hcljson set" or "hcljson rm" (c): reads the file, makes
// the edit with package jsonedit and writes the file back atomically.
func editCmd(e *env, c *command, args []string) int {
	f, code := parseEditFlags(e, c, args)
	if code >= 0 {
		return code
	}
	if f.recursive {
		if fi, err := os.Stat(f.file); err == nil && fi.IsDir() {
			return editTree(e, c, f)
		}
	}
	if f.file != "-" {
		// Held from the reading to the rename: runs that edit one file
		// at once each make their edit on what the one before wrote.
		unlock, err := e.files.lockDirs([]string{filepath.Dir(f.file)})
		if err != nil {
			return e.writeFailed(&writeError{path: f.file, err: err})
		}
		defer unlock()
	}
	filename, src, perm, err := editRead(e, f.file)
	if err != nil {
		return e.writeDiags(nil, hcl.Diagnostics{readFailed(filename, err)})
	}
	if file, diags := encodingFailed(src, filename); file != nil {
		return e.writeDiags(map[string]*hcl.File{filename: file}, diags)
	}
	files := map[string]*hcl.File{filename: {Bytes: src}}
	doc, diags := jsonedit.Open(filename, src)
	if diags.HasErrors() {
		return e.writeDiags(files, diags)
	}
	diags = f.edit(c, doc, filename)
	if status := e.writeDiags(files, diags); status != 0 {
		return status
	}
	out := doc.Bytes()
	if f.file == "-" {
		return e.writeStdout(c, out)
	}
	if bytes.Equal(out, src) {
		return 0
	}
	w, err := startWriter(e.files, []string{f.file}, e.force)
	if err != nil {
		return e.writeFailed(err)
	}
	w.stage(0, output{data: out, perm: perm, source: f.file, read: src})
	if err := w.finish(true, e.beforeWrite); err != nil {
		return e.writeFailed(err)
	}
	return 0
}

// editTree runs "hcljson set -r" or "hcljson rm -r" on the directory
// f.file: the edit in every JSON file of HCL under it where PATH leads
// somewhere, every file written only when all are ready.
func editTree(e *env, c *command, f *editFlags) int {
	names, diags, err := walkConfigs(f.file, jsonSyntax, true)
	if err != nil {
		return e.writeDiags(nil, append(diags, readFailed(f.file, err)))
	}
	type result struct {
		src, out []byte
		perm     fs.FileMode
		file     *hcl.File
		diags    hcl.Diagnostics
		found    bool
	}
	results := make([]result, len(names))
	e.forEach("edited", len(names), func(i int) {
		r := &results[i]
		src, perm, err := e.readFile(names[i])
		if err != nil {
			r.diags = hcl.Diagnostics{readFailed(names[i], err)}
			return
		}
		r.src, r.perm, r.file = src, perm, &hcl.File{Bytes: src}
		if file, diags := encodingFailed(src, names[i]); file != nil {
			r.file, r.diags = file, diags
			return
		}
		doc, diags := jsonedit.Open(names[i], src)
		if diags.HasErrors() {
			r.diags = diags
			return
		}
		diags = f.edit(c, doc, names[i])
		if diags.HasErrors() && !slices.ContainsFunc(diags, func(d *hcl.Diagnostic) bool {
			return d.Severity == hcl.DiagError && !jsonpath.LeadsNowhere(d)
		}) {
			return // PATH is not in this file
		}
		r.diags, r.found, r.out = diags, true, doc.Bytes()
	})
	files := map[string]*hcl.File{}
	found := 0
	var changed []int
	for i, r := range results {
		if r.file != nil {
			files[names[i]] = r.file
		}
		diags = append(diags, r.diags...)
		if !r.found {
			continue
		}
		found++
		if r.diags.HasErrors() || bytes.Equal(r.out, r.src) {
			continue
		}
		if fi, err := os.Lstat(names[i]); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagWarning,
				Summary:  "Symbolic link not rewritten",
				Detail:   fmt.Sprintf("%q is a symbolic link; it was not rewritten.", names[i]),
			})
			continue
		}
		changed = append(changed, i)
	}
	if len(names) == 0 && !diags.HasErrors() {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "No JSON files",
			Detail:   fmt.Sprintf("The directory %q holds no JSON file of HCL (%s).", f.file, strings.Join(walkEndings(jsonSyntax), ", ")),
		})
	}
	if found == 0 && !diags.HasErrors() {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "No value at the path",
			Detail: fmt.Sprintf("The path %s leads to no value in the %s under %q. \"hcljson get FILE PATH\" on one of them says where it stops.",
				f.path.String(), plural(len(names), "JSON file"), f.file),
		})
	}
	if diags.HasErrors() || len(changed) == 0 {
		return e.writeDiags(files, diags)
	}
	targets := make([]string, len(changed))
	for k, i := range changed {
		targets[k] = names[i]
	}
	w, err := startWriter(e.files, targets, e.force)
	if err != nil {
		return e.writeFailed(err)
	}
	diags = append(diags, e.files.staleRemoved()...)
	var report []byte
	for k, i := range changed {
		w.stage(k, output{data: results[i].out, perm: results[i].perm, source: names[i], read: results[i].src})
		report = append(report, escapeName(names[i])+"\n"...)
	}
	e.writeDiags(files, diags)
	if err := w.finish(true, e.beforeWrite); err != nil {
		return e.writeFailed(err)
	}
	return e.writeStdout(c, report)
}

// editRead reads the file named on the command line, or standard input
// for "-", and returns the name to use in diagnostics and the file's
// permissions.
func editRead(e *env, name string) (filename string, src []byte, perm fs.FileMode, err error) {
	if name == "-" {
		src, err = e.readStdin()
		return stdinName, src, 0, err
	}
	src, mode, err := e.readFile(name)
	return name, src, mode, err
}

// parseEditFlags reads the command line of "hcljson set" or "hcljson rm".
// It returns a status of 0 or more when the command is over (help, usage
// error), -1 when it should go on.
func parseEditFlags(e *env, c *command, args []string) (*editFlags, int) {
	stdout, stderr := e.stdout, e.stderr
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var isString bool
	if c.name == "set" {
		fs.BoolVar(&isString, "string", false, "")
	}
	var f editFlags
	fs.BoolVar(&f.recursive, "r", false, "")
	fs.BoolVar(&f.recursive, "recursive", false, "")
	fs.StringVar(&f.lang, "lang", "", "")
	e.sizeFlagOn(fs)
	e.forceOn(fs)
	usageLine, _, _ := strings.Cut(c.help, "\n")
	usageError := func(msg string, args ...any) (*editFlags, int) {
		fmt.Fprintf(stderr, "hcljson %s: %s\n%s\nRun \"hcljson %s -h\" for details.\n", c.name, escapeText(fmt.Sprintf(msg, args...)), usageLine, c.name)
		return nil, 2
	}
	e.noColorOn(fs)
	names, err := splitArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		if _, err := io.WriteString(stdout, c.help); err != nil {
			return nil, e.stdoutFailed(c.name, err)
		}
		return nil, 0
	}
	if err != nil {
		return usageError("%v", err)
	}
	want, what := 2, "a file and a path"
	if c.name == "set" {
		want, what = 3, "a file, a path and a value"
	}
	if len(names) != want {
		have := plural(len(names), "argument")
		return usageError("want %s, have %s", what, have)
	}
	if f.lang != "" {
		if err := oneOf("lang", f.lang, "terraform", "generic"); err != nil {
			return usageError("%v", err)
		}
	}
	if f.recursive && names[0] == "-" {
		return usageError("-r edits the files of a directory, and standard input is not one")
	}
	f.file = names[0]
	p, err := jsonpath.Parse(names[1])
	if err != nil {
		var se *jsonpath.SyntaxError
		if errors.As(err, &se) {
			fmt.Fprintf(stderr, "hcljson %s: invalid path at column %d: %s\n  %s\n  %s^\n", c.name, se.Column(), escapeText(se.Msg), escapeName(se.Path), strings.Repeat(" ", se.Column()-1))
			return nil, 2
		}
		return usageError("%v", err)
	}
	f.path = p
	if c.name == "set" {
		f.value = []byte(names[2])
		if isString && !utf8.ValidString(names[2]) {
			// jsonw would write U+FFFD for each bad byte: a value
			// other than the one given.
			return nil, e.writeDiags(nil, hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "Invalid UTF-8 in the value",
				Detail:   fmt.Sprintf("The value given with --string is not UTF-8 text (%q), and a JSON string holds only UTF-8; nothing was written.", names[2]),
			}})
		}
		if isString {
			f.value = jsonedit.String(names[2])
		} else if diags := jsonedit.CheckValue(f.value); diags.HasErrors() {
			return usageError("VALUE is not JSON (%s): write a string with its quotes, as '\"5.1.0\"', or use --string", strings.TrimPrefix(diags[0].Summary, "Invalid value: "))
		}
	}
	return &f, -1
}

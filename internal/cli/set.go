package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/jsonedit"
	"github.com/hcljson/hcljson/jsonpath"
)

// setUsageLine is the first line of setUsage, printed with usage errors.
const setUsageLine = "Usage: hcljson set [--string] FILE PATH VALUE"

// setUsage is the help of "hcljson set".
const setUsage = setUsageLine + `

Writes VALUE at PATH in the JSON document FILE (a .tf.json file, any JSON)
and keeps every other byte of the file as it was: the order of members,
spacing, "//" comments, the spelling of numbers. For a version bump:

  hcljson set main.tf.json module.vpc.version '"5.1.0"'
  hcljson set --string main.tf.json terraform.required_providers.aws.version 5.1.0

PATH is written as for "hcljson get" (see "hcljson get -h"); in the
general array form (that "hcljson convert" and "hcljson fmt -array"
write), blocks are indexed, as in module[0].vpc[0].version. When PATH leads to a value, its bytes are
replaced by VALUE's. When its last step is a key that the object before it
does not have, a member is added after the object's last member, laid out
as the others are. Any other path that leads nowhere is an error that says
how far it goes.

VALUE is JSON text: a string is written with its quotes ('"5.1.0"'), a
number, true, false, null, an object or an array as they are. With
--string, VALUE is the text of a string, quoted and escaped here. A VALUE
that starts with "-" (a negative number) follows "--", which ends the
flags: hcljson set main.tf.json variable.offset.default -- -1

The file is rewritten atomically (a temporary file beside it, then a
rename) and keeps its permissions; it is not written when nothing changes,
nor when it changed while the command ran. "-" reads standard input and
writes the result on standard output.

Flags:
  --string         VALUE is a string's text, not JSON
  --max-size SIZE  read no input larger than SIZE: a number of bytes, or
                   with a unit (KiB, MiB, GiB; KB, MB, GB), such as 1GiB.
                   Default: 256MiB

Exit status: 0 when the value is written, 1 when the file cannot be read
or written, is not JSON or PATH cannot be followed, 2 on a usage error,
including a PATH that cannot be read or a VALUE that is not JSON.
`

// rmUsageLine is the first line of rmUsage, printed with usage errors.
const rmUsageLine = "Usage: hcljson rm FILE PATH"

// rmUsage is the help of "hcljson rm".
const rmUsage = rmUsageLine + `

Removes the object member or array element at PATH from the JSON document
FILE, with the comma and white space that separated it, and keeps every
other byte of the file as it was. PATH is written as for "hcljson get"
(see "hcljson get -h"):

  hcljson rm main.tf.json module.vpc.version

The file is rewritten atomically (a temporary file beside it, then a
rename) and keeps its permissions; it is not written when it changed while
the command ran. "-" reads standard input and writes the result on
standard output.

Flags:
  --max-size SIZE  read no input larger than SIZE: a number of bytes, or
                   with a unit (KiB, MiB, GiB; KB, MB, GB), such as 1GiB.
                   Default: 256MiB

Exit status: 0 when the value is removed, 1 when the file cannot be read
or written, is not JSON or has no value at PATH, 2 on a usage error,
including a PATH that cannot be read.
`

// editFlags are the settings of one "hcljson set" or "hcljson rm".
type editFlags struct {
	file  string
	path  jsonpath.Path
	value []byte // set only
}

// setCmd runs "hcljson set".
func setCmd(e *env, args []string) int { return editCmd(e, lookup("set"), args) }

// rmCmd runs "hcljson rm".
func rmCmd(e *env, args []string) int { return editCmd(e, lookup("rm"), args) }

// editCmd runs "hcljson set" or "hcljson rm" (c): reads the file, makes
// the edit with package jsonedit and writes the file back atomically.
func editCmd(e *env, c *command, args []string) int {
	f, code := parseEditFlags(e, c, args)
	if code >= 0 {
		return code
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
	if c.name == "set" {
		diags = doc.Set(f.path, f.value)
	} else {
		diags = doc.Delete(f.path)
	}
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
	w, err := startWriter(e.files, []string{f.file})
	if err != nil {
		return e.writeFailed(err)
	}
	w.stage(0, output{data: out, perm: perm, source: f.file, read: src})
	if err := w.finish(true, e.beforeWrite); err != nil {
		return e.writeFailed(err)
	}
	return 0
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
	e.sizeFlagOn(fs)
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
	var f editFlags
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
		if isString {
			f.value = jsonedit.String(names[2])
		} else if diags := jsonedit.CheckValue(f.value); diags.HasErrors() {
			return usageError("VALUE is not JSON (%s): write a string with its quotes, as '\"5.1.0\"', or use --string", strings.TrimPrefix(diags[0].Summary, "Invalid value: "))
		}
	}
	return &f, -1
}

package cli

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
	"github.com/hcljson/hcljson/tonative"
)

// convertUsage is the help of "hcljson convert".
const convertUsage = `Usage: hcljson convert [flags] [PATH...]

Converts files between HCL's native syntax (.tf) and its JSON syntax
(.tf.json), either way (without a PATH, the current directory). A file whose name ends in .json is converted to
native syntax, any other file to JSON, unless --from or --to says otherwise.
A directory is searched recursively, skipping hidden directories such as
.terraform and .git, for the files to convert: with --to json (the default)
.tf, .tofu, .tfvars and .hcl files; with --to hcl .tf.json, .tofu.json,
.tftest.json, .tofutest.json, .tfquery.json, .tfvars.json and .hcl.json
files. "-" reads standard input:
JSON if it starts with "{" or "[", native syntax otherwise, unless --from.

Each file is read in its language, chosen by its name as Terraform and
OpenTofu choose: .tf, .tf.json, .tofu and .tofu.json are configuration,
.tftest and .tofutest files are tests, .tfquery files are queries, .tfvars
and .tfvars.json files variable definitions (values, taken literally: a
"${" in a .tfvars.json string is text, "$${" in native syntax); any other
file, and standard input, is generic HCL unless --terraform is given. In
those languages each argument is written as the program reads it: types,
references and keywords as plain strings in JSON ("map(string)",
"aws.west"), literal-only arguments (variable defaults) without template
escaping, and JSON objects become blocks or maps as the schema says. The
program is Terraform or OpenTofu (--program; by default OpenTofu for the
files of a directory holding a .tofu or .tofu.json file): OpenTofu
evaluates module sources and versions, backend and cloud settings early,
so they may use variables and are written as expressions, where Terraform
reads them as literals. A value that cannot be written with the same
meaning is an error, never a silent change.

One input is written on standard output. Several inputs, or a directory,
need -w, which writes each output beside its source (a.tf → a.tf.json,
a.tf.json → a.tf, a.tftest.hcl → a.tftest.json, x.hcl → x.hcl.json), or
-o DIR, which writes them into DIR, mirroring each directory given (a file
given by name goes to DIR/NAME); nothing is written when a directory inside
DIR on the way to an output is a symbolic link. With one input, -o names the
output file, or an existing directory to write it into. An existing output
is replaced only if it is a regular file; a directory in its place is an
error, and so is a symbolic link, except for a file found in a directory,
which is then skipped with a warning. In a directory, a symbolic link to a
file is read; other links and special files (named pipes, devices) are
skipped with a warning. Every file is converted before any is written, and
nothing is written when one has errors; each file is written atomically (a
temporary file .NAME.hcljson-tmp-PID-RANDOM, synced, renamed over the
target) and keeps the permissions of the file it replaces, or of its source.
An interrupt (SIGINT, SIGTERM, SIGHUP) removes the temporary files and exits with
status 130, 143 or 129; a later run writing into the same directory removes
those that a killed run left. Files are converted in parallel on all cores,
with a progress line on a terminal when that takes more than a second.

Flags:
  --to FORMAT              the output's syntax: json or hcl
  --from FORMAT            the input's syntax: json or hcl
  --provider-schema FILE   the output of "terraform providers schema -json":
                           resource, data source and provider bodies are
                           then closed, and JSON objects in them are read as
                           the provider says (nested block or map);
                           without it, in a directory whose providers init
                           installed, found as "hcljson check" finds them
  --terraform              read files of no Terraform ending, and standard
                           input, as Terraform configuration
` + programHelp + `  --compact                JSON output: no indentation
  --comments               JSON output: carry the comments directly above
                           blocks and arguments, and those after an
                           argument on its line (a = 1 # why), as "//"
                           properties
  --objects-as-attributes  native output: write a JSON object that the
                           schema does not place as an argument, with a
                           warning, instead of failing
  -w                       write each output beside its source; a
                           configuration file written beside its source
                           makes the module declare everything twice, which
                           a warning says
  --replace                with -w, remove each source once every output is
                           written (a module converted in place)
  -o PATH                  write into the directory PATH, or, for one input,
                           the file PATH; a directory converted into PATH has
                           its other files copied there too (templates,
                           scripts, the lock file, files not converted), so
                           that PATH is a working module
  --no-copy                with -o, write the converted files only
` + maxSizeHelp + forceHelp + `
Exit status: 0 when every file was converted, 1 when a file has errors or
cannot be read or written (then no file is written), 2 on a usage error.
`

// convertFlags are the settings of one "hcljson convert".
type convertFlags struct {
	to, from        syntax
	providerSchemas stringList
	terraform       bool
	program         programFlag
	compact         bool
	comments        bool
	objectsAsAttrs  bool
	write           bool
	replace         bool
	out             string
	noCopy          bool
}

// convertJob is one file to convert.
type convertJob struct {
	// path is the file to read; "-" is standard input, already read
	// into stdin.
	path  string
	stdin []byte
	// name is the file's name in diagnostics and for its language.
	name     string
	from, to syntax
	// rel is the output's path below the -o directory.
	rel string
	// target is the file to write; empty for standard output.
	target string
	// walked is set for a file found in a directory walk.
	walked bool
	// copy is set for a file copied as it is into the -o directory
	// (convert_copy.go).
	copy bool
}

// convertResult is the outcome of one convertJob.
type convertResult struct {
	src   []byte
	perm  fs.FileMode
	out   []byte
	diags hcl.Diagnostics
	// file holds the source for diagnostics' snippets.
	file *hcl.File
	// spilled, when not nil, holds the output instead of out.
	spilled *spill
}

// convert runs "hcljson convert".
func convert(e *env, args []string) int {
	c := lookup("convert")
	f, paths, code := parseConvertFlags(e, c, args)
	if code >= 0 {
		return code
	}
	jobs, diags, code := planConvert(e, c, f, paths)
	if code >= 0 {
		return code
	}
	langs, more := newLanguages(e, f.schemaFile(), f.terraform, f.program.p)
	diags = append(diags, more...)
	if f.schemaFile() == "" && !more.HasErrors() {
		// The schemas of the providers init installed (see check).
		where := paths
		if len(where) == 0 {
			where = []string{"."}
		}
		if dir, ok := discoveryDir(where); ok {
			if found := discoverSchemas(dir, langs.dirProgram(dir), exec.LookPath, os.UserCacheDir); found.data != nil {
				diags = append(diags, langs.setSchemas(found.why, found.data)...)
			}
		}
	}
	if !diags.HasErrors() {
		diags = append(diags, langs.prepare(jobNames(jobs))...)
	}
	if diags.HasErrors() {
		return e.writeDiags(nil, diags)
	}
	// What the modules' own files say (spec C26).
	langs.evidence = dirsEvidence(e, jobDirs(jobs))
	jobs, more = skipLinkedTargets(jobs)
	diags = append(diags, more...)
	if f.out != "" {
		diags = append(diags, checkInside(f.out, jobs)...)
	}
	if diags.HasErrors() || len(jobs) == 0 {
		return e.writeDiags(nil, diags)
	}
	var w *writer
	if jobs[0].target != "" {
		var err error
		if w, err = startWriter(e.files, jobTargets(jobs), e.force); err != nil {
			return e.writeFailed(err)
		}
		diags = append(diags, e.files.staleRemoved()...)
	}
	results := make([]convertResult, len(jobs))
	e.forEach("converted", len(jobs), func(i int) {
		r := convertFile(e, &jobs[i], f, langs)
		if w != nil && !r.diags.HasErrors() {
			w.stage(i, jobOutput(&jobs[i], r))
		}
		if w != nil {
			// Staged (the writer keeps the source's digest), or failed
			// (r.file keeps the source for the diagnostics): what is
			// left of a result is its diagnostics.
			r.src = nil
		}
		results[i] = r
	})
	files := map[string]*hcl.File{}
	for i, r := range results {
		files[jobs[i].name] = r.file
		diags = append(diags, r.diags...)
	}
	code = e.writeDiags(files, diags)
	if w != nil {
		if err := w.finish(code == 0, e.beforeWrite); err != nil {
			return e.writeFailed(err)
		}
		switch {
		case code == 0 && f.replace:
			return e.removeSources(jobs)
		case code == 0 && f.write:
			// Said once the outputs are there, not before.
			e.writeDiags(nil, bothSyntaxes(jobs))
		}
		return code
	}
	if code != 0 {
		return code
	}
	if r := results[0]; r.spilled != nil {
		defer r.spilled.Close()
		return e.writeStdoutFrom(c, r.spilled)
	}
	return e.writeStdout(c, results[0].out)
}

// parseConvertFlags reads the command line of "hcljson convert".
func parseConvertFlags(e *env, c *command, args []string) (*convertFlags, []string, int) {
	fs := newFlags(c)
	var f convertFlags
	to := fs.String("to", "", "")
	from := fs.String("from", "", "")
	fs.Var(&f.providerSchemas, "provider-schema", "")
	fs.BoolVar(&f.terraform, "terraform", false, "")
	fs.Var(&f.program, "program", "")
	fs.BoolVar(&f.compact, "compact", false, "")
	fs.BoolVar(&f.comments, "comments", false, "")
	fs.BoolVar(&f.objectsAsAttrs, "objects-as-attributes", false, "")
	fs.BoolVar(&f.write, "w", false, "")
	fs.BoolVar(&f.replace, "replace", false, "")
	fs.StringVar(&f.out, "o", "", "")
	fs.BoolVar(&f.noCopy, "no-copy", false, "")
	e.sizeFlagOn(fs)
	e.forceOn(fs)
	paths, code := e.parseFlags(c, fs, args)
	if code >= 0 {
		return nil, nil, code
	}
	var err error
	if f.to, err = parseSyntax("to", *to); err != nil {
		return nil, nil, e.usageError(c, "%v", err)
	}
	if f.from, err = parseSyntax("from", *from); err != nil {
		return nil, nil, e.usageError(c, "%v", err)
	}
	switch {
	case len(f.providerSchemas) > 1:
		return nil, nil, e.usageError(c, "give one --provider-schema file (\"terraform providers schema -json\" writes every provider in one)")
	case f.to != 0 && f.to == f.from:
		return nil, nil, e.usageError(c, "--from %s --to %s converts nothing (hcljson fmt formats JSON files)", f.from, f.to)
	case f.write && f.out != "":
		return nil, nil, e.usageError(c, "-w and -o do not go together: -w writes beside each source, -o into one place")
	case f.replace && !f.write:
		return nil, nil, e.usageError(c, "--replace removes the sources of -w: give -w too")
	case f.noCopy && f.out == "":
		return nil, nil, e.usageError(c, "--no-copy keeps -o DIR from copying the module's other files: give -o too")
	}
	if len(paths) == 0 {
		paths = []string{"."} // the current directory
	}
	return &f, paths, -1
}

// schemaFile returns the --provider-schema file, or "".
func (f *convertFlags) schemaFile() string {
	if len(f.providerSchemas) == 0 {
		return ""
	}
	return f.providerSchemas[0]
}

// jobNames returns the names of the jobs' files.
func jobNames(jobs []convertJob) []string {
	names := make([]string, 0, len(jobs))
	for _, j := range jobs {
		if !j.copy {
			names = append(names, j.name)
		}
	}
	return names
}

// convertFile reads and converts one file.
func convertFile(e *env, j *convertJob, f *convertFlags, langs *languages) convertResult {
	if j.copy {
		return copyFile(e, j)
	}
	var r convertResult
	var err error
	if j.path == "-" {
		r.src, r.perm = j.stdin, 0o644
	} else if r.src, r.perm, err = e.readFile(j.path); err != nil {
		r.diags = hcl.Diagnostics{readFailed(j.path, err)}
		return r
	}
	if r.file, r.diags = encodingFailed(r.src, j.name); r.file != nil {
		return r
	}
	root, diags := langs.root(j.name)
	if j.from != native {
		root, diags = langs.nativeRoot(j.name)
	}
	if diags.HasErrors() {
		r.diags = diags
		return r
	}
	if j.from == native {
		return convertNative(r, j, f, root)
	}
	file, diags := hcljson.Parse(r.src, j.name)
	if !diags.HasErrors() {
		// Written as produced, into a spill: large outputs are not held
		// in memory.
		r.spilled = &spill{}
		r.diags = append(diags, tonative.ConvertTo(r.spilled, file, tonative.Options{Schema: root, ObjectsAsAttributes: f.objectsAsAttrs})...)
		if r.diags.HasErrors() {
			r.spilled.Close()
			r.spilled = nil
		}
	} else {
		r.diags = diags
	}
	if len(r.diags) > 0 {
		r.file = file // for the snippets; keep the tape only then
	}
	return r
}

// convertNative converts r.src, native syntax, to JSON into a spill:
// tojson.ConvertTo streams a large file by top-level blocks, holding each
// block type's JSON in a spill of its own until the output is complete,
// so that neither the syntax tree nor the output is held whole.
func convertNative(r convertResult, j *convertJob, f *convertFlags, root *schema.Body) convertResult {
	if root == nil {
		root = schema.Generic.Root // not chosen again by the file's name
	}
	var spools []*spill
	defer func() {
		for _, s := range spools {
			s.Close()
		}
	}()
	r.spilled = &spill{}
	out := &depthWriter{w: r.spilled}
	hf, diags, err := tojson.ConvertTo(out, r.src, j.name, tojson.Options{Schema: root, Comments: f.comments}, gen.Options{Compact: f.compact}, func() gen.Spool {
		s := &spill{at: spoolAt}
		spools = append(spools, s)
		return s
	})
	r.diags = diags
	if err != nil && r.spilled.err == nil {
		// A spool could not be written (no room for its temporary
		// file): the output fails as a spill that cannot be written
		// does, when it is written.
		r.spilled.err = err
	}
	if !diags.HasErrors() {
		if d := tooDeepOutput(out.deepest, j.name); d != nil {
			r.diags = append(r.diags, d)
		}
	}
	if r.diags.HasErrors() {
		r.spilled.Close()
		r.spilled = nil
	}
	if len(r.diags) > 0 {
		if hf == nil { // streamed: parsed in pieces, none kept
			hf, _ = tojson.ParseNative(r.src, j.name)
		}
		r.file = hf // for the snippets; the syntax tree is large, keep it only then
	}
	return r
}

// spoolAt is the most a spill holding one block type's JSON keeps in
// memory: there are as many as block types.
const spoolAt = 256 << 10

// jobTargets returns the files that the jobs write.
func jobTargets(jobs []convertJob) []string {
	paths := make([]string, len(jobs))
	for i, j := range jobs {
		paths[i] = j.target
	}
	return paths
}

// jobOutput returns the file that a job writes, made from the source
// read, which must not change before it is written (standard input
// aside).
func jobOutput(j *convertJob, r convertResult) output {
	o := output{data: r.out, from: r.spilled, perm: r.perm}
	if j.path != "-" {
		o.source, o.read = j.path, r.src
	}
	return o
}

// writeStdout writes text on standard output, escaped on a terminal (see
// escape.go), and returns 0, or reports the failure and returns 1.
func (e *env) writeStdout(c *command, b []byte) int {
	if e.outTerminal {
		b = appendEscaped(nil, b, true)
	}
	if _, err := e.stdout.Write(b); err != nil {
		return e.stdoutFailed(c.name, err)
	}
	return 0
}

// writeStdoutFrom is writeStdout for output held in a spill.
func (e *env) writeStdoutFrom(c *command, s *spill) int {
	var err error
	if e.outTerminal {
		ew := &escapeWriter{w: e.stdout}
		if _, err = s.WriteTo(ew); err == nil {
			err = ew.Flush()
		}
	} else {
		_, err = s.WriteTo(e.stdout)
	}
	if err != nil {
		return e.stdoutFailed(c.name, err)
	}
	return 0
}

// stdoutFailed reports a failure to write standard output and returns 1.
func (e *env) stdoutFailed(name string, err error) int {
	fmt.Fprintf(e.stderr, "hcljson %s: cannot write standard output: %s\n", name, escapeText(err.Error()))
	return 1
}

// writeFailed reports a failure to write, which is a *writeError, and
// returns 1.
func (e *env) writeFailed(err error) int {
	we, ok := err.(*writeError)
	if !ok {
		we = &writeError{err: err}
	}
	return e.writeDiags(nil, hcl.Diagnostics{we.diagnostic()})
}

// bothSyntaxes warns, once, when -w writes configuration files found in a
// directory beside their sources: the module then holds main.tf and
// main.tf.json, which the programs both read, so that every declaration
// is made twice.
func bothSyntaxes(jobs []convertJob) hcl.Diagnostics {
	var pairs []string
	for _, j := range jobs {
		if j.target == "" || !j.walked {
			continue // a file named alone: what it is written beside is the caller's choice
		}
		opts := module.Options{Program: module.OpenTofu}
		if module.IsConfigFile(filepath.Base(j.path), opts) && module.IsConfigFile(filepath.Base(j.target), opts) {
			pairs = append(pairs, j.path)
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	more := ""
	if len(pairs) > 1 {
		more = fmt.Sprintf(" and %d more", len(pairs)-1)
	}
	return hcl.Diagnostics{{
		Severity: hcl.DiagWarning,
		Summary:  "Each declaration is now in two files",
		Detail: fmt.Sprintf("The conversion of %s%s is written beside its source, and Terraform and OpenTofu read both files of a directory, so each declaration of the module is now made twice. Remove the sources, or convert with -w --replace, which removes them once every output is written.",
			pairs[0], more),
	}}
}

// removeSources removes the source of each job written beside it (-w
// --replace), once every output is: the outputs are all there first, so a
// failure leaves both syntaxes, never neither. It returns the exit status.
func (e *env) removeSources(jobs []convertJob) int {
	var diags hcl.Diagnostics
	for _, j := range jobs {
		if j.target == "" || j.path == "-" {
			continue
		}
		if err := os.Remove(j.path); err != nil {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Source not removed",
				Detail:   fmt.Sprintf("%s was converted to %s, but could not be removed: %v.", j.path, j.target, err),
			})
		}
	}
	return e.writeDiags(nil, diags)
}

package cli

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	nativeread "github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/validate"
)

// checkUsage is the help of "hcljson check".
const checkUsage = `Usage: hcljson check [-recursive] [--format text|json] [--provider-schema FILE] [--lang terraform|generic] [--stdin-filename NAME] [PATH...]

Parses each file ("-": standard input, read as the file --stdin-filename
names; without it, JSON if it starts with "{" or "[", native syntax
otherwise, and generic HCL unless --lang terraform) and checks it against
its language (without a PATH, the current
directory, as terraform validate), chosen by its name as
in "hcljson convert": .tf, .tf.json, .tofu and .tofu.json files are
Terraform and OpenTofu configuration, .tftest and .tofutest files tests,
.tfquery files queries; other files are only parsed, as generic HCL (JSON
if the name ends in .json), unless --lang terraform (or --terraform) is
given. A directory is a
module: its configuration files, as OpenTofu reads them (a .tofu file hides
the .tf file of the same name), and its test files; subdirectories are not
read (but with -recursive, below).

The check reports what Terraform and OpenTofu reject when they load a file:
syntax errors, arguments and blocks the language does not have, missing
required arguments (not in override files), a second block where one is
allowed, and values that do not read the way the language reads them: type
constraints, references (depends_on, provider, ignore_changes), keywords
(provisioner when), native expressions written in JSON strings, and, in
JSON, templates that cannot be valid whatever the variables hold. With
--provider-schema, resource, data source and provider blocks are checked
against their providers' schemas too.

Without --provider-schema, the schemas are found where init left the
providers: in a directory with .terraform/providers, check runs "tofu
providers schema -json" there (terraform for a Terraform module; when
nothing says which, the lock file's registry), once: the output is kept in
the user cache directory, keyed by the lock file, for the next runs. It
never runs init and never downloads. When some providers' schemas are
missing, the summary says whose arguments went unchecked.

Configuration files named one by one are checked with the module of their
directory: when they pass, the module is validated as for DIR below and
what it finds in the named files is reported (a warning says when other
files' errors keep it from being validated).

A directory whose files all pass is then validated as a module, as
"tofu validate" or "terraform validate" validates it (the program the
directory says, or --program; when nothing says, both, and only what both
reject is an error), without init: declarations duplicated across files,
variable defaults against their types, references to what is not
declared, count, each and self out of their context, expressions
evaluated with unknown values of the right types (functions, operators,
indexes, attributes of known object types), meta-arguments, module call
arguments against a local child module's variables, and cycles. Provider
configurations are checked only when a resource uses them, as the
programs do.

Diagnostics go to standard error with the source around them, in colour on
a terminal (unless NO_COLOR is set); when there is no error, standard
output says how many files were checked.

With -recursive (or --recursive), each DIR (default: the current
directory) is searched for module directories, those holding a .tf,
.tf.json, .tofu or .tofu.json file, hidden directories such as .terraform
skipped and symbolic links to directories followed unless they lead to a
directory already searched. Each is checked as "hcljson check DIR" checks
it, in parallel, and each module directory is read and parsed once in
the run, however many of them call it.
Standard error holds each directory's diagnostics after a line "# DIR",
standard output a line per directory and one for the run, in the order of
the paths:

  examples/one: 1 file checked, no errors
  modules/vpc: 2 files checked, 1 error, 1 warning
  2 directories checked (3 files), 1 error, 1 warning

With --format json, standard output holds one object: "format_version",
"valid", "error_count" and "warning_count" for the run, "diagnostics"
about no directory (provider schemas that cannot be used), and
"directories", one object per directory in the same order: its "path",
then what "check --format json DIR" writes for it. The exit status is
that of the worst directory. Provider schemas are not looked for in the
directories (give --provider-schema).

Flags:
  -recursive               check every module directory under each DIR
  --format FORMAT          text (the default) or json: standard output then
                           holds what "terraform validate -json" writes:
                           {"format_version", "valid", "error_count",
                           "warning_count", "diagnostics"}, each diagnostic
                           with "severity", "summary", "detail" and, when
                           there is a source, its "range" and "snippet"
  -json                    the same as --format json, as terraform validate
                           -json spells it
  --provider-schema FILE   the output of "terraform providers schema -json"
  --lang LANG              terraform: check files of no Terraform ending
                           (standard input among them) as Terraform
                           configuration; generic (the default): only parse
                           them as HCL
  --terraform              the same as --lang terraform
  --stdin-filename NAME    read standard input ("-") as the file NAME: its
                           syntax and language follow the name (main.tf.json
                           is Terraform's JSON), and diagnostics name it, as
                           editors and pre-commit hooks that pipe a buffer
                           need; the file itself is not read
` + programHelp + maxSizeHelp + `
Exit status: 0 when there is no error (warnings allowed), 1 when there are
errors, 2 on a usage error.

"hcljson validate" is another name of check, as terraform validate is.
`

// check runs "hcljson check".
func check(e *env, args []string) int {
	c := lookup("check")
	fs := newFlags(c)
	format := fs.String("format", "text", "")
	asJSON := fs.Bool("json", false, "") // terraform validate -json
	var schemas stringList
	fs.Var(&schemas, "provider-schema", "")
	terraform := fs.Bool("terraform", false, "")
	lang := fs.String("lang", "", "")
	var program programFlag
	fs.Var(&program, "program", "")
	stdinFile := fs.String("stdin-filename", "", "")
	recursive := fs.Bool("recursive", false, "")
	e.sizeFlagOn(fs)
	paths, code := e.parseFlags(c, fs, args)
	if code >= 0 {
		return code
	}
	if *recursive && slices.Contains(paths, "-") {
		return e.usageError(c, "-recursive checks the module directories under directories: standard input (-) is not one")
	}
	if *stdinFile != "" && !slices.Contains(paths, "-") {
		return e.usageError(c, "--stdin-filename names standard input: give - as a PATH")
	}
	if err := jsonSpelling(fs, format, *asJSON); err != nil {
		return e.usageError(c, "%v", err)
	}
	if err := oneOf("format", *format, "text", "json"); err != nil {
		return e.usageError(c, "%v", err)
	}
	if *lang != "" {
		if err := oneOf("lang", *lang, "terraform", "generic"); err != nil {
			return e.usageError(c, "%v", err)
		}
		if *lang == "generic" && *terraform {
			return e.usageError(c, "--lang generic and --terraform contradict each other")
		}
		*terraform = *lang == "terraform"
	}
	switch {
	case len(schemas) > 1:
		return e.usageError(c, "give one --provider-schema file (\"terraform providers schema -json\" writes every provider in one)")
	}
	if len(paths) == 0 {
		paths = []string{"."} // the current directory, as terraform validate
	}
	schemaFile := ""
	if len(schemas) == 1 {
		schemaFile = schemas[0]
	}
	langs, diags := newLanguages(e, schemaFile, *terraform, program.p)
	var discovered found
	if schemaFile == "" && !diags.HasErrors() && !*recursive {
		if dir, ok := discoveryDir(paths); ok && mayBeInitialized(dir) {
			discovered = discoverSchemas(dir, langs.dirProgram(dir), exec.LookPath, os.UserCacheDir)
			if discovered.data != nil {
				name := discovered.file
				if name == "" {
					name = discovered.why
				}
				diags = langs.setSchemas(name, discovered.data)
			}
		}
	}
	ck := &checkRun{e: e, langs: langs, files: map[string]*hcl.File{}, diags: diags, stdinFile: *stdinFile}
	if *recursive {
		return ck.checkRecursive(c, paths, *format == "json")
	}
	if !diags.HasErrors() {
		for _, p := range paths {
			ck.path(p)
		}
		ck.namedModules()
		ck.namedVarFiles()
	}
	if *format == "json" {
		return ck.writeJSON(e)
	}
	note := ""
	if !diags.HasErrors() {
		note = schemaNote(uncheckedProviders(ck.files, langs), schemaFile != "", discovered)
	}
	if code := e.writeDiags(ck.files, ck.diags); code != 0 {
		if note != "" {
			fmt.Fprintf(e.stderr, "Note: %s.\n", note)
		}
		return code
	}
	if note != "" {
		note = "; " + note
	}
	return e.writeStdout(c, fmt.Appendf(nil, "%s checked, %s%s\n", plural(ck.checked, "file"), warningCount(ck.diags), note))
}

// warningCount says how many warnings diags holds, which are all warnings.
func warningCount(diags hcl.Diagnostics) string {
	if len(diags) == 0 {
		return "no errors"
	}
	return "no errors, " + plural(len(diags), "warning")
}

// checkRun collects the diagnostics of one "hcljson check".
type checkRun struct {
	e       *env
	langs   *languages
	files   map[string]*hcl.File
	diags   hcl.Diagnostics
	checked int
	// stdinFile is the name standard input is read as (--stdin-filename),
	// or "".
	stdinFile string
	// named holds the configuration files named one by one, by their
	// directory (dirs in the order first named), and failed those whose
	// own check found errors: namedModules validates their modules.
	named  map[string][]string
	dirs   []string
	failed map[string]bool
	// validated is set once a module's validation ran (its files all
	// read and passed their checks).
	validated bool
	// langFailed is set once the provider schemas failed to extend a
	// language, which is reported once.
	langFailed bool
	// readings, when not nil, holds the module directories read by the
	// run's models ("check -recursive"), each read once.
	readings *validate.Readings
	// noVars is set for a run that does not read the variable
	// definitions files a directory's module loads (checkvars.go).
	noVars bool
	// namedVars holds the variable definitions files named one by one
	// that passed their own check, by their directory (varDirs in the
	// order first named), for namedVarFiles.
	namedVars map[string][]string
	varDirs   []string
}

// path checks a file, a module directory or, for "-", standard input.
func (ck *checkRun) path(p string) {
	fi, err := os.Stat(p)
	switch {
	case p == "-":
		ck.stdin()
	case err != nil:
		ck.diags = append(ck.diags, readFailed(p, err))
	case fi.IsDir():
		ck.module(p)
	default:
		before := len(ck.diags)
		ck.file(p, module.IsOverride(filepath.Base(p), module.Options{}))
		if module.IsConfigFile(filepath.Base(p), module.Options{Program: module.OpenTofu}) {
			ck.name(p, ck.diags[before:].HasErrors())
		}
		if isVarsFile(p) && !ck.diags[before:].HasErrors() {
			ck.nameVars(p)
		}
	}
}

// name records a configuration file named one by one, and whether its
// own check found errors, for namedModules.
func (ck *checkRun) name(p string, failed bool) {
	dir := filepath.Dir(p)
	if ck.named == nil {
		ck.named, ck.failed = map[string][]string{}, map[string]bool{}
	}
	if _, ok := ck.named[dir]; !ok {
		ck.dirs = append(ck.dirs, dir)
	}
	ck.named[dir] = append(ck.named[dir], filepath.Clean(p))
	ck.failed[dir] = ck.failed[dir] || failed
}

// namedModules validates the module of each directory holding
// configuration files named one by one (as pre-commit hooks and editors
// name them), whose own checks found no error, as "hcljson check DIR"
// validates it, and reports what it finds in the named files that their
// own checks did not (an undeclared local, a reference to a variable of
// another file). The programs only ever read a module; a named file
// alone says nothing of what it refers to. When another file of the
// module has errors, the programs stop there: the module is not
// validated, and a warning says so.
func (ck *checkRun) namedModules() {
	for _, dir := range ck.dirs {
		if ck.failed[dir] {
			continue
		}
		names := ck.named[dir]
		sub := &checkRun{e: ck.e, langs: ck.langs, files: ck.files, langFailed: ck.langFailed, noVars: true}
		sub.module(dir)
		var others []string // other files of the module with errors
		for _, d := range sub.diags {
			switch {
			case d.Subject != nil && slices.Contains(names, filepath.Clean(d.Subject.Filename)):
				if !slices.ContainsFunc(ck.diags, func(e *hcl.Diagnostic) bool { return sameDiagnostic(d, e) }) {
					ck.diags = append(ck.diags, d)
				}
			case d.Severity == hcl.DiagError && d.Subject != nil && !slices.Contains(others, d.Subject.Filename):
				others = append(others, d.Subject.Filename)
			}
		}
		if len(others) > 0 && !sub.validated {
			ck.diags = append(ck.diags, &hcl.Diagnostic{
				Severity: hcl.DiagWarning,
				Summary:  "Module not validated",
				Detail:   fmt.Sprintf("Other files of the module in %s have errors (%s), so the module of the files named was not validated: the programs stop there. \"hcljson check %s\" shows them.", dir, strings.Join(others, ", "), dir),
			})
		}
	}
}

// sameDiagnostic reports whether a and b say the same of the same range
// (a file's path compared cleaned: ./main.tf is main.tf).
func sameDiagnostic(a, b *hcl.Diagnostic) bool {
	if a.Severity != b.Severity || a.Summary != b.Summary || (a.Subject == nil) != (b.Subject == nil) {
		return false
	}
	return a.Subject == nil || filepath.Clean(a.Subject.Filename) == filepath.Clean(b.Subject.Filename) &&
		a.Subject.Start.Byte == b.Subject.Start.Byte && a.Subject.End.Byte == b.Subject.End.Byte
}

// module checks the module in dir as validate.Model.Check checks it:
// every configuration file of the tree against its language, then the
// tree's validation, the test files and, unless ck.noVars, the variable
// definitions files that the programs load by themselves. When the
// provider schemas cannot extend the module's language, that error is
// reported once in the run and the files are only read.
func (ck *checkRun) module(dir string) *validate.Model {
	md, diags := validate.Load(dir, validate.Options{Program: ck.langs.program, Providers: ck.langs.providers, MaxFileSize: ck.e.maxSize, Loaded: ck.e.loaded, Readings: ck.readings})
	ck.langs.setProgram(dir, md.Program())
	if ck.languageFailed(md.Program()) {
		m := md.Root()
		for _, f := range m.Files {
			ck.files[f.Path] = f.File
		}
		ck.diags = append(ck.diags, diags...)
		ck.checked += len(m.Files)
		for _, t := range m.Tests {
			ck.file(t, false)
		}
		return md
	}
	r := md.Check(validate.CheckOptions{NoVarFiles: ck.noVars})
	maps.Copy(ck.files, r.Files)
	ck.diags = append(ck.diags, r.Diagnostics...)
	ck.checked += r.Checked
	ck.validated = r.Validated
	return md
}

// languageFailed reports whether the provider schemas fail to extend the
// configuration language of p (both languages under module.Auto), and
// reports that once in the run.
func (ck *checkRun) languageFailed(p module.Program) bool {
	if ck.langFailed || ck.langs.extend == nil {
		return ck.langFailed
	}
	langs := []*schema.Language{p.ConfigLanguage()}
	if p == module.Auto {
		langs = []*schema.Language{schema.OpenTofu, schema.Terraform}
	}
	for _, lang := range langs {
		if _, diags := ck.langs.rootOf(lang); diags.HasErrors() && !ck.langFailed {
			ck.diags = append(ck.diags, diags...)
			ck.langFailed = true
		}
	}
	return ck.langFailed
}

// file reads, parses and checks one file.
func (ck *checkRun) file(name string, override bool) {
	ck.checked++
	src, _, err := ck.e.readFile(name)
	if err != nil {
		ck.diags = append(ck.diags, readFailed(name, err))
		return
	}
	f, diags := module.Parse(src, name)
	ck.files[name] = f
	ck.diags = append(ck.diags, diags...)
	if !diags.HasErrors() {
		ck.schema(f, name, override)
	}
}

// stdin reads, parses and checks standard input: as the file
// --stdin-filename names, as a file of that name is read and checked;
// without it JSON if it starts with "{" or "[", native syntax otherwise.
func (ck *checkRun) stdin() {
	ck.checked++
	name := stdinName
	if ck.stdinFile != "" {
		name = ck.stdinFile
	}
	src, err := ck.e.readStdin()
	if err != nil {
		ck.diags = append(ck.diags, readFailed(name, err))
		return
	}
	f, diags := encodingFailed(src, name)
	switch {
	case f != nil:
	case ck.stdinFile != "":
		f, diags = module.Parse(src, name)
	case sniff(src) == jsonSyntax:
		f, diags = hcljson.Parse(src, name)
	default:
		f, diags = nativeread.ParseConfig(src, name, hcl.InitialPos)
	}
	ck.files[name] = f
	ck.diags = append(ck.diags, diags...)
	if !diags.HasErrors() {
		ck.schema(f, name, ck.stdinFile != "" && module.IsOverride(filepath.Base(name), module.Options{}))
	}
}

// schema checks a parsed file against its language, if it has one: a
// configuration file that either program may read (languages.either)
// against both, what both reject being an error (validate.Either).
func (ck *checkRun) schema(f *hcl.File, name string, override bool) {
	if !ck.langs.either(name) {
		ck.diags = append(ck.diags, ck.checkFile(f, name, override, ck.langs.language(name))...)
		return
	}
	tofu := ck.checkFile(f, name, override, schema.OpenTofu)
	terraform := ck.checkFile(f, name, override, schema.Terraform)
	ck.diags = append(ck.diags, validate.Either(tofu, terraform)...)
}

// checkFile returns what a parsed file's check against lang (nil: none)
// finds (validate.CheckFile). When the provider schemas cannot extend
// lang, that error goes to ck.diags, once, and nothing is checked.
func (ck *checkRun) checkFile(f *hcl.File, name string, override bool, lang *schema.Language) hcl.Diagnostics {
	if _, diags := ck.langs.rootOf(lang); diags.HasErrors() {
		if !ck.langFailed {
			ck.diags = append(ck.diags, diags...)
		}
		ck.langFailed = true
		return nil
	}
	return validate.CheckFile(f, lang, validate.FileOptions{Override: override, Providers: ck.langs.providers})
}

// writeJSON writes the diagnostics as a JSON array on standard output and
// returns the exit status.
func (ck *checkRun) writeJSON(e *env) int {
	b := appendJSONSafe(nil, indentJSON(appendValidateJSON(nil, ck.diags, ck.files)))
	if _, err := e.stdout.Write(append(b, '\n')); err != nil {
		return e.stdoutFailed("check", err)
	}
	if ck.diags.HasErrors() {
		return 1
	}
	return 0
}

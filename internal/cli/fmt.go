package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	nativeread "github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/internal/nativefmt"
)

// fmtUsage is the help of "hcljson fmt".
const fmtUsage = `Usage: hcljson fmt [-list=false] [-write=false] [-diff] [-check] [-recursive] [-array] [PATH...]

Lays out files in HCL's JSON syntax as terraform fmt lays out native
syntax, in place: two spaces of indentation, one member or element a
line, an empty object or array as {} or [], and a final newline. Only the
white space changes: each block stays in the form it was written in (the
object form that cdktf writes, or the general array form), members keep
their order, duplicates and "//" comments included, and strings and
numbers keep their bytes. A file with a syntax error, or whose blocks no
decoder reads as blocks (a string where a block goes), is reported and
not formatted. Formatting a formatted file changes nothing.

As terraform fmt does, fmt rewrites each file that is not formatted and
prints its name on standard output, and without a PATH it formats the
current directory. In a directory it formats the files whose names end in
.tf.json, .tofu.json, .tftest.json, .tofutest.json, .tfquery.json,
.tfvars.json or .hcl.json (hidden files and editor backups skipped), and the files of its
subdirectories only with -recursive (hidden ones, such as .terraform and
.git, never); a directory without such files is not an error. A symbolic
link to a file found there is read but not rewritten, and other links and
special files are skipped, each with a warning. A file named on the
command line is formatted whatever its name; one of native syntax (.tf,
.tofu, .hcl and the other native endings) is laid out as terraform fmt
and tofu fmt lay it out. "-" reads standard input and prints the result
on standard output.

Every file is formatted before any is written, and when one has errors
nothing is written and no name is printed; each file is rewritten
atomically (a temporary file renamed over it) and keeps its permissions,
owner and group; a read-only file, or one with other hard links, is
replaced only with --force.

The language, chosen by the file's name as in "hcljson convert" (.tf.json
and .tofu.json: Terraform configuration; .tftest.json, .tofutest.json:
tests; .tfquery.json: queries; .tfvars.json: variable definitions), says
which properties are blocks; other
JSON files, and standard input, are generic HCL, whose blocks no one
knows, unless --terraform is given. In the names printed, a control
character, tab and line feed included, is shown escaped (\x0a), so that
each name stays on its line.

Flags:
  -list=false              print no names (never printed for standard
                           input)
  -write=false             rewrite no file (never rewritten for standard
                           input and with -check); with -list=false too,
                           and neither -diff nor -check, print the
                           formatted text of the one file named
  -w                       rewrite the files: the default (-write=true),
                           the spelling of earlier releases; with -check
                           or "-", -w and -write=true are usage errors
  -diff                    print a unified diff of each file's changes
                           too (files are still rewritten: -check -diff,
                           or -write=false -diff, only shows them)
  -check                   rewrite nothing, print the names of the files
                           that are not formatted, and exit with status 3
                           if there is one, as terraform fmt -check does
  -recursive               format the files of subdirectories too
  -array, --general-array-form
                           rewrite the blocks that the language lists in
                           the general array form, as "hcljson convert"
                           writes them: one property per block type, in
                           the place of its first block, holding an array
                           with one element per block, each label a
                           nested object of one property; arguments, "//"
                           comments and everything else keep their order
                           and values (a string with the same text, a
                           number with the same digits)
  --keep-form              keep each block's form: the default, accepted
                           for the scripts of earlier releases
  --terraform              read files of no Terraform ending, and standard
                           input, as Terraform configuration
  --program NAME           the program the files are written for:
                           opentofu (or tofu) or terraform (default: what
                           the directory says, a .tofu or .tofu.json file
                           or the registry that .terraform.lock.hcl or
                           .terraform/providers names, and Terraform when
                           nothing says)
` + maxSizeHelp + forceHelp + `
Exit status: 0 when all is well, 1 when a file has errors, 2 on a usage
error, 3 with -check when a file is not formatted (and no file has
errors). terraform fmt exits with 2 on errors and 1 on usage errors;
hcljson's statuses are the same for every command.
`

// fmtFlags are the settings of one "hcljson fmt".
type fmtFlags struct {
	write, list, check, diff, recursive, arrayForm, terraform bool
	program                                                   programFlag
}

// printing reports whether the formatted text goes to standard output:
// for standard input, or with -write=false -list=false and neither -diff
// nor -check, as terraform fmt prints it.
func (f *fmtFlags) printing() bool {
	return !f.write && !f.list && !f.diff && !f.check
}

// fmtResult is the outcome of formatting one file.
type fmtResult struct {
	src   []byte
	perm  fs.FileMode
	out   []byte
	diags hcl.Diagnostics
	// file holds the source for diagnostics' snippets.
	file *hcl.File
	// kept is set for a changed file that is not rewritten: a symbolic
	// link found in a directory.
	kept bool
}

// fmtCmd runs "hcljson fmt".
func fmtCmd(e *env, args []string) int {
	c := lookup("fmt")
	f, paths, code := parseFmtFlags(e, c, args)
	if code >= 0 {
		return code
	}
	jobs, diags, code := planFmt(e, c, f, paths)
	if code >= 0 {
		return code
	}
	langs, more := newLanguages(e, "", f.terraform, f.program.p)
	diags = append(diags, more...)
	if diags.HasErrors() {
		return e.writeDiags(nil, diags)
	}
	results := make([]fmtResult, len(jobs))
	e.forEach("formatted", len(jobs), func(i int) {
		results[i] = formatFile(e, &jobs[i], langs, f.arrayForm)
	})
	var w *writer
	if f.write {
		if w, diags, code = e.stageFmt(jobs, results, diags); code >= 0 {
			return code
		}
	}
	files := map[string]*hcl.File{}
	for i, r := range results {
		if r.file != nil {
			files[jobs[i].name] = r.file
		}
		diags = append(diags, r.diags...)
	}
	status := e.writeDiags(files, diags)
	if f.printing() {
		if status != 0 {
			return status
		}
		return e.writeStdout(c, results[0].out)
	}
	if w != nil {
		if err := w.finish(status == 0, e.beforeWrite); err != nil {
			return e.writeFailed(err)
		}
	}
	if status != 0 && f.write {
		return status // nothing was rewritten, so nothing is listed
	}
	code = e.fmtReport(c, f, jobs, results)
	if status != 0 {
		return status // errors before -check's 3, as terraform fmt
	}
	return code
}

// stageFmt starts writing the files that change, except the symbolic
// links found in a directory, which it marks kept, with a warning (only
// the files written must be regular files, so a formatted file behind a
// link is left alone). It returns the writer, nil when nothing changes,
// and a status of 0 or more when the run is over.
func (e *env) stageFmt(jobs []convertJob, results []fmtResult, diags hcl.Diagnostics) (*writer, hcl.Diagnostics, int) {
	var changed []int
	for i := range results {
		r := &results[i]
		if !r.changed() {
			continue
		}
		// A link found in a directory is not rewritten: replacing it
		// would break it, and writing through it would write outside
		// the tree.
		if fi, err := os.Lstat(jobs[i].path); jobs[i].walked && err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagWarning,
				Summary:  "Symbolic link not rewritten",
				Detail:   fmt.Sprintf("%q is a symbolic link to a file that is not formatted; it was not rewritten.", jobs[i].path),
			})
			r.kept = true
			continue
		}
		changed = append(changed, i)
	}
	if len(changed) == 0 {
		return nil, diags, -1
	}
	names := make([]string, len(changed))
	for k, i := range changed {
		names[k] = jobs[i].name
	}
	w, err := startWriter(e.files, names, e.force)
	if err != nil {
		return nil, diags, e.writeFailed(err)
	}
	diags = append(diags, e.files.staleRemoved()...)
	for k, i := range changed {
		r := results[i]
		w.stage(k, output{data: r.out, perm: r.perm, source: jobs[i].path, read: r.src})
	}
	return w, diags, -1
}

// parseFmtFlags reads the command line of "hcljson fmt": terraform fmt's
// flags and defaults (-list and -write on, neither for standard input,
// no -write with -check), and hcljson's own.
func parseFmtFlags(e *env, c *command, args []string) (*fmtFlags, []string, int) {
	fs := newFlags(c)
	var f fmtFlags
	fs.BoolVar(&f.write, "write", true, "")
	fs.BoolVar(&f.write, "w", true, "") // the spelling of earlier releases
	fs.BoolVar(&f.list, "list", true, "")
	fs.BoolVar(&f.check, "check", false, "")
	fs.BoolVar(&f.diff, "diff", false, "")
	fs.BoolVar(&f.recursive, "recursive", false, "")
	fs.BoolVar(&f.arrayForm, "array", false, "")
	fs.BoolVar(&f.arrayForm, "general-array-form", false, "")
	keepForm := fs.Bool("keep-form", false, "") // the default
	fs.BoolVar(&f.terraform, "terraform", false, "")
	fs.Var(&f.program, "program", "")
	e.sizeFlagOn(fs)
	e.forceOn(fs)
	paths, code := e.parseFlags(c, fs, args)
	if code >= 0 {
		return nil, nil, code
	}
	// terraform fmt ignores a -write=true that -check or standard input
	// overrides; a rewrite asked for and not made is a usage error here.
	writeAsked := f.write && (isSet(fs, "w") || isSet(fs, "write"))
	stdin := slices.Contains(paths, "-")
	switch {
	case writeAsked && f.check:
		return nil, nil, e.usageError(c, "-w and -check do not go together: -check writes nothing")
	case stdin && len(paths) > 1:
		return nil, nil, e.usageError(c, "- (standard input) must be the only input")
	case stdin && writeAsked:
		return nil, nil, e.usageError(c, "-w rewrites files, and standard input is not one")
	case *keepForm && f.arrayForm:
		return nil, nil, e.usageError(c, "--keep-form and -array contradict each other: -array rewrites blocks in the general array form")
	}
	if f.check {
		f.write = false
	}
	if stdin {
		f.write, f.list = false, false
	}
	if len(paths) == 0 {
		paths = []string{"."} // the current directory, as terraform fmt
	}
	return &f, paths, -1
}

// planFmt lists the files to format: those named, and those of the
// directories named (of their subdirectories too with -recursive).
func planFmt(e *env, c *command, f *fmtFlags, paths []string) ([]convertJob, hcl.Diagnostics, int) {
	if paths[0] == "-" {
		src, err := e.readStdin()
		if err != nil {
			return nil, hcl.Diagnostics{readFailed(stdinName, err)}, -1
		}
		return []convertJob{{path: "-", stdin: src, name: stdinName}}, nil, -1
	}
	const printOne = "-write=false -list=false prints the formatted text of one file"
	if f.printing() && len(paths) > 1 {
		return nil, nil, e.usageError(c, "%s, and %d are named", printOne, len(paths))
	}
	var jobs []convertJob
	var diags hcl.Diagnostics
	for _, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			diags = append(diags, readFailed(p, err))
		case fi.IsDir():
			if f.printing() {
				return nil, nil, e.usageError(c, "%s, and %s is a directory", printOne, p)
			}
			found, warnings, err := walkConfigs(p, jsonSyntax, f.recursive)
			diags = append(diags, warnings...)
			if err != nil {
				diags = append(diags, readFailed(p, err))
			}
			for _, name := range found {
				jobs = append(jobs, convertJob{path: name, name: name, walked: true})
			}
		default:
			// A native file named on the command line is laid out as
			// terraform fmt lays it out; a directory is searched for JSON
			// files only.
			jobs = append(jobs, convertJob{path: p, name: p, from: syntaxOf(p)})
		}
	}
	return jobs, diags, -1
}

// formatFile reads and formats one file: laid out in its form, or with
// arrayForm in the general array form.
func formatFile(e *env, j *convertJob, langs *languages, arrayForm bool) fmtResult {
	var r fmtResult
	var err error
	if j.path == "-" {
		r.src = j.stdin
	} else if r.src, r.perm, err = e.readFile(j.path); err != nil {
		r.diags = hcl.Diagnostics{readFailed(j.path, err)}
		return r
	}
	if f, diags := encodingFailed(r.src, j.name); f != nil {
		r.diags, r.file = diags, f
		return r
	}
	if j.from == native {
		return formatNative(r, j.name)
	}
	root, _ := langs.root(j.name)
	file, diags := hcljson.Parse(r.src, j.name)
	if !diags.HasErrors() {
		var more hcl.Diagnostics
		if arrayForm {
			r.out, more = gen.FormatFile(file, root, gen.Options{})
		} else {
			r.out, more = gen.LayoutFile(file, root)
		}
		diags = append(diags, more...)
	}
	r.diags = diags
	if len(r.diags) > 0 {
		r.file = file // for the snippets; keep the tape only then
	}
	return r
}

// formatNative lays out a file of native syntax as terraform fmt and tofu
// fmt lay it out (their layout is hclwrite.Format's), once it parses: a
// file with syntax errors is reported, not formatted, as they do.
func formatNative(r fmtResult, name string) fmtResult {
	file, diags := nativeread.ParseConfig(r.src, name, hcl.InitialPos)
	if diags.HasErrors() {
		r.diags, r.file = diags, file
		return r
	}
	r.out = nativefmt.Format(r.src)
	return r
}

// changed reports whether a file formatted without errors changes.
func (r *fmtResult) changed() bool {
	return !r.diags.HasErrors() && !bytes.Equal(r.src, r.out)
}

// fmtReport prints the names (-list, -check) and diffs (-diff) of the
// files that change: those rewritten, or without -write those that
// formatting would change. It returns the exit status: 3 with -check
// when one changes, as terraform fmt -check.
func (e *env) fmtReport(c *command, f *fmtFlags, jobs []convertJob, results []fmtResult) int {
	var report []byte
	changed := false
	for i, r := range results {
		if !r.changed() || f.write && r.kept {
			continue
		}
		changed = true
		// One name a line: a tab or line feed in a name is escaped, as
		// in every name the command shows (spec.md C3).
		name := escapeName(jobs[i].name)
		if f.list {
			report = append(report, name+"\n"...)
		}
		if f.diff {
			report = append(report, unifiedDiff(name, name+" (formatted)", r.src, r.out)...)
		}
	}
	if code := e.writeStdout(c, report); code != 0 {
		return code
	}
	if f.check && changed {
		return 3 // as terraform fmt -check
	}
	return 0
}

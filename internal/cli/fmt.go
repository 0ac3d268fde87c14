package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/internal/nativefmt"
)

// fmtUsage is the help of "hcljson fmt".
const fmtUsage = `Usage: hcljson fmt [-w] [-check] [-diff] [--terraform] [PATH...]

Rewrites files in HCL's JSON syntax in the canonical layout: every block
that the file's language lists in the general array form (one property per
block type, in the place of its first block, holding an array with one
element per block, each label a nested object of one property), two spaces
of indentation and a final newline. Arguments, "//" comments and every
property the language does not place as a block keep their order and
their values exactly: strings with the same text, numbers with the same
digits, objects with their members in order, duplicates included. The
meaning does not change, and formatting a formatted file changes nothing.

The language is chosen by the file's name as in "hcljson convert" (.tf.json
and .tofu.json: Terraform configuration; .tftest.json, .tofutest.json:
tests; .tfquery.json: queries); other JSON files, and standard input, are
generic HCL, whose blocks no one knows, so only the layout changes, unless
--terraform is given. A directory is searched recursively, skipping hidden
directories, for .tf.json, .tofu.json, .tftest.json, .tofutest.json,
.tfquery.json and .hcl.json files; a symbolic link to a file found there is
read but not rewritten, and other links and special files are skipped, each
with a warning. "-" reads standard input. Without a PATH, the current
directory, as terraform fmt.

A file of native syntax named on the command line (.tf, .tofu, .hcl and
the other native endings) is laid out as terraform fmt and tofu fmt lay
it out, once it parses; "hcljson convert" writes native syntax laid out
so already.

Without flags the formatted file is printed on standard output, which
needs a single input. In the names that -check, -list and -diff print, a
control character, tab and line feed included, is shown escaped (\x0a), so
that each name stays on its line.

Flags:
  -w           rewrite each file that is not formatted, atomically; nothing
               is written when a file has errors (-write, or -write=true, as
               terraform fmt spells it; -write=false writes nothing)
  -check       print the name of each file that is not formatted, and exit
               with status 3 if there is one, as terraform fmt does; write
               nothing
  -list        print the name of each file that is not formatted (with -w:
               each file rewritten)
  -diff        print a unified diff of each file's changes
  --keep-form  change only the white space: two spaces of indentation, a
               final newline, the author's form kept (object or array
               form, as cdktf writes it, "//" members and all)
  -recursive   accepted for terraform fmt's habit: directories are always
               searched recursively
  --terraform  read files of no Terraform ending, and standard input, as
               Terraform configuration
  --program NAME
               the program the files are written for: opentofu (or tofu)
               or terraform (default: what the directory says, a .tofu or
               .tofu.json file or the registry that .terraform.lock.hcl or
               .terraform/providers names, and Terraform when nothing says)
  --max-size SIZE
               read no input larger than SIZE: a number of bytes, or with
               a unit (KiB, MiB, GiB; KB, MB, GB), such as 1GiB. Default:
               256MiB

Exit status: 0 when all is well, 1 when a file has errors, 2 on a usage
error, 3 with -check when a file is not formatted.
`

// fmtFlags are the settings of one "hcljson fmt".
type fmtFlags struct {
	write, check, diff, terraform, list, keepForm bool
	program                                       programFlag
}

// fmtResult is the outcome of formatting one file.
type fmtResult struct {
	src   []byte
	perm  fs.FileMode
	out   []byte
	diags hcl.Diagnostics
	// file holds the source for diagnostics' snippets.
	file *hcl.File
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
		results[i] = formatFile(e, &jobs[i], langs, f.keepForm)
	})
	// Only the files that change are rewritten, so only their targets
	// must be regular files (a formatted file behind a symbolic link is
	// left alone).
	var w *writer
	if f.write {
		var changed []int
		for i, r := range results {
			if !r.changed() {
				continue
			}
			// A link found in a directory is not rewritten: replacing
			// it would break it, and writing through it would write
			// outside the tree.
			if fi, err := os.Lstat(jobs[i].path); jobs[i].walked && err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagWarning,
					Summary:  "Symbolic link not rewritten",
					Detail:   fmt.Sprintf("%q is a symbolic link to a file that is not formatted; it was not rewritten.", jobs[i].path),
				})
				continue
			}
			changed = append(changed, i)
		}
		if len(changed) > 0 {
			names := make([]string, len(changed))
			for k, i := range changed {
				names[k] = jobs[i].name
			}
			var err error
			if w, err = startWriter(e.files, names); err != nil {
				return e.writeFailed(err)
			}
			diags = append(diags, e.files.staleRemoved()...)
			for k, i := range changed {
				r := results[i]
				w.stage(k, output{data: r.out, perm: r.perm, source: jobs[i].path, read: r.src})
			}
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
	if !f.write && !f.check && !f.diff && !f.list {
		if status != 0 {
			return status
		}
		return e.writeStdout(c, results[0].out)
	}
	status = max(status, e.fmtReport(c, f, jobs, results))
	if w != nil {
		if err := w.finish(status == 0, e.beforeWrite); err != nil {
			return e.writeFailed(err)
		}
	}
	return status
}

// parseFmtFlags reads the command line of "hcljson fmt".
func parseFmtFlags(e *env, c *command, args []string) (*fmtFlags, []string, int) {
	fs := newFlags(c)
	var f fmtFlags
	fs.BoolVar(&f.write, "w", false, "")
	fs.BoolVar(&f.write, "write", false, "") // terraform fmt's spelling
	fs.BoolVar(&f.check, "check", false, "")
	fs.BoolVar(&f.list, "list", false, "")
	fs.BoolVar(&f.keepForm, "keep-form", false, "")
	fs.Bool("recursive", false, "") // directories are always searched recursively
	fs.BoolVar(&f.diff, "diff", false, "")
	fs.BoolVar(&f.terraform, "terraform", false, "")
	fs.Var(&f.program, "program", "")
	e.sizeFlagOn(fs)
	paths, code := e.parseFlags(c, fs, args)
	switch {
	case code >= 0:
		return nil, nil, code
	case f.write && f.check:
		return nil, nil, e.usageError(c, "-w and -check do not go together: -check writes nothing")
	case slices.Contains(paths, "-") && len(paths) > 1:
		return nil, nil, e.usageError(c, "- (standard input) must be the only input")
	case slices.Contains(paths, "-") && f.write:
		return nil, nil, e.usageError(c, "-w rewrites files, and standard input is not one")
	}
	if len(paths) == 0 {
		paths = []string{"."} // the current directory, as terraform fmt
	}
	return &f, paths, -1
}

// planFmt lists the files to format.
func planFmt(e *env, c *command, f *fmtFlags, paths []string) ([]convertJob, hcl.Diagnostics, int) {
	if paths[0] == "-" {
		src, err := e.readStdin()
		if err != nil {
			return nil, hcl.Diagnostics{readFailed(stdinName, err)}, -1
		}
		return []convertJob{{path: "-", stdin: src, name: stdinName}}, nil, -1
	}
	var jobs []convertJob
	var diags hcl.Diagnostics
	dir := ""
	for _, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			diags = append(diags, readFailed(p, err))
		case fi.IsDir():
			dir = p
			found, warnings, err := walkConfigs(p, jsonSyntax)
			diags = append(diags, warnings...)
			if err != nil {
				diags = append(diags, readFailed(p, err))
			} else if len(found) == 0 {
				diags = append(diags, noFormat(p))
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
	if (len(paths) > 1 || dir != "") && !f.write && !f.check && !f.diff && !f.list {
		what := fmt.Sprintf("%d inputs", len(paths))
		if dir != "" {
			what = dir + " is a directory"
		}
		return nil, nil, e.usageError(c, "%s: pass -w to rewrite the files, -check to list those not formatted, or -diff to see the changes", what)
	}
	return jobs, diags, -1
}

// noFormat reports a directory with no JSON configuration files.
func noFormat(dir string) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "No files to format",
		Detail:   fmt.Sprintf("The directory %q has no files in HCL's JSON syntax: none of its files, or of its subdirectories' files (hidden directories skipped), ends in %s.", dir, orList(walkEndings(jsonSyntax))),
	}
}

// formatFile reads and formats one file.
func formatFile(e *env, j *convertJob, langs *languages, keepForm bool) fmtResult {
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
	if !diags.HasErrors() && keepForm {
		r.out, r.diags = keepFormLayout(r.src), diags
	} else if !diags.HasErrors() {
		r.out, r.diags = gen.FormatFile(file, root, gen.Options{})
		r.diags = append(diags, r.diags...)
	} else {
		r.diags = diags
	}
	if len(r.diags) > 0 {
		r.file = file // for the snippets; keep the tape only then
	}
	return r
}

// keepFormLayout lays out src, a JSON document that parsed without
// errors, with two spaces of indentation and a final newline, changing
// only the white space between tokens: the author's object or array form,
// members in order with duplicates, strings and numbers as written, and a
// leading byte order mark stay.
func keepFormLayout(src []byte) []byte {
	w := jsonw.Writer{Indent: 2}
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		w.Buf = append(w.Buf, "\ufeff"...)
		src = src[len("\ufeff"):]
	}
	w.Reindent(src)
	return append(w.Buf, '\n')
}

// formatNative lays out a file of native syntax as terraform fmt and tofu
// fmt lay it out (their layout is hclwrite.Format's), once it parses: a
// file with syntax errors is reported, not formatted, as they do.
func formatNative(r fmtResult, name string) fmtResult {
	file, diags := hclsyntax.ParseConfig(r.src, name, hcl.InitialPos)
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

// fmtReport prints the names (-check) and diffs (-diff) of the files that
// change, and returns the exit status: 3 with -check when one changes.
func (e *env) fmtReport(c *command, f *fmtFlags, jobs []convertJob, results []fmtResult) int {
	var report []byte
	changed := false
	for i, r := range results {
		if !r.changed() {
			continue
		}
		changed = true
		// One name a line: a tab or line feed in a name is escaped, as
		// in every name the command shows (spec.md C3).
		name := escapeName(jobs[i].name)
		if f.check || f.list {
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

package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// planConvert turns the paths of "hcljson convert" into jobs, each with
// its direction and its target. It returns a status of 0 or more after a
// usage error, and diagnostics for inputs that cannot be read or
// directories with nothing to convert.
func planConvert(e *env, c *command, f *convertFlags, paths []string) ([]convertJob, hcl.Diagnostics, int) {
	if slices.Contains(paths, "-") {
		return planStdin(e, c, f, paths)
	}
	var jobs []convertJob
	var diags hcl.Diagnostics
	dir := ""
	keys := &fileKeys{}
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			dir = p
			found, more := planDir(p, f)
			jobs, diags = append(jobs, found...), append(diags, more...)
			continue
		}
		j, err := planFile(p, f)
		if err != nil {
			return nil, nil, e.usageError(c, "%v", err)
		}
		jobs = append(jobs, j)
	}
	several := len(paths) > 1 || dir != ""
	if several && !f.write && f.out == "" {
		what := fmt.Sprintf("%d inputs", len(paths))
		if dir != "" {
			what = dir + " is a directory"
		}
		return nil, nil, e.usageError(c, "%s: pass -w to write each output beside its source, or -o DIR to write them into DIR", what)
	}
	if diags.HasErrors() {
		return nil, diags, -1
	}
	if err := checkDirectionFlags(f, jobs); err != nil {
		return nil, nil, e.usageError(c, "%v", err)
	}
	if dir != "" && f.out != "" && !f.noCopy {
		converted := map[string]bool{}
		for _, j := range jobs {
			converted[keys.key(j.path)] = true
		}
		for _, p := range paths {
			if isDir(p) {
				copies, more := planCopies(p, f.out, converted, keys)
				jobs, diags = append(jobs, copies...), append(diags, more...)
			}
		}
		if diags.HasErrors() {
			return nil, diags, -1
		}
	}
	if err := setTargets(jobs, f, several, keys); err != nil {
		return nil, nil, e.usageError(c, "%v", err)
	}
	return jobs, diags, -1
}

// planStdin plans the conversion of standard input, which must be the
// only input.
func planStdin(e *env, c *command, f *convertFlags, paths []string) ([]convertJob, hcl.Diagnostics, int) {
	switch {
	case len(paths) > 1:
		return nil, nil, e.usageError(c, "- (standard input) must be the only input")
	case f.write:
		return nil, nil, e.usageError(c, "-w writes beside each source, and standard input has none: write to standard output or use -o FILE")
	case f.out != "" && isDir(f.out):
		return nil, nil, e.usageError(c, "-o %s is a directory, and standard input has no name to write there: name a file", f.out)
	}
	src, err := e.readStdin()
	if err != nil {
		return nil, hcl.Diagnostics{readFailed(stdinName, err)}, -1
	}
	from := f.from
	switch {
	case from != 0:
	case f.to != 0:
		from = f.to.other()
	default:
		from = sniff(src)
	}
	j := convertJob{path: "-", stdin: src, name: stdinName, from: from, to: from.other(), target: f.out}
	if err := checkDirectionFlags(f, []convertJob{j}); err != nil {
		return nil, nil, e.usageError(c, "%v", err)
	}
	return []convertJob{j}, nil, -1
}

// planDir plans the conversion of every file to convert under dir.
func planDir(dir string, f *convertFlags) ([]convertJob, hcl.Diagnostics) {
	to := f.to
	switch {
	case to != 0:
	case f.from != 0:
		to = f.from.other()
	default:
		to = jsonSyntax
	}
	files, warnings, err := walkConfigs(dir, to.other(), true)
	if err != nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Failed to read directory",
			Detail:   fmt.Sprintf("The directory %q could not be read: %s.", dir, readError(err)),
		}}
	}
	if len(files) == 0 {
		return nil, append(warnings, noFiles(dir, to))
	}
	jobs := make([]convertJob, len(files))
	for i, file := range files {
		rel, _ := filepath.Rel(dir, file)
		jobs[i] = convertJob{path: file, name: file, from: to.other(), to: to, rel: rel, walked: true}
	}
	return jobs, warnings
}

// noFiles reports a directory with nothing to convert to syntax to.
func noFiles(dir string, to syntax) *hcl.Diagnostic {
	endings := walkEndings(to.other())
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "No files to convert",
		Detail: fmt.Sprintf("The directory %q has no files to convert to %s: none of its files, or of its subdirectories' files (hidden directories skipped), ends in %s.",
			dir, to.describe(), orList(endings)),
	}
}

// orList joins words with commas and a final "or".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// planFile plans the conversion of a file named on the command line.
func planFile(path string, f *convertFlags) (convertJob, error) {
	from := f.from
	if from == 0 {
		from = syntaxOf(path)
	}
	to := f.to
	if to == 0 {
		to = from.other()
	}
	if from == to {
		return convertJob{}, fmt.Errorf("%s is in %s already, by its name: drop --to, or add --from %s to read it as %s", path, from.describe(), to.other(), to.other().describe())
	}
	return convertJob{path: path, name: path, from: from, to: to, rel: filepath.Base(path)}, nil
}

// checkDirectionFlags checks that the flags of one direction have a file
// going that way.
func checkDirectionFlags(f *convertFlags, jobs []convertJob) error {
	has := func(to syntax) bool {
		return slices.ContainsFunc(jobs, func(j convertJob) bool { return j.to == to })
	}
	if (f.compact || f.comments) && !has(jsonSyntax) {
		return errors.New("--compact and --comments apply to JSON output, and nothing here is converted to JSON")
	}
	if f.objectsAsAttrs && !has(native) {
		return errors.New("--objects-as-attributes applies to native output, and nothing here is converted to native syntax")
	}
	return nil
}

// setTargets sets each job's target: beside its source (-w), into the -o
// directory or file, or standard output. Two jobs may not write the same
// file, and no job may write over an input.
func setTargets(jobs []convertJob, f *convertFlags, several bool, keys *fileKeys) error {
	for i := range jobs {
		j := &jobs[i]
		switch {
		case f.write:
			j.target = filepath.Join(filepath.Dir(j.path), targetName(filepath.Base(j.path), j.to))
		case f.out != "" && !several && !isDir(f.out) && !strings.HasSuffix(f.out, "/") && !strings.HasSuffix(f.out, string(filepath.Separator)):
			j.target = f.out
		case f.out != "" && j.copy:
			j.target = filepath.Join(f.out, j.rel)
		case f.out != "":
			j.target = filepath.Join(f.out, filepath.Dir(j.rel), targetName(filepath.Base(j.rel), j.to))
		}
	}
	inputs := map[string]string{}
	for _, j := range jobs {
		inputs[keys.key(j.path)] = j.path
	}
	writers := map[string]string{}
	for _, j := range jobs {
		if j.target == "" {
			continue
		}
		t := keys.key(j.target)
		if in, ok := inputs[t]; ok {
			return fmt.Errorf("the output of %s would replace %s, which is also an input", j.path, in)
		}
		if other, ok := writers[t]; ok {
			if j.copy {
				return fmt.Errorf("the output of %s would be replaced by %s, copied as it is: convert only one of them, or give --no-copy", other, j.path)
			}
			return fmt.Errorf("%s and %s convert to the same file, %s", other, j.path, j.target)
		}
		writers[t] = j.path
	}
	return nil
}

// fileKeys names files as fileKey does, remembering each directory's
// resolution (and the working directory) for the run's plan: a tree of
// thousands of files in a few hundred directories is otherwise resolved
// component by component for every file, several times (an lstat of
// each directory from the root on each call).
type fileKeys struct {
	wd    string
	dirs  map[string]string // absolute directory → resolved, "" if it is not
	paths map[string]string // path → its key
}

// key returns fileKey(path), resolving only the file's own name, from
// its directory's remembered resolution; a file that is a symbolic link
// is resolved as fileKey resolves it.
func (k *fileKeys) key(path string) string {
	if key, ok := k.paths[path]; ok {
		return key
	}
	key := k.resolve(path)
	if k.paths == nil {
		k.paths = map[string]string{}
	}
	k.paths[path] = key
	return key
}

// resolve returns the key of a path not asked before.
func (k *fileKeys) resolve(path string) string {
	abs := path
	if !filepath.IsAbs(abs) {
		if k.wd == "" {
			wd, err := os.Getwd()
			if err != nil {
				return fileKey(path)
			}
			k.wd = wd
		}
		abs = filepath.Join(k.wd, abs)
	}
	abs = filepath.Clean(abs)
	dir, base := filepath.Dir(abs), filepath.Base(abs)
	if dir == abs {
		return fileKey(path) // the root
	}
	real, ok := k.dirs[dir]
	if !ok {
		if k.dirs == nil {
			k.dirs = map[string]string{}
		}
		real, _ = filepath.EvalSymlinks(dir) // "" on an error
		k.dirs[dir] = real
	}
	if real == "" {
		// The directory does not resolve, so neither does the file.
		return abs
	}
	file := filepath.Join(real, base)
	if fi, err := os.Lstat(file); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return fileKey(path)
	}
	// The file, or no file: its directory's resolution and its name, as
	// fileKey names both.
	return file
}

// fileKey returns a name that two paths share when they name the same
// file: absolute, with symbolic links resolved (those of the directory
// when the file does not exist yet).
func fileKey(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// skipLinkedTargets drops the jobs of files found in a directory walk
// whose target is a symbolic link, with a warning each: a link in a tree
// is not a reason to fail the whole run, and replacing it would write
// where it points, or break it. (A file named on the command line whose
// target is a link is an error of the writer.)
func skipLinkedTargets(jobs []convertJob) ([]convertJob, hcl.Diagnostics) {
	var warnings hcl.Diagnostics
	kept := jobs[:0:0]
	for _, j := range jobs {
		if j.walked && j.target != "" {
			if fi, err := os.Lstat(j.target); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				warnings = append(warnings, &hcl.Diagnostic{
					Severity: hcl.DiagWarning,
					Summary:  "Output is a symbolic link",
					Detail:   fmt.Sprintf("The output of %q would replace %q, which is a symbolic link; the file was not converted.", j.path, j.target),
				})
				continue
			}
		}
		kept = append(kept, j)
	}
	return kept, warnings
}

// checkInside returns an error for each target that a symbolic link
// between the -o directory out and the target would put outside out: an
// existing directory on the way that is a link. Missing directories are
// made as real directories, and out itself may be a link.
func checkInside(out string, jobs []convertJob) hcl.Diagnostics {
	var diags hcl.Diagnostics
	seen := map[string]bool{}
	// checked are the directories found to be real directories: the
	// jobs of one directory share their way there.
	checked := map[string]bool{}
	for _, j := range jobs {
		rel, err := filepath.Rel(out, j.target)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			continue
		}
		dir := out
		for _, part := range strings.Split(filepath.Dir(rel), string(filepath.Separator)) {
			if part == "." {
				break
			}
			dir = filepath.Join(dir, part)
			if checked[dir] {
				continue
			}
			fi, err := os.Lstat(dir)
			if err != nil {
				break
			}
			if fi.IsDir() {
				checked[dir] = true
			}
			if fi.Mode()&fs.ModeSymlink != 0 {
				if !seen[dir] {
					seen[dir] = true
					diags = append(diags, &hcl.Diagnostic{
						Severity: hcl.DiagError,
						Summary:  "Output directory holds a symbolic link",
						Detail:   fmt.Sprintf("%q is a symbolic link, and writing through it could write outside %q, so no file was written. Remove the link, or give another -o directory.", dir, out),
					})
				}
				break
			}
		}
	}
	return diags
}

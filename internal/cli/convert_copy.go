package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// planCopies plans the copy into the -o directory out of every other
// file under dir, the directory converted, so that out is a working
// module (spec.md C25): templates, scripts, the lock file, variable
// definitions files not converted, files in the other syntax. Hidden
// directories (.terraform, .git) and out itself are not walked; editor
// backups (NAME~, #NAME#) and hcljson's temporary files are left;
// symbolic links to files are copied as the files they lead to, other
// links and special files skipped with a warning. converted holds the
// inputs of the conversion, which are not copied.
func planCopies(dir, out string, converted map[string]bool, keys *fileKeys) ([]convertJob, hcl.Diagnostics) {
	var jobs []convertJob
	var warnings hcl.Diagnostics
	outKey := keys.key(out)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (strings.HasPrefix(name, ".") || keys.key(path) == outKey) {
				return filepath.SkipDir
			}
			return nil
		}
		if converted[keys.key(path)] || strings.HasSuffix(name, "~") || strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#") || isTempName(name) {
			return nil
		}
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(path)
			if err != nil || fi.IsDir() {
				warnings = append(warnings, skipped(path, "a symbolic link to a directory or that cannot be followed, and was not copied"))
				return nil
			}
			mode = fi.Mode()
		}
		if !mode.IsRegular() {
			if !isConfigName(name, native) && !isConfigName(name, jsonSyntax) { // else the conversion's walk said so
				warnings = append(warnings, skipped(path, "not a regular file, and was not copied"))
			}
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		jobs = append(jobs, convertJob{path: path, name: path, rel: rel, walked: true, copy: true})
		return nil
	})
	if err != nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Failed to read directory",
			Detail:   fmt.Sprintf("The directory %q could not be read: %s.", dir, readError(err)),
		}}
	}
	return jobs, warnings
}

// isTempName reports whether name is that of a temporary file of
// hcljson's (.NAME.hcljson-tmp-PID-RANDOM).
func isTempName(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, ".hcljson-tmp-")
}

// copyFile reads the file of a copy job: its output is its bytes.
func copyFile(e *env, j *convertJob) convertResult {
	var r convertResult
	var err error
	if r.src, r.perm, err = e.readFile(j.path); err != nil {
		r.diags = hcl.Diagnostics{readFailed(j.path, err)}
		return r
	}
	r.out = r.src
	return r
}

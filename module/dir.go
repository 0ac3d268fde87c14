package module

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
)

// Twin is a file of the .tf family that OpenTofu does not read because a
// file of the .tofu family with the same base name and format is beside it.
type Twin struct {
	Path string // the hidden file, such as dir/main.tf.json
	By   string // the file read instead, such as dir/main.tofu.json
}

// listing is what a directory holds, each list in lexical order of names.
type listing struct {
	primary, override, tests []string
	hidden                   []Twin
	ignored                  []string
	// tofu says that a configuration file of the .tofu family is listed.
	tofu bool
	// lockFile and dataDir say that the directory holds a lock file and
	// a .terraform directory, which may name the program (evidence).
	lockFile, dataDir bool
	// tofuSkipped counts the .tofu and .tofu.json files that Terraform
	// does not read, for the detail of "No configuration files".
	tofuSkipped int
	// skipped are the warnings about files with a configuration name
	// that are not regular files (see special).
	skipped hcl.Diagnostics
	// regular holds the paths of primary and override that the listing
	// gave as regular files (not links).
	regular map[string]bool
}

// ConfigFiles lists the configuration files of the module in dir: primary
// files, override files and test files, each in lexical order, as paths
// filepath.Join(dir, name). The lists are those Load reads; Load also
// reports which files were hidden or ignored.
//
// The diagnostics are errors when dir does not exist, is not a directory or
// cannot be read, or when it holds no configuration file ("No configuration
// files"; the test files are still listed).
func ConfigFiles(dir string, opts Options) (primary, override, tests []string, diags hcl.Diagnostics) {
	l, diags := list(dir, opts)
	return l.primary, l.override, l.tests, diags
}

// list reads dir and sorts its entries as opts.Program does.
func list(dir string, opts Options) (listing, hcl.Diagnostics) {
	checkProgram(opts.Program)
	var l listing
	entries, diags := readDir(dir)
	if diags.HasErrors() {
		return l, diags
	}
	present := make(map[string]bool, len(entries))
	for _, e := range entries {
		if !e.IsDir() && !IsIgnored(e.Name()) {
			present[e.Name()] = true
		}
	}
	for _, e := range entries {
		l.add(dir, e, opts, present)
	}
	diags = append(diags, l.skipped...)
	if len(l.primary)+len(l.override) == 0 {
		diags = append(diags, noConfigDiag(dir, opts.Program, l.tofuSkipped))
	}
	return l, diags
}

// add puts one directory entry in its list. present holds the names that
// are neither directories nor ignored, the candidates for a twin.
func (l *listing) add(dir string, e fs.DirEntry, opts Options, present map[string]bool) {
	name := e.Name()
	switch name {
	case lockFile:
		l.lockFile = !e.IsDir()
	case dataDir:
		l.dataDir = true
	}
	if e.IsDir() {
		return
	}
	path := filepath.Join(dir, name)
	if IsIgnored(name) {
		l.ignored = append(l.ignored, path)
		return
	}
	ext, k := classify(name, opts.Program)
	if k == other {
		if IsConfigFile(name, Options{Program: OpenTofu}) {
			l.tofuSkipped++
		}
		return
	}
	if d := special(path, e); d != nil {
		l.skipped = append(l.skipped, d)
		return
	}
	if readsTofu(opts.Program) {
		if twin := tofuTwin(name, ext); twin != "" && present[twin] {
			l.hidden = append(l.hidden, Twin{Path: path, By: filepath.Join(dir, twin)})
			return
		}
	}
	if k == config && schema.EndingOf(ext).Tofu {
		l.tofu = true
	}
	switch {
	case k == test:
		l.tests = append(l.tests, path)
	case IsOverride(name, opts):
		l.override = append(l.override, path)
	default:
		l.primary = append(l.primary, path)
	}
	if k != test && e.Type().IsRegular() {
		if l.regular == nil {
			l.regular = map[string]bool{}
		}
		l.regular[path] = true
	}
}

// special returns a warning when the entry is a named pipe, a socket or
// a device, or a symbolic link to one, and nil otherwise. Such a file is
// skipped: a named pipe would block the run, a device never end, a socket
// cannot be read. A broken link or a link to a directory is not skipped:
// reading it says what is wrong, as Terraform does.
func special(path string, e fs.DirEntry) *hcl.Diagnostic {
	mode := e.Type()
	what := Kind(mode)
	if mode&fs.ModeSymlink != 0 {
		fi, err := os.Stat(path)
		if err != nil {
			return nil
		}
		mode, what = fi.Mode(), "a symbolic link to "+Kind(fi.Mode())
	}
	if mode.IsRegular() || mode.IsDir() {
		return nil
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagWarning,
		Summary:  "Special file skipped",
		Detail:   fmt.Sprintf("%q is %s, not a regular file, so it was not read.", path, what),
	}
}

// readDir returns the entries of dir sorted by name, or an error saying
// why there are none.
func readDir(dir string) ([]fs.DirEntry, hcl.Diagnostics) {
	entries, err := os.ReadDir(dir)
	if err == nil {
		return entries, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Module directory does not exist",
			Detail:   fmt.Sprintf("The module directory %s does not exist.", dir),
		}}
	}
	if fi, serr := os.Stat(dir); serr == nil && !fi.IsDir() {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Module path is not a directory",
			Detail:   fmt.Sprintf("%s is a file; a module is a directory of configuration files.", dir),
		}}
	}
	return nil, hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Failed to read module directory",
		Detail:   fmt.Sprintf("The module directory %s cannot be read: %s.", dir, errText(err)),
	}}
}

// errText is err's message without the path that the caller's sentence
// names already.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// noConfigDiag is the error for a directory without configuration files.
func noConfigDiag(dir string, prog Program, tofuSkipped int) *hcl.Diagnostic {
	exts, who := configEndings(prog), prog.String()
	if prog == Auto {
		who = "OpenTofu or Terraform"
	}
	detail := fmt.Sprintf("The directory %s contains no %s configuration files (%s).", dir, who, exts)
	if tofuSkipped > 0 {
		detail += fmt.Sprintf(" It holds %s, which only OpenTofu reads.", countTofu(tofuSkipped))
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "No configuration files",
		Detail:   detail,
	}
}

// configEndings lists the endings of the configuration files that prog
// reads (schema.Endings): ".tf or .tf.json", ".tf, .tf.json, .tofu or
// .tofu.json".
func configEndings(prog Program) string {
	var exts []string
	for _, e := range schema.Endings() {
		if e.Kind == schema.ConfigFile && (!e.Tofu || readsTofu(prog)) {
			exts = append(exts, e.Suffix)
		}
	}
	return strings.Join(exts[:len(exts)-1], ", ") + " or " + exts[len(exts)-1]
}

// countTofu says "1 .tofu file" or "3 .tofu files".
func countTofu(n int) string {
	if n == 1 {
		return "1 .tofu file"
	}
	return fmt.Sprintf("%d .tofu files", n)
}

// ResolveProgram returns the program the module in dir is read for: p
// itself, or under Auto what the directory says, as Load sets Module.Program:
// OpenTofu when it holds a configuration file of the .tofu family,
// otherwise the program whose registry its lock file
// (.terraform.lock.hcl) and installed providers (.terraform/providers)
// name, and Auto when nothing says (a module either program may read; see
// Auto). A directory that cannot be read is Auto's.
func ResolveProgram(p Program, dir string) Program {
	checkProgram(p)
	if p != Auto {
		return p
	}
	l, _ := list(dir, Options{Program: Auto})
	return l.program(dir, 0)
}

// program is the program that the listing of dir says, under Auto (see
// ResolveProgram); limit bounds the lock file's size as Options.MaxFileSize.
func (l *listing) program(dir string, limit int64) Program {
	if l.tofu {
		return OpenTofu
	}
	return evidence(dir, l, limit)
}

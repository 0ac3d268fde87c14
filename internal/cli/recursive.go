package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/validate"
)

// treeDir is a directory that "check -recursive" reports on: a module
// directory found under the directories given, or a directory the walk
// could not read.
type treeDir struct {
	// name is the directory's path as shown and read: a directory given
	// joined with the path below it.
	name string
	// diags are the walk's diagnostics about it; a directory with some
	// is not checked.
	diags hcl.Diagnostics
}

// dirResult is what checking one treeDir found, ready to be written.
type dirResult struct {
	checked          int
	errors, warnings int
	// out is the directory's diagnostics as text (the header first), or
	// its JSON object, compact.
	out []byte
	// unchecked are the local names of the providers whose resources
	// the directory declares and whose schemas the run does not have.
	unchecked []string
}

// checkRecursive runs "hcljson check -recursive": every module directory
// under the directories given (spec.md {#cli} C12), each checked as
// "check DIR" checks it, in parallel, the modules they call read once in
// the whole run (validate.Readings), the results written in the order of
// the directories' paths.
func (ck *checkRun) checkRecursive(c *command, paths []string, jsonOut bool) int {
	e := ck.e
	var dirs []treeDir
	if !ck.diags.HasErrors() {
		ck.prepareLanguages()
	}
	roots := recursiveRoots(paths)
	if !ck.diags.HasErrors() {
		dirs = walkModules(roots)
	}
	// The directories are checked a group at a time (groups), each
	// group with a validate.Readings of its own, dropped when the
	// group is done; the directories are read under the names the walk
	// gives them: relative to the working directory, or absolute
	// (recursiveRoots made the roots all one or the other).
	relative := !filepath.IsAbs(roots[0])
	if os.Getenv("GOGC") == "" {
		// A long run whose heap is mostly the modules of the groups in
		// hand collects a quarter as often as by default, for about
		// twice the memory (BENCHMARKS.md).
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	gs := groups(dirs, e.maxSize)
	order := make([]int, 0, len(dirs))
	of := make([]*group, len(dirs))
	for _, g := range gs {
		order = append(order, g.dirs...)
		for _, i := range g.dirs {
			of[i] = g
		}
	}
	results := make([]dirResult, len(dirs))
	e.forEachOf("checked", "directories", len(dirs), func(k int) {
		i := order[k]
		g := of[i]
		results[i] = ck.checkTreeDir(dirs[i], g.readings(relative), jsonOut)
		g.done()
	})
	errors, warnings := 0, 0
	for _, r := range results {
		errors += r.errors
		warnings += r.warnings
	}
	for _, d := range ck.diags {
		if d.Severity == hcl.DiagError {
			errors++
		} else {
			warnings++
		}
	}
	if jsonOut {
		return ck.writeRecursiveJSON(dirs, results, errors, warnings)
	}
	if len(ck.diags) > 0 {
		writeDiags(e.stderr, ck.files, ck.diags, e.color)
	}
	var summary []byte
	files := 0
	var unchecked []string
	for i, r := range results {
		unchecked = append(unchecked, r.unchecked...)
		if len(r.out) > 0 {
			if _, err := e.stderr.Write(r.out); err != nil {
				return 1
			}
		}
		files += r.checked
		summary = fmt.Appendf(summary, "%s: %s checked, %s\n", escapeText(dirs[i].name), plural(r.checked, "file"), counts(r.errors, r.warnings))
	}
	what := "1 directory"
	if len(dirs) != 1 {
		what = strconv.Itoa(len(dirs)) + " directories"
	}
	slices.Sort(unchecked)
	note := ""
	if !ck.diags.HasErrors() {
		note = schemaNote(slices.Compact(unchecked), ck.langs.providers != nil, found{})
	}
	if note != "" {
		note = "; " + note
	}
	summary = fmt.Appendf(summary, "%s checked (%s), %s%s\n", what, plural(files, "file"), counts(errors, warnings), note)
	if code := e.writeStdout(c, summary); code != 0 {
		return code
	}
	if errors > 0 {
		return 1
	}
	return 0
}

// counts says "no errors", "no errors, 1 warning" or "2 errors, 1 warning".
func counts(errors, warnings int) string {
	s := "no errors"
	if errors > 0 {
		s = plural(errors, "error")
	}
	if warnings > 0 {
		s += ", " + plural(warnings, "warning")
	}
	return s
}

// prepareLanguages extends both programs' languages with the provider
// schemas before the directories are checked in parallel, so that schemas
// that cannot be used are reported once, for the run, and nothing is
// checked.
func (ck *checkRun) prepareLanguages() {
	for _, lang := range []*schema.Language{schema.OpenTofu, schema.Terraform} {
		if _, diags := ck.langs.rootOf(lang); diags.HasErrors() {
			ck.diags = append(ck.diags, diags...)
			return
		}
	}
}

// checkTreeDir checks one directory of the tree as "check DIR" checks
// it, with the run's readings, and returns what it found, written.
func (ck *checkRun) checkTreeDir(d treeDir, readings *validate.Readings, jsonOut bool) dirResult {
	sub := &checkRun{e: ck.e, langs: ck.langs, files: map[string]*hcl.File{}, diags: d.diags, readings: readings}
	if len(d.diags) == 0 {
		sub.module(d.name)
	}
	r := dirResult{checked: sub.checked, unchecked: uncheckedProviders(sub.files, ck.langs)}
	for _, diag := range sub.diags {
		if diag.Severity == hcl.DiagError {
			r.errors++
		} else {
			r.warnings++
		}
	}
	switch {
	case jsonOut:
		r.out = append(jsonw.AppendString([]byte(`{"path":`), d.name, jsonw.Plain), ',')
		r.out = append(r.out, appendValidateJSON(nil, sub.diags, sub.files)[1:]...)
	case len(sub.diags) > 0:
		var b strings.Builder
		b.WriteString("# " + escapeText(d.name) + "\n")
		writeDiags(&b, sub.files, sub.diags, ck.e.color)
		r.out = []byte(b.String())
	}
	return r
}

// writeRecursiveJSON writes the results of "check -recursive --format
// json": the whole run's verdict and counts, its own diagnostics (those
// about no directory), and one object per directory as validate -json
// writes it, with its "path" first.
func (ck *checkRun) writeRecursiveJSON(dirs []treeDir, results []dirResult, errors, warnings int) int {
	b := []byte(`{"format_version":"1.0","valid":`)
	b = strconv.AppendBool(b, errors == 0)
	b = append(b, `,"error_count":`...)
	b = strconv.AppendInt(b, int64(errors), 10)
	b = append(b, `,"warning_count":`...)
	b = strconv.AppendInt(b, int64(warnings), 10)
	b = append(b, `,"diagnostics":[`...)
	for i, d := range ck.diags {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendValidateDiag(b, d, ck.files)
	}
	b = append(b, `],"directories":[`...)
	for i, r := range results {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, r.out...)
	}
	b = append(indentJSON(append(b, "]}"...)), '\n')
	if _, err := ck.e.stdout.Write(b); err != nil {
		return ck.e.stdoutFailed("check", err)
	}
	if errors > 0 {
		return 1
	}
	return 0
}

// recursiveRoots returns the directories given to "check -recursive"
// cleaned, all relative or, when one is absolute, all absolute, so that
// every directory below them has one name (the name validate.Readings
// reads it under).
func recursiveRoots(paths []string) []string {
	if len(paths) == 0 {
		return []string{"."}
	}
	abs := slices.ContainsFunc(paths, filepath.IsAbs)
	roots := make([]string, len(paths))
	for i, p := range paths {
		roots[i] = filepath.Clean(p)
		if abs {
			if a, err := filepath.Abs(p); err == nil {
				roots[i] = a
			}
		}
	}
	return roots
}

// walkModules returns the module directories under roots (each holding a
// configuration file of OpenTofu's or Terraform's: .tf, .tf.json, .tofu,
// .tofu.json), the roots themselves included, and the directories that
// could not be read, sorted by path (compareDirs).
//
// Hidden directories (.terraform, .git) below a root are skipped. Each
// directory is walked once, by its identity (module.DirKey: device and
// inode, so that no link and no bind mount makes a loop):
// first the directories themselves, then the symbolic links to
// directories found among them, in order, each followed when its target
// was not walked already (so a link into the tree, or to a directory
// above it, a loop, adds nothing, and a link out of the tree adds what is
// there, under the link's name). A root that cannot be read, or under
// which no module directory is found, is reported as a directory with an
// error.
func walkModules(roots []string) []treeDir {
	w := &walker{walked: map[string]bool{}}
	for _, root := range roots {
		if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
			// Read as a module, which says what is wrong: "Module
			// directory does not exist", "Module path is not a
			// directory".
			w.dirs = append(w.dirs, treeDir{name: root})
			continue
		}
		key := module.DirKey(root)
		if w.walked[key] {
			continue // a root inside another one, walked with it
		}
		before := len(w.dirs)
		w.walk(root, key)
		w.follow()
		if len(w.dirs) == before {
			w.dirs = append(w.dirs, treeDir{name: root, diags: hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "No configuration files",
				Detail:   fmt.Sprintf("Neither the directory %s nor any directory below it (hidden ones skipped) contains OpenTofu or Terraform configuration files (.tf, .tf.json, .tofu or .tofu.json).", root),
			}}})
		}
	}
	slices.SortStableFunc(w.dirs, func(a, b treeDir) int { return compareDirs(a.name, b.name) })
	return slices.CompactFunc(w.dirs, func(a, b treeDir) bool { return a.name == b.name })
}

// walker walks the trees of "check -recursive".
type walker struct {
	dirs []treeDir
	// walked holds the identities (module.DirKey) of the directories
	// walked.
	walked map[string]bool
	// links are the symbolic links to directories found, to follow.
	links []string
}

// walk walks the directory name, whose identity is key, and the
// directories below it, but hidden ones; the symbolic links to
// directories it finds are left for follow.
func (w *walker) walk(name, key string) {
	w.walked[key] = true
	entries, err := os.ReadDir(name)
	if err != nil {
		w.dirs = append(w.dirs, treeDir{name: name, diags: hcl.Diagnostics{dirFailed(name, err)}})
		return
	}
	config := false
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") {
			continue // hidden: .terraform, .git, and hidden files, which the programs ignore
		}
		path := filepath.Join(name, n)
		switch {
		case e.IsDir():
			if k := module.DirKey(path); !w.walked[k] {
				w.walk(path, k)
			}
		case e.Type()&os.ModeSymlink != 0:
			if fi, err := os.Stat(path); err == nil && fi.IsDir() {
				w.links = append(w.links, path)
				continue
			}
			config = config || isModuleFile(n)
		default:
			config = config || isModuleFile(n)
		}
	}
	if config {
		w.dirs = append(w.dirs, treeDir{name: name})
	}
}

// follow walks the targets of the symbolic links found, and of those
// found there, each target not walked yet.
func (w *walker) follow() {
	for len(w.links) > 0 {
		link := w.links[0]
		w.links = w.links[1:]
		if k := module.DirKey(link); !w.walked[k] {
			w.walk(link, k)
		}
	}
}

// isModuleFile reports whether a file called name makes its directory a
// module directory: a configuration file of either program, not ignored.
func isModuleFile(name string) bool {
	return !module.IsIgnored(name) && module.IsConfigFile(name, module.Options{Program: module.OpenTofu})
}

// dirFailed is the error about a directory that cannot be read.
func dirFailed(name string, err error) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Failed to read directory",
		Detail:   fmt.Sprintf("The directory %s cannot be read: %s.", name, readError(err)),
	}
}

// compareDirs orders directory paths as a walk meets them: element by
// element, so that a directory comes right before what is below it
// (a, a/b, a-c), with "." first.
func compareDirs(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == ".":
		return -1
	case b == ".":
		return 1
	}
	for {
		ea, ra, _ := strings.Cut(a, string(filepath.Separator))
		eb, rb, _ := strings.Cut(b, string(filepath.Separator))
		if c := strings.Compare(ea, eb); c != 0 {
			return c
		}
		if ra == "" || rb == "" {
			return strings.Compare(ra, rb)
		}
		a, b = ra, rb
	}
}

// group is a set of the directories of "check -recursive" that call each
// other's modules, as far as their files say (localSources): the modules
// that one calls are read once for the group, which keeps what it read
// until all its directories are checked. A directory outside every group
// (a module its files call that is no directory of the walk) is read by
// each group that calls it.
type group struct {
	dirs []int // indices in the walk's directories, in order
	mu   sync.Mutex
	rs   *validate.Readings
	left int
}

// readings returns the group's validate.Readings, made on the first call.
func (g *group) readings(relative bool) *validate.Readings {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.rs == nil && g.left > 0 {
		g.rs = validate.NewReadings(relative)
	}
	return g.rs
}

// done counts one of the group's directories checked; after the last,
// what the group read is dropped.
func (g *group) done() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.left--; g.left == 0 {
		g.rs = nil
	}
}

// groups returns the directories in groups closed under the local module
// calls their files show (localSources), each group's directories in
// order, the groups in the order of their first directories. Calls that
// the files do not show as a local path (a source made by a template)
// only cost a module read once more, in the group that makes them.
func groups(dirs []treeDir, limit int64) []*group {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		p, ok := parent[x]
		if !ok || p == x {
			parent[x] = x
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	calls := make([][]string, len(dirs))
	parallel(runtime.GOMAXPROCS(0), len(dirs), func(i int) {
		if len(dirs[i].diags) == 0 {
			calls[i] = localSources(dirs[i].name, limit)
		}
	})
	for i, d := range dirs {
		find(d.name)
		for _, c := range calls[i] {
			if a, b := find(d.name), find(c); a != b {
				parent[b] = a
			}
		}
	}
	var gs []*group
	byRoot := map[string]*group{}
	for i, d := range dirs {
		r := find(d.name)
		g := byRoot[r]
		if g == nil {
			g = &group{}
			byRoot[r] = g
			gs = append(gs, g)
		}
		g.dirs = append(g.dirs, i)
		g.left++
	}
	return gs
}

// localSources returns the directories that the configuration files of
// dir name as local module sources ("./x", "../x", in a source argument
// of either syntax), joined to dir, as far as a look at their bytes
// tells: a template in a source, or a file that cannot be read, shows
// nothing. It over-reads rather than misses: any argument called source
// counts.
func localSources(dir string, limit int64) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !isModuleFile(e.Name()) {
			continue
		}
		src, _, err := module.ReadFile(filepath.Join(dir, e.Name()), limit)
		if err != nil {
			continue
		}
		for rest := src; ; {
			i := bytes.Index(rest, []byte("source"))
			if i < 0 {
				break
			}
			rest = rest[i+len("source"):]
			if p, ok := quotedLocalPath(rest); ok {
				out = append(out, filepath.Join(dir, filepath.FromSlash(p)))
			}
		}
	}
	return out
}

// quotedLocalPath reads what follows the word source: an optional closing
// quote (JSON), "=" or ":", and a quoted string that starts with "./" or
// "../" and holds no template.
func quotedLocalPath(b []byte) (string, bool) {
	b = bytes.TrimPrefix(b, []byte(`"`))
	b = bytes.TrimLeft(b, " \t")
	if len(b) == 0 || b[0] != '=' && b[0] != ':' {
		return "", false
	}
	b = bytes.TrimLeft(b[1:], " \t")
	if len(b) == 0 || b[0] != '"' {
		return "", false
	}
	end := bytes.IndexAny(b[1:], "\"\n")
	if end < 0 || b[1+end] != '"' {
		return "", false
	}
	p := string(b[1 : 1+end])
	if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") || strings.Contains(p, "${") || strings.Contains(p, "%{") || strings.Contains(p, "\\") {
		return "", false
	}
	return p, true
}

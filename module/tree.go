package module

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
)

// Tree is one reading of a module tree: its root directory and every
// module directory asked of it later (the modules the root calls, and
// theirs), each read and parsed once with Load and kept, by its identity
// (DirKey), so that a directory is never read twice however many calls
// or layers ask for it (the validation of package validate, the
// configuration of package inspect). It is the shape of OpenTofu's
// configs.Config: the directories of a tree, read once each, and the
// walk of its calls (Walk) with one rule for the directory a call names
// (Tree.CallDir) and the bounds of a tree that calls itself or grows too
// large.
//
// A Tree is made by LoadTree or TreeOf: the methods of any other (the
// zero Tree and nil included) panic. A Tree is not safe for concurrent
// use; Trees that share TreeOptions.Readings may each be used on a
// goroutine of its own.
type Tree struct {
	opts TreeOptions
	root *Module
	// program is the program every directory is read for:
	// TreeOptions.Program, or under Auto the root's (ResolveProgram),
	// which is Auto when nothing says: either program's.
	program Program
	// dirs are the directories read, by DirKey; keys caches DirKey by
	// the names asked for.
	dirs map[string]*reading
	keys map[string]string
	// installed maps module keys ("a", "a.b") to the directories that
	// .terraform/modules/modules.json under the root lists for them,
	// read on the first call of CallDir that needs it.
	installed     map[string]string
	installedRead bool
}

// TreeOptions say how a tree's directories are read.
type TreeOptions struct {
	// Program chooses whose rules apply to the root directory; under
	// Auto the root's files decide (ResolveProgram). The other
	// directories are read for the root's program, and for Terraform
	// when that is Auto.
	Program Program
	// MaxFileSize limits the size of each file read, as Options.
	MaxFileSize int64
	// Loaded, when not nil, is called with a directory's name each time
	// the Tree reads and parses one (Load): once per directory, with the
	// name it is read under. It is for tests and measurements.
	Loaded func(dir string)
	// Readings, when not nil, holds the directories read for several
	// Trees, each read once whichever Tree asks first (see Readings).
	// Loaded is then called only for the directories it reads, and may
	// be called concurrently.
	Readings *Readings
	// ReadDir, when not nil, reads the configuration files of every
	// directory that Tree.ReadDir is asked for, instead of Load and
	// Merge.
	ReadDir func(dir string) ([]*hcl.File, hcl.Diagnostics)
	// Contents, when not nil, decodes the bodies that the Tree decodes
	// (the declarations of Decls), so that the layers that decode them
	// again with the same schemas through it share their decoding.
	Contents *schema.Contents
}

// reading is one module directory read.
type reading struct {
	mod   *Module
	diags hcl.Diagnostics
	// files and fileDiags are ReadDir's answer, made on its first call,
	// mergeDiags those of merging its override files.
	files      []*hcl.File
	fileDiags  hcl.Diagnostics
	mergeDiags hcl.Diagnostics
	merged     bool
	// decls is the declaration index, made on the first call of Decls.
	decls *Decls
	// isDir says, once statted is set, whether the directory exists
	// (Walk.Call).
	isDir, statted bool
}

// LoadTree reads the module in dir with Load, as opts.Program reads it
// (under Auto, the directory's files decide: see ResolveProgram), and
// returns its tree with the diagnostics of reading and parsing its
// files. The Tree is returned even when there are errors, with what
// could be read; the other directories are read when asked for (Module,
// ReadDir), for the program the root was read for.
func LoadTree(dir string, opts TreeOptions) (*Tree, hcl.Diagnostics) {
	checkProgram(opts.Program)
	t := newTree(opts)
	r := t.load(dir, opts.Program)
	t.setRoot(r.mod)
	t.dirs[t.Key(dir)] = r
	return t, slices.Clip(r.diags)
}

// TreeOf returns the tree whose root is m, already loaded: m is its root
// directory's reading, kept as it is, and other directories are read
// when asked for. A nil m is a module without files, as the zero Module
// is.
func TreeOf(m *Module, opts TreeOptions) *Tree {
	checkProgram(opts.Program)
	if m == nil {
		m = &Module{}
	}
	t := newTree(opts)
	t.setRoot(m)
	t.dirs[t.Key(m.Dir)] = &reading{mod: m}
	return t
}

func newTree(opts TreeOptions) *Tree {
	return &Tree{opts: opts, dirs: map[string]*reading{}, keys: map[string]string{}}
}

// check returns t, and panics, naming the method called, if LoadTree or
// TreeOf did not make it.
func (t *Tree) check(method string) *Tree {
	if t == nil || t.dirs == nil {
		panic("module: Tree." + method + " of a Tree that LoadTree or TreeOf did not make")
	}
	return t
}

// setRoot sets the root module and the program it resolves.
func (t *Tree) setRoot(m *Module) {
	t.root = m
	t.program = t.opts.Program
	if t.program == Auto {
		t.program = m.Program
	}
}

// Root returns the root module, as Load read it (or as TreeOf was given
// it).
func (t *Tree) Root() *Module { return t.check("Root").root }

// Program returns the program the tree is read for:
// TreeOptions.Program, or under Auto what the root directory says
// (ResolveProgram), which is Auto when nothing says: the root is then
// read as OpenTofu reads it (the same files Terraform reads, as there is
// no .tofu file), the other directories as Terraform reads them.
func (t *Tree) Program() Program { return t.check("Program").program }

// Key returns the identity of the directory dir (DirKey), computed once
// per name in the tree.
func (t *Tree) Key(dir string) string {
	k, ok := t.check("Key").keys[dir]
	if !ok {
		k = DirKey(dir)
		t.keys[dir] = k
	}
	return k
}

// Module returns the module in dir, read and parsed with Load for the
// tree's program on the first call and kept: later calls, for dir or
// another name of the same directory, return the same Module and
// diagnostics. The root directory is the one LoadTree read.
func (t *Tree) Module(dir string) (*Module, hcl.Diagnostics) {
	r := t.check("Module").read(dir)
	return r.mod, slices.Clip(r.diags)
}

// ReadDir returns the configuration files of the module in dir, read as
// Module reads them: the primary files in order or, when there are
// override files, one file whose body is Merge of the primary and
// override files (with schema.Terraform.Root), each argument keeping the
// range of the file it comes from. The diagnostics are those of reading
// and parsing the files, then those of the merge. With
// TreeOptions.ReadDir, they are its answer, asked once per directory.
func (t *Tree) ReadDir(dir string) ([]*hcl.File, hcl.Diagnostics) {
	r := t.check("ReadDir").merge(dir)
	return slices.Clip(r.files), slices.Clip(r.fileDiags)
}

// merge returns the entry of dir with its files read and merged.
func (t *Tree) merge(dir string) *reading {
	if t.opts.ReadDir != nil {
		r := t.entry(dir)
		if !r.merged {
			r.merged = true
			r.files, r.fileDiags = t.opts.ReadDir(dir)
		}
		return r
	}
	r := t.read(dir)
	if !r.merged {
		r.merged = true
		r.files, r.mergeDiags = mergedFiles(r.mod)
		r.fileDiags = append(slices.Clip(r.diags), r.mergeDiags...)
	}
	return r
}

// Decls returns the declaration index of the module in dir (Declare),
// decoded once from its files as ReadDir gives them, with the root
// schema of schema.Terraform, whose top-level blocks and labels are
// OpenTofu's too: the index is the same for both programs. Its
// MergeDiags are those of merging the override files (ReadDir's
// diagnostics without those of reading the files).
func (t *Tree) Decls(dir string) *Decls {
	r := t.check("Decls").merge(dir)
	if r.decls == nil {
		r.decls = declareFiles(r.files, schema.Terraform.Root, t.opts.Contents)
		r.decls.MergeDiags = r.mergeDiags
	}
	return r.decls
}

// Sources returns the parsed configuration files of every directory
// read so far, by path (File.Path), for the snippets of diagnostics.
func (t *Tree) Sources() map[string]*File {
	t.check("Sources")
	files := map[string]*File{}
	for _, r := range t.dirs {
		if r.mod == nil {
			continue
		}
		for _, f := range r.mod.Files {
			files[f.Path] = f
		}
	}
	return files
}

// entry returns the entry of dir, empty when it was not asked for yet.
func (t *Tree) entry(dir string) *reading {
	key := t.Key(dir)
	r, ok := t.dirs[key]
	if !ok {
		r = &reading{}
		t.dirs[key] = r
	}
	return r
}

// read returns the reading of dir, reading it on the first call.
func (t *Tree) read(dir string) *reading {
	r := t.entry(dir)
	if r.mod != nil {
		return r
	}
	p := t.program
	if p == Auto {
		// A root that says nothing reads the modules it calls as
		// Terraform does (a .tofu file there is skipped), as before
		// the root could be either program's.
		p = Terraform
	}
	read := t.load(dir, p)
	r.mod, r.diags = read.mod, read.diags
	return r
}

// load reads one directory for program p, or takes its reading from
// TreeOptions.Readings.
func (t *Tree) load(dir string, p Program) *reading {
	if t.opts.Readings != nil {
		m, diags := t.opts.Readings.read(dir, p, t.opts)
		return &reading{mod: m, diags: diags}
	}
	m, diags := Load(dir, Options{Program: p, MaxFileSize: t.opts.MaxFileSize})
	if t.opts.Loaded != nil {
		t.opts.Loaded(dir)
	}
	return &reading{mod: m, diags: diags}
}

// mergedFiles returns the files of m as ReadDir does.
func mergedFiles(m *Module) ([]*hcl.File, hcl.Diagnostics) {
	files, overrides := m.SplitFiles()
	if len(overrides) == 0 {
		return files, nil
	}
	body, diags := Merge(files, overrides, schema.Terraform.Root)
	return []*hcl.File{{Body: body}}, diags
}

// isDir reports whether dir exists and is a directory, asked once per
// directory of the tree.
func (t *Tree) isDir(dir string) bool {
	r := t.entry(dir)
	if !r.statted {
		r.statted, r.isDir = true, statDir(dir)
	}
	return r.isDir
}

// errorf is an error diagnostic at subject.
func errorf(subject *hcl.Range, summary, format string, args ...any) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: subject}
}

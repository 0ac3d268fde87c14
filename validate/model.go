package validate

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// Model is one reading of a module: its root directory and every module
// directory asked of it later (the local modules that validation reads,
// those that package inspect reads for module calls), each read and
// parsed once with module.Load and kept, by its cleaned absolute path.
// The commands share it: "hcljson check DIR" checks the root's files
// and validates the model, "hcljson inspect DIR" builds the
// configuration from it (inspect.FromModel), so that a directory is
// never read twice however many calls or layers ask for it.
//
// A Model is made by Load or ModelOf: the methods of any other (the zero
// Model and nil included) panic. A Model is not safe for concurrent use;
// Models that share Options.Readings may each be used on a goroutine of
// its own.
type Model struct {
	opts Options
	root *module.Module
	// program is the program every directory is read for: Options.Program,
	// or under module.Auto the root's (module.Program.Resolve), which is
	// module.Auto when nothing says: either program's.
	program module.Program
	// dirs are the directories read, by dirKey.
	dirs map[string]*reading
	// analysis is what validation found out about the modules the root
	// calls: the Model's own, or Options.Readings'.
	analysis *analysis
}

// reading is one module directory read.
type reading struct {
	mod   *module.Module
	diags hcl.Diagnostics
	// files and fileDiags are ReadDir's answer, made on its first call.
	files     []*hcl.File
	fileDiags hcl.Diagnostics
	merged    bool
}

// Load reads the module in dir with module.Load, as opts.Program reads it
// (under module.Auto, the directory's files decide: see
// module.Program.Resolve), and returns its model with the diagnostics of
// reading and parsing its files. The Model is returned even when there
// are errors, with what could be read; the other directories are read
// when asked for (Module, ReadDir, Validate), for the program the root
// was read for.
func Load(dir string, opts Options) (*Model, hcl.Diagnostics) {
	md := &Model{opts: opts, dirs: map[string]*reading{}, analysis: opts.analysis()}
	r := md.load(dir, opts.Program)
	md.setRoot(r.mod)
	md.dirs[dirKey(dir)] = r
	return md, slices.Clip(r.diags)
}

// ModelOf returns the model of the module m, already loaded: m is its
// root directory's reading, kept as it is, and other directories are
// read when asked for. Validate and ValidateFiles validate it. A nil m is
// a module without files, as the zero module.Module is.
func ModelOf(m *module.Module, opts Options) *Model {
	if m == nil {
		m = &module.Module{}
	}
	md := &Model{opts: opts, dirs: map[string]*reading{}, analysis: opts.analysis()}
	md.setRoot(m)
	md.dirs[dirKey(m.Dir)] = &reading{mod: m}
	return md
}

// check returns md, and panics, naming the method called, if Load or
// ModelOf did not make it.
func (md *Model) check(method string) *Model {
	if md == nil || md.dirs == nil {
		panic("validate: Model." + method + " of a Model that Load or ModelOf did not make")
	}
	return md
}

// setRoot sets the root module and the program it resolves.
func (md *Model) setRoot(m *module.Module) {
	md.root = m
	md.program = md.opts.Program
	if md.program == module.Auto {
		md.program = m.Program
	}
}

// Root returns the root module, as module.Load read it.
func (md *Model) Root() *module.Module { return md.check("Root").root }

// Program returns the program the model is read and validated for:
// Options.Program, or under module.Auto what the root directory says
// (module.Program.Resolve), which is module.Auto when nothing says: the
// root is then read as OpenTofu reads it (the same files Terraform
// reads, as there is no .tofu file), the other directories as Terraform
// reads them, and the model is validated for both programs (Validate).
func (md *Model) Program() module.Program { return md.check("Program").program }

// Module returns the module in dir, read and parsed with module.Load for
// the model's program on the first call and kept: later calls, for dir
// or another name of the same path, return the same Module and
// diagnostics. The root directory is the one Load read.
func (md *Model) Module(dir string) (*module.Module, hcl.Diagnostics) {
	r := md.check("Module").read(dir)
	return r.mod, slices.Clip(r.diags)
}

// ReadDir returns the configuration files of the module in dir, read as
// Module reads them: the primary files in order or, when there are
// override files, one file whose body is module.Merge of the primary and
// override files (with schema.Terraform.Root), each argument keeping the
// range of the file it comes from. The diagnostics are those of reading
// and parsing the files, then those of the merge. It has the signature of
// inspect.Options.ReadDir.
func (md *Model) ReadDir(dir string) ([]*hcl.File, hcl.Diagnostics) {
	r := md.check("ReadDir").read(dir)
	if !r.merged {
		r.merged = true
		r.files, r.fileDiags = mergedFiles(r.mod)
		r.fileDiags = append(slices.Clip(r.diags), r.fileDiags...)
	}
	return slices.Clip(r.files), slices.Clip(r.fileDiags)
}

// Sources returns the parsed configuration files of every directory
// read so far, by path (module.File.Path), for the snippets of
// diagnostics.
func (md *Model) Sources() map[string]*module.File {
	md.check("Sources")
	files := map[string]*module.File{}
	for _, r := range md.dirs {
		for _, f := range r.mod.Files {
			files[f.Path] = f
		}
	}
	return files
}

// read returns the reading of dir, reading it on the first call.
func (md *Model) read(dir string) *reading {
	key := dirKey(dir)
	if r, ok := md.dirs[key]; ok {
		return r
	}
	p := md.program
	if p == module.Auto {
		// A root that says nothing reads the modules it calls as
		// Terraform does (a .tofu file there is skipped), as before
		// the root could be either program's.
		p = module.Terraform
	}
	r := md.load(dir, p)
	md.dirs[key] = r
	return r
}

// load reads one directory for program p, or takes its reading from
// Options.Readings.
func (md *Model) load(dir string, p module.Program) *reading {
	if md.opts.Readings != nil {
		return md.opts.Readings.read(dir, p, md.opts)
	}
	m, diags := module.Load(dir, module.Options{Program: p, MaxFileSize: md.opts.MaxFileSize})
	if md.opts.Loaded != nil {
		md.opts.Loaded(dir)
	}
	return &reading{mod: m, diags: diags}
}

// mergedFiles returns the files of m as ReadDir does.
func mergedFiles(m *module.Module) ([]*hcl.File, hcl.Diagnostics) {
	files, overrides := m.SplitFiles()
	if len(overrides) == 0 {
		return files, nil
	}
	body, diags := module.Merge(files, overrides, schema.Terraform.Root)
	return []*hcl.File{{Body: body}}, diags
}

// dirKey returns the key of a directory in Model.dirs and in the
// analysis of trees: its identity (module.DirKey), so that a module that
// calls itself through a symbolic link ("./a", a link to ".") is a cycle
// of calls, not a tree without end.
func dirKey(dir string) string { return module.DirKey(dir) }

// absDir returns the cleaned absolute path of dir (the cleaned name when
// it has none).
func absDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	return abs
}

// Validate validates the model as ValidateFiles validates its root
// module: first what the programs find when they build the module, then
// their validate walk, over the root and the local modules it calls,
// each directory read once through the model. It returns the
// diagnostics and the files of the called modules (by name), for a
// caller that shows their source. Like Dir, a caller should not validate
// a model whose Load found errors: the programs stop at them.
//
// A model whose program is module.Auto (nothing says which program the
// module is for) is validated for OpenTofu and for Terraform, and the
// diagnostics are Either's: errors where both programs reject it.
func (md *Model) Validate() (hcl.Diagnostics, map[string]*hcl.File) {
	md.check("Validate")
	if md.program != module.Auto {
		return md.ValidateAs(md.program)
	}
	tofu, files := md.ValidateAs(module.OpenTofu)
	terraform, more := md.ValidateAs(module.Terraform)
	maps.Copy(files, more)
	return Either(tofu, terraform), files
}

// ValidateAs is Validate for the program p, module.OpenTofu or
// module.Terraform (module.Auto is OpenTofu), whatever the model's
// program: for a caller that merges it with its own findings for each
// program (see Either).
func (md *Model) ValidateAs(p module.Program) (hcl.Diagnostics, map[string]*hcl.File) {
	md.check("ValidateAs")
	root := newUnit(md.root, md.opts, p)
	root.tree = md
	root.root = true
	if root.langErr != nil {
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Invalid provider schemas",
			Detail:   fmt.Sprintf("The provider schemas cannot be used: %s.", root.langErr),
		}}, nil
	}
	root.tr = newTreeState(md, root.program, md.root.Dir)
	diags := root.declare()
	// The local modules it calls, and theirs, each directory once, in
	// the order of the calls' names, depth first: the programs validate
	// the whole tree. Their files are not checked against the language
	// schema here (the caller checks the root directory's); what
	// validation finds in them is reported.
	type member struct {
		n  *treeNode
		cm *unit // declared here, or nil (the shared analysis had it)
	}
	var members []member
	visited := map[string]bool{md.root.Dir: true}
	var walk func(calls []string)
	walk = func(calls []string) {
		for _, dir := range calls {
			if visited[dir] {
				continue
			}
			visited[dir] = true
			m, _ := md.Module(dir)
			n, cm := root.tr.node(root, m)
			members = append(members, member{n, cm})
			walk(n.calls)
		}
	}
	var calls []string
	for _, name := range keys(root.decls.modules) {
		if ch := root.child(root.decls.modules[name]); ch.ok && ch.mod != nil {
			calls = append(calls, ch.mod.Dir)
		}
	}
	walk(calls)
	// The programs check every module's required_version against their
	// own version: the releases that may run the tree meet them all.
	cs := root.constraints()
	files := map[string]*hcl.File{}
	for _, t := range members {
		diags = append(diags, t.n.declDiags...)
		cs.tofu = append(cs.tofu, t.n.cons.tofu...)
		cs.terraform = append(cs.terraform, t.n.cons.terraform...)
		for _, f := range t.n.mod.Files {
			files[f.Path] = f.File
		}
	}
	tg := newTarget(root.program, cs)
	root.target = tg
	if diags.HasErrors() {
		return sorted(diags), files
	}
	eval := root.evaluate()
	for _, t := range members {
		eval = append(eval, root.tr.evaluation(root, t.n, t.cm, tg)...)
	}
	return append(diags, sorted(eval)...), files
}

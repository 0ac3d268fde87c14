package validate

import (
	"fmt"
	"maps"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// Model is the semantic model of one module tree: its reading
// (module.Tree, which reads the root directory and every module
// directory asked of it later, each once, by its identity module.DirKey)
// and what validating it finds. The commands share the reading: "hcljson
// check DIR" checks the root's files and validates the model, "hcljson
// inspect DIR" builds the configuration from its tree (Model.Tree,
// inspect.FromTree), so that a directory is never read twice however
// many calls or layers ask for it.
//
// A Model is made by Load or ModelOf: the methods of any other (the zero
// Model and nil included) panic. A Model is not safe for concurrent use;
// Models that share Options.Readings may each be used on a goroutine of
// its own.
type Model struct {
	opts Options
	tree *module.Tree
	// analysis is what validation found out about the modules the root
	// calls: the Model's own, or Options.Readings'.
	analysis *analysis
	// loaded are the diagnostics of Load's reading of the root
	// directory, for Check.
	loaded hcl.Diagnostics
	// bothAlways makes Check and Validate check a module that either
	// program may read for both programs even when it reads alike (a
	// test's way to compare with the two checks); alike counts the
	// second checks skipped.
	bothAlways bool
	alike      int
	// contents are the bodies decoded with the languages' schemas, which
	// the check of the files, the declarations and the evaluation read
	// alike: each decoded once (schema.Contents).
	contents *schema.Contents
	// vars are the expressions' variables, which they read alike too.
	vars *exprVars
	// abandoned is set in the copy of a Model that a speculation
	// validates, and true once its result will not be used.
	abandoned *atomic.Bool
}

// treeOptions are the options of the Model's module.Tree.
func (opts Options) treeOptions(cs *schema.Contents) module.TreeOptions {
	to := module.TreeOptions{Program: opts.Program, MaxFileSize: opts.MaxFileSize, Loaded: opts.Loaded, Contents: cs}
	if opts.Readings != nil {
		if opts.Readings.dirs == nil {
			panic("validate: Options.Readings is a Readings that NewReadings did not make")
		}
		to.Readings = opts.Readings.dirs
	}
	return to
}

// Load reads the module in dir with module.LoadTree, as opts.Program
// reads it (under module.Auto, the directory's files decide: see
// module.ResolveProgram), and returns its model with the diagnostics of
// reading and parsing its files. The Model is returned even when there
// are errors, with what could be read; the other directories are read
// when asked for (Module, ReadDir, Validate), for the program the root
// was read for.
func Load(dir string, opts Options) (*Model, hcl.Diagnostics) {
	cs := &schema.Contents{}
	t, diags := module.LoadTree(dir, opts.treeOptions(cs))
	return &Model{opts: opts, tree: t, analysis: opts.analysis(), loaded: diags, contents: cs, vars: newExprVars(t.Root())}, diags
}

// ModelOf returns the model of the module m, already loaded: m is its
// root directory's reading, kept as it is (module.TreeOf), and other
// directories are read when asked for. Validate and ValidateFiles
// validate it. A nil m is a module without files, as the zero
// module.Module is.
func ModelOf(m *module.Module, opts Options) *Model {
	cs := &schema.Contents{}
	return &Model{opts: opts, tree: module.TreeOf(m, opts.treeOptions(cs)), analysis: opts.analysis(), contents: cs, vars: newExprVars(m)}
}

// check returns md, and panics, naming the method called, if Load or
// ModelOf did not make it.
func (md *Model) check(method string) *Model {
	if md == nil || md.tree == nil {
		panic("validate: Model." + method + " of a Model that Load or ModelOf did not make")
	}
	return md
}

// Tree returns the reading of the module tree, which package inspect
// reads too (inspect.FromTree).
func (md *Model) Tree() *module.Tree { return md.check("Tree").tree }

// Root returns the root module, as module.Load read it.
func (md *Model) Root() *module.Module { return md.check("Root").tree.Root() }

// Program returns the program the model is read and validated for:
// Options.Program, or under module.Auto what the root directory says
// (module.ResolveProgram), which is module.Auto when nothing says: the
// root is then read as OpenTofu reads it (the same files Terraform
// reads, as there is no .tofu file), the other directories as Terraform
// reads them, and the model is validated for both programs (Validate).
func (md *Model) Program() module.Program { return md.check("Program").tree.Program() }

// readsCalls returns the program the model's tree reads the modules the
// root calls for: its program, Terraform under module.Auto.
func (md *Model) readsCalls() module.Program {
	if p := md.tree.Program(); p != module.Auto {
		return p
	}
	return module.Terraform
}

// Module returns the module in dir as the model's tree reads it
// (module.Tree.Module): read and parsed on the first call and kept.
func (md *Model) Module(dir string) (*module.Module, hcl.Diagnostics) {
	return md.check("Module").tree.Module(dir)
}

// ReadDir returns the configuration files of the module in dir, read as
// Module reads them, merged as module.Tree.ReadDir merges them. It has
// the signature of inspect.Options.ReadDir.
func (md *Model) ReadDir(dir string) ([]*hcl.File, hcl.Diagnostics) {
	return md.check("ReadDir").tree.ReadDir(dir)
}

// Sources returns the parsed configuration files of every directory
// read so far, by path (module.File.Path), for the snippets of
// diagnostics.
func (md *Model) Sources() map[string]*module.File { return md.check("Sources").tree.Sources() }

// dirKey returns the key of a directory in the analysis of trees: its
// identity (module.DirKey), so that a module that calls itself through
// a symbolic link ("./a", a link to ".") is a cycle of calls, not a tree
// without end.
func (md *Model) dirKey(dir string) string { return md.tree.Key(dir) }

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
	if p := md.tree.Program(); p != module.Auto {
		return md.ValidateAs(p)
	}
	tofu, files := md.ValidateAs(module.OpenTofu)
	if len(tofu) == 0 && !md.bothAlways && md.readsAlike(md.treeFiles(files)) {
		md.alike++
		return tofu, files // Either of two empty verdicts (see readsAlike)
	}
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
	rootMod := md.tree.Root()
	root := newUnit(rootMod, md.opts, p)
	root.tree = md
	root.root = true
	if root.langErr != nil {
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Invalid provider schemas",
			Detail:   fmt.Sprintf("The provider schemas cannot be used: %s.", root.langErr),
		}}, nil
	}
	root.tr = newTreeState(md, root.program, rootMod.Dir)
	diags := root.declare()
	if md.abandonedRun() {
		return nil, nil // not used (see speculation)
	}
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
	visited := map[string]bool{rootMod.Dir: true}
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
	eval := root.runShared().found(true)
	for _, t := range members {
		eval = append(eval, root.tr.evaluation(root, t.n, t.cm, tg)...)
	}
	return append(diags, sorted(eval)...), files
}

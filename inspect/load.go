package inspect

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// Options says how a module tree is read.
type Options struct {
	// Program is the program the configuration is written for; the zero
	// value, module.Auto, lets the root directory's files decide (see
	// module.ResolveProgram). It chooses which files of a directory are
	// read, and the language when Language is nil.
	Program module.Program

	// Language is the configuration language; nil means the program's
	// (Program.ConfigLanguage), schema.Terraform or schema.OpenTofu. The
	// language says which arguments OpenTofu evaluates early: a module's
	// source and version are then evaluated from the variables' defaults
	// and the locals, as "tofu show -config -json" evaluates them.
	// Provider schemas added to it (Block.ByLabel bodies for resource
	// types and providers) decide which names in a resource or provider
	// body are arguments and which are nested blocks, and how nested
	// blocks combine.
	Language *schema.Language

	// ReadDir reads the configuration files of one module directory; nil
	// means the built-in reader, a module.Tree (see Module).
	ReadDir func(dir string) ([]*hcl.File, hcl.Diagnostics)

	// MaxFileSize, when positive, is the size in bytes above which the
	// built-in reader refuses a file without reading it
	// (module.Options.MaxFileSize).
	MaxFileSize int64

	// MaxModuleCalls is the most module calls whose module is read in
	// the whole tree: 0 means DefaultMaxModuleCalls, a negative number
	// no limit (module.Tree.Walk). The tree holds one module per call, as
	// Terraform expands it, so modules that call the same module twice
	// make it grow exponentially with its depth while each directory is
	// read once; past the limit a call has no "module" and the error
	// "Too many module calls" is reported.
	MaxModuleCalls int
}

// DefaultMaxModuleCalls is the default of Options.MaxModuleCalls
// (module.DefaultMaxModuleCalls).
const DefaultMaxModuleCalls = module.DefaultMaxModuleCalls

// Module reads the module in dir and the modules it calls, recursively,
// and returns their configuration representation.
//
// The built-in reader is a module.Tree (module.LoadTree with
// Options.Program and MaxFileSize), which reads each directory once with
// module.Load: the files of dir (not of its subdirectories) whose names
// end in .tf, .tf.json, .tofu or .tofu.json, as OpenTofu does (names
// starting with "." or ending with "~" are skipped, x.tofu hides x.tf and
// x.tofu.json hides x.tf.json; for Terraform no .tofu file is read).
// Names ending .json are parsed with hcljson.Parse, the others with
// hclsyntax.ParseConfig. Override files (override.tf,
// *_override.tf.json, ...) are merged into the others as Terraform and
// OpenTofu merge them (module.Merge; see module.Tree.ReadDir). The
// modules called are read for the program the root directory is read
// for. FromTree does the same from a tree the caller already has.
//
// A child module is read when its source is a local path ("./x", "../x",
// ".\x", "..\x"), relative to its caller's directory, or when
// .terraform/modules/modules.json under dir (written by terraform init
// or tofu init) says where it was installed (module.Tree.CallDir). Other
// children have no "module" and keep all their arguments.
//
// The configuration is returned even when there are errors: it holds what
// could be read.
func Module(dir string, opts Options) (*Config, hcl.Diagnostics) {
	if opts.ReadDir == nil {
		t, _ := module.LoadTree(dir, module.TreeOptions{Program: opts.Program, MaxFileSize: opts.MaxFileSize})
		return FromTree(t, opts)
	}
	opts.Program = module.ResolveProgram(opts.Program, dir)
	if opts.Language == nil {
		opts.Language = opts.Program.ConfigLanguage()
	}
	t := module.TreeOf(&module.Module{Dir: dir, Program: opts.Program}, module.TreeOptions{Program: opts.Program, ReadDir: opts.ReadDir})
	return read(t, opts)
}

// FromTree returns the configuration representation of the module tree
// t, whose root module t read, and of the modules it calls, every
// directory read through t (module.Tree.ReadDir), so that what t has
// read already (for validation, say: validate.Model.Tree) is not read
// again. Of opts, Language (nil: the language of t's program) and
// MaxModuleCalls are used; the program, the reader and the size limit
// are t's.
//
// It panics if t is nil.
func FromTree(t *module.Tree, opts Options) (*Config, hcl.Diagnostics) {
	if t == nil {
		panic("inspect: FromTree with a nil *module.Tree")
	}
	opts.Program = t.Program()
	if opts.Language == nil {
		opts.Language = opts.Program.ConfigLanguage()
	}
	return read(t, opts)
}

// read is Module with the tree and opts.Language set.
func read(t *module.Tree, opts Options) (*Config, hcl.Diagnostics) {
	l := newLoader(t, opts)
	root, files, diags := l.walk.Root()
	idx := t.Decls(root.Dir)
	if !diags.HasErrors() && len(files) == 0 {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "No configuration files",
			Detail:   fmt.Sprintf("The directory %s contains no OpenTofu or Terraform configuration files.", root.Dir),
		})
	}
	l.diags = append(l.diags, diags...)
	cfg := l.config(root, idx)
	return cfg, dedupe(l.diags)
}

// Files returns the configuration representation of the module made of
// files, already parsed; dir is the module's directory, from which local
// module sources are read (as Module reads them, through a module.Tree
// when opts.ReadDir is nil). It panics if a file is nil or has no Body.
func Files(dir string, files []*hcl.File, opts Options) (*Config, hcl.Diagnostics) {
	for i, f := range files {
		if f == nil || f.Body == nil {
			panic(fmt.Sprintf("inspect: Files: file %d is nil or has no Body", i))
		}
	}
	opts.Program = module.ResolveProgram(opts.Program, dir)
	if opts.Language == nil {
		opts.Language = opts.Program.ConfigLanguage()
	}
	// The tree of dir, whose files are given: it reads the directories
	// that the calls name.
	t := module.TreeOf(&module.Module{Dir: dir, Program: opts.Program}, module.TreeOptions{Program: opts.Program, MaxFileSize: opts.MaxFileSize, ReadDir: opts.ReadDir})
	l := newLoader(t, opts)
	root := &module.Node{Dir: dir, Key: t.Key(dir)}
	cfg := l.config(root, module.Declare(hcl.MergeFiles(files), schema.Terraform.Root))
	return cfg, dedupe(l.diags)
}

// loader decodes one module tree, walked by a module.Walk.
type loader struct {
	lang    *schema.Language
	tree    *module.Tree
	walk    *module.Walk
	rootDir string
	diags   hcl.Diagnostics
	// decoded holds the declaration indexes whose diagnostics were
	// reported: an index is the same in every module of its directory.
	decoded map[*module.Decls]bool
	// registry is the default registry of the program read for.
	registry string
}

func newLoader(t *module.Tree, opts Options) *loader {
	return &loader{
		lang: opts.Language, tree: t, walk: t.Walk(opts.MaxModuleCalls), rootDir: t.Root().Dir, registry: registryOf(opts.Program),
		decoded: map[*module.Decls]bool{},
	}
}

// config builds the tree from the root module's declarations.
func (l *loader) config(root *module.Node, idx *module.Decls) *Config {
	n := l.load(root, idx, nil)
	cfg := &Config{RootModule: n.mod}
	pcs := make(map[string]*ProviderConfig)
	n.providerConfigs(l, pcs)
	n.normalizeProviderKeys(pcs)
	for key, pc := range pcs {
		if pc.parentKey != "" {
			delete(pcs, key)
		}
	}
	if len(pcs) > 0 {
		cfg.ProviderConfig = pcs
	}
	return cfg
}

// load decodes one module, whose declaration index is idx, and,
// recursively, the modules it calls.
func (l *loader) load(mn *module.Node, idx *module.Decls, parent *node) *node {
	n := newNode(mn, idx, parent)
	n.registry = l.registry
	if !l.decoded[idx] {
		l.decoded[idx] = true
		l.diags = append(l.diags, idx.Diags...)
	}
	n.decodeRequirements(l)
	n.decodeFile(l)
	n.resolve()
	n.evaluateEarly(l)
	for _, name := range sortedKeys(n.calls) {
		l.loadChild(n, name)
	}
	return n
}

// loadChild reads the module that call name of n refers to, if it can
// (module.Walk.Call), and fills in the call's module and expressions.
func (l *loader) loadChild(n *node, name string) {
	call := n.calls[name]
	var child *node
	cn, _, diags := l.walk.Call(n.tn, name, call.out.Source, call.sourceRange.Ptr())
	l.diags = append(l.diags, diags...)
	if cn != nil {
		child = l.load(cn, l.tree.Decls(cn.Dir), n)
	}
	call.out.Expressions = call.expressions(l, child)
	if child != nil {
		n.children[name] = child
		call.out.Module = child.mod
	}
}

// dedupe returns diags without the repetitions of a diagnostic: a module
// called several times is decoded once per call, and its diagnostics
// would be reported each time.
func dedupe(diags hcl.Diagnostics) hcl.Diagnostics {
	type id struct {
		severity        hcl.DiagnosticSeverity
		summary, detail string
		subject         hcl.Range
	}
	seen := make(map[id]bool, len(diags))
	out := diags[:0:0]
	for _, d := range diags {
		// A diagnostic that describes values depends on its
		// evaluation context, and is kept.
		if d.Expression == nil {
			k := id{severity: d.Severity, summary: d.Summary, detail: d.Detail}
			if d.Subject != nil {
				k.subject = *d.Subject
			}
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		out = append(out, d)
	}
	return out
}

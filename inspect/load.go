package inspect

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/validate"
)

// Options says how a module tree is read.
type Options struct {
	// Program is the program the configuration is written for; the zero
	// value, module.Auto, lets the root directory's files decide (see
	// module.Program.Resolve). It chooses which files of a directory are
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
	// means the built-in reader, a validate.Model (see Module).
	ReadDir func(dir string) ([]*hcl.File, hcl.Diagnostics)

	// MaxFileSize, when positive, is the size in bytes above which the
	// built-in reader refuses a file without reading it
	// (module.Options.MaxFileSize).
	MaxFileSize int64

	// MaxModuleCalls is the most module calls whose module is read in
	// the whole tree: 0 means DefaultMaxModuleCalls, a negative number
	// no limit. The tree holds one module per call, as Terraform expands
	// it, so modules that call the same module twice make it grow
	// exponentially with its depth while each directory is read once;
	// past the limit a call has no "module" and the error "Too many
	// module calls" is reported.
	MaxModuleCalls int
}

// DefaultMaxModuleCalls is the default of Options.MaxModuleCalls.
const DefaultMaxModuleCalls = 10000

// Module reads the module in dir and the modules it calls, recursively,
// and returns their configuration representation.
//
// The built-in reader is a validate.Model (validate.Load with
// Options.Program and MaxFileSize), which reads each directory once with
// module.Load: the files of dir (not of its subdirectories) whose names
// end in .tf, .tf.json, .tofu or .tofu.json, as OpenTofu does (names
// starting with "." or ending with "~" are skipped, x.tofu hides x.tf and
// x.tofu.json hides x.tf.json; for Terraform no .tofu file is read).
// Names ending .json are parsed with hcljson.Parse, the others with
// hclsyntax.ParseConfig. Override files (override.tf,
// *_override.tf.json, ...) are merged into the others as Terraform and
// OpenTofu merge them (module.Merge; see validate.Model.ReadDir). The
// modules called are read for the program the root directory is read
// for. FromModel does the same from a model the caller already has.
//
// A child module is read when its source is a local path ("./x", "../x"),
// relative to its caller's directory, or when .terraform/modules/modules.json
// under dir (written by terraform init or tofu init) says where it was
// installed. Other children have no "module" and keep all their arguments.
//
// The configuration is returned even when there are errors: it holds what
// could be read.
func Module(dir string, opts Options) (*Config, hcl.Diagnostics) {
	if opts.ReadDir == nil {
		md, _ := validate.Load(dir, validate.Options{Program: opts.Program, MaxFileSize: opts.MaxFileSize})
		return FromModel(md, opts)
	}
	opts.Program = opts.Program.Resolve(dir)
	if opts.Language == nil {
		opts.Language = opts.Program.ConfigLanguage()
	}
	return read(dir, opts)
}

// FromModel returns the configuration representation of the module that
// md read and of the modules it calls, every directory read through md
// (validate.Model.ReadDir), so that what md has read already is not read
// again. Of opts, Language (nil: the language of md's program) and
// MaxModuleCalls are used; the program, the reader and the size limit
// are md's.
//
// It panics if md is nil.
func FromModel(md *validate.Model, opts Options) (*Config, hcl.Diagnostics) {
	if md == nil {
		panic("inspect: FromModel with a nil *validate.Model")
	}
	dir := md.Root().Dir
	opts.ReadDir = md.ReadDir
	opts.Program = md.Program()
	if opts.Language == nil {
		opts.Language = opts.Program.ConfigLanguage()
	}
	return read(dir, opts)
}

// read is Module with opts.ReadDir and opts.Language set.
func read(dir string, opts Options) (*Config, hcl.Diagnostics) {
	l := newLoader(dir, opts)
	files, diags := l.readDir(dir)
	if !diags.HasErrors() && len(files) == 0 {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "No configuration files",
			Detail:   fmt.Sprintf("The directory %s contains no OpenTofu or Terraform configuration files.", dir),
		})
	}
	l.diags = append(l.diags, diags...)
	cfg := l.config(files)
	return cfg, dedupe(l.diags)
}

// Files returns the configuration representation of the module made of
// files, already parsed; dir is the module's directory, from which local
// module sources are read (as Module reads them, through a
// validate.Model when opts.ReadDir is nil). It panics if a file is nil or
// has no Body.
func Files(dir string, files []*hcl.File, opts Options) (*Config, hcl.Diagnostics) {
	for i, f := range files {
		if f == nil || f.Body == nil {
			panic(fmt.Sprintf("inspect: Files: file %d is nil or has no Body", i))
		}
	}
	opts.Program = opts.Program.Resolve(dir)
	if opts.Language == nil || opts.ReadDir == nil {
		p := opts.Program
		if opts.Language == nil {
			opts.Language = p.ConfigLanguage()
		}
		if opts.ReadDir == nil {
			// The model of dir, whose files are given: it reads the
			// directories that the calls name.
			md := validate.ModelOf(&module.Module{Dir: dir, Program: p}, validate.Options{Program: p, MaxFileSize: opts.MaxFileSize})
			opts.ReadDir = md.ReadDir
		}
	}
	l := newLoader(dir, opts)
	cfg := l.config(files)
	return cfg, dedupe(l.diags)
}

// loader reads one module tree.
type loader struct {
	lang    *schema.Language
	readDir func(string) ([]*hcl.File, hcl.Diagnostics)
	rootDir string
	// installed maps module keys ("a", "a.b") to the directories that
	// modules.json lists for them.
	installed map[string]string
	diags     hcl.Diagnostics
	// keys caches dirKey by directory name, and dirs the module
	// directories read, by key: each is read once, however many calls
	// refer to it, so that a tree in which modules call the same module
	// several times costs reading each directory once.
	keys map[string]string
	dirs map[string]*dirRead
	// contents caches the root content of each file, which is the same
	// in every module that reads the file.
	contents map[*hcl.File]*hcl.BodyContent
	// calls counts the module calls whose module was read, up to
	// maxCalls (negative: no limit).
	calls, maxCalls int
	// registry is the default registry of the program read for.
	registry string
}

// dirRead is one module directory read.
type dirRead struct {
	isDir bool // whether it exists and is a directory
	files []*hcl.File
}

func newLoader(dir string, opts Options) *loader {
	l := &loader{
		lang: opts.Language, readDir: opts.ReadDir, rootDir: dir, registry: registryOf(opts.Program),
		keys: map[string]string{}, dirs: map[string]*dirRead{}, contents: map[*hcl.File]*hcl.BodyContent{},
		maxCalls: opts.MaxModuleCalls,
	}
	if l.maxCalls == 0 {
		l.maxCalls = DefaultMaxModuleCalls
	}
	l.installed = readInstalled(dir)
	return l
}

// config builds the tree from the root module's files.
func (l *loader) config(files []*hcl.File) *Config {
	root := l.load(l.rootDir, files, nil, nil)
	cfg := &Config{RootModule: root.mod}
	pcs := make(map[string]*ProviderConfig)
	root.providerConfigs(l, pcs)
	root.normalizeProviderKeys(pcs)
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

// load decodes one module and, recursively, the modules it calls.
func (l *loader) load(dir string, files []*hcl.File, path []string, parent *node) *node {
	n := newNode(dir, path, parent)
	n.registry = l.registry
	n.key = l.key(dir)
	contents := make([]*hcl.BodyContent, len(files))
	for i, f := range files {
		contents[i] = l.rootContent(f)
	}
	for _, c := range contents {
		n.decodeRequirements(l, c)
	}
	for _, c := range contents {
		n.decodeFile(l, c)
	}
	n.resolve()
	n.evaluateEarly(l)
	for _, name := range sortedKeys(n.calls) {
		l.loadChild(n, name)
	}
	return n
}

// loadChild reads the module that call name of n refers to, if it can,
// and fills in the call's module and expressions.
func (l *loader) loadChild(n *node, name string) {
	call := n.calls[name]
	path := append(slices.Clip(n.path), name)
	dir, ok := l.childDir(n, call, path)
	var child *node
	if ok {
		child = l.readChild(n, call, dir, path)
	}
	call.out.Expressions = call.expressions(l, child)
	if child != nil {
		n.children[name] = child
		call.out.Module = child.mod
	}
}

// childDir returns the directory of a call's module: a local source
// relative to the caller, or where modules.json says it was installed.
func (l *loader) childDir(n *node, call *callInfo, path []string) (string, bool) {
	src := call.out.Source
	if isLocalSource(src) {
		return filepath.Join(n.dir, filepath.FromSlash(src)), true
	}
	dir, ok := l.installed[strings.Join(path, ".")]
	if !ok {
		return "", false
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(l.rootDir, dir)
	}
	return dir, true
}

// readChild reads and decodes the module in dir, reporting a missing
// directory or a cycle at the call's source argument.
func (l *loader) readChild(n *node, call *callInfo, dir string, path []string) *node {
	subject := call.sourceRange.Ptr()
	key := l.key(dir)
	for p := n; p != nil; p = p.parent {
		if p.key == key {
			l.diags = append(l.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Module calls itself",
				Detail:   fmt.Sprintf("The module in %s is already being read: module %s would contain itself.", dir, strings.Join(path, ".")),
				Subject:  subject,
			})
			return nil
		}
	}
	if l.maxCalls >= 0 && l.calls >= l.maxCalls {
		if l.calls == l.maxCalls {
			l.calls++ // report once
			l.diags = append(l.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Too many module calls",
				Detail: fmt.Sprintf("The module tree has more than %d module calls (a module called from several places, or from a module called several times, counts once per call, as Terraform expands the tree); module %s and the calls after it are shown without their module.",
					l.maxCalls, strings.Join(path, ".")),
				Subject: subject,
			})
		}
		return nil
	}
	l.calls++
	rd := l.dirs[key]
	if rd == nil {
		rd = &dirRead{}
		if info, err := os.Stat(dir); err == nil && info.IsDir() {
			var diags hcl.Diagnostics
			rd.isDir = true
			rd.files, diags = l.readDir(dir)
			l.diags = append(l.diags, diags...)
		}
		l.dirs[key] = rd
	}
	if !rd.isDir {
		l.diags = append(l.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Failed to read module directory",
			Detail:   fmt.Sprintf("Module directory %s does not exist or cannot be read.", dir),
			Subject:  subject,
		})
		return nil
	}
	return l.load(dir, rd.files, path, n)
}

// key returns the identity of a directory (see dirKey), computed once per
// name.
func (l *loader) key(dir string) string {
	k, ok := l.keys[dir]
	if !ok {
		k = dirKey(dir)
		l.keys[dir] = k
	}
	return k
}

// dirKey returns the identity of a directory (module.DirKey), so that
// two names of one directory have the same key.
func dirKey(dir string) string { return module.DirKey(dir) }

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

// isLocalSource reports whether a module source is a local path, which
// Terraform recognizes by its "./" or "../" prefix.
func isLocalSource(src string) bool {
	return strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../") ||
		strings.HasPrefix(src, ".\\") || strings.HasPrefix(src, "..\\")
}

// readInstalled reads .terraform/modules/modules.json under dir, if any.
func readInstalled(dir string) map[string]string {
	b, err := os.ReadFile(filepath.Join(dir, ".terraform", "modules", "modules.json"))
	if err != nil {
		return nil
	}
	var manifest struct {
		Modules []struct{ Key, Dir string }
	}
	if json.Unmarshal(b, &manifest) != nil {
		return nil
	}
	m := make(map[string]string, len(manifest.Modules))
	for _, mod := range manifest.Modules {
		if mod.Key != "" {
			m[mod.Key] = filepath.FromSlash(mod.Dir)
		}
	}
	return m
}

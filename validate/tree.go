package validate

import (
	"fmt"
	"os"
	"slices"
	"sync"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hcljson/hcljson/module"
	"github.com/zclconf/go-cty/cty"
)

// analysis holds what validation found out about the modules that roots
// call, which does not depend on the root: what a called module declares
// (child: its variables, outputs and the variables each output depends
// on), what a module of the tree declares and calls (treeNode), and what
// its evaluation for a target finds. A Model has one of its own; the
// Models that share Options.Readings share one, so that a module called by
// many roots is analysed once in the run.
//
// It is safe for concurrent use. No goroutine waits for another: an entry
// that two compute at once is computed twice, the same, and kept once.
// Only what does not depend on the order of the computation is kept: the
// output dependencies of a module from which a cycle of calls can be
// reached (a module that calls itself, directly or not) are computed
// while a module of the cycle is itself being computed, which depends on
// where the computation entered the cycle. Such a child is "tainted", and
// so is the evaluation of a module that calls one: they stay with the
// tree that computed them (see treeState). An untainted child or
// evaluation is the same whichever tree computes it, since no module of
// a tree's chain of calls can be reached from it without a cycle.
type analysis struct {
	mu       sync.Mutex
	children map[analysisKey]*child
	nodes    map[analysisKey]*treeNode
	evals    map[evalKey]hcl.Diagnostics
	runs     map[runKey]*ran
	// checks holds what checking a called module's files against a
	// language finds (checkKey: Model.Check), computed once in the run.
	checks sync.Map
	// divergent holds the modules (dirKey) in which an evaluation for
	// OpenTofu met something that Terraform may evaluate differently
	// (see Model.readsAlike).
	divergent sync.Map
}

// analysisKey is a module directory (its absolute path) analysed for a
// program with provider schemas.
type analysisKey struct {
	dir       string
	program   module.Program
	providers *tfjson.ProviderSchemas
}

// evalKey is a module analysed for a target.
type evalKey struct {
	analysisKey
	target target
}

// runKey is a module evaluated (unit.run) for the newest releases of a
// program, with provider schemas, in a tree that reads the modules it
// calls for the program reading (Model.readsCalls).
type runKey struct {
	analysisKey
	reading module.Program
}

// ran is what unit.run found in a module, whether it was the root of its
// tree or a module called (see unit.runShared): the diagnostics, of
// which rootOnly are those only a root reports, and for each output the
// variables it depends on (see child.deps), from the evaluator's
// reference graph when first asked for (outputDeps). mod is the reading
// of the module that was run.
type ran struct {
	mod      *module.Module
	diags    hcl.Diagnostics
	rootOnly map[*hcl.Diagnostic]bool
	// ev is the evaluator that ran, until deps are made from it.
	ev       *evaluator
	depsOnce sync.Once
	deps     map[string][]string
}

// newRan returns what md's run found: diags, and its evaluator ev's
// output dependencies, made when a module that calls md asks for them
// (most runs are of a root module, which nothing calls, and the
// dependencies were a twentieth of checking a module of 100 files), but
// at once where many Models keep the runs they share (Options.Readings),
// which do not keep the evaluators.
func newRan(md *unit, ev *evaluator, diags hcl.Diagnostics) *ran {
	r := &ran{mod: md.mod, diags: diags, rootOnly: ev.rootOnly, ev: ev}
	if md.opts.Readings != nil {
		r.outputDeps()
	}
	return r
}

// outputDeps returns, for each output, the variables it depends on:
// outputDeps of the evaluator, made on the first call. The evaluator's
// graph and the modules it calls (unit.children, each with its
// dependencies) do not change once it has run.
func (r *ran) outputDeps() map[string][]string {
	r.depsOnce.Do(func() {
		if r.ev != nil {
			r.deps, r.ev = outputDeps(r.ev), nil
		}
	})
	return r.deps
}

// found returns the diagnostics of r for the module as a root of its
// tree (root set) or as a module called, in a slice of their own.
func (r *ran) found(root bool) hcl.Diagnostics {
	out := make(hcl.Diagnostics, 0, len(r.diags))
	for _, d := range r.diags {
		if root || !r.rootOnly[d] {
			out = append(out, d)
		}
	}
	return out
}

// sameReading reports whether a and b are one reading of one directory:
// its name and its files, the same parsed files (module.Readings makes
// every reading of a directory that both programs read alike from one,
// which differ in their Program and Tests only, which validation does
// not read).
func sameReading(a, b *module.Module) bool {
	return a.Dir == b.Dir && len(a.Files) == len(b.Files) && len(a.Files) > 0 && &a.Files[0] == &b.Files[0]
}

func newAnalysis() *analysis {
	return &analysis{children: map[analysisKey]*child{}, nodes: map[analysisKey]*treeNode{}, evals: map[evalKey]hcl.Diagnostics{}, runs: map[runKey]*ran{}}
}

// treeNode is what a module of a tree, below its root, declares: the
// diagnostics of declaring it, the version constraints it states, and
// the directories of the local modules it calls (those that could be
// read), in the order of the calls' names.
type treeNode struct {
	mod       *module.Module
	declDiags hcl.Diagnostics
	cons      constraints
	calls     []string
}

// treeState is the analysis of one tree (one ValidateAs): the children
// found so far, by directory, and the chain of modules whose output
// dependencies are being computed.
type treeState struct {
	md        *Model
	shared    *analysis
	program   module.Program
	providers *tfjson.ProviderSchemas
	children  map[string]*child
	// stack holds the modules whose output dependencies are being
	// computed, the root first; building maps each to its index.
	stack    []string
	building map[string]int
	// tainted holds the modules of the stack whose results depend on
	// the order of the computation.
	tainted map[string]bool
}

// newTreeState returns the state of a tree validated for p from root.
func newTreeState(md *Model, p module.Program, root string) *treeState {
	key := md.dirKey(root)
	return &treeState{
		md: md, shared: md.analysis, program: p, providers: md.opts.Providers,
		children: map[string]*child{},
		stack:    []string{key},
		building: map[string]int{key: 0},
		tainted:  map[string]bool{},
	}
}

func (t *treeState) key(dir string) analysisKey {
	return analysisKey{dir: dir, program: t.program, providers: t.providers}
}

// taint marks every module of the stack: what they find depends on a
// module that was being computed.
func (t *treeState) taint() {
	for _, k := range t.stack {
		t.tainted[k] = true
	}
}

// childOf returns what the module in dir, which md calls, declares, with
// its output dependencies: computed once in the tree, or taken from the
// shared analysis. A module that is being computed (it calls itself,
// directly or not, or calls the root) has no output dependencies here.
func (t *treeState) childOf(md *unit, dir string) *child {
	key := t.md.dirKey(dir)
	if _, ok := t.building[key]; ok {
		t.taint()
		ch := *t.static(md, dir)
		ch.deps, ch.tainted = nil, true
		return &ch
	}
	if ch, ok := t.children[key]; ok {
		if ch.tainted {
			t.taint()
		}
		return ch
	}
	t.shared.mu.Lock()
	ch, ok := t.shared.children[t.key(key)]
	t.shared.mu.Unlock()
	if ok {
		t.children[key] = ch
		return ch
	}
	ch = t.static(md, dir)
	if ch.ok {
		t.building[key] = len(t.stack)
		t.stack = append(t.stack, key)
		cm, declDiags, evalDiags, deps := md.analyse(ch.mod)
		t.stack = t.stack[:len(t.stack)-1]
		delete(t.building, key)
		ch.deps, ch.tainted = deps, t.tainted[key]
		// What was found on the way is the module's node in any tree
		// that calls it, and its evaluation for this target, which
		// the tree evaluates it for unless its constraints narrow
		// the target (see ValidateAs).
		t.keep(cm, t.newNode(cm, declDiags), evalDiags)
	}
	t.children[key] = ch
	if ch.tainted {
		t.taint() // the frames below depend on it
	} else {
		t.shared.mu.Lock()
		if _, ok := t.shared.children[t.key(key)]; !ok {
			t.shared.children[t.key(key)] = ch
		}
		t.shared.mu.Unlock()
	}
	return ch
}

// static returns what the module in dir declares, without its output
// dependencies (an empty map): not ok when it cannot be read.
func (t *treeState) static(md *unit, dir string) *child {
	ch := &child{vars: map[string]*childVar{}, required: map[string]string{}, deps: map[string][]string{}}
	m, diags := md.tree.Module(dir)
	if diags.HasErrors() || m == nil {
		return ch
	}
	for _, b := range md.tree.tree.Decls(m.Dir).Blocks {
		switch b.Type {
		case "output":
			ch.outputs = append(ch.outputs, b.Labels[0])
		case "terraform":
			for name, src := range requiredSources(b) {
				ch.required[name] = src
			}
		case "variable":
			attrs, _ := b.Body.JustAttributes()
			cv := &childVar{typ: cty.DynamicPseudoType, decl: b.DefRange}
			_, hasDefault := attrs["default"]
			cv.required = !hasDefault
			if a, ok := attrs["type"]; ok {
				if ty, defaults, d := typeConstraint(a.Expr); !d.HasErrors() {
					cv.typ, cv.defaults = ty, defaults
				}
			}
			ch.vars[b.Labels[0]] = cv
		}
	}
	ch.mod, ch.ok = m, true
	return ch
}

// localDir returns the directory of the module that a call with source
// src in the module in directory from names, when that is a local path
// (module.Tree.CallDir: "./x", "../x", ".\x", "..\x") to a directory.
// Remote modules are not read, not even those init installed, which the
// programs' validate reads: their calls are objects of unknown
// attributes.
func (t *treeState) localDir(from, src string) (string, bool) {
	dir, ok := t.md.tree.CallDir(from, nil, src)
	if !ok {
		return "", false
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return "", false
	}
	return dir, true
}

// node returns the tree node of m, a module of the tree below its root,
// from the shared analysis, or declares it: then the unit declared is
// returned too, for its evaluation. What a node holds depends on m and
// on what its children declare (their variables), never on their output
// dependencies, so every node is shared.
func (t *treeState) node(md *unit, m *module.Module) (*treeNode, *unit) {
	key := t.key(t.md.dirKey(m.Dir))
	t.shared.mu.Lock()
	n, ok := t.shared.nodes[key]
	t.shared.mu.Unlock()
	if ok {
		return n, nil
	}
	cm := md.sub(m)
	n = t.newNode(cm, cm.declare())
	t.keep(cm, n, nil)
	return n, cm
}

// newNode returns the node of cm, which declaring found declDiags.
func (t *treeState) newNode(cm *unit, declDiags hcl.Diagnostics) *treeNode {
	if w := cm.backendIgnored(); w != nil {
		declDiags = append(slices.Clip(declDiags), w)
	}
	n := &treeNode{mod: cm.mod, declDiags: declDiags, cons: cm.constraints()}
	for _, name := range keys(cm.decls.modules) {
		if c := cm.child(cm.decls.modules[name]); c.ok && c.mod != nil {
			n.calls = append(n.calls, c.mod.Dir)
		}
	}
	return n
}

// backendIgnored returns the warning that both programs give about a
// backend block in a module that is called, which has no effect there
// (OpenTofu's and Terraform's configs.buildChildModules), at the first
// backend block of its terraform blocks, or nil.
func (md *unit) backendIgnored() *hcl.Diagnostic {
	for _, b := range md.decls.index.Blocks {
		if b.Type != "terraform" {
			continue
		}
		c, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "backend", LabelNames: []string{"type"}}}})
		if c == nil || len(c.Blocks) == 0 {
			continue
		}
		return &hcl.Diagnostic{
			Severity: hcl.DiagWarning,
			Summary:  "Backend configuration ignored",
			// Both programs' words, OpenTofu's naming provider
			// configurations where it means the backend, as Terraform
			// 1.5 did.
			Detail:  fmt.Sprintf("Any selected backend applies to the entire configuration, so %s expects provider configurations only in the root module.\n\nThis is a warning rather than an error because it's sometimes convenient to temporarily call a root module as a child module for testing purposes, but this backend configuration block will have no effect.", md.programName()),
			Subject: c.Blocks[0].DefRange.Ptr(),
		}
	}
	return nil
}

// keep adds to the shared analysis the node of cm and, unless evalDiags
// is nil, what evaluating cm for its target found, when that is the same
// whatever tree computes it (no child of cm is tainted).
func (t *treeState) keep(cm *unit, n *treeNode, evalDiags hcl.Diagnostics) {
	key := t.key(t.md.dirKey(cm.mod.Dir))
	tainted := false
	for _, c := range cm.children {
		tainted = tainted || c.tainted
	}
	t.shared.mu.Lock()
	defer t.shared.mu.Unlock()
	if _, ok := t.shared.nodes[key]; !ok {
		t.shared.nodes[key] = n
	}
	ek := evalKey{key, cm.target}
	if _, ok := t.shared.evals[ek]; !ok && evalDiags != nil && !tainted {
		t.shared.evals[ek] = evalDiags
	}
}

// evaluation returns what evaluating the module of n for tg finds, from
// the shared analysis or by evaluating cm (declared here when nil).
func (t *treeState) evaluation(md *unit, n *treeNode, cm *unit, tg target) hcl.Diagnostics {
	key := evalKey{t.key(t.md.dirKey(n.mod.Dir)), tg}
	t.shared.mu.Lock()
	diags, ok := t.shared.evals[key]
	t.shared.mu.Unlock()
	if ok {
		return diags
	}
	if cm == nil {
		cm = md.sub(n.mod)
		cm.declare()
	}
	cm.target = tg
	diags = cm.evaluate()
	if diags == nil {
		diags = hcl.Diagnostics{}
	}
	t.keep(cm, n, diags)
	return diags
}

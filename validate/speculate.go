package validate

import (
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
)

// A speculation is a validation (Model.ValidateAs) started on a goroutine
// of its own before the check of the root's files knows whether it is
// wanted: Model.Check validates only a tree whose files pass, and the
// files' check, which the validation does not read, runs meanwhile on
// the other cores. What the validation finds is used only when the files
// pass. It runs on a copy of the Model with an analysis of its own
// (analysis), which the Model adopts when it uses the result: a
// validation abandoned (abandon: a file's check found an error that
// stops the programs) is dropped whole, with whatever it left unfinished,
// and abandoning it makes every expression it has still to evaluate
// unknown at once (evaluator.evalExpr), so that a module with errors in
// its files costs little more than before.
//
// The validation reads the module tree (module.Tree, not safe for
// concurrent use) and the check of the root's files does not: the check
// waits for the speculation (wait) before it reads the tree again, for
// the called modules' files. Everything else they share is safe for
// concurrent use: the parsed files (read only; hcljson's templates under
// its lock), the decoded bodies (schema.Contents), the expressions'
// variables (exprVars), the languages and function tables (read only,
// built once under locks).
type speculation struct {
	md    *Model // the copy that validates
	stop  atomic.Bool
	done  chan struct{}
	diags hcl.Diagnostics
	files map[string]*hcl.File
	// panicked is what the validation panicked with, if it did: raised
	// again if its result is wanted.
	panicked any
}

// speculate starts md.ValidateAs(p) on a goroutine, on a copy of md.
func (md *Model) speculate(p module.Program) *speculation {
	s := &speculation{done: make(chan struct{})}
	cp := *md
	cp.analysis, cp.abandoned = newAnalysis(), &s.stop
	s.md = &cp
	go func() {
		defer close(s.done)
		defer func() { s.panicked = recover() }()
		s.diags, s.files = s.md.ValidateAs(p)
	}()
	return s
}

// abandon tells the validation that its result will not be used. A nil
// speculation has nothing to abandon.
func (s *speculation) abandon() {
	if s != nil {
		s.stop.Store(true)
	}
}

// wait waits for the validation to end. A nil speculation has nothing
// to wait for.
func (s *speculation) wait() {
	if s != nil {
		<-s.done
	}
}

// result returns what the validation found, as ValidateAs returns it,
// once it has ended, and adds what it found out about the tree to md's
// analysis; it panics with what the validation panicked with. The
// validation must not have been abandoned.
func (s *speculation) result(md *Model) (hcl.Diagnostics, map[string]*hcl.File) {
	s.wait()
	if s.stop.Load() {
		panic("validate: the result of an abandoned validation")
	}
	if s.panicked != nil {
		panic(s.panicked)
	}
	md.analysis.adopt(s.md.analysis)
	return s.diags, s.files
}

// abandonedRun reports whether md is the copy of a speculation that was
// abandoned: what it still evaluates is not used.
func (md *Model) abandonedRun() bool {
	return md.abandoned != nil && md.abandoned.Load()
}

// adopt adds to a what b holds and a does not (b's validation ran on a
// copy of a's Model: see speculation).
func (a *analysis) adopt(b *analysis) {
	b.mu.Lock()
	defer b.mu.Unlock()
	a.mu.Lock()
	defer a.mu.Unlock()
	addMissing(a.children, b.children)
	addMissing(a.nodes, b.nodes)
	addMissing(a.evals, b.evals)
	addMissing(a.runs, b.runs)
	b.checks.Range(func(k, v any) bool {
		a.checks.LoadOrStore(k, v)
		return true
	})
	b.divergent.Range(func(k, v any) bool {
		a.divergent.LoadOrStore(k, v)
		return true
	})
}

// addMissing adds to dst the entries of src whose keys dst does not hold.
func addMissing[K comparable, V any](dst, src map[K]V) {
	for k, v := range src {
		if _, ok := dst[k]; !ok {
			dst[k] = v
		}
	}
}

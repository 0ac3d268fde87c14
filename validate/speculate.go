package validate

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
)

// A speculation is a validation (Model.ValidateAs) started on a goroutine
// of its own before the check of the root's files knows whether it is
// wanted: Model.Check validates only a tree whose files pass, and the
// files' check, which the validation does not read, runs meanwhile on
// the other cores. What the validation finds is used only when the files
// pass; otherwise it is dropped, and the time it took was spent for
// nothing (a module with errors in its files takes longer: the check
// waits for the validation before it goes on to the called modules).
//
// The validation reads the module tree (module.Tree, not safe for
// concurrent use) and the check of the root's files does not: the check
// waits for the speculation (wait) before it reads the tree again, for
// the called modules' files. Everything else they share is safe for
// concurrent use: the parsed files (read only; hcljson's templates under
// its lock), the decoded bodies (schema.Contents), the languages and
// function tables (read only, built once under locks) and the analysis.
type speculation struct {
	done  chan struct{}
	diags hcl.Diagnostics
	files map[string]*hcl.File
	// panicked is what the validation panicked with, if it did: raised
	// again if its result is wanted.
	panicked any
}

// speculate starts md.ValidateAs(p) on a goroutine.
func (md *Model) speculate(p module.Program) *speculation {
	s := &speculation{done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer func() { s.panicked = recover() }()
		s.diags, s.files = md.ValidateAs(p)
	}()
	return s
}

// wait waits for the validation to end. A nil speculation has nothing
// to wait for.
func (s *speculation) wait() {
	if s != nil {
		<-s.done
	}
}

// result returns what the validation found, as ValidateAs returns it,
// once it has ended; it panics with what the validation panicked with.
func (s *speculation) result() (hcl.Diagnostics, map[string]*hcl.File) {
	s.wait()
	if s.panicked != nil {
		panic(s.panicked)
	}
	return s.diags, s.files
}

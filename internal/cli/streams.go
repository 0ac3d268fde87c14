package cli

import (
	"io"
	"sync"
)

// streamWriter is standard output or standard error of a run: it
// remembers the first error of a write, so that a run whose diagnostics
// or results could not all be written does not end with status 0, even
// where nothing else looks at the error (a warning on a full disk: spec
// C7). It is safe for concurrent use.
type streamWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (s *streamWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		s.mu.Lock()
		if s.err == nil {
			s.err = err
		}
		s.mu.Unlock()
	}
	return n, err
}

// failed returns the first error of a write, or nil.
func (s *streamWriter) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// exitStatus returns the status of a run that returned code: 1 instead
// of 0 when a write to standard output or standard error failed.
func (e *env) exitStatus(code int) int {
	if code != 0 {
		return code
	}
	for _, w := range []io.Writer{e.stdout, e.stderr} {
		if s, ok := w.(*streamWriter); ok && s.failed() != nil {
			return 1
		}
	}
	return 0
}

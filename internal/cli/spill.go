package cli

import (
	"io"
	"os"
)

// spillAt is the most output a spill holds in memory.
const spillAt = 1 << 20

// spill holds one output while it is produced: in memory up to spillAt
// bytes, then in an unnamed temporary file, so that converting a large
// file does not hold its whole output in memory before it is known to be
// good (stdout and targets get it all or nothing).
type spill struct {
	at   int // the most held in memory; 0: spillAt
	mem  []byte
	f    *os.File
	name string // the temporary file's name while it has one
	err  error
}

// Write appends p.
func (s *spill) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	at := s.at
	if at == 0 {
		at = spillAt
	}
	if s.f == nil && len(s.mem)+len(p) <= at {
		s.mem = append(s.mem, p...)
		return len(p), nil
	}
	if s.f == nil {
		f, err := os.CreateTemp("", "hcljson-output-*")
		if err != nil {
			s.err = err
			return 0, err
		}
		s.f = f
		// Unnamed from now on where the system allows it: nothing is left
		// behind, even by kill -9. Elsewhere Close removes it.
		if os.Remove(f.Name()) != nil {
			s.name = f.Name()
		}
		if _, err := f.Write(s.mem); err != nil {
			s.err = err
			return 0, err
		}
		s.mem = nil
	}
	n, err := s.f.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// WriteTo writes everything written so far to w.
func (s *spill) WriteTo(w io.Writer) (int64, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.f == nil {
		n, err := w.Write(s.mem)
		return int64(n), err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	return io.Copy(w, s.f)
}

// Close releases the memory and the temporary file.
func (s *spill) Close() error {
	s.mem = nil
	if s.f == nil {
		return nil
	}
	err := s.f.Close()
	if s.name != "" {
		os.Remove(s.name)
	}
	s.f = nil
	return err
}

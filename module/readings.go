package module

import (
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
)

// Readings holds the module directories read by the Trees that share it
// (TreeOptions.Readings), for a run that reads many root modules, such as
// "hcljson check -recursive": a directory that several roots call, or
// that is a root and is called, is read and parsed once in the whole
// run, whichever Tree asks for it first, and every Tree gets the same
// Module.
//
// Each directory is read once as Load reads it under Auto (what its
// files say), and the reading a Tree asks for is made from that one: a
// directory without a file of the .tofu family is read the same way by
// both programs, so its Terraform reading is the same files (the
// .tofutest files left out of Tests), and its OpenTofu reading the same
// module. A directory that the two programs read differently (a .tofu
// file, which Terraform does not read), that holds no configuration
// file, or that holds a special file with a configuration name, is read
// again for the program asked, once. So the readings, and what
// TreeOptions.Loaded is called with, do not depend on which Tree asks
// first.
//
// Every directory is read under one name, whatever name a Tree asks for
// it by: its absolute path or, for a Readings made by NewReadings(true),
// its path relative to the working directory, so that the files of a
// directory that two modules name differently (../w/x from one, x from
// another) are named one way, whichever reads them first. A directory is
// one by its identity (DirKey): reached through a symbolic link under
// another path, it is read once, under the name it was first asked by.
//
// A Readings is made by NewReadings: a Tree given any other (the zero
// Readings) panics when it reads. A Readings is safe for concurrent use,
// and the modules it holds are shared by the Trees (which only read
// them). The Trees that share it must have the same MaxFileSize. It
// keeps every reading until it is dropped.
type Readings struct {
	base string
	mu   sync.Mutex
	dirs map[readingKey]*sharedReading
}

// readingKey is a directory's identity (DirKey) and the program it is
// read for.
type readingKey struct {
	dir     string
	program Program
}

// sharedReading is one directory read, once: ready is closed when mod and
// diags are set.
type sharedReading struct {
	ready chan struct{}
	mod   *Module
	diags hcl.Diagnostics
}

// NewReadings returns an empty Readings whose directories are named by
// their paths relative to the working directory when relative is set
// (where there is one: filepath.Rel), by their absolute paths otherwise.
func NewReadings(relative bool) *Readings {
	rs := &Readings{dirs: map[readingKey]*sharedReading{}}
	if relative {
		rs.base, _ = os.Getwd()
	}
	return rs
}

// name returns the name the directory whose absolute path is abs is read
// under.
func (rs *Readings) name(abs string) string {
	if rs.base == "" {
		return abs
	}
	rel, err := filepath.Rel(rs.base, abs)
	if err != nil {
		return abs
	}
	return rel
}

// read returns the reading of dir for program p (Auto: as its files
// say), reading it when no Tree has yet. opts are the asking Tree's: its
// Loaded hook is told of a directory it reads.
func (rs *Readings) read(dir string, p Program, opts TreeOptions) (*Module, hcl.Diagnostics) {
	if rs.dirs == nil {
		panic("module: TreeOptions.Readings is a Readings that NewReadings did not make")
	}
	abs, key := absDir(dir), DirKey(dir)
	base := rs.shared(readingKey{key, Auto}, abs, opts)
	if p == Auto {
		return base.mod, base.diags
	}
	if m, ok := readAs(base.mod, base.diags, p); ok {
		return m, base.diags
	}
	r := rs.shared(readingKey{key, p}, abs, opts)
	return r.mod, r.diags
}

// shared returns the reading of key, made once, from the directory whose
// absolute path is abs.
func (rs *Readings) shared(key readingKey, abs string, opts TreeOptions) *sharedReading {
	rs.mu.Lock()
	r, ok := rs.dirs[key]
	if !ok {
		r = &sharedReading{ready: make(chan struct{})}
		rs.dirs[key] = r
	}
	rs.mu.Unlock()
	if ok {
		<-r.ready
		return r
	}
	defer close(r.ready)
	name := rs.name(abs)
	r.mod, r.diags = Load(name, Options{Program: key.program, MaxFileSize: opts.MaxFileSize})
	r.diags = slices.Clip(r.diags)
	if opts.Loaded != nil {
		opts.Loaded(name)
	}
	return r
}

// readAs returns the module that Load would read for the program p
// (OpenTofu or Terraform) in the directory of m, which it read under
// Auto with the diagnostics diags, when that is m's files: the directory
// holds configuration files, every diagnostic is about one of them (a
// listing's warning, about a special file, depends on the program), and,
// for Terraform, none is of the .tofu family (which Terraform does not
// read, and whose twins OpenTofu hides). OpenTofu lists what Auto lists.
// It reports false when p must read the directory itself.
func readAs(m *Module, diags hcl.Diagnostics, p Program) (*Module, bool) {
	if len(m.Files) == 0 {
		return nil, false
	}
	paths := make(map[string]bool, len(m.Files))
	for _, f := range m.Files {
		paths[f.Path] = true
		if p == Terraform && schema.EndingOf(f.Path).Tofu {
			return nil, false
		}
	}
	if p == Terraform && len(m.Hidden) > 0 {
		return nil, false
	}
	for _, d := range diags {
		if d.Subject == nil || !paths[d.Subject.Filename] {
			return nil, false
		}
	}
	if p == m.Program {
		return m, true
	}
	c := *m
	c.Program = p
	c.Tests = slices.DeleteFunc(slices.Clone(m.Tests), func(t string) bool {
		return !IsTestFile(filepath.Base(t), Options{Program: p})
	})
	return &c, true
}

// absDir returns the cleaned absolute path of dir (the cleaned name when
// it has none).
func absDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	return abs
}

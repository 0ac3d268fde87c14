package validate

import (
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// Readings holds the module directories read by the Models that share it
// (Options.Readings), for a run that validates many root modules, such as
// "hcljson check -recursive": a directory that several roots call, or that
// is a root and is called, is read and parsed once in the whole run,
// whichever Model asks for it first, and every Model gets the same
// module.Module.
//
// Each directory is read once as module.Load reads it under module.Auto
// (what its files say), and the reading a Model asks for is made from that
// one: a directory without a file of the .tofu family is read the same way
// by both programs, so its Terraform reading is the same files (the
// .tofutest files left out of Tests), and its OpenTofu reading the same
// module. A directory that the two programs read differently (a .tofu
// file, which Terraform does not read), that holds no configuration file,
// or that holds a special file with a configuration name, is read again
// for the program asked, once. So the readings, and what Loaded is called
// with, do not depend on which Model asks first.
//
// Every directory is read under one name, whatever name a Model asks for
// it by: its absolute path or, for a Readings made by NewReadings(true),
// its path relative to the working directory, so that the files of a
// directory that two modules name differently (../w/x from one, x from
// another) are named one way, whichever reads them first. A directory is
// one by its identity (module.DirKey): reached through a symbolic link
// under another path, it is read once, under the name it was first
// asked by.
//
// The Models that share a Readings also share what validation finds of
// the modules their roots call (their variables, outputs and the
// variables each output depends on; what declaring and evaluating them
// finds), so that a module called by many roots is analysed once for
// each program, as it is read once.
//
// A Readings is made by NewReadings: a Model given any other (the zero
// Readings) panics when it reads. A Readings is safe for concurrent use, and the modules it holds are
// shared by the Models (which only read them). The Models that share it
// must have the same MaxFileSize and Providers. It keeps every reading
// until it is dropped.
type Readings struct {
	base string
	mu   sync.Mutex
	dirs map[readingKey]*sharedReading
	// analysis is what the Models' validations found out about the
	// modules their roots call (see analysis).
	analysis *analysis
}

// readingKey is a directory's identity (dirKey) and the program it is
// read for.
type readingKey struct {
	dir     string
	program module.Program
}

// sharedReading is one directory read, once: ready is closed when mod and
// diags are set.
type sharedReading struct {
	ready chan struct{}
	mod   *module.Module
	diags hcl.Diagnostics
}

// NewReadings returns an empty Readings whose directories are named by
// their paths relative to the working directory when relative is set
// (where there is one: filepath.Rel), by their absolute paths otherwise.
func NewReadings(relative bool) *Readings {
	rs := &Readings{dirs: map[readingKey]*sharedReading{}, analysis: newAnalysis()}
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

// read returns the reading of dir for program p (module.Auto: as its
// files say), reading it when no Model has yet. opts are the asking
// Model's: its Loaded hook is told of a directory it reads.
func (rs *Readings) read(dir string, p module.Program, opts Options) *reading {
	if rs.dirs == nil {
		panic("validate: Options.Readings is a Readings that NewReadings did not make")
	}
	abs, key := absDir(dir), dirKey(dir)
	base := rs.shared(readingKey{key, module.Auto}, abs, opts)
	if p == module.Auto {
		return &reading{mod: base.mod, diags: base.diags}
	}
	if m, ok := readAs(base.mod, base.diags, p); ok {
		return &reading{mod: m, diags: base.diags}
	}
	r := rs.shared(readingKey{key, p}, abs, opts)
	return &reading{mod: r.mod, diags: r.diags}
}

// shared returns the reading of key, made once, from the directory whose
// absolute path is abs.
func (rs *Readings) shared(key readingKey, abs string, opts Options) *sharedReading {
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
	r.mod, r.diags = module.Load(name, module.Options{Program: key.program, MaxFileSize: opts.MaxFileSize})
	r.diags = slices.Clip(r.diags)
	if opts.Loaded != nil {
		opts.Loaded(name)
	}
	return r
}

// readAs returns the module that module.Load would read for the program p
// (module.OpenTofu or module.Terraform) in the directory of m, which it
// read under module.Auto with the diagnostics diags, when that is m's
// files: the directory holds configuration files, every diagnostic is
// about one of them (a listing's warning, about a special file, depends on
// the program), and, for Terraform, none is of the .tofu family (which
// Terraform does not read, and whose twins OpenTofu hides). OpenTofu
// lists what Auto lists. It reports false when p must read the directory
// itself.
func readAs(m *module.Module, diags hcl.Diagnostics, p module.Program) (*module.Module, bool) {
	if len(m.Files) == 0 {
		return nil, false
	}
	paths := make(map[string]bool, len(m.Files))
	for _, f := range m.Files {
		paths[f.Path] = true
		if p == module.Terraform && schema.EndingOf(f.Path).Tofu {
			return nil, false
		}
	}
	if p == module.Terraform && len(m.Hidden) > 0 {
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
		return !module.IsTestFile(filepath.Base(t), module.Options{Program: p})
	})
	return &c, true
}

// analysis returns the analysis of the Models made with opts: that of
// opts.Readings, shared, or a new one.
func (opts Options) analysis() *analysis {
	if opts.Readings != nil && opts.Readings.analysis != nil {
		return opts.Readings.analysis
	}
	return newAnalysis()
}

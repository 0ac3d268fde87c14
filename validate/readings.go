package validate

import (
	"github.com/hcljson/hcljson/module"
)

// Readings holds the module directories read by the Models that share it
// (Options.Readings), for a run that validates many root modules, such as
// "hcljson check -recursive": a module.Readings, through which a
// directory that several roots call, or that is a root and is called, is
// read and parsed once in the whole run, whichever Model asks for it
// first, and every Model gets the same module.Module (see
// module.Readings for how each directory is read and named).
//
// The Models that share a Readings also share what validation finds of
// the modules their roots call (their variables, outputs and the
// variables each output depends on; what declaring and evaluating them
// finds), so that a module called by many roots is analysed once for
// each program, as it is read once.
//
// A Readings is made by NewReadings: a Model given any other (the zero
// Readings) panics when it is made. A Readings is safe for concurrent
// use. The Models that share it must have the same MaxFileSize and
// Providers. It keeps every reading until it is dropped.
type Readings struct {
	dirs *module.Readings
	// analysis is what the Models' validations found out about the
	// modules their roots call (see analysis).
	analysis *analysis
}

// NewReadings returns an empty Readings whose directories are named by
// their paths relative to the working directory when relative is set
// (where there is one: filepath.Rel), by their absolute paths otherwise
// (module.NewReadings).
func NewReadings(relative bool) *Readings {
	return &Readings{dirs: module.NewReadings(relative), analysis: newAnalysis()}
}

// analysis returns the analysis of the Models made with opts: that of
// opts.Readings, shared, or a new one.
func (opts Options) analysis() *analysis {
	if opts.Readings != nil && opts.Readings.analysis != nil {
		return opts.Readings.analysis
	}
	return newAnalysis()
}

package module

import (
	"fmt"
	"strings"

	"github.com/hcljson/hcljson/schema"
)

// Program is the program a module is read for (schema.Program, the one
// type of it: spec.md {#validate} V12): its rules decide which files
// belong to the module, and in which language each is read
// (Program.Language, Program.ConfigLanguage). ParseProgram in package
// schema reads its name.
type Program = schema.Program

// The programs, as Options, TreeOptions and the options of the layers
// above name them.
const (
	// Auto, the zero value, lets the directory decide: it is read as
	// OpenTofu reads it (Terraform reads the same files when there is no
	// file of the .tofu family), and it is an OpenTofu module when it
	// holds a configuration file of the .tofu family, otherwise the
	// module of the program whose registry its lock file and installed
	// providers name (see ResolveProgram). When nothing says, the
	// module's program stays Auto: a module that either program may
	// read, which a checker should reject only where both would (see
	// Module.Program and Program.Language).
	Auto = schema.ProgramAuto
	// OpenTofu reads the .tf and the .tofu families of files, a .tofu
	// file hiding its .tf twin, all in the OpenTofu language.
	OpenTofu = schema.ProgramOpenTofu
	// Terraform reads the .tf family of files only.
	Terraform = schema.ProgramTerraform
)

// checkProgram panics if p is not one of the programs: a Program out of
// range is a mistake of the calling program (spec.md §misuse), which
// every function taking one reports before it reads anything.
func checkProgram(p Program) {
	if p > Terraform {
		panic(fmt.Sprintf("module: unknown %v", p))
	}
}

// readsTofu reports whether p reads the .tofu family. Any value other than
// Terraform behaves as OpenTofu.
func readsTofu(p Program) bool { return p != Terraform }

// Options say how a directory is read.
type Options struct {
	// Program chooses whose rules apply; the zero value, Auto, lets the
	// files decide. A Program out of range panics.
	Program Program
	// MaxFileSize, when positive, is the size in bytes above which Load
	// refuses a file, from its size, without reading it (see ReadFile).
	MaxFileSize int64
}

// kind is what a name's ending makes of a file for the module loader.
type kind uint8

const (
	other kind = iota
	config
	test
)

// classify returns the ending of name that prog recognises and its kind,
// or "" and other: the configuration and test endings of the table of
// endings (schema.EndingOf), the .tofu family only for OpenTofu. It does
// not apply the ignore rules.
func classify(name string, prog Program) (string, kind) {
	checkProgram(prog)
	e := schema.EndingOf(name)
	if e.Tofu && !readsTofu(prog) {
		return "", other
	}
	switch e.Kind {
	case schema.ConfigFile:
		return e.Suffix, config
	case schema.TestFile:
		return e.Suffix, test
	}
	return "", other
}

// tofuTwin returns the name of the .tofu family file that hides name under
// OpenTofu, or "" when name is not of the .tf family. As in OpenTofu, the
// twin's ending is name's ending with ".tf" replaced by ".tofu".
func tofuTwin(name, ext string) string {
	if !strings.HasPrefix(ext, ".tf") {
		return ""
	}
	return name[:len(name)-len(ext)] + ".tofu" + ext[len(".tf"):]
}

// IsConfigFile reports whether name (a file name without a directory) has
// the ending of a configuration file for opts.Program: .tf or .tf.json,
// and for OpenTofu also .tofu or .tofu.json. It looks at the ending only;
// see IsIgnored for the names that are skipped whatever their ending.
func IsConfigFile(name string, opts Options) bool {
	_, k := classify(name, opts.Program)
	return k == config
}

// IsTestFile reports whether name has the ending of a test file for
// opts.Program: .tftest.hcl or .tftest.json, and for OpenTofu also
// .tofutest.hcl or .tofutest.json. It looks at the ending only.
func IsTestFile(name string, opts Options) bool {
	_, k := classify(name, opts.Program)
	return k == test
}

// IsOverride reports whether name is an override file for opts.Program:
// a configuration file whose base name, without its ending, is "override"
// or ends with "_override".
func IsOverride(name string, opts Options) bool {
	ext, k := classify(name, opts.Program)
	if k != config {
		return false
	}
	base := name[:len(name)-len(ext)]
	return base == "override" || strings.HasSuffix(base, "_override")
}

// IsIgnored reports whether name (a file name without a directory) is
// skipped by both programs whatever its ending: a hidden file (starting
// with "."), an editor backup (ending with "~") or an Emacs autosave
// (starting and ending with "#").
func IsIgnored(name string) bool {
	return strings.HasPrefix(name, ".") ||
		strings.HasSuffix(name, "~") ||
		strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#")
}

package module

import (
	"fmt"
	"strings"

	"github.com/hcljson/hcljson/schema"
)

// Program is the program a module is read for: its rules decide which
// files belong to the module, and in which language each is read.
type Program uint8

const (
	// Auto, the zero value, lets the directory decide: it is read as
	// OpenTofu reads it (Terraform reads the same files when there is no
	// file of the .tofu family), and it is an OpenTofu module when it
	// holds a configuration file of the .tofu family, otherwise the
	// module of the program whose registry its lock file and installed
	// providers name (see Program.Resolve). When nothing says, the
	// module's program stays Auto: a module that either program may
	// read, which a checker should reject only where both would (see
	// Module.Program and Program.Language).
	Auto Program = iota
	// OpenTofu reads the .tf and the .tofu families of files, a .tofu
	// file hiding its .tf twin, all in the OpenTofu language.
	OpenTofu
	// Terraform reads the .tf family of files only.
	Terraform
)

// String returns "auto", "OpenTofu" or "Terraform".
func (p Program) String() string {
	switch p {
	case Auto:
		return "auto"
	case OpenTofu:
		return "OpenTofu"
	case Terraform:
		return "Terraform"
	}
	return fmt.Sprintf("Program(%d)", uint8(p))
}

// ParseProgram reads a program's name as a command line gives it:
// "opentofu" or "tofu", "terraform", or "auto" (or ""), in any case.
func ParseProgram(s string) (Program, error) {
	switch strings.ToLower(s) {
	case "", "auto":
		return Auto, nil
	case "opentofu", "tofu":
		return OpenTofu, nil
	case "terraform":
		return Terraform, nil
	}
	return Auto, fmt.Errorf("unknown program %q: want opentofu (or tofu), terraform or auto", s)
}

// check panics if p is not one of the programs: a Program out of range is
// a mistake of the calling program (spec.md §misuse), which every function
// taking one reports before it reads anything.
func (p Program) check() {
	if p > Terraform {
		panic(fmt.Sprintf("module: unknown %v", p))
	}
}

// readsTofu reports whether p reads the .tofu family. Any value other than
// Terraform behaves as OpenTofu.
func (p Program) readsTofu() bool { return p != Terraform }

// Language returns the language in which p reads a file called filename:
// for a configuration file, p.ConfigLanguage() under OpenTofu and
// Terraform (which differ in the arguments OpenTofu evaluates early, such
// as a module's source), and under Auto the language its name implies
// (schema.LanguageFor: OpenTofu for .tofu and .tofu.json, Terraform for
// .tf and .tf.json); for any other file schema.LanguageFor's answer (test
// and query files, or nil).
func (p Program) Language(filename string) *schema.Language {
	p.check()
	e := schema.EndingOf(filename)
	if e.Kind == schema.ConfigFile && (p == OpenTofu || p == Terraform) {
		return p.ConfigLanguage()
	}
	return e.Language
}

// ConfigLanguage returns the language in which p reads configuration
// files: schema.OpenTofu under OpenTofu, schema.Terraform under Terraform
// and Auto (a module whose program is not resolved; see Resolve).
func (p Program) ConfigLanguage() *schema.Language {
	p.check()
	if p == OpenTofu {
		return schema.OpenTofu
	}
	return schema.Terraform
}

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
	prog.check()
	e := schema.EndingOf(name)
	if e.Tofu && !prog.readsTofu() {
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

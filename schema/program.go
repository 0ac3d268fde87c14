package schema

import (
	"fmt"
	"strings"
)

// Program is the program a module is read for, OpenTofu or Terraform, or
// ProgramAuto where nothing says which. It is the one notion of "which
// program" (spec.md {#validate} V12): package module reads a module's
// files by it (module.Program is this type, module.Auto, module.OpenTofu
// and module.Terraform its values), Language gives each file's language,
// and package funcs the function table of the release that stands for it
// (funcs.TableFor).
type Program uint8

const (
	// ProgramAuto, the zero value, is a module whose program the evidence
	// does not say: either program may read it. Its files are read as
	// OpenTofu reads them (the same files as Terraform's when there is no
	// file of the .tofu family), each in the language its name implies.
	ProgramAuto Program = iota
	// ProgramOpenTofu reads the .tf and the .tofu families of files, a
	// .tofu file hiding its .tf twin, all in the OpenTofu language.
	ProgramOpenTofu
	// ProgramTerraform reads the .tf family of files only, in the
	// Terraform language.
	ProgramTerraform
)

// String returns "auto", "OpenTofu" or "Terraform".
func (p Program) String() string {
	switch p {
	case ProgramAuto:
		return "auto"
	case ProgramOpenTofu:
		return "OpenTofu"
	case ProgramTerraform:
		return "Terraform"
	}
	return fmt.Sprintf("Program(%d)", uint8(p))
}

// ParseProgram reads a program's name as a command line gives it
// (--program): "opentofu" or "tofu", "terraform", or "auto" (or ""), in
// any case. It is the one reader of a program's name.
func ParseProgram(s string) (Program, error) {
	switch strings.ToLower(s) {
	case "", "auto":
		return ProgramAuto, nil
	case "opentofu", "tofu":
		return ProgramOpenTofu, nil
	case "terraform":
		return ProgramTerraform, nil
	}
	return ProgramAuto, fmt.Errorf("unknown program %q: want opentofu (or tofu), terraform or auto", s)
}

// Language returns the language in which p reads a file called filename:
// for a configuration file, p.ConfigLanguage() under OpenTofu and
// Terraform (which differ in the arguments OpenTofu evaluates early, such
// as a module's source), and under ProgramAuto the language its name
// implies (LanguageFor: OpenTofu for .tofu and .tofu.json, Terraform for
// .tf and .tf.json); for any other file LanguageFor's answer (test and
// query files, or nil). It panics if p is out of range.
func (p Program) Language(filename string) *Language {
	p.check()
	e := EndingOf(filename)
	if e.Kind == ConfigFile && p != ProgramAuto {
		return p.ConfigLanguage()
	}
	return e.Language
}

// ConfigLanguage returns the language in which p reads configuration
// files: OpenTofu under ProgramOpenTofu, Terraform under ProgramTerraform
// and ProgramAuto (a module whose program the evidence does not say). It
// panics if p is out of range.
func (p Program) ConfigLanguage() *Language {
	p.check()
	if p == ProgramOpenTofu {
		return OpenTofu
	}
	return Terraform
}

// check panics if p is not one of the programs: a Program out of range is
// a mistake of the calling program (spec.md §misuse).
func (p Program) check() {
	if p > ProgramTerraform {
		panic(fmt.Sprintf("schema: unknown %v", p))
	}
}

package validate

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// Options say how a module is validated.
type Options struct {
	// Program chooses whose rules apply: module.OpenTofu or
	// module.Terraform; under module.Auto, what the directory says
	// (module.ResolveProgram), and both programs when it says nothing
	// (see Model.Validate and Either).
	Program module.Program
	// Providers, when not nil, are the provider schemas (the output of
	// "terraform providers schema -json", see schema.ReadProviderSchemas):
	// resource and data source bodies and the references to their
	// attributes are then checked against them.
	Providers *tfjson.ProviderSchemas
	// MaxFileSize limits the size of each file read, as module.Options.
	MaxFileSize int64
	// Loaded, when not nil, is called with a directory's name each time
	// a Model reads and parses one (module.Load): once per directory, by
	// the Model's design, with the name it is read under. It is for tests
	// and measurements.
	Loaded func(dir string)
	// Readings, when not nil, holds the module directories read for
	// several Models, each read once whichever Model asks first (see
	// Readings): Load and the Model's other readings go through it, and
	// Loaded is called only for the directories it reads. With it, the
	// Models may be used on several goroutines at once (each Model on
	// one), and Loaded may be called concurrently.
	Readings *Readings
}

// Dir loads the module in dir (Load) and checks it (Model.Check): the
// diagnostics are those that "hcljson check DIR" prints for dir, the
// reading of its files, each file of the tree against its language, the
// validation of the tree, its test files and the variable definitions
// files the programs load by themselves (spec.md {#validate} V18).
func Dir(dir string, opts Options) hcl.Diagnostics {
	md, _ := Load(dir, opts)
	return md.Check(CheckOptions{}).Diagnostics
}

// Validate validates a loaded module: first what the programs find when
// they build the module from its files (duplicate declarations, the
// rules of the meta-arguments, variable defaults against their types),
// then, when that found no error, what their validate walk finds
// (references, evaluation with unknown values, cycles). Schema errors of
// each file alone (unknown arguments and blocks, missing required ones)
// are not reported here: Model.Check and Dir report them (CheckFile for
// one file) before they validate, and a caller that found some should
// not call Validate, as the programs stop there.
func Validate(m *module.Module, opts Options) hcl.Diagnostics {
	diags, _ := ValidateFiles(m, opts)
	return diags
}

// ValidateFiles is Validate, and also returns the files of the local
// modules that m calls, directly or not, which it read (by name), so
// that a caller can show the source of their diagnostics. It is
// ModelOf(m, opts).Validate(). A nil m is a module without files: nothing
// to report.
func ValidateFiles(m *module.Module, opts Options) (hcl.Diagnostics, map[string]*hcl.File) {
	if m == nil {
		return nil, nil
	}
	return ModelOf(m, opts).Validate()
}

// unit is one module of the tree being validated.
type unit struct {
	mod *module.Module
	// tree is the model the module belongs to, which reads the
	// modules it calls.
	tree    *Model
	opts    Options
	program module.Program
	// target says which releases of which programs may run the module
	// tree: its functions and the features of the language it knows.
	target  target
	lang    *schema.Language
	types   *providerTypes
	langErr error
	// root is set for the module validated, unset for those it calls.
	root bool
	// tr is the analysis of the tree being validated, which the units
	// of the tree share.
	tr       *treeState
	decls    *declarations
	children map[string]*child
}

// newUnit returns the unit of m validated for the program p
// (module.Auto is OpenTofu), knowing the newest release's functions
// until ValidateAs narrows them by the tree's constraints.
func newUnit(m *module.Module, opts Options, p module.Program) *unit {
	if p == module.Auto {
		p = module.OpenTofu
	}
	md := &unit{mod: m, opts: opts, program: p, target: newTarget(p, constraints{}), children: map[string]*child{}}
	md.lang = p.ConfigLanguage()
	if opts.Providers != nil {
		if l, err := withProviders(md.lang, opts.Providers); err == nil {
			md.lang = l
		} else {
			md.langErr = err
		}
	}
	md.types = newProviderTypes(opts.Providers)
	return md
}

// content decodes body with s (schema.Body.Content), once in the Model
// the unit belongs to (Model.contents).
func (md *unit) content(s *schema.Body, body hcl.Body) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	var cs *schema.Contents
	if md.tree != nil {
		cs = md.tree.contents
	}
	return cs.Content(s, body)
}

// read returns module.ReadValue(e, mode, false), once in the Model the
// unit belongs to for a type or a reference (exprVars.read): read only.
func (md *unit) read(e hcl.Expression, mode schema.Mode) (module.Value, hcl.Diagnostics) {
	var c *exprVars
	if md.tree != nil {
		c = md.tree.vars
	}
	return c.read(e, mode, false)
}

// functions returns the function calls that e lists (a JSON
// expression's Functions), once in the Model the unit belongs to
// (Model.vars): read only; ok is false for an expression that does not
// list them.
func (md *unit) functions(e hcl.Expression) (calls []hcl.Traversal, ok bool) {
	if md.tree != nil {
		return md.tree.vars.functions(e)
	}
	return (*exprVars)(nil).functions(e)
}

// variables returns e.Variables(), once in the Model the unit belongs to
// (Model.vars): read only.
func (md *unit) variables(e hcl.Expression) []hcl.Traversal {
	if md.tree != nil {
		return md.tree.vars.of(e)
	}
	return e.Variables()
}

// sub returns the unit of m, a module that md calls, in md's tree, with
// md's program, target, language and provider types.
func (md *unit) sub(m *module.Module) *unit {
	return &unit{mod: m, tree: md.tree, opts: md.opts, program: md.program, target: md.target, lang: md.lang, types: md.types, tr: md.tr, children: map[string]*child{}}
}

// sorted returns diags in the order of their files and positions, those
// without a range last, keeping the order of equal ones.
func sorted(diags hcl.Diagnostics) hcl.Diagnostics {
	slices.SortStableFunc(diags, func(a, b *hcl.Diagnostic) int {
		switch {
		case a.Subject == nil && b.Subject == nil:
			return 0
		case a.Subject == nil:
			return 1
		case b.Subject == nil:
			return -1
		}
		if c := strings.Compare(a.Subject.Filename, b.Subject.Filename); c != 0 {
			return c
		}
		return a.Subject.Start.Byte - b.Subject.Start.Byte
	})
	return diags
}

package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hcljson/hcljson/funcs"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// Options say how a module is validated.
type Options struct {
	// Program chooses whose rules apply: module.OpenTofu (also what
	// module.Auto resolves to for a directory holding .tofu files) or
	// module.Terraform.
	Program module.Program
	// Providers, when not nil, are the provider schemas (the output of
	// "terraform providers schema -json", see schema.ReadProviderSchemas):
	// resource and data source bodies and the references to their
	// attributes are then checked against them.
	Providers *tfjson.ProviderSchemas
	// MaxFileSize limits the size of each file read, as module.Options.
	MaxFileSize int64
}

// Dir loads the module in dir (module.Load) and validates it. The
// diagnostics are those of loading and parsing the files, then those of
// Validate.
func Dir(dir string, opts Options) hcl.Diagnostics {
	m, diags := module.Load(dir, module.Options{Program: opts.Program, MaxFileSize: opts.MaxFileSize})
	if diags.HasErrors() || m == nil {
		return diags
	}
	return append(diags, Validate(m, opts)...)
}

// Validate validates a loaded module: first what the programs find when
// they build the module from its files (duplicate declarations, the
// rules of the meta-arguments, variable defaults against their types),
// then, when that found no error, what their validate walk finds
// (references, evaluation with unknown values, cycles). Schema errors of
// each file alone (unknown arguments and blocks, missing required ones)
// are not reported here: they are the language schema's (see the
// hcljson check command), and a caller that found some should not call
// Validate, as the programs stop there.
func Validate(m *module.Module, opts Options) hcl.Diagnostics {
	diags, _ := ValidateFiles(m, opts)
	return diags
}

// ValidateFiles is Validate, and also returns the files of the local
// modules that m calls, directly or not, which it read (by name), so
// that a caller can show the source of their diagnostics.
func ValidateFiles(m *module.Module, opts Options) (hcl.Diagnostics, map[string]*hcl.File) {
	md := newModel(m, opts)
	md.root = true
	if md.langErr != nil {
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Invalid provider schemas",
			Detail:   fmt.Sprintf("The provider schemas cannot be used: %s.", md.langErr),
		}}, nil
	}
	diags := md.declare()
	tree := []*model{md}
	for _, cm := range md.descendants(map[string]bool{m.Dir: true}) {
		diags = append(diags, cm.declDiags...)
		tree = append(tree, cm)
	}
	files := map[string]*hcl.File{}
	for _, t := range tree[1:] {
		for _, f := range t.mod.Files {
			files[f.Path] = f.File
		}
	}
	if diags.HasErrors() {
		return sorted(diags), files
	}
	var eval hcl.Diagnostics
	for _, t := range tree {
		eval = append(eval, t.evaluate()...)
	}
	return append(diags, sorted(eval)...), files
}

// descendants returns the models of the local modules that md calls,
// and theirs, each directory once (visited holds those already taken):
// the programs validate the whole tree. Their files are not checked
// against the language schema here (the caller checks the root
// directory's); what the model finds in them is reported.
func (md *model) descendants(visited map[string]bool) []*model {
	var out []*model
	for _, name := range keys(md.decls.modules) {
		ch := md.child(md.decls.modules[name])
		if !ch.ok || ch.mod == nil || visited[ch.mod.Dir] {
			continue
		}
		visited[ch.mod.Dir] = true
		cm := newModel(ch.mod, md.opts)
		cm.program, cm.fn, cm.lang, cm.types = md.program, md.fn, md.lang, md.types
		cm.declDiags = cm.declare()
		out = append(out, cm)
		out = append(out, cm.descendants(visited)...)
	}
	return out
}

// model is one module being validated.
type model struct {
	mod     *module.Module
	opts    Options
	program module.Program
	fn      funcs.Program
	lang    *schema.Language
	types   *providerTypes
	langErr error
	// root is set for the module validated, unset for those it calls.
	root bool
	// declDiags are the diagnostics of declare, for a descendant.
	declDiags hcl.Diagnostics
	// seen are the module directories read as children, shared with
	// the children's models, so that a module calling itself is read
	// once.
	seen     map[string]bool
	decls    *declarations
	children map[string]*child
}

func newModel(m *module.Module, opts Options) *model {
	p := opts.Program
	if p == module.Auto {
		p = m.Program
	}
	if p == module.Auto {
		p = module.OpenTofu
	}
	md := &model{mod: m, opts: opts, program: p, fn: funcs.OpenTofu, children: map[string]*child{}}
	if p == module.Terraform {
		md.fn = funcs.Terraform
	}
	md.lang = p.ConfigLanguage()
	if opts.Providers != nil {
		if l, err := md.lang.WithProviders(opts.Providers); err == nil {
			md.lang = l
		} else {
			md.langErr = err
		}
	}
	md.types = newProviderTypes(opts.Providers)
	return md
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

package validate

import (
	"bytes"
	"maps"
	"path/filepath"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/funcs"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// A module that either program may read (module.Auto) is checked for
// OpenTofu and for Terraform, and the two verdicts merged (Either). The
// second check is skipped when it cannot differ from the first (spec.md
// {#validate} V12): when OpenTofu's check of the tree found nothing at
// all, and nothing in the tree is read differently by the two programs
// as this package implements them (readsAlike). Either of two empty
// verdicts is empty. The differences between the two readings are:
//
//   - the function tables (funcs.Differences of OpenTofu and Terraform
//     1.14): a function one table lacks, that some release lacks, or
//     whose signature or implementation differ marks the module whose
//     expression calls it (unit.diverge) when the OpenTofu evaluation
//     looks it up; a function that differs only in its handling of
//     unknown, dynamically typed, null or marked arguments marks it when
//     a call's arguments are some that the two handle differently;
//   - the language schemas: OpenTofu's is Terraform's but for the
//     arguments it evaluates early (Attribute.OpenTofuTemplate,
//     Body.OpenTofuTemplates: module source and version, backend and
//     cloud settings), which differ unless their value is a literal
//     string; the checker skips lifecycle.prevent_destroy for OpenTofu,
//     which evaluates it;
//   - the rules of this package that branch on the program: the tofu
//     object, ephemeral references (OpenTofu 1.11, Terraform 1.10: the
//     evaluation marks the module that has one), provider functions (provider::), prevent_destroy, provider
//     references with an instance key (OpenTofu's), and JSON provider
//     references (parsed as expressions by OpenTofu); every other branch
//     only words an error or a warning that both report, which an empty
//     verdict has not.
//
// A file in JSON syntax is not scanned: its expressions are templates
// whose text escapes may spell anything, so its tree is checked twice.

// functionDifferences are the functions that differ between OpenTofu's
// table and Terraform 1.14's.
var functionDifferences = sync.OnceValue(func() map[string]funcs.Difference {
	return funcs.Differences(funcs.OpenTofu112, funcs.Terraform114)
})

// terraformFunctions are the functions of Terraform 1.14's table that
// watchArguments compares with OpenTofu's, built one by one
// (funcs.Function): a module calls few of them, and the whole table is
// some 2% of checking a module of 100 files as a process.
var terraformFunctions sync.Map // name → function.Function

// terraformFunction returns the function called name of Terraform
// 1.14's table (the zero function.Function when it has none).
func terraformFunction(name string) function.Function {
	if f, ok := terraformFunctions.Load(name); ok {
		return f.(function.Function)
	}
	f, _ := funcs.Function(funcs.Terraform114, name)
	terraformFunctions.Store(name, f)
	return f
}

// diverge records that md's evaluation for OpenTofu met something that
// Terraform may evaluate differently: a tree that holds md is then
// validated for Terraform too. The mark is kept in the shared analysis,
// for every tree that reuses what md's evaluation found.
func (md *unit) diverge() {
	if md.program == module.Terraform || md.tr == nil || md.tree == nil {
		return
	}
	md.tr.shared.divergent.Store(md.tree.dirKey(md.mod.Dir), true)
}

// watchArguments returns what watches the calls of f, a function of
// OpenTofu's table that Terraform's (other, built at the first call:
// every function of the table is watched once an expression calls one
// the evaluator has not met, and building Terraform's reads its
// metadata, some 2% of checking a module of 100 files as a process) has
// with another handling of some arguments: a call with an argument that
// the two handle differently marks md (diverge).
func (md *unit) watchArguments(f function.Function, other func() function.Function) func([]cty.Value) {
	return func(args []cty.Value) {
		if argumentsDiffer(f, other(), args) {
			md.diverge()
		}
	}
}

// argumentsDiffer reports whether a and b, functions of the same
// parameters but for their Allow flags, may handle args differently: an
// argument that is null, not wholly known, of a dynamic type or marked
// where the parameter of one allows it and the other's does not.
func argumentsDiffer(a, b function.Function, args []cty.Value) bool {
	param := func(f function.Function, i int) *function.Parameter {
		if ps := f.Params(); i < len(ps) {
			return &ps[i]
		}
		return f.VarParam()
	}
	for i, v := range args {
		pa, pb := param(a, i), param(b, i)
		if pa == nil || pb == nil {
			if pa != pb {
				return true
			}
			continue
		}
		uv, _ := v.UnmarkDeep()
		switch {
		case pa.AllowNull != pb.AllowNull && uv.IsNull(),
			pa.AllowUnknown != pb.AllowUnknown && !uv.IsWhollyKnown(),
			pa.AllowDynamicType != pb.AllowDynamicType && uv.Type().HasDynamicTypes(),
			pa.AllowMarked != pb.AllowMarked && v.ContainsMarked():
			return true
		}
	}
	return false
}

// readsAlike reports whether Terraform reads the files of the tree
// (files: those of the root and of the modules it calls, by path) as
// OpenTofu does, as far as its validation could tell them apart, once
// OpenTofu's check of the tree found nothing: no module of the tree was
// marked while it was evaluated for OpenTofu (diverge), and no file
// holds what the programs read differently (see above).
func (md *Model) readsAlike(files map[string]*hcl.File) bool {
	dirs := map[string]bool{}
	for path, f := range files {
		if f == nil {
			continue
		}
		if !fileReadsAlike(f) {
			return false
		}
		dirs[filepath.Dir(path)] = true
	}
	for dir := range dirs {
		if _, ok := md.analysis.divergent.Load(md.dirKey(dir)); ok {
			return false
		}
	}
	return true
}

// treeFiles returns the files of the root module with called, the files
// of the modules it calls (ValidateAs).
func (md *Model) treeFiles(called map[string]*hcl.File) map[string]*hcl.File {
	out := maps.Clone(called)
	for _, f := range md.tree.Root().Files {
		out[f.Path] = f.File
	}
	return out
}

// fileReadsAlike reports whether nothing in f is read differently by the
// two programs, but for the functions its expressions call (which the
// evaluation watches): f is in native syntax; its text names neither the
// tofu object, nor provider functions, nor prevent_destroy; its provider references have no instance key; and
// each argument that OpenTofu evaluates early is a literal string.
func fileReadsAlike(f *hcl.File) bool {
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return false
	}
	src := f.Bytes
	if bytes.Contains(src, []byte("provider::")) || bytes.Contains(src, []byte("prevent_destroy")) ||
		hasWord(src, "tofu") {
		return false
	}
	return bodyReadsAlike(body, schema.Terraform.Root, src)
}

// hasWord reports whether src holds word not preceded by a character of
// an identifier (so that "opentofu" is not "tofu").
func hasWord(src []byte, word string) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte(word))
		if j < 0 {
			return false
		}
		at := i + j
		if at == 0 || !identChar(src[at-1]) {
			return true
		}
		i = at + len(word)
	}
}

func identChar(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// bodyReadsAlike reports whether body, read against s (Terraform's
// schema of it, or nil: none), has no provider reference with an index
// and no early evaluated argument (Terraform's OpenTofuTemplate) that is
// not a literal string, nor has any of its nested blocks.
func bodyReadsAlike(body *hclsyntax.Body, s *schema.Body, src []byte) bool {
	for name, a := range body.Attributes {
		if name == "provider" || name == "providers" {
			r := a.Expr.Range()
			if r.End.Byte <= len(src) && bytes.IndexByte(src[r.Start.Byte:r.End.Byte], '[') >= 0 {
				return false
			}
		}
		if s == nil {
			continue
		}
		early := s.OpenTofuTemplates && s.Attribute(name) == nil
		if sa := s.Attribute(name); sa != nil && sa.OpenTofuTemplate {
			early = true
		}
		if early && !staticString(a.Expr) {
			return false
		}
	}
	for _, b := range body.Blocks {
		var bs *schema.Body
		if s != nil {
			if blk := s.Block(b.Type); blk != nil {
				label := ""
				if len(b.Labels) > 0 {
					label = b.Labels[0]
				}
				bs = blk.BodyFor(label)
			} else if s.OpenTofuTemplates {
				bs = s // a block of backend settings: early evaluated too
			}
		}
		if !bodyReadsAlike(b.Body, bs, src) {
			return false
		}
	}
	return true
}

// staticString reports whether e is a string without references,
// functions or template sequences: "./modules/x", which both readings
// read alike.
func staticString(e hclsyntax.Expression) bool {
	switch e := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		return e.Val.Type() == cty.String
	case *hclsyntax.TemplateExpr:
		for _, p := range e.Parts {
			if l, ok := p.(*hclsyntax.LiteralValueExpr); !ok || l.Val.Type() != cty.String {
				return false
			}
		}
		return true
	}
	return false
}

package inspect

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/hcljson/hcljson/funcs"
)

// earlyFunctions are the functions of early evaluation: OpenTofu's own
// table (package funcs), whose functions compute what OpenTofu computes,
// except those that read files, the clock or randomness, which give
// unknown values.
var earlyFunctions = sync.OnceValue(func() map[string]function.Function { return funcs.Table(funcs.OpenTofu112) })

// earlyContext returns the context in which OpenTofu evaluates a module's
// source and version before anything else: var.NAME is the variable's
// default (unknown without one: "tofu show -config -json" has no other
// values), path.module, path.root and path.cwd as OpenTofu sets them,
// terraform.workspace "default", local.NAME the local's value where it is known from those, and
// OpenTofu's functions. Locals are evaluated in as many passes as it
// takes for their values to stop changing, so their order does not
// matter; a local that refers to anything else stays unknown.
func (n *node) earlyContext(rootDir string) *hcl.EvalContext {
	pathModule := "."
	if rel, err := filepath.Rel(rootDir, n.dir); err == nil {
		pathModule = filepath.ToSlash(rel)
	}
	vars := make(map[string]cty.Value, len(n.mod.Variables))
	for name, v := range n.mod.Variables {
		if v.Default == cty.NilVal {
			vars[name] = cty.DynamicVal
		} else {
			vars[name] = v.Default
		}
	}
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"var": cty.ObjectVal(vars),
			"path": cty.ObjectVal(map[string]cty.Value{
				"module": cty.StringVal(pathModule),
				"root":   cty.StringVal("."),
				"cwd":    cty.StringVal(cwd()),
			}),
			"terraform": cty.ObjectVal(map[string]cty.Value{"workspace": cty.StringVal("default")}),
		},
		Functions: earlyFunctions(),
	}
	locals := make(map[string]cty.Value, len(n.localExprs))
	for name := range n.localExprs {
		locals[name] = cty.DynamicVal
	}
	for range len(n.localExprs) + 1 {
		ctx.Variables["local"] = cty.ObjectVal(locals)
		changed := false
		for _, name := range sortedKeys(n.localExprs) {
			if locals[name].IsWhollyKnown() {
				continue
			}
			v, diags := evaluate(n.localExprs[name], ctx)
			if !diags.HasErrors() && v.IsWhollyKnown() {
				locals[name], changed = v, true
			}
		}
		if !changed {
			break
		}
	}
	ctx.Variables["local"] = cty.ObjectVal(locals)
	return ctx
}

// cwd is the working directory, as path.cwd gives it.
func cwd() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	return filepath.ToSlash(dir)
}

// staticRefs reports the references of an early-evaluated argument that
// OpenTofu refuses, as it words them: what is not a variable, a local,
// path or terraform.workspace; a variable that is not declared.
func (n *node) staticRefs(attr *hcl.Attribute, what string) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, tr := range attr.Expr.Variables() {
		rng := tr.SourceRange()
		diag := &hcl.Diagnostic{Severity: hcl.DiagError, Subject: &rng}
		name := traversalString(tr)
		switch tr.RootName() {
		case "local", "path", "terraform":
			continue
		case "var":
			if len(tr) < 2 {
				continue
			}
			step, ok := tr[1].(hcl.TraverseAttr)
			if !ok || n.mod.Variables[step.Name] != nil {
				continue
			}
			diag.Summary, diag.Detail = "Undefined variable", "Undefined variable var."+step.Name
		case "module":
			diag.Summary = "Module output not supported in static context"
			diag.Detail = fmt.Sprintf("Unable to use %s in static context, which is required by %s", name, what)
		default:
			diag.Summary = "Dynamic value in static context"
			diag.Detail = fmt.Sprintf("Unable to use %s in static context, which is required by %s", name, what)
		}
		diags = append(diags, diag)
	}
	return diags
}

// earlyString evaluates an early-evaluated argument (a module's source or
// version) to a string, or reports why it has none. what names the
// argument in messages (module.NAME.source).
func (n *node) earlyString(attr *hcl.Attribute, what string, ctx *hcl.EvalContext) (string, hcl.Diagnostics) {
	if diags := n.staticRefs(attr, what); diags.HasErrors() {
		return "", diags
	}
	v, diags := evaluate(attr.Expr, ctx)
	if diags.HasErrors() {
		return "", diags
	}
	subject := attr.Expr.Range()
	bad := func(detail string) (string, hcl.Diagnostics) {
		return "", append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Invalid value for " + attr.Name,
			Detail:   detail,
			Subject:  &subject,
		})
	}
	switch {
	case !v.IsWhollyKnown():
		return bad(fmt.Sprintf("OpenTofu evaluates %s before anything else, from the values of variables and locals. Here it has no known value: it refers to a variable without a default (give it one), or to a local that refers to something other than variables and locals.", what))
	case v.IsNull():
		return bad(fmt.Sprintf("The %s argument must not be null.", attr.Name))
	}
	s, err := convert.Convert(v, cty.String)
	if err != nil {
		return bad(fmt.Sprintf("The %s argument must be a string: %s.", attr.Name, err))
	}
	return s.AsString(), diags
}

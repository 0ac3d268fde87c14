package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hcljson/hcljson/module"
)

// graphErrors reports what the programs find while they build the graph
// of the validate walk, before evaluating anything: a resource whose
// provider configuration (an alias) is not declared, and cycles.
func (ev *evaluator) graphErrors() hcl.Diagnostics {
	var diags hcl.Diagnostics
	d := ev.md.decls
	for _, addr := range keys(d.resources) {
		r := d.resources[addr]
		a, ok := r.content.Attributes["provider"]
		if !ok {
			continue
		}
		t, tdiags := hcl.AbsTraversalForExpr(a.Expr)
		if tdiags.HasErrors() || len(t) < 2 {
			continue
		}
		alias, _, ok := attrStep(t, 1)
		if !ok {
			continue
		}
		name := t.RootName()
		if ev.md.providerDeclared(name + "." + alias) {
			continue
		}
		what := r.addr()
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Provider configuration not present",
			Detail: fmt.Sprintf("To work with %s its original provider configuration at %s is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy %s, after which you can remove the provider configuration again.",
				what, ev.md.providerAddr(name, alias), what),
		})
	}
	for _, name := range keys(d.modules) {
		c := d.modules[name]
		a, ok := c.content.Attributes["providers"]
		if !ok {
			continue
		}
		pairs, _ := hcl.ExprMap(a.Expr)
		for _, p := range pairs {
			t, td := hcl.AbsTraversalForExpr(p.Value)
			if td.HasErrors() || len(t) < 2 {
				continue
			}
			alias, _, ok := attrStep(t, 1)
			if !ok {
				continue
			}
			if !ev.md.providerDeclared(t.RootName() + "." + alias) {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "missing provider " + ev.md.providerAddr(t.RootName(), alias)})
			}
		}
	}
	return append(diags, ev.cycles()...)
}

// providerAddr writes a provider configuration's address as the
// programs do: provider["registry.opentofu.org/hashicorp/aws"].west.
func (md *unit) providerAddr(name, alias string) string {
	host := "registry.opentofu.org"
	if md.program == module.Terraform {
		host = "registry.terraform.io"
	}
	source := md.requiredSource(name)
	if source == "" {
		source = "hashicorp/" + name
	}
	if strings.Count(source, "/") == 1 {
		source = host + "/" + source
	}
	s := fmt.Sprintf("provider[%q]", source)
	if alias != "" {
		s += "." + alias
	}
	return s
}

// requiredSource returns the source that terraform.required_providers
// gives the local name, or "".
func (md *unit) requiredSource(name string) string {
	for _, b := range md.decls.index.Blocks {
		if b.Type != "terraform" {
			continue
		}
		if src, ok := requiredSources(b)[name]; ok {
			return src
		}
	}
	return ""
}

// requiresProvider reports whether a required_providers block of the
// module names the provider local.
func (md *unit) requiresProvider(local string) bool {
	for _, b := range md.decls.index.Blocks {
		if b.Type != "terraform" {
			continue
		}
		for _, r := range module.Requirements(b) {
			if r.Name == local {
				return true
			}
		}
	}
	return false
}

// providerSchema returns the schema of the provider that the module
// calls local, from Options.Providers, or nil.
func (md *unit) providerSchema(local string) *tfjson.ProviderSchema {
	ps := md.opts.Providers
	if ps == nil {
		return nil
	}
	want := providerType(local, md.requiredSource(local))
	for addr, p := range ps.Schemas {
		if providerType("", addr) == want {
			return p
		}
	}
	return nil
}

// requiredSources returns the sources that a terraform block's
// required_providers give their local names (module.Requirements).
func requiredSources(b *hcl.Block) map[string]string {
	out := map[string]string{}
	for _, r := range module.Requirements(b) {
		if src := r.Source(); src != "" {
			out[r.Name] = src
		}
	}
	return out
}

// providerType returns a provider source in the form namespace/type, the
// default registry host and namespace filled in.
func providerType(local, source string) string {
	if source == "" {
		return "hashicorp/" + local
	}
	for _, host := range []string{"registry.opentofu.org/", "registry.terraform.io/"} {
		source = strings.TrimPrefix(source, host)
	}
	if !strings.Contains(source, "/") {
		return "hashicorp/" + source
	}
	return source
}

// passedProviders checks that each configuration a module call passes is
// for the provider the child module names so ("Provider type
// mismatch").
func (md *unit) passedProviders(name string, c *call) hcl.Diagnostics {
	a, ok := c.content.Attributes["providers"]
	if !ok {
		return nil
	}
	ch := md.child(c)
	if !ch.ok {
		return nil
	}
	var diags hcl.Diagnostics
	pairs, _ := hcl.ExprMap(a.Expr)
	for _, p := range pairs {
		kr, kd := md.providerRef(p.Key, "providers")
		vr, vd := md.providerRef(p.Value, "providers")
		if kd.HasErrors() || vd.HasErrors() {
			continue // nameRules reported it
		}
		inChild, inParent := kr.name, vr.name
		childType := providerType(inChild, ch.required[inChild])
		parentType := providerType(inParent, md.requiredSource(inParent))
		if childType == parentType {
			continue
		}
		diags = append(diags, errorAt(vr.nameRange, "Provider type mismatch",
			"The local name %q in the root module represents provider %q, but %q in module.%s represents %q.\n\nEach provider has its own distinct configuration schema and provider types, so this module's %q can be assigned only a configuration for %s, which is not required by module.%s.",
			inParent, parentType, inChild, name, childType, inChild, childType, name))
	}
	return diags
}

// configurationAliases returns the provider configurations that a
// terraform block's required_providers declare as passed in
// (configuration_aliases): "name.alias".
func configurationAliases(b *hcl.Block) []string {
	var out []string
	for _, r := range module.Requirements(b) {
		for _, it := range r.Items {
			if it.Key != "configuration_aliases" {
				continue
			}
			elems, _ := hcl.ExprList(it.Value)
			for _, el := range elems {
				if t, td := hcl.AbsTraversalForExpr(el); !td.HasErrors() && len(t) == 2 {
					if alias, _, ok := attrStep(t, 1); ok {
						out = append(out, t.RootName()+"."+alias)
					}
				}
			}
		}
	}
	return out
}

// providerDeclared reports whether the provider configuration key
// ("name.alias") has a provider block or is declared in
// configuration_aliases.
func (md *unit) providerDeclared(key string) bool {
	if _, ok := md.decls.providers[key]; ok {
		return true
	}
	for _, b := range md.decls.index.Blocks {
		if b.Type == "terraform" && slices.Contains(configurationAliases(b), key) {
			return true
		}
	}
	return false
}

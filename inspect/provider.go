package inspect

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// fqn is a provider's source address.
type fqn struct {
	host, namespace, typ string
}

func (p fqn) String() string { return p.host + "/" + p.namespace + "/" + p.typ }

// The registry hosts of provider addresses: a source address without a
// host is on the program's default registry, OpenTofu's or Terraform's.
const (
	openTofuRegistry  = "registry.opentofu.org"
	terraformRegistry = "registry.terraform.io"
	builtinHost       = "terraform.io"
)

// registryOf returns the default registry of program p: Terraform's for
// Terraform, OpenTofu's otherwise (a module that either may read is shown
// as OpenTofu shows it).
func registryOf(p module.Program) string {
	if p == module.Terraform {
		return terraformRegistry
	}
	return openTofuRegistry
}

// impliedProvider is the provider a local name stands for without a
// required_providers entry: hashicorp's on registry, or the built-in
// terraform one.
func impliedProvider(registry, name string) fqn {
	name = strings.ToLower(name)
	if name == "terraform" {
		return fqn{builtinHost, "builtin", name}
	}
	return fqn{registry, "hashicorp", name}
}

// parseSource reads a provider source address: [host/]namespace/type,
// or a bare type in the hashicorp namespace. Parts are compared
// lower-cased, as OpenTofu normalizes them.
func parseSource(registry, src string) (fqn, bool) {
	parts := strings.Split(strings.ToLower(src), "/")
	for _, p := range parts {
		if p == "" {
			return fqn{}, false
		}
	}
	switch len(parts) {
	case 1:
		return fqn{registry, "hashicorp", parts[0]}, true
	case 2:
		return fqn{registry, parts[0], parts[1]}, true
	case 3:
		return fqn{parts[0], parts[1], parts[2]}, true
	}
	return fqn{}, false
}

// requirement is one required_providers entry.
type requirement struct {
	name    string
	fqn     fqn
	version string
	rng     hcl.Range
	aliases []module.ProviderConfig
}

// providerBlock is one provider block.
type providerBlock struct {
	config  module.ProviderConfig
	version string
	vrange  hcl.Range
	out     *ProviderConfig
}

// decodeRequirements reads the required_providers of the module's terraform
// blocks.
func (n *node) decodeRequirements(l *loader) {
	for _, tb := range n.decls.Blocks {
		if tb.Type != "terraform" {
			continue
		}
		tc, _, _ := l.content(tb.Body, "terraform")
		for _, rb := range tc.Blocks {
			if rb.Type != "required_providers" {
				continue
			}
			rc, _, _ := l.content(rb.Body, "terraform", "required_providers")
			for _, name := range sortedKeys(rc.Attributes) {
				if _, dup := n.required[name]; !dup {
					n.required[name] = l.requirement(name, rc.Attributes[name])
				}
			}
		}
	}
}

// requirement decodes one required_providers entry: a version string
// (the legacy form) or an object with source, version and
// configuration_aliases.
func (l *loader) requirement(name string, attr *hcl.Attribute) *requirement {
	req := &requirement{name: name, fqn: impliedProvider(l.registry, name), rng: attr.Expr.Range()}
	r := module.DecodeRequirement(name, attr.Expr)
	if r.Legacy {
		req.version = r.Version
		return req
	}
	l.diags = append(l.diags, r.MapDiags...)
	for _, it := range r.Items {
		if it.Key != "" {
			l.requirementField(req, it.Key, it.Value)
		}
	}
	return req
}

func (l *loader) requirementField(req *requirement, key string, expr hcl.Expression) {
	attr := &hcl.Attribute{Name: key, Expr: expr, Range: expr.Range()}
	switch key {
	case "source":
		src, diags := literalString(attr)
		l.diags = append(l.diags, diags...)
		if diags.HasErrors() {
			return
		}
		p, ok := parseSource(l.registry, src)
		if !ok {
			l.diags = append(l.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Invalid provider source address",
				Detail:   fmt.Sprintf("The source address %q is not of the form [HOSTNAME/]NAMESPACE/TYPE.", src),
				Subject:  expr.Range().Ptr(),
			})
			return
		}
		req.fqn = p
	case "version":
		v, diags := literalString(attr)
		l.diags = append(l.diags, diags...)
		req.version, req.rng = v, expr.Range()
	case "configuration_aliases":
		exprs, diags := hcl.ExprList(expr)
		l.diags = append(l.diags, diags...)
		for _, x := range exprs {
			c, diags := module.ProviderRef(x)
			l.diags = append(l.diags, diags...)
			if !diags.HasErrors() {
				req.aliases = append(req.aliases, c)
			}
		}
	}
}

// providerMeta are the arguments of a provider block that are not the
// provider's.
func providerMeta(name string) bool {
	return name == "alias" || name == "version" || name == "for_each"
}

// decodeProvider reads a provider block.
func (n *node) decodeProvider(l *loader, blk *hcl.Block) {
	name := blk.Labels[0]
	content, remain, sb := l.labelledContent(blk.Body, "provider", name)
	pb := &providerBlock{config: module.ProviderConfig{Name: name}}
	if attr := content.Attributes["alias"]; attr != nil {
		alias, diags := literalString(attr)
		l.diags = append(l.diags, diags...)
		pb.config.Alias = alias
	}
	if attr := content.Attributes["version"]; attr != nil {
		v, diags := literalString(attr)
		l.diags = append(l.diags, diags...)
		pb.version, pb.vrange = v, attr.Expr.Range()
	}
	if !l.unique(n, blk, "provider."+module.ProviderConfig{Name: name, Alias: module.ProviderAlias(blk)}.String(), "provider configuration") {
		return
	}
	r := &bodyReader{}
	pb.out = &ProviderConfig{
		Name:        name,
		Alias:       pb.config.Alias,
		Expressions: r.provided(blk.Body, content, remain, sb, providerMeta).orNil(),
		Range:       rangeOf(blk.DefRange),
	}
	l.diags = append(l.diags, r.diags...)
	n.providers = append(n.providers, pb)
}

// providerForLocalName is the provider that a local name stands for in
// the module.
func (n *node) providerForLocalName(name string) fqn {
	if req, ok := n.required[name]; ok {
		return req.fqn
	}
	return impliedProvider(n.registry, name)
}

// requirements gathers, by provider, the version constraints the module
// puts on each provider it uses: required_providers entries, provider
// blocks, and (unconstrained) the providers of its resources and import
// blocks, as OpenTofu's ProviderRequirementsShallow does.
func (n *node) requirements(l *loader) map[fqn][]constraint {
	reqs := make(map[fqn][]constraint)
	add := func(p fqn, version string, rng hcl.Range) {
		cs := reqs[p]
		if version != "" {
			parsed, err := parseConstraints(version)
			if err != nil {
				l.diags = append(l.diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Invalid version constraint",
					Detail:   fmt.Sprintf("Incorrect version constraint syntax: %s.", err),
					Subject:  rng.Ptr(),
				})
			}
			cs = append(cs, parsed...)
		}
		reqs[p] = cs
	}
	for _, name := range sortedKeys(n.required) {
		req := n.required[name]
		add(req.fqn, req.version, req.rng)
	}
	for _, r := range n.resources {
		add(r.fqn, "", hcl.Range{})
	}
	for _, c := range n.imports {
		add(n.providerForLocalName(c.Name), "", hcl.Range{})
	}
	for _, pb := range n.providers {
		add(n.providerForLocalName(pb.config.Name), pb.version, pb.vrange)
	}
	return reqs
}

// opaqueKey is a provider configuration's key in provider_config.
func opaqueKey(provider, module string) string {
	if module == "" {
		return provider
	}
	return module + ":" + provider
}

// findSourceKey follows parent keys from start while the configurations
// are of the same provider, and returns the last key reached ("" if
// start itself does not match).
func findSourceKey(start, fullName string, m map[string]*ProviderConfig) string {
	var found string
	for key := start; key != ""; {
		pc, ok := m[key]
		if !ok || pc.FullName != fullName {
			break
		}
		found = key
		key = pc.parentKey
	}
	return found
}

// providerConfigs adds the provider configurations of n and its children
// to m, as OpenTofu's jsonconfig does: provider blocks, then
// required_providers entries (and their configuration aliases) without
// a block, then providers used implicitly; then for each child, the
// configurations passed to it and its own. Entries for a configuration
// that a child receives from its parent get a parentKey and are removed
// by the caller once resources have been pointed at the parent's entry.
func (n *node) providerConfigs(l *loader, m map[string]*ProviderConfig) {
	reqs := n.requirements(l)
	addr := n.addr()
	version := func(p fqn) string { return constraintsString(reqs[p]) }
	for _, pb := range n.providers {
		p := n.providerForLocalName(pb.config.Name)
		pc := pb.out
		pc.FullName, pc.ModuleAddress, pc.VersionConstraint = p.String(), addr, version(p)
		m[opaqueKey(pb.config.String(), addr)] = pc
	}
	for _, name := range sortedKeys(n.required) {
		req := n.required[name]
		for _, alias := range req.aliases {
			key := opaqueKey(alias.String(), addr)
			if _, ok := m[key]; !ok {
				m[key] = &ProviderConfig{Name: name, FullName: req.fqn.String(), ModuleAddress: addr, VersionConstraint: version(req.fqn)}
			}
		}
		n.addImplicit(m, name, name, req.fqn, version(req.fqn))
	}
	for _, p := range sortedProviders(reqs) {
		n.addImplicit(m, p.typ, p.typ, p, version(p))
	}
	for _, name := range sortedKeys(n.children) {
		child := n.children[name]
		for _, pp := range n.calls[name].providers {
			inChild := pp.inChild.String()
			pc := &ProviderConfig{Name: inChild, FullName: child.providerForLocalName(pp.inChild.Name).String(), ModuleAddress: child.addr()}
			pc.parentKey = findSourceKey(opaqueKey(pp.inParent.String(), addr), pc.FullName, m)
			m[opaqueKey(inChild, child.addr())] = pc
		}
		child.providerConfigs(l, m)
	}
}

// addImplicit adds an entry for a configuration without a provider
// block, under key (a local name or a provider type), unless one exists;
// in a child module it may be inherited from the parent's configuration
// of the same name.
func (n *node) addImplicit(m map[string]*ProviderConfig, key, name string, p fqn, version string) {
	addr := n.addr()
	full := opaqueKey(key, addr)
	if _, ok := m[full]; ok {
		return
	}
	pc := &ProviderConfig{Name: name, FullName: p.String(), ModuleAddress: addr, VersionConstraint: version}
	if n.parent != nil {
		pc.parentKey = findSourceKey(opaqueKey(name, n.parent.addr()), pc.FullName, m)
	}
	m[full] = pc
}

func sortedProviders(reqs map[fqn][]constraint) []fqn {
	ps := make([]fqn, 0, len(reqs))
	for p := range reqs {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b fqn) int { return strings.Compare(a.String(), b.String()) })
	return ps
}

// nativeOf returns expr, or for a JSON string the native expression it
// holds (as OpenTofu re-parses replace_triggered_by entries and import
// targets), read by module.ReadValue with ranges exact in the file; nil
// when the string does not parse or the value is no string.
func nativeOf(expr hcl.Expression) hcl.Expression {
	v, diags := module.ReadValue(expr, schema.NativeExpr, false)
	if diags.HasErrors() {
		return nil
	}
	return v.Expr
}

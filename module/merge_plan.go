package module

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// The rules of each kind of top-level block, as OpenTofu 1.12 applies an
// override (internal/configs/module_merge.go) and Terraform 1.14 where
// OpenTofu has nothing to say (actions, lifecycle action_trigger).
var (
	// A managed resource's lifecycle is merged argument by argument; the
	// arguments OpenTofu does not merge are left out, and check rules are
	// errors.
	lifecycleOverride = &rule{
		dropAttrs:  set("replace_triggered_by", "enabled"),
		dropEmpty:  set("ignore_changes"),
		dropBlocks: set("precondition", "postcondition"),
	}
	managedBase     = &rule{fold: map[string]*rule{"lifecycle": nil}}
	managedOverride = &rule{dropAttrs: set("depends_on"), fold: map[string]*rule{"lifecycle": lifecycleOverride}}
	// Data and ephemeral resources merge nothing of a lifecycle.
	dataOverride     = &rule{dropAttrs: set("depends_on"), dropBlocks: set("lifecycle")}
	moduleOverride   = &rule{dropAttrs: set("depends_on"), dropEmpty: set("providers"), dropBlocks: set("lifecycle")}
	outputOverride   = &rule{dropAttrs: set("depends_on"), dropEmpty: set("description"), dropBlocks: set("precondition", "postcondition")}
	variableOverride = &rule{dropBlocks: set("validation")}
	providerOverride = &rule{dropAttrs: set("for_each")}
	// An action's config block is merged like the action itself.
	actionRule = &rule{fold: map[string]*rule{"config": nil}}
)

// blockKind is how the overrides of one top-level block type apply.
type blockKind struct {
	labels   int
	base     *rule
	override *rule
	// missing describes an override with no original.
	missing func(labels []string) (summary, detail string)
	// dependsOn: an override's depends_on is an error.
	dependsOn bool
	// checks are nested block types that an override may not hold, in
	// the body itself or in its lifecycle block ("lifecycle/precondition").
	checks []string
}

var blockKinds = map[string]*blockKind{
	"resource": {labels: 2, base: managedBase, override: managedOverride, dependsOn: true,
		checks: []string{"lifecycle/precondition", "lifecycle/postcondition"},
		missing: func(l []string) (string, string) {
			return "Missing resource to override", fmt.Sprintf("There is no %s resource named %q. An override file can only override a resource block defined in a primary configuration file.", l[0], l[1])
		}},
	"data": {labels: 2, override: dataOverride, dependsOn: true,
		checks: []string{"lifecycle/precondition", "lifecycle/postcondition"},
		missing: func(l []string) (string, string) {
			return "Missing data resource to override", fmt.Sprintf("There is no %s data resource named %q. An override file can only override a data block defined in a primary configuration file.", l[0], l[1])
		}},
	"ephemeral": {labels: 2, override: dataOverride, dependsOn: true,
		checks: []string{"lifecycle/precondition", "lifecycle/postcondition"},
		missing: func(l []string) (string, string) {
			return "Missing ephemeral resource to override", fmt.Sprintf("There is no %s ephemeral resource named %q. An override file can only override an ephemeral block defined in a primary configuration file.", l[0], l[1])
		}},
	"action": {labels: 2, base: actionRule, override: actionRule,
		missing: func(l []string) (string, string) {
			return "Missing resource to override", fmt.Sprintf("There is no action named %q. An override file can only override a resource block defined in a primary configuration file.", l[1])
		}},
	"variable": {labels: 1, override: variableOverride, checks: []string{"validation"},
		missing: func(l []string) (string, string) {
			return "Missing base variable declaration to override", fmt.Sprintf("There is no variable named %q. An override file can only override a variable that was already declared in a primary configuration file.", l[0])
		}},
	"output": {labels: 1, override: outputOverride, dependsOn: true, checks: []string{"precondition", "postcondition"},
		missing: func(l []string) (string, string) {
			return "Missing base output definition to override", fmt.Sprintf("There is no output named %q. An override file can only override an output that was already defined in a primary configuration file.", l[0])
		}},
	"module": {labels: 1, override: moduleOverride, dependsOn: true,
		missing: func(l []string) (string, string) {
			return "Missing module call to override", fmt.Sprintf("There is no module call named %q. An override file can only override a module call that was defined in a primary configuration file.", l[0])
		}},
	"provider": {labels: 1, override: providerOverride,
		missing: func(l []string) (string, string) {
			return "Missing base provider configuration for override", fmt.Sprintf("There is no %s provider configuration with the alias %q. An override file can only override an aliased provider configuration that was already defined in a primary configuration file.", l[0], l[1])
		}},
}

// forbidden are the top-level block types that override files may not
// hold: summary and detail of the error.
var forbidden = map[string][2]string{
	"check":    {"Can't override check blocks", "Override files cannot override check blocks."},
	"moved":    {"Cannot override 'moved' blocks", "Records of moved objects can appear only in normal files, not in override files."},
	"import":   {"Cannot override 'import' blocks", "Import blocks can appear only in normal files, not in override files."},
	"removed":  {"Cannot override 'Removed' blocks", "Removed blocks can appear only in normal files, not in override files."},
	"language": {"Language selections in override file", `Language-related settings in "language" blocks are not allowed in override files. Place these settings in a normal configuration file.`},
}

// target is a block that overrides change: its key and its layers.
type target struct {
	key    blockKey
	layers []layer
}

// tfBlock is a terraform block and the settings that merge.
type tfBlock struct {
	file      int // override file index; -1 for a primary file
	key       blockKey
	body      hcl.Body
	version   bool // has required_version
	backends  hcl.Blocks
	clouds    hcl.Blocks
	providers bool // has a required_providers block
}

// planner works out the plan from the files' top-level blocks.
type planner struct {
	top     *hcl.BodySchema
	diags   hcl.Diagnostics
	targets []*target
	// bases are the blocks overrides can apply to, by address, as
	// blockAddr gives it; locals by "local\x00" and the name.
	bases map[string]*target
	// localBlocks are the targets of the primary locals blocks, by key.
	localBlocks map[blockKey]*target
	keep        map[blockKey]bool
	primaryTF   []*tfBlock
	overrideTF  []*tfBlock
}

func newPlanner(root *schema.Body) *planner {
	top := &hcl.BodySchema{}
	for _, b := range root.Blocks {
		top.Blocks = append(top.Blocks, hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.Labels})
	}
	return &planner{top: top, bases: map[string]*target{}, localBlocks: map[blockKey]*target{}, keep: map[blockKey]bool{}}
}

// blocks returns the top-level blocks of a file with their keys.
func (p *planner) blocks(body hcl.Body) (hcl.Blocks, []blockKey) {
	c, _, _ := body.PartialContent(p.top)
	if c == nil {
		return nil, nil
	}
	k := keyer{}
	keys := make([]blockKey, len(c.Blocks))
	for i, b := range c.Blocks {
		keys[i] = k.key(b)
	}
	return c.Blocks, keys
}

// addPrimary records the blocks of a primary file that overrides can
// apply to; the first of several with one address is the one.
func (p *planner) addPrimary(body hcl.Body) {
	blocks, keys := p.blocks(body)
	for i, b := range blocks {
		switch b.Type {
		case "locals":
			p.addLocals(b, keys[i])
		case "terraform":
			p.primaryTF = append(p.primaryTF, newTFBlock(-1, keys[i], b))
		default:
			if addr, ok := blockAddr(b); ok {
				p.addBase(addr, keys[i], b)
			}
		}
	}
}

func (p *planner) addBase(addr string, key blockKey, b *hcl.Block) {
	if _, dup := p.bases[addr]; !dup {
		p.bases[addr] = &target{key: key, layers: []layer{{body: b.Body, rule: blockKinds[b.Type].base}}}
	}
}

// addLocals records the local values of a primary locals block.
func (p *planner) addLocals(b *hcl.Block, key blockKey) {
	attrs, _ := b.Body.JustAttributes()
	t := &target{key: key, layers: []layer{{body: b.Body}}}
	p.localBlocks[key] = t
	for name := range attrs {
		if _, dup := p.bases["local\x00"+name]; !dup {
			p.bases["local\x00"+name] = t
		}
	}
}

// blockAddr returns what identifies a block that overrides can apply to:
// its type and labels, and a provider configuration's alias.
func blockAddr(b *hcl.Block) (string, bool) {
	k := blockKinds[b.Type]
	if k == nil || len(b.Labels) != k.labels {
		return "", false
	}
	addr := b.Type
	for _, l := range b.Labels {
		addr += "\x00" + l
	}
	if b.Type == "provider" {
		addr += "\x00" + providerAlias(b.Body)
	}
	return addr, true
}

// providerAlias returns the alias argument of a provider block, "" if it
// has none or it is not a string.
func providerAlias(body hcl.Body) string {
	c, _, _ := body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "alias"}}})
	if c == nil || c.Attributes["alias"] == nil {
		return ""
	}
	v, diags := c.Attributes["alias"].Expr.Value(nil)
	if diags.HasErrors() || !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return ""
	}
	return v.AsString()
}

// addOverride applies the blocks of override file i.
func (p *planner) addOverride(i int, body hcl.Body) {
	blocks, keys := p.blocks(body)
	for j, b := range blocks {
		switch {
		case b.Type == "locals":
			p.overrideLocals(b)
		case b.Type == "terraform":
			p.keep[keys[j]] = true
			p.overrideTF = append(p.overrideTF, newTFBlock(i, keys[j], b))
		case forbidden[b.Type] != [2]string{}:
			msg := forbidden[b.Type]
			p.errorf(b.DefRange, msg[0], "%s", msg[1])
		case blockKinds[b.Type] != nil:
			p.overrideBlock(b, keys[j])
		default:
			p.keep[keys[j]] = true
		}
	}
}

// overrideBlock applies an override block to its original, or reports
// that it has none. A provider configuration without an alias needs no
// original: it is added, and later overrides apply to it.
func (p *planner) overrideBlock(b *hcl.Block, key blockKey) {
	k := blockKinds[b.Type]
	p.checkRules(b, k)
	addr, ok := blockAddr(b)
	if !ok {
		return // wrong number of labels: reported when decoding
	}
	t := p.bases[addr]
	switch {
	case t != nil:
		t.layers = append(t.layers, layer{body: b.Body, rule: k.override})
		p.use(t)
		if k.dependsOn {
			p.checkDependsOn(b.Body)
		}
	case b.Type == "provider" && providerAlias(b.Body) == "":
		p.keep[key] = true
		p.addBase(addr, key, b)
	default:
		labels := b.Labels
		if b.Type == "provider" {
			labels = append(slices.Clip(labels), providerAlias(b.Body))
		}
		summary, detail := k.missing(labels)
		p.errorf(b.DefRange, summary, "%s", detail)
	}
}

// use adds t to the targets once.
func (p *planner) use(t *target) {
	if !slices.Contains(p.targets, t) {
		p.targets = append(p.targets, t)
	}
}

// overrideLocals applies each local value of an override locals block to
// the primary locals block that defines it.
func (p *planner) overrideLocals(b *hcl.Block) {
	attrs, _ := b.Body.JustAttributes()
	names := make(map[*target]map[string]bool)
	var order []*target
	for _, a := range sortedAttrs(attrs) {
		t := p.bases["local\x00"+a.Name]
		if t == nil {
			p.errorf(a.Range, "Missing base local value definition to override",
				"There is no local value named %q. An override file can only override a local value that was already defined in a primary configuration file.", a.Name)
			continue
		}
		if names[t] == nil {
			names[t] = map[string]bool{}
			order = append(order, t)
		}
		names[t][a.Name] = true
	}
	for _, t := range order {
		t.layers = append(t.layers, layer{body: b.Body, rule: &rule{onlyAttrs: names[t], onlyBlocks: map[string]bool{}}})
		p.use(t)
	}
}

// sortedAttrs returns attrs in source order.
func sortedAttrs(attrs hcl.Attributes) []*hcl.Attribute {
	out := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b *hcl.Attribute) int { return a.Range.Start.Byte - b.Range.Start.Byte })
	return out
}

// checkRules reports the check rule blocks of an override block, which
// both programs reject.
func (p *planner) checkRules(b *hcl.Block, k *blockKind) {
	for _, path := range k.checks {
		body := b.Body
		typ := path
		if parent, child, ok := strings.Cut(path, "/"); ok {
			c, _, _ := body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: parent}}})
			if c == nil || len(c.Blocks) == 0 {
				continue
			}
			body, typ = c.Blocks[0].Body, child
		}
		c, _, _ := body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: typ}}})
		if c == nil {
			continue
		}
		for _, rb := range c.Blocks {
			p.errorf(rb.DefRange, fmt.Sprintf("Can't override %s blocks", typ), "Override files cannot override %q blocks.", typ)
		}
	}
}

// checkDependsOn reports an override's depends_on at its first reference,
// as both programs do; an empty list is no error.
func (p *planner) checkDependsOn(body hcl.Body) {
	c, _, _ := body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "depends_on"}}})
	if c == nil || c.Attributes["depends_on"] == nil {
		return
	}
	exprs, _ := hcl.ExprList(c.Attributes["depends_on"].Expr)
	for _, x := range exprs {
		if t, diags := hcl.AbsTraversalForExpr(x); !diags.HasErrors() {
			p.errorf(t.SourceRange(), "Unsupported override", "The depends_on argument may not be overridden.")
			return
		}
	}
}

func (p *planner) errorf(subject hcl.Range, summary, format string, args ...any) {
	p.diags = append(p.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  subject.Ptr(),
	})
}

// tfSettings is the schema of the terraform block settings that merge.
var tfSettings = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "required_version"}},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "backend", LabelNames: []string{"type"}},
		{Type: "cloud"},
		{Type: "required_providers"},
	},
}

func newTFBlock(file int, key blockKey, b *hcl.Block) *tfBlock {
	t := &tfBlock{file: file, key: key, body: b.Body}
	c, _, _ := b.Body.PartialContent(tfSettings)
	if c == nil {
		return t
	}
	t.version = c.Attributes["required_version"] != nil
	for _, s := range c.Blocks {
		switch s.Type {
		case "backend":
			t.backends = append(t.backends, s)
		case "cloud":
			t.clouds = append(t.clouds, s)
		case "required_providers":
			t.providers = true
		}
	}
	return t
}

// planTerraform merges the terraform blocks of the override files into
// those of the primary files, as Terraform documents it: the last override
// file that sets required_version replaces every other required_version;
// each required_providers entry of an override replaces the entry of the
// same name (in the first required_providers block of the primary files,
// or else of the override files); the last override file with one backend
// or cloud block replaces the backend and cloud blocks of all other files
// (cloud winning in a file that has one of each). Override files'
// provider_meta blocks are left out, as OpenTofu ignores them.
func (p *planner) planTerraform() {
	if len(p.overrideTF) == 0 {
		return
	}
	versionFile := -1
	for _, t := range p.overrideTF {
		if t.version {
			versionFile = t.file
		}
	}
	winFile, winType := p.backendWinner()
	var carrier *tfBlock
	for _, t := range slices.Concat(p.primaryTF, p.overrideTF) {
		if t.providers {
			carrier = t
			break
		}
	}
	for _, t := range slices.Concat(p.primaryTF, p.overrideTF) {
		r := &rule{dropAttrs: set(), dropBlocks: set()}
		if t.file >= 0 {
			r.dropBlocks["provider_meta"] = true
		}
		if versionFile >= 0 && t.file != versionFile {
			r.dropAttrs["required_version"] = true
		}
		if winType != "" && t.file != winFile {
			r.dropBlocks["backend"], r.dropBlocks["cloud"] = true, true
		} else if winType != "" {
			r.dropBlocks[map[string]string{"backend": "cloud", "cloud": "backend"}[winType]] = true
		}
		layers := []layer{{body: t.body, rule: r}}
		switch {
		case t == carrier:
			r.fold = map[string]*rule{"required_providers": nil}
			layers = append(layers, p.providerLayers(t)...)
		case t.file >= 0:
			r.dropBlocks["required_providers"] = true
		}
		if t.file < 0 && len(layers) == 1 && len(r.dropAttrs)+len(r.dropBlocks) == 0 {
			continue
		}
		p.targets = append(p.targets, &target{key: t.key, layers: layers})
	}
}

// providerLayers are the override files' required_providers blocks, to be
// folded into carrier's.
func (p *planner) providerLayers(carrier *tfBlock) []layer {
	var layers []layer
	for _, t := range p.overrideTF {
		if t.providers && t != carrier {
			layers = append(layers, layer{body: t.body, rule: &rule{
				onlyAttrs:  map[string]bool{},
				onlyBlocks: set("required_providers"),
				fold:       map[string]*rule{"required_providers": nil},
			}})
		}
	}
	return layers
}

// backendWinner returns the override file whose backend or cloud block
// replaces all others, and that block's type ("" if none does), and
// reports override files with more than one of either.
func (p *planner) backendWinner() (file int, typ string) {
	file = -1
	for i := 0; i < len(p.overrideTF); {
		f := p.overrideTF[i].file
		var backends, clouds hcl.Blocks
		for ; i < len(p.overrideTF) && p.overrideTF[i].file == f; i++ {
			backends = append(backends, p.overrideTF[i].backends...)
			clouds = append(clouds, p.overrideTF[i].clouds...)
		}
		switch {
		case len(backends) == 1:
			file, typ = f, "backend"
		case len(backends) > 1:
			p.errorf(backends[1].DefRange, "Duplicate backend configuration",
				"Each override file may have only one backend configuration. A backend was previously configured at %s.", backends[0].DefRange)
		}
		switch {
		case len(clouds) == 1:
			file, typ = f, "cloud"
		case len(clouds) > 1:
			p.errorf(clouds[1].DefRange, "Duplicate cloud configurations",
				"A module may have only one 'cloud' block configuring a cloud backend. A cloud backend was previously configured at %s.", clouds[0].DefRange)
		}
	}
	return file, typ
}

// finish returns the plan: the merged body of each target.
func (p *planner) finish() *plan {
	pl := &plan{bodies: make(map[blockKey]hcl.Body, len(p.targets)), keep: p.keep}
	for _, t := range p.targets {
		pl.bodies[t.key] = newBody(t.layers)
	}
	return pl
}

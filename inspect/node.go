package inspect

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// node is one module of the tree being read, with what the provider
// configurations need to know about it.
type node struct {
	tn       *module.Node  // its place in the walk of the tree
	decls    *module.Decls // its declaration index
	dir      string
	path     []string // module call names from the root
	parent   *node
	mod      *ModuleConfig
	children map[string]*node

	required  map[string]*requirement // by local name
	registry  string                  // the program's default registry
	providers []*providerBlock
	resources []*resourceInfo
	calls     map[string]*callInfo
	imports   []module.ProviderConfig // implied or given provider of each import block
	// localExprs are the locals' expressions, for early evaluation.
	localExprs map[string]hcl.Expression
}

func newNode(tn *module.Node, decls *module.Decls, parent *node) *node {
	return &node{
		tn:       tn,
		decls:    decls,
		dir:      tn.Dir,
		path:     tn.Path,
		parent:   parent,
		mod:      &ModuleConfig{},
		children: make(map[string]*node),
		required: make(map[string]*requirement),
		calls:    make(map[string]*callInfo),

		localExprs: make(map[string]hcl.Expression),
	}
}

// addr is the module's address: "" for the root, module.a.module.b.
func (n *node) addr() string {
	var b strings.Builder
	for i, name := range n.path {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString("module.")
		b.WriteString(name)
	}
	return b.String()
}

// content decodes body with the schema of the block at path (block type
// names from the root body, as schema.Body.Find takes them).
func (l *loader) content(body hcl.Body, path ...string) (*hcl.BodyContent, hcl.Body, *schema.Body) {
	sb := l.blockSchema(path...)
	content, remain, diags := sb.Content(body)
	l.diags = append(l.diags, diags...)
	if content == nil {
		content = &hcl.BodyContent{}
	}
	return content, remain, sb
}

// labelledContent decodes body with labelledSchema(typ, label).
func (l *loader) labelledContent(body hcl.Body, typ, label string) (*hcl.BodyContent, hcl.Body, *schema.Body) {
	sb := l.labelledSchema(typ, label)
	content, remain, diags := sb.Content(body)
	l.diags = append(l.diags, diags...)
	if content == nil {
		content = &hcl.BodyContent{}
	}
	return content, remain, sb
}

// blockSchema returns the body schema at path in the root body, or an
// open body when the language does not list it.
func (l *loader) blockSchema(path ...string) *schema.Body {
	if b, ok := l.lang.Root.Find(path...).(*schema.Block); ok && b.Body != nil {
		return b.Body
	}
	return openBody
}

// labelledSchema returns the body of block type typ whose first label is
// label (a resource type, a provider name): the provider schema's body
// when the language has one.
func (l *loader) labelledSchema(typ, label string) *schema.Body {
	if b := l.lang.Root.Block(typ); b != nil {
		if body := b.BodyFor(label); body != nil {
			return body
		}
	}
	return openBody
}

// unique reports whether blk is the first declaration of what key
// names in n's module (module.Decls.First), and reports a second one.
func (l *loader) unique(n *node, blk *hcl.Block, key, what string) bool {
	prev, ok := n.decls.First(blk)
	return l.first(key, what, blk.DefRange, prev, ok)
}

// first reports a declaration at rng of what key names that is not the
// first (!ok), which was at prev, and returns ok.
func (l *loader) first(key, what string, rng, prev hcl.Range, ok bool) bool {
	if !ok {
		l.diags = append(l.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Duplicate " + what,
			Detail:   fmt.Sprintf("%s was already declared at %s. Each must have a unique name in its module; this one is left out.", key, prev),
			Subject:  rng.Ptr(),
		})
	}
	return ok
}

// labelCount is the number of labels of each top-level block type read.
var labelCount = map[string]int{"provider": 1, "variable": 1, "output": 1, "module": 1, "resource": 2, "data": 2, "ephemeral": 2, "check": 1}

// decodeFile decodes every block of the module but the terraform
// blocks.
func (n *node) decodeFile(l *loader) {
	for _, blk := range n.decls.Blocks {
		if len(blk.Labels) < labelCount[blk.Type] {
			continue // reported by the parser
		}
		switch blk.Type {
		case "provider":
			n.decodeProvider(l, blk)
		case "variable":
			n.decodeVariable(l, blk)
		case "output":
			n.decodeOutput(l, blk)
		case "locals":
			n.decodeLocals(l, blk)
		case "module":
			n.decodeModuleCall(l, blk)
		case "resource":
			n.decodeResource(l, blk, "managed")
		case "data":
			n.decodeResource(l, blk, "data")
		case "ephemeral":
			n.decodeResource(l, blk, "ephemeral")
		case "import":
			n.decodeImport(l, blk)
		case "check":
			n.decodeCheck(l, blk)
		}
	}
}

// decodeCheck reads the data source a check block may declare, which
// OpenTofu lists with the module's other data sources; the assertions are
// not represented.
func (n *node) decodeCheck(l *loader, blk *hcl.Block) {
	l.content(blk.Body, "check") // for its diagnostics
	for _, b := range n.decls.CheckData[blk] {
		n.decodeResource(l, b, "data")
	}
}

// resolve gives each resource its provider configuration key and sorts
// the resources as OpenTofu does: managed, data, ephemeral, each group by
// address.
func (n *node) resolve() {
	modes := map[string]int{"managed": 0, "data": 1, "ephemeral": 2}
	for _, r := range n.resources {
		r.fqn = n.providerForLocalName(r.config.Name)
		r.out.ProviderConfigKey = opaqueKey(r.config.String(), n.addr())
		r.out.SchemaVersion = builtinSchemaVersion(r.fqn, r.out.Mode, r.out.Type)
	}
	slices.SortStableFunc(n.resources, func(a, b *resourceInfo) int {
		return cmp.Or(cmp.Compare(modes[a.out.Mode], modes[b.out.Mode]), strings.Compare(a.out.Address, b.out.Address))
	})
	for _, r := range n.resources {
		n.mod.Resources = append(n.mod.Resources, r.out)
	}
}

// normalizeProviderKeys points each resource that uses a configuration
// passed or inherited from a parent module at the parent's key.
func (n *node) normalizeProviderKeys(pcs map[string]*ProviderConfig) {
	for _, r := range n.mod.Resources {
		if pc, ok := pcs[r.ProviderConfigKey]; ok {
			if _, ok := pcs[pc.parentKey]; ok {
				r.ProviderConfigKey = pc.parentKey
			}
		}
	}
	for _, child := range n.children {
		child.normalizeProviderKeys(pcs)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// builtin is the schemas of the built-in provider, the only ones this
// package knows.
var builtin = schema.BuiltinProviderSchemas().Schemas["terraform.io/builtin/terraform"]

// builtinSchemaVersion returns the schema version that the programs show
// for a resource of the built-in provider (terraform_data,
// terraform_remote_state), whose schema they always have; nil for any
// other, whose schema comes from a provider.
func builtinSchemaVersion(p fqn, mode, typ string) *uint64 {
	if p.host != builtinHost || builtin == nil {
		return nil
	}
	m := builtin.ResourceSchemas
	if mode == "data" {
		m = builtin.DataSourceSchemas
	}
	if s, ok := m[typ]; ok && mode != "ephemeral" {
		v := s.Version
		return &v
	}
	return nil
}

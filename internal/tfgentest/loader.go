package tfgentest

import (
	"slices"
	"sync"

	"github.com/hashicorp/hcl/v2"
)

// Load decodes a generated document's root body the way Terraform's and
// OpenTofu's configuration loader does, which is the access pattern that
// matters to a tool loading modules:
//
//   - the root body with PartialContent and the whole top-level schema of
//     the language (15 block types with their labels, most of which a
//     document does not use);
//   - each top-level block with the loader's schema of its kind: Content
//     for terraform, variable, output and moved blocks; PartialContent of
//     the meta-arguments (count, for_each, provider, depends_on, lifecycle,
//     connection, provisioner) for resource and data blocks, then Content
//     of what remains with the resource type's schema, as a provider's
//     schema would be applied; PartialContent of alias and version for
//     provider blocks, then Content of the rest; PartialContent of the
//     module call's own arguments, then JustAttributes of the rest;
//     JustAttributes for locals, required_providers and backend bodies;
//   - Value(ctx) for every attribute.
//
// The schemas are built once, as the programs' are. Like [Decode] it works
// through the hcl.Body interface only, so the same code measures any
// implementation.
func Load(body hcl.Body, ctx *hcl.EvalContext) (Stats, hcl.Diagnostics) {
	l := loader{walker: walker{ctx: ctx}, s: loaderSchemas()}
	l.root(body)
	return l.stats, l.diags
}

// LoadAny is Load for any configuration, not only a generated one: the
// blocks the generator never writes (check, import, removed, ephemeral and
// the like) and the resources and data sources of a type tfgen has no
// schema for are read with JustAttributes, as a tool that has no schema
// for them would, where Load reports an error. It measures the loader's
// access pattern on real-world files (converted to JSON).
func LoadAny(body hcl.Body, ctx *hcl.EvalContext) (Stats, hcl.Diagnostics) {
	l := loader{walker: walker{ctx: ctx}, s: loaderSchemas(), any: true}
	l.root(body)
	return l.stats, l.diags
}

type loader struct {
	walker
	s   *schemas
	any bool // LoadAny: what has no schema is read with JustAttributes
}

// schemas are the loader's schemas, derived once from Root.
type schemas struct {
	file      *hcl.BodySchema
	terraform *hcl.BodySchema
	variable  *hcl.BodySchema
	output    *hcl.BodySchema
	moved     *hcl.BodySchema
	provider  *hcl.BodySchema // alias and version
	module    *hcl.BodySchema // the module call's own arguments
	meta      *hcl.BodySchema // a resource's or data source's meta-arguments
	lifecycle *Node
	// provisioner holds the schemas of provisioner blocks by type.
	provisioner map[string]*Node
	// providerRest is the schema of what remains of a provider block.
	providerRest *Node
	// rest holds, by block type (resource, data) and first label, the
	// schema of what remains of such a block after its meta-arguments.
	rest map[string]map[string]*Node
}

var loaderSchemas = sync.OnceValue(func() *schemas {
	r := Root()
	s := &schemas{
		file: &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
			{Type: "terraform"},
			{Type: "provider", LabelNames: []string{"name"}},
			{Type: "variable", LabelNames: []string{"name"}},
			{Type: "locals"},
			{Type: "output", LabelNames: []string{"name"}},
			{Type: "module", LabelNames: []string{"name"}},
			{Type: "resource", LabelNames: []string{"type", "name"}},
			{Type: "data", LabelNames: []string{"type", "name"}},
			{Type: "ephemeral", LabelNames: []string{"type", "name"}},
			{Type: "moved"},
			{Type: "import"},
			{Type: "removed"},
			{Type: "check", LabelNames: []string{"name"}},
			{Type: "action", LabelNames: []string{"type", "name"}},
			{Type: "list", LabelNames: []string{"type", "name"}},
		}},
		terraform: &hcl.BodySchema{
			Attributes: attrs("required_version", "experiments", "language"),
			Blocks: []hcl.BlockHeaderSchema{
				{Type: "backend", LabelNames: []string{"type"}},
				{Type: "cloud"},
				{Type: "required_providers"},
				{Type: "provider_meta", LabelNames: []string{"provider"}},
				{Type: "encryption"},
			},
		},
		variable: &hcl.BodySchema{
			Attributes: attrs("description", "default", "type", "sensitive", "nullable", "ephemeral"),
			Blocks:     []hcl.BlockHeaderSchema{{Type: "validation"}},
		},
		output: &hcl.BodySchema{
			Attributes: attrs("description", "value", "depends_on", "sensitive", "ephemeral"),
			Blocks:     []hcl.BlockHeaderSchema{{Type: "precondition"}},
		},
		moved:    &hcl.BodySchema{Attributes: attrs("from", "to")},
		provider: &hcl.BodySchema{Attributes: attrs("alias", "version")},
		module:   &hcl.BodySchema{Attributes: attrs("source", "version", "count", "for_each", "depends_on", "providers")},
		meta: &hcl.BodySchema{
			Attributes: attrs("count", "for_each", "provider", "depends_on"),
			Blocks: []hcl.BlockHeaderSchema{
				{Type: "lifecycle"},
				{Type: "connection"},
				{Type: "provisioner", LabelNames: []string{"type"}},
			},
		},
		rest: map[string]map[string]*Node{},
	}
	// What remains of a provider block: its schema without alias.
	p := r.blocks["provider"]
	s.providerRest = without(p, s.provider)
	for _, typ := range []string{"resource", "data"} {
		m := map[string]*Node{}
		for label, n := range r.byLabel[typ] {
			if s.lifecycle == nil && n.blocks["lifecycle"] != nil {
				s.lifecycle = n.blocks["lifecycle"]
				s.provisioner = n.byLabel["provisioner"]
			}
			m[label] = without(n, s.meta)
		}
		s.rest[typ] = m
	}
	return s
})

// without returns a node like n without the attributes and block types that
// meta names.
func without(n *Node, meta *hcl.BodySchema) *Node {
	out := &Node{Schema: &hcl.BodySchema{}, blocks: map[string]*Node{}, byLabel: n.byLabel}
	for _, a := range n.Schema.Attributes {
		if !slices.ContainsFunc(meta.Attributes, func(m hcl.AttributeSchema) bool { return m.Name == a.Name }) {
			out.Schema.Attributes = append(out.Schema.Attributes, a)
		}
	}
	for _, b := range n.Schema.Blocks {
		if !slices.ContainsFunc(meta.Blocks, func(m hcl.BlockHeaderSchema) bool { return m.Type == b.Type }) {
			out.Schema.Blocks = append(out.Schema.Blocks, b)
		}
	}
	for t, c := range n.blocks {
		out.blocks[t] = c
	}
	return out
}

func (l *loader) root(body hcl.Body) {
	content, _, diags := body.PartialContent(l.s.file)
	l.diags = append(l.diags, diags...)
	for _, b := range content.Blocks {
		l.stats.Blocks++
		switch b.Type {
		case "terraform":
			l.terraform(b.Body)
		case "provider":
			c, rest, diags := b.Body.PartialContent(l.s.provider)
			l.diags = append(l.diags, diags...)
			l.attributes(c.Attributes)
			l.body(rest, l.s.providerRest)
		case "variable":
			l.content(b.Body, l.s.variable, Root().blocks["variable"])
		case "locals":
			l.body(b.Body, justAttributes)
		case "output":
			l.content(b.Body, l.s.output, Root().blocks["output"])
		case "module":
			c, rest, diags := b.Body.PartialContent(l.s.module)
			l.diags = append(l.diags, diags...)
			l.attributes(c.Attributes)
			l.body(rest, justAttributes)
		case "resource", "data":
			c, rest, diags := b.Body.PartialContent(l.s.meta)
			l.diags = append(l.diags, diags...)
			l.attributes(c.Attributes)
			for _, m := range c.Blocks {
				l.stats.Blocks++
				switch m.Type {
				case "lifecycle":
					l.body(m.Body, l.s.lifecycle)
				case "provisioner":
					if n := l.s.provisioner[m.Labels[0]]; n != nil {
						l.body(m.Body, n)
					} else if l.any {
						l.body(m.Body, justAttributes)
					}
				case "connection":
					if l.any {
						l.body(m.Body, justAttributes)
					}
				}
			}
			n := l.s.rest[b.Type][b.Labels[0]]
			if n == nil && l.any {
				n = justAttributes
			}
			l.body(rest, n)
		case "moved":
			l.content(b.Body, l.s.moved, nil)
		default:
			if l.any {
				l.body(b.Body, justAttributes)
				continue
			}
			l.diags = append(l.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Unexpected block",
				Detail:   "tfgen never writes a " + b.Type + " block.",
				Subject:  b.DefRange.Ptr(),
			})
		}
	}
}

// terraform decodes a terraform block.
func (l *loader) terraform(body hcl.Body) {
	content, diags := body.Content(l.s.terraform)
	l.diags = append(l.diags, diags...)
	l.attributes(content.Attributes)
	for _, b := range content.Blocks {
		l.stats.Blocks++
		l.body(b.Body, justAttributes)
	}
}

// content decodes body with the loader's schema of its kind; nested blocks
// are decoded with the nodes of n.
func (l *loader) content(body hcl.Body, schema *hcl.BodySchema, n *Node) {
	content, diags := body.Content(schema)
	l.diags = append(l.diags, diags...)
	l.attributes(content.Attributes)
	for _, b := range content.Blocks {
		l.stats.Blocks++
		c := n.Child(b)
		if c == nil && l.any {
			c = justAttributes
		}
		l.body(b.Body, c)
	}
}

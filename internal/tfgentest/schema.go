package tfgentest

import (
	"sync"

	"github.com/hashicorp/hcl/v2"
)

// A Node is the schema of one kind of block body in a generated document,
// with the nodes of the blocks nested in it. Nodes are shared and must not be
// modified.
type Node struct {
	// Schema is the body's schema, or nil for a body whose every property is
	// an attribute (locals, module, backend): decode those with
	// hcl.Body.JustAttributes.
	Schema *hcl.BodySchema

	blocks  map[string]*Node            // by block type
	byLabel map[string]map[string]*Node // by block type, then first label
}

// Child returns the node of a block found in a body of n, or nil if the
// generator never writes such a block.
func (n *Node) Child(b *hcl.Block) *Node {
	if m, ok := n.byLabel[b.Type]; ok {
		if len(b.Labels) == 0 {
			return nil
		}
		return m[b.Labels[0]]
	}
	return n.blocks[b.Type]
}

// Schema returns the schema of a generated document's root body.
func Schema() *hcl.BodySchema { return Root().Schema }

// Root returns the node of a generated document's root body.
func Root() *Node { return root() }

var root = sync.OnceValue(buildRoot)

func attrs(names ...string) []hcl.AttributeSchema {
	as := make([]hcl.AttributeSchema, len(names))
	for i, n := range names {
		as[i] = hcl.AttributeSchema{Name: n}
	}
	return as
}

func simple(attrNames ...string) *Node {
	return &Node{Schema: &hcl.BodySchema{Attributes: attrs(attrNames...)}}
}

// add declares a nested block type of n without labels, with its node.
func (n *Node) add(typ string, child *Node) {
	n.Schema.Blocks = append(n.Schema.Blocks, hcl.BlockHeaderSchema{Type: typ})
	if n.blocks == nil {
		n.blocks = make(map[string]*Node)
	}
	n.blocks[typ] = child
}

// addByLabel declares a labelled block type of n whose body's node depends
// on its first label.
func (n *Node) addByLabel(typ string, labels []string, children map[string]*Node) {
	n.Schema.Blocks = append(n.Schema.Blocks, hcl.BlockHeaderSchema{Type: typ, LabelNames: labels})
	if n.byLabel == nil {
		n.byLabel = make(map[string]map[string]*Node)
	}
	n.byLabel[typ] = children
}

// addLabelled declares a labelled block type whose body's node is the same
// whatever the labels.
func (n *Node) addLabelled(typ string, labels []string, child *Node) {
	n.Schema.Blocks = append(n.Schema.Blocks, hcl.BlockHeaderSchema{Type: typ, LabelNames: labels})
	if n.blocks == nil {
		n.blocks = make(map[string]*Node)
	}
	n.blocks[typ] = child
}

var justAttributes = &Node{}

// nodes builds the nodes of the kinds, sharing one node per kind.
type nodes map[*kind]*Node

func (ns nodes) of(k *kind) *Node {
	if n, ok := ns[k]; ok {
		return n
	}
	n := &Node{Schema: &hcl.BodySchema{}}
	ns[k] = n
	for _, a := range k.attrs {
		n.Schema.Attributes = append(n.Schema.Attributes, hcl.AttributeSchema{Name: a.name})
	}
	for _, b := range k.blocks {
		n.add(b.name, ns.of(b.kind))
	}
	return n
}

func buildRoot() *Node {
	ns := nodes{}
	conditions := simple("condition", "error_message")

	lifecycle := simple("create_before_destroy", "prevent_destroy", "ignore_changes", "replace_triggered_by")
	lifecycle.add("precondition", conditions)
	lifecycle.add("postcondition", conditions)

	// The body of a resource or data block of kind k.
	top := func(k *kind, isResource bool) *Node {
		base := ns.of(k)
		n := &Node{Schema: &hcl.BodySchema{
			Attributes: append(attrs("count", "for_each", "provider", "depends_on"), base.Schema.Attributes...),
			Blocks:     append([]hcl.BlockHeaderSchema(nil), base.Schema.Blocks...),
		}, blocks: make(map[string]*Node, len(base.blocks))}
		for t, c := range base.blocks {
			n.blocks[t] = c
		}
		if len(k.dynamic) > 0 {
			dyn := make(map[string]*Node, len(k.dynamic))
			for _, t := range k.dynamic {
				d := simple("for_each", "iterator", "labels")
				d.add("content", n.blocks[t])
				dyn[t] = d
			}
			n.addByLabel("dynamic", []string{"type"}, dyn)
		}
		if isResource {
			n.add("lifecycle", lifecycle)
			n.addByLabel("provisioner", []string{"type"}, map[string]*Node{"local-exec": ns.of(localExec)})
		}
		return n
	}
	resources := make(map[string]*Node, len(resourceKinds))
	for _, k := range resourceKinds {
		resources[k.name] = top(k, true)
	}
	data := make(map[string]*Node, len(dataKinds))
	for _, k := range dataKinds {
		data[k.name] = top(k, false)
	}

	terraform := simple("required_version")
	terraform.add("required_providers", justAttributes)
	terraform.addLabelled("backend", []string{"type"}, justAttributes)

	provider := simple("alias", "region", "project", "config_path", "config_context")
	provider.add("default_tags", simple("tags"))
	provider.add("assume_role", simple("role_arn", "session_name"))

	variable := simple("type", "description", "default", "sensitive", "nullable")
	variable.add("validation", conditions)

	r := &Node{Schema: &hcl.BodySchema{}}
	r.add("terraform", terraform)
	r.addLabelled("provider", []string{"name"}, provider)
	r.addLabelled("variable", []string{"name"}, variable)
	r.add("locals", justAttributes)
	r.addLabelled("module", []string{"name"}, justAttributes)
	r.add("moved", simple("from", "to"))
	r.addByLabel("data", []string{"type", "name"}, data)
	r.addByLabel("resource", []string{"type", "name"}, resources)
	r.addLabelled("output", []string{"name"}, simple("value", "description", "sensitive", "depends_on"))
	return r
}

package module

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// Decls is the declaration index of one module: its top-level blocks in
// file order and what they declare, by the names references use. Each
// map holds the first declaration of a name, as Terraform and OpenTofu
// keep it (a later one is a duplicate, which each layer reports in its
// own words: see Decls.First). It is decoded once per module directory
// and language root ([Tree.Decls]) and shared by the layers: package
// validate adds the types, scopes and evaluation, package inspect the
// show -json shape.
type Decls struct {
	// Blocks are the top-level blocks, as the root schema decodes the
	// module's body, and Diags the diagnostics of that decoding.
	// MergeDiags are those of merging its override files (Merge), for a
	// Decls of Tree.Decls.
	Blocks     []*hcl.Block
	Diags      hcl.Diagnostics
	MergeDiags hcl.Diagnostics
	// CheckData are the data blocks of each check block of Blocks.
	CheckData map[*hcl.Block][]*hcl.Block
	// Variables, Outputs, Calls (module blocks) and Checks are keyed by
	// their label.
	Variables, Outputs, Calls, Checks map[string]*hcl.Block
	// Locals are keyed by name; LocalBlocks hold the attributes of each
	// locals block of Blocks.
	Locals      map[string]*hcl.Attribute
	LocalBlocks map[*hcl.Block]hcl.Attributes
	// Resources are the managed, data and ephemeral resources, the data
	// sources of check blocks among them, keyed by address:
	// "aws_instance.a", "data.aws_ami.b", "ephemeral.x.y".
	Resources map[string]*Resource
	// Providers are the provider blocks, keyed "name" or "name.alias"
	// (ProviderConfig.String).
	Providers map[string]*Provider
	// Requirements are the required_providers entries (DecodeRequirement),
	// the first of each local name, in file order.
	Requirements map[string]*Requirement
}

// Resource is one resource block in a Decls.
type Resource struct {
	// Mode is the block type: "resource", "data" or "ephemeral".
	Mode       string
	Type, Name string
	Block      *hcl.Block
	// Check is the name of the check block that holds a scoped data
	// source, or "". (The provider configuration a resource uses is
	// ResourceProvider's, from the provider argument of the block's
	// content as each layer decodes it.)
	Check string
}

// Addr returns the resource's address as references write it:
// "aws_instance.a", "data.aws_ami.b", "ephemeral.x.y".
func (r *Resource) Addr() string {
	if r.Mode == "resource" {
		return r.Type + "." + r.Name
	}
	return r.Mode + "." + r.Type + "." + r.Name
}

// Provider is one provider block in a Decls: its configuration, whose
// alias is the alias argument as a string or a keyword ("" when it is
// neither), and the block.
type Provider struct {
	Config ProviderConfig
	Block  *hcl.Block
}

// labelCount is the number of labels of each top-level block type
// indexed.
var labelCount = map[string]int{"provider": 1, "variable": 1, "output": 1, "module": 1, "resource": 2, "data": 2, "ephemeral": 2, "check": 1}

// Declare returns the declaration index of the module whose root body
// is body, decoded with root, the language's root schema (its check
// block's schema finds the data sources of check blocks). A block with
// fewer labels than its type has (which the parser reports) is not
// indexed. It panics if body or root is nil.
func Declare(body hcl.Body, root *schema.Body) *Decls {
	if body == nil || root == nil {
		panic("module: Declare with a nil body or root schema")
	}
	content, _, diags := root.Content(body)
	return declare(content, diags, root, nil)
}

// declareFiles is Declare(hcl.MergeFiles(files), root) with the files'
// bodies (and the locals and check blocks' bodies) decoded through cs
// (schema.Contents; nil decodes every time), one by one, so that the
// layers that decode the same files with the same schemas share the
// decoding: the same blocks, the same bodies. The merged body's content
// is its files' in their order, and root has no attributes to merge
// (a root that has any is decoded merged); Body.Content orders the
// "Unsupported argument" errors of the merged body by their offsets,
// whatever their file, which schema.InSourceOrder does again over the files.
func declareFiles(files []*hcl.File, root *schema.Body, cs *schema.Contents) *Decls {
	if len(files) == 0 || len(root.Attributes) > 0 || root.AnyAttributes || root.Open {
		return Declare(hcl.MergeFiles(files), root)
	}
	var blocks hcl.Blocks
	var diags hcl.Diagnostics
	for _, f := range files {
		c, _, d := cs.Content(root, f.Body)
		diags = append(diags, d...)
		if c != nil {
			blocks = append(blocks, c.Blocks...)
		}
	}
	return declare(&hcl.BodyContent{Blocks: blocks}, schema.InSourceOrder(diags, "Unsupported argument"), root, cs)
}

// declare indexes content, the module's root body decoded with root
// (diags what decoding it found), its locals and check blocks decoded
// through cs.
func declare(content *hcl.BodyContent, diags hcl.Diagnostics, root *schema.Body, cs *schema.Contents) *Decls {
	d := &Decls{
		Variables: map[string]*hcl.Block{}, Outputs: map[string]*hcl.Block{}, Calls: map[string]*hcl.Block{}, Checks: map[string]*hcl.Block{},
		Locals: map[string]*hcl.Attribute{}, Resources: map[string]*Resource{}, Providers: map[string]*Provider{}, Requirements: map[string]*Requirement{},
		CheckData: map[*hcl.Block][]*hcl.Block{}, LocalBlocks: map[*hcl.Block]hcl.Attributes{},
	}
	d.Diags = diags
	if content == nil {
		return d
	}
	var locals *schema.Body
	if lb := root.Block("locals"); lb != nil && lb.Body.AnyAttributes {
		locals = lb.Body
	}
	d.Blocks = content.Blocks
	for _, b := range d.Blocks {
		if len(b.Labels) < labelCount[b.Type] {
			continue
		}
		switch b.Type {
		case "variable":
			first(d.Variables, b.Labels[0], b)
		case "output":
			first(d.Outputs, b.Labels[0], b)
		case "module":
			first(d.Calls, b.Labels[0], b)
		case "locals":
			var attrs hcl.Attributes
			if locals != nil {
				// What JustAttributes returns (schema.Body.Content of
				// an AnyAttributes body), decoded once.
				if c, _, _ := cs.Content(locals, b.Body); c != nil {
					attrs = c.Attributes
				}
			} else {
				attrs, _ = b.Body.JustAttributes()
			}
			d.LocalBlocks[b] = attrs
			for name, a := range attrs {
				if _, ok := d.Locals[name]; !ok {
					d.Locals[name] = a
				}
			}
		case "resource", "data", "ephemeral":
			d.resource(b, "")
		case "provider":
			p := &Provider{Config: ProviderConfig{Name: b.Labels[0], Alias: ProviderAlias(b)}, Block: b}
			if _, ok := d.Providers[p.Config.String()]; !ok {
				d.Providers[p.Config.String()] = p
			}
		case "check":
			// The data source is the module's before the check's name
			// is checked, as OpenTofu's appendFile adds them.
			if cb := root.Block("check"); cb != nil {
				if cc, _, _ := cs.Content(cb.Body, b.Body); cc != nil {
					for _, inner := range cc.Blocks {
						if inner.Type == "data" && len(inner.Labels) == 2 {
							d.CheckData[b] = append(d.CheckData[b], inner)
							d.resource(inner, b.Labels[0])
						}
					}
				}
			}
			first(d.Checks, b.Labels[0], b)
		case "terraform":
			for _, r := range Requirements(b) {
				if _, ok := d.Requirements[r.Name]; !ok {
					d.Requirements[r.Name] = &r
				}
			}
		}
	}
	return d
}

// first keeps b under name unless a block is there.
func first(m map[string]*hcl.Block, name string, b *hcl.Block) {
	if _, ok := m[name]; !ok {
		m[name] = b
	}
}

// resource indexes a resource block; check names the check block around
// a scoped data source.
func (d *Decls) resource(b *hcl.Block, check string) {
	r := &Resource{Mode: b.Type, Type: b.Labels[0], Name: b.Labels[1], Block: b, Check: check}
	if _, ok := d.Resources[r.Addr()]; ok {
		return
	}
	d.Resources[r.Addr()] = r
}

// ProviderAlias returns a provider block's alias: its alias argument as a
// constant string, or a keyword; "" for anything else.
func ProviderAlias(b *hcl.Block) string {
	attrs, _ := b.Body.JustAttributes()
	a, ok := attrs["alias"]
	if !ok {
		return ""
	}
	if v, diags := a.Expr.Value(nil); !diags.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
		return v.AsString()
	}
	return hcl.ExprAsKeyword(a.Expr)
}

// First reports whether b, one of Blocks or of CheckData, is the first
// declaration of what it declares in d, and returns the range of the
// first one: for a variable, output, module, check, resource (in a check
// block too) or provider block. Other blocks are first.
func (d *Decls) First(b *hcl.Block) (hcl.Range, bool) {
	var prev *hcl.Block
	switch b.Type {
	case "variable":
		prev = d.Variables[b.Labels[0]]
	case "output":
		prev = d.Outputs[b.Labels[0]]
	case "module":
		prev = d.Calls[b.Labels[0]]
	case "check":
		prev = d.Checks[b.Labels[0]]
	case "resource", "data", "ephemeral":
		r := Resource{Mode: b.Type, Type: b.Labels[0], Name: b.Labels[1]}
		if p := d.Resources[r.Addr()]; p != nil {
			prev = p.Block
		}
	case "provider":
		if p := d.Providers[ProviderConfig{Name: b.Labels[0], Alias: ProviderAlias(b)}.String()]; p != nil {
			prev = p.Block
		}
	}
	return firstOf(prev, b)
}

// FirstLocal reports whether a, an attribute of a locals block of
// Blocks, is the first definition of its name in d (told by its range),
// and returns the first one.
func (d *Decls) FirstLocal(a *hcl.Attribute) (*hcl.Attribute, bool) {
	prev := d.Locals[a.Name]
	return prev, prev == nil || prev.Range == a.Range
}

// firstOf returns prev's range and whether b is prev (or prev is nil).
func firstOf(prev, b *hcl.Block) (hcl.Range, bool) {
	if prev == nil || prev == b {
		return hcl.Range{}, true
	}
	return prev.DefRange, false
}

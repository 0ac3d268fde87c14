package inspect

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// openBody is the schema of a body nothing is known about.
var openBody = &schema.Body{Open: true}

// dynamicSchema is the schema of a dynamic block's body.
var dynamicSchema = schema.Terraform.Root.Find("resource", "dynamic").(*schema.Block).Body

// bodyReader collects the diagnostics of the bodies it reads.
type bodyReader struct {
	diags hcl.Diagnostics
}

// provided returns the block expressions representation of the arguments
// and blocks of body that meta does not claim, given content and remain
// from sb.Content(body).
//
// What sb lists (from provider schemas) is read as sb says: attributes
// are expressions, blocks nest as their Nesting says. What an Open sb
// does not list is read from the syntax. In the native syntax attributes
// are attributes and blocks are blocks: blocks without labels are a list,
// blocks with one label a map keyed by it. In the JSON syntax every
// property is an attribute, since an object cannot be told from a block
// there: OpenTofu, whose legacy provider schemas also leave it open,
// reads such a property as an attribute too (lang/blocktoattr). A
// .tf.json file and its native twin give the same representation only
// where the body has no nested blocks or the schema lists them.
//
// "dynamic" blocks are not expressions: they go to Dynamic. A "_" block
// (the escape for names that meta-arguments use) adds its content.
func (r *bodyReader) provided(body hcl.Body, content *hcl.BodyContent, remain hcl.Body, sb *schema.Body, meta func(string) bool) *Expressions {
	e := &Expressions{}
	for name, attr := range content.Attributes {
		if meta == nil || !meta(name) {
			e.addAttribute(name, NewExpression(attr.Expr))
		}
	}
	var args map[string][]*hcl.Block // arguments written as blocks
	var order []string
	for _, blk := range content.Blocks {
		switch {
		case meta != nil && meta(blk.Type):
		case sb.BlocksArgument(blk.Type) != nil:
			// An argument written as blocks (schema.Body.Content
			// returns them only for an Attribute with AsBlocks).
			if args == nil {
				args = map[string][]*hcl.Block{}
			}
			if args[blk.Type] == nil {
				order = append(order, blk.Type)
			}
			args[blk.Type] = append(args[blk.Type], blk)
		case blk.Type == "dynamic":
			e.Dynamic = append(e.Dynamic, r.dynamic(blk, sb))
		case blk.Type == "_":
			e.merge(r.nested(blk.Body, openBody))
		default:
			bs := sb.Block(blk.Type)
			e.addBlock(blk.Type, bs.Nesting, blk.Labels, r.nested(blk.Body, bs.Body))
		}
	}
	for _, name := range order {
		e.addAttribute(name, NewExpression(&blocksExpr{blocks: args[name], arg: sb.BlocksArgument(name)}))
	}
	if remain != nil && sb.Open {
		r.inferred(e, body, remain, sb)
	}
	return e
}

// nested returns the expressions of a nested block's body.
func (r *bodyReader) nested(body hcl.Body, sb *schema.Body) *Expressions {
	content, remain, diags := sb.Content(body)
	r.diags = append(r.diags, diags...)
	return r.provided(body, content, remain, sb, nil)
}

// inferred adds to e what sb does not list, read from the syntax.
func (r *bodyReader) inferred(e *Expressions, body, remain hcl.Body, sb *schema.Body) {
	native, ok := body.(*hclsyntax.Body)
	if attrs, blocks, diags, merged := module.Syntax(remain); !ok && merged {
		// A native body merged with JSON overrides: each part as its
		// syntax says.
		r.diags = append(r.diags, diags...)
		for name, attr := range attrs {
			if sb.Lookup(name) == nil {
				e.addAttribute(name, NewExpression(attr.Expr))
			}
		}
		for _, blk := range blocks {
			if sb.Lookup(blk.Type) == nil {
				r.syntaxBlock(e, blk)
			}
		}
		return
	}
	if !ok {
		remain = r.evidentBlocks(e, remain, sb)
		attrs, diags := remain.JustAttributes()
		r.diags = append(r.diags, diags...)
		for name, attr := range attrs {
			e.addAttribute(name, NewExpression(attr.Expr))
		}
		return
	}
	for name, attr := range native.Attributes {
		if sb.Lookup(name) == nil {
			e.addAttribute(name, NewExpression(attr.Expr))
		}
	}
	for _, blk := range native.Blocks {
		if sb.Lookup(blk.Type) == nil {
			r.syntaxBlock(e, blk.AsHCLBlock())
		}
	}
}

// evidentBlocks adds to e the nested blocks that a JSON body's own
// evidence makes blocks, where sb does not say (a resource whose
// provider's schema is not given): a name that a dynamic block of the
// body generates, and a name the body defines more than once (an argument
// cannot be), as package tonative reads them. It returns what remains.
func (r *bodyReader) evidentBlocks(e *Expressions, remain hcl.Body, sb *schema.Body) hcl.Body {
	names := hcljson.RepeatedNames(remain)
	for _, d := range e.Dynamic {
		if d.Type != "" && sb.Lookup(d.Type) == nil && !slices.Contains(names, d.Type) {
			names = append(names, d.Type)
		}
	}
	for _, name := range names {
		content, rest, diags := remain.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: name}}})
		if diags.HasErrors() {
			continue // not blocks after all (a dynamic block's type written as a value): an argument
		}
		for _, blk := range content.Blocks {
			e.addBlock(name, schema.NestingList, nil, r.nested(blk.Body, openBody))
		}
		remain = rest
	}
	return remain
}

// syntaxBlock adds a native block that no schema describes: blocks
// without labels are a list, blocks with one label a map keyed by it.
func (r *bodyReader) syntaxBlock(e *Expressions, blk *hcl.Block) {
	if blk.Type == "dynamic" {
		e.Dynamic = append(e.Dynamic, r.dynamic(blk, openBody))
		return
	}
	nesting := schema.NestingList
	if len(blk.Labels) == 1 {
		nesting = schema.NestingMap
	}
	e.addBlock(blk.Type, nesting, blk.Labels, r.nested(blk.Body, openBody))
}

// dynamic reads a dynamic block of a body whose schema is sb (nil: none).
// Its content is read with the schema of the block type it generates,
// when sb lists it, so that nested blocks in a JSON content body are
// placed as in its native twin.
func (r *bodyReader) dynamic(blk *hcl.Block, sb *schema.Body) *Dynamic {
	d := &Dynamic{Range: rangeOf(blk.DefRange)}
	if len(blk.Labels) > 0 {
		d.Type = blk.Labels[0]
	}
	content, _, diags := dynamicSchema.Content(blk.Body)
	r.diags = append(r.diags, diags...)
	if attr := content.Attributes["for_each"]; attr != nil {
		d.ForEachExpression = NewExpression(attr.Expr)
	}
	if attr := content.Attributes["iterator"]; attr != nil {
		d.Iterator = hcl.ExprAsKeyword(attr.Expr)
		if d.Iterator == "" {
			r.diags = append(r.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Invalid dynamic iterator name",
				Detail:   "Dynamic iterator must be a single variable name.",
				Subject:  attr.Expr.Range().Ptr(),
			})
		}
	}
	if attr := content.Attributes["labels"]; attr != nil {
		exprs, diags := hcl.ExprList(attr.Expr)
		r.diags = append(r.diags, diags...)
		for _, x := range exprs {
			d.Labels = append(d.Labels, NewExpression(x))
		}
	}
	for _, c := range content.Blocks {
		if c.Type == "content" {
			cs := dynamicSchema.Block("content").Body
			if dyn := sb.Block("dynamic"); dyn != nil && dyn.ByLabel[d.Type] != nil {
				// Provider schemas give each nested block type its
				// dynamic body (schema.Language.WithProviders).
				if content := dyn.ByLabel[d.Type].Block("content"); content != nil && content.Body != nil {
					cs = content.Body
				}
			}
			d.Content = r.nested(c.Body, cs)
		}
	}
	return d
}

func (e *Expressions) addAttribute(name string, x *Expression) {
	if e.Attributes == nil {
		e.Attributes = make(map[string]*Expression)
	}
	e.Attributes[name] = x
}

// addBlock adds a block of type typ. The first block of a type sets the
// nesting; under map nesting each block is keyed by its first label.
func (e *Expressions) addBlock(typ string, nesting schema.Nesting, labels []string, x *Expressions) {
	if e.Blocks == nil {
		e.Blocks = make(map[string]*NestedBlocks)
	}
	nb := e.Blocks[typ]
	if nb == nil {
		nb = &NestedBlocks{Nesting: nesting}
		e.Blocks[typ] = nb
	}
	nb.Blocks = append(nb.Blocks, x)
	if nb.Nesting == schema.NestingMap {
		key := ""
		if len(labels) > 0 {
			key = labels[0]
		}
		nb.Keys = append(nb.Keys, key)
	}
}

// merge adds the content of an escape block.
func (e *Expressions) merge(o *Expressions) {
	for name, x := range o.Attributes {
		e.addAttribute(name, x)
	}
	for typ, nb := range o.Blocks {
		for i, x := range nb.Blocks {
			var labels []string
			if nb.Nesting == schema.NestingMap {
				labels = nb.Keys[i : i+1]
			}
			e.addBlock(typ, nb.Nesting, labels, x)
		}
	}
	e.Dynamic = append(e.Dynamic, o.Dynamic...)
}

// orNil returns e, or nil when it is empty.
func (e *Expressions) orNil() *Expressions {
	if e.empty() {
		return nil
	}
	return e
}

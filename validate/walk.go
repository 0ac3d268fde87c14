package validate

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// visitor is called for every expression that a body holds, with the
// scope it is evaluated in and, when the schema knows it, the type its
// value must convert to (cty.NilType when none), and the argument's name.
// It returns the expression's value (cty.DynamicVal when unknown), which
// says whether a dynamic block's content is evaluated.
type visitor func(expr hcl.Expression, sc *scope, want cty.Type, name string) cty.Value

// walk calls v for each expression of body, read with the schema s (nil:
// no schema, every argument an expression), recursing into nested
// blocks: dynamic blocks add their iterator, provisioner, connection and
// postcondition blocks make self available. res is the resource the
// body configures, if any.
func walk(body hcl.Body, s *schema.Body, sc *scope, res *resource, v visitor) {
	if body == nil {
		return
	}
	if s == nil {
		walkRaw(body, sc, res, v)
		return
	}
	content, _, _ := s.Content(body)
	walkContent(body, content, s, sc, res, v)
}

// walkContent is walk for a body whose content, read with s (not nil),
// the caller has already.
func walkContent(body hcl.Body, content *hcl.BodyContent, s *schema.Body, sc *scope, res *resource, v visitor) {
	if content == nil {
		return
	}
	for _, a := range sortedAttributes(content.Attributes) {
		arg, ok := s.Argument(a.Name)
		if !ok || arg.Mode != schema.Expression || arg.Shape != schema.One {
			continue
		}
		want := cty.NilType
		if arg.Attribute != nil {
			want = arg.Attribute.Type
		}
		v(a.Expr, sc, want, a.Name)
	}
	for _, b := range content.Blocks {
		walkBlock(b, s, sc, res, v)
	}
	if s.Open {
		walkRemain(body, content, s, sc, res, v)
	}
}

// walkBlock walks a nested block of a body whose schema is s.
func walkBlock(b *hcl.Block, s *schema.Body, sc *scope, res *resource, v visitor) {
	inner := sc
	switch b.Type {
	case "provisioner", "connection", "postcondition":
		if res != nil {
			c := *sc
			c.self = res
			inner = &c
		}
	case "dynamic":
		walkDynamic(b, s, sc, res, v)
		return
	}
	var bs *schema.Body
	if blk := s.Block(b.Type); blk != nil {
		bs = blk.Body
		if len(b.Labels) > 0 {
			bs = blk.BodyFor(b.Labels[0])
		}
	} else if a := s.BlocksArgument(b.Type); a != nil {
		bs = a.AsBlocks
	}
	walk(b.Body, bs, inner, res, v)
}

// walkDynamic walks a dynamic block: for_each in sc, the content with
// the iterator, in the mode that for_each's value gives it (contentMode).
func walkDynamic(b *hcl.Block, s *schema.Body, sc *scope, res *resource, v visitor) {
	if len(b.Labels) == 0 {
		return
	}
	typ := b.Labels[0]
	content, _, _ := b.Body.PartialContent(dynamicSchema)
	if content == nil {
		return
	}
	iter := typ
	if a, ok := content.Attributes["iterator"]; ok {
		if w := hcl.ExprAsKeyword(a.Expr); w != "" {
			iter = w
		} else if val, d := a.Expr.Value(nil); !d.HasErrors() && val.Type() == cty.String && val.IsKnown() && !val.IsNull() {
			iter = val.AsString()
		}
	}
	// The for_each and labels of a dynamic block in content that is not
	// evaluated are still read (see contentMode).
	head := sc
	switch sc.content {
	case deferred:
		head = sc.in(evaluated)
	case empty:
		head = sc.in(referencesOnly)
	}
	// The content is evaluated only when every for_each around it is
	// known and not empty: the later modes win (evaluated < deferred <
	// empty).
	mode := sc.content
	if a, ok := content.Attributes["for_each"]; ok {
		mode = max(mode, forEachMode(v(a.Expr, head, cty.NilType, a.Name)))
	}
	if a, ok := content.Attributes["labels"]; ok {
		v(a.Expr, head.with(iter), cty.NilType, a.Name)
	}
	inner := sc.with(iter).in(mode)
	var bs *schema.Body
	if s != nil {
		if blk := s.Block(typ); blk != nil {
			bs = blk.Body
		} else if a := s.BlocksArgument(typ); a != nil {
			bs = a.AsBlocks
		}
	}
	for _, cb := range content.Blocks {
		walk(cb.Body, bs, inner, res, v)
	}
}

// dynamicSchema is what walkDynamic reads of a dynamic block.
var dynamicSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "for_each"}, {Name: "iterator"}, {Name: "labels"}},
	Blocks:     []hcl.BlockHeaderSchema{{Type: "content"}},
}

// forEachMode is the mode of a dynamic block's content whose for_each
// has the value val, as dynblock expands it: an unknown value gives one
// block of unknown arguments (deferred), a known collection one block
// per element (evaluated; none, when it is empty); a value that is no
// collection is an error of dynblock's, and gives no block.
func forEachMode(val cty.Value) contentMode {
	val, _ = val.Unmark()
	if !val.IsKnown() {
		return deferred
	}
	ty := val.Type()
	if val.IsNull() || !(ty.IsCollectionType() || ty.IsObjectType() || ty.IsTupleType()) {
		return empty
	}
	if val.LengthInt() == 0 {
		return empty
	}
	return evaluated
}

// walkRemain walks what an open body holds beyond its schema. In a JSON
// body, which cannot tell a nested block from an argument without a
// schema, a "dynamic" property is read as dynamic blocks, as dynblock
// reads it, and a property whose value holds one in its objects, at any
// depth, as nested blocks: they are the nested blocks that generate
// blocks, whose content refers to an iterator (spec.md {#validate} V10).
// Any other property is an argument.
func walkRemain(body hcl.Body, content *hcl.BodyContent, s *schema.Body, sc *scope, res *resource, v visitor) {
	if nb, ok := body.(*hclsyntax.Body); ok {
		for _, a := range sortedSyntaxAttributes(nb.Attributes) {
			if _, done := content.Attributes[a.Name]; done || s.Lookup(a.Name) != nil {
				continue
			}
			v(a.Expr, sc, cty.NilType, a.Name)
		}
		for _, b := range nb.Blocks {
			if s.Lookup(b.Type) != nil {
				continue
			}
			walkBlock(b.AsHCLBlock(), rawBody, sc, res, v)
		}
		return
	}
	_, remain, _ := body.PartialContent(s.HCL())
	if remain == nil {
		return
	}
	attrs, _ := remain.JustAttributes()
	var nested *hcl.BodySchema
	for _, a := range sortedAttributes(attrs) {
		switch {
		case s.Lookup(a.Name) != nil:
		case a.Name == "dynamic":
			nested = addBlockType(nested, a.Name, "type")
		case holdsDynamic(a.Expr):
			nested = addBlockType(nested, a.Name)
		default:
			v(a.Expr, sc, cty.NilType, a.Name)
		}
	}
	if nested == nil {
		return
	}
	blocks, _, _ := remain.PartialContent(nested)
	if blocks == nil {
		return
	}
	for _, b := range blocks.Blocks {
		walkBlock(b, rawBody, sc, res, v)
	}
}

// addBlockType adds a block type to s, made when nil.
func addBlockType(s *hcl.BodySchema, typ string, labels ...string) *hcl.BodySchema {
	if s == nil {
		s = &hcl.BodySchema{}
	}
	s.Blocks = append(s.Blocks, hcl.BlockHeaderSchema{Type: typ, LabelNames: labels})
	return s
}

// holdsDynamic reports whether a JSON value read as nested blocks (an
// object, or an array of objects) has a "dynamic" property whose value
// reads as blocks, in one of its objects or in the value of any of their
// properties, at any depth. A native expression is never a block.
func holdsDynamic(e hcl.Expression) bool {
	if _, native := e.(hclsyntax.Expression); native {
		return false
	}
	for _, obj := range jsonObjects(e) {
		for _, kv := range obj {
			if jsonKey(kv.Key) == "dynamic" && len(jsonObjects(kv.Value)) > 0 {
				return true
			}
			if holdsDynamic(kv.Value) {
				return true
			}
		}
	}
	return false
}

// jsonObjects returns the properties of the objects that a JSON value
// read as blocks holds: its own when it is an object, each element's
// when it is an array of objects; nil for any other value.
func jsonObjects(e hcl.Expression) [][]hcl.KeyValuePair {
	type lister interface{ ExprList() []hcl.Expression }
	type mapper interface{ ExprMap() []hcl.KeyValuePair }
	if l, ok := e.(lister); ok {
		if elems := l.ExprList(); elems != nil {
			var objs [][]hcl.KeyValuePair
			for _, el := range elems {
				m, ok := el.(mapper)
				if !ok {
					return nil
				}
				obj := m.ExprMap()
				if obj == nil {
					return nil
				}
				objs = append(objs, obj)
			}
			return objs
		}
	}
	if m, ok := e.(mapper); ok {
		if obj := m.ExprMap(); obj != nil {
			return [][]hcl.KeyValuePair{obj}
		}
	}
	return nil
}

// jsonKey returns the text of a JSON property's name ("" when it is not
// a string).
func jsonKey(k hcl.Expression) string {
	val, diags := k.Value(nil)
	if diags.HasErrors() || val.Type() != cty.String || !val.IsKnown() || val.IsNull() {
		return ""
	}
	return val.AsString()
}

// rawBody is the schema of a body that nothing describes: every argument
// an expression, every block walked as written.
var rawBody = &schema.Body{Open: true, AnyAttributesMode: schema.Expression}

// walkRaw walks a body that no schema describes: a native body's
// attributes and blocks, a JSON body's properties as expressions.
func walkRaw(body hcl.Body, sc *scope, res *resource, v visitor) {
	walk(body, rawBody, sc, res, v)
}

// sortedSyntaxAttributes returns attrs in source order.
func sortedSyntaxAttributes(attrs hclsyntax.Attributes) []*hclsyntax.Attribute {
	var list []*hclsyntax.Attribute
	for _, a := range attrs {
		list = append(list, a)
	}
	sortBy(list, func(a *hclsyntax.Attribute) hcl.Range { return a.SrcRange })
	return list
}

// sortedAttributes returns attrs in source order.
func sortedAttributes(attrs hcl.Attributes) []*hcl.Attribute {
	if len(attrs) == 0 {
		return nil
	}
	list := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		list = append(list, a)
	}
	if len(list) > 1 {
		sortBy(list, func(a *hcl.Attribute) hcl.Range { return a.Range })
	}
	return list
}

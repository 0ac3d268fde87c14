package hcljson

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
)

// body is a JSON object, an array of objects, or null, read as an HCL body.
type body struct {
	f    *file
	node int // noNode: the empty placeholder root

	// hidden names were taken by an earlier PartialContent.
	hidden map[string]struct{}
}

var _ hcl.Body = (*body)(nil)

// flatten calls fn for the members of a body or label level: the members of
// an object, or of each object in an array, in written order. label names
// the label being read ("" for a body) for the messages about a value of the
// wrong type. A null value has no members; a value that failed to parse has
// none either and no further diagnostic.
func (b *body) flatten(node int, label string, diags *hcl.Diagnostics, fn func(key, val int)) {
	f := b.f
	switch f.kind(node) {
	case scanner.Null, scanner.Invalid:
	case scanner.Object:
		f.members(node, func(k, v int) bool { fn(k, v); return true })
	case scanner.Array:
		f.elements(node, func(e int) bool {
			switch f.kind(e) {
			case scanner.Object:
				f.members(e, func(k, v int) bool { fn(k, v); return true })
			case scanner.Invalid:
			default:
				if diags == nil {
					return true
				}
				detail := "A JSON object is required here, to define arguments and child blocks."
				if label != "" {
					detail = fmt.Sprintf("A JSON object is required here, to specify %s labels for this block.", label)
				}
				r := f.startRange(e)
				*diags = append(*diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Incorrect JSON value type",
					Detail:   detail,
					Subject:  &r,
				})
			}
			return true
		})
	default:
		if diags == nil {
			return
		}
		detail := "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks."
		if label != "" {
			detail = fmt.Sprintf("Either a JSON object or JSON array of objects is required here, to specify %s labels for this block.", label)
		}
		r := f.startRange(node)
		*diags = append(*diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Incorrect JSON value type",
			Detail:   detail,
			Subject:  &r,
		})
	}
}

// schemaIndex finds attribute and block schemas by name.
type schemaIndex struct {
	schema *hcl.BodySchema
	attrs  map[string]int
	blocks map[string]int
}

const schemaMapMin = 12

func newSchemaIndex(s *hcl.BodySchema) *schemaIndex {
	x := &schemaIndex{schema: s}
	if len(s.Attributes) >= schemaMapMin {
		x.attrs = make(map[string]int, len(s.Attributes))
		for i := len(s.Attributes) - 1; i >= 0; i-- {
			x.attrs[s.Attributes[i].Name] = i
		}
	}
	if len(s.Blocks) >= schemaMapMin {
		x.blocks = make(map[string]int, len(s.Blocks))
		for i := len(s.Blocks) - 1; i >= 0; i-- {
			x.blocks[s.Blocks[i].Type] = i
		}
	}
	return x
}

func (x *schemaIndex) attr(name string) int {
	if x.attrs != nil {
		if i, ok := x.attrs[name]; ok {
			return i
		}
		return -1
	}
	for i := range x.schema.Attributes {
		if x.schema.Attributes[i].Name == name {
			return i
		}
	}
	return -1
}

func (x *schemaIndex) block(name string) int {
	if x.blocks != nil {
		if i, ok := x.blocks[name]; ok {
			return i
		}
		return -1
	}
	for i := range x.schema.Blocks {
		if x.schema.Blocks[i].Type == name {
			return i
		}
	}
	return -1
}

func (b *body) Content(schema *hcl.BodySchema) (*hcl.BodyContent, hcl.Diagnostics) {
	content, used, diags := b.partialContent(schema)

	var suggestions []string
	for _, a := range schema.Attributes {
		if _, ok := used[a.Name]; !ok {
			suggestions = append(suggestions, a.Name)
		}
	}
	for _, bs := range schema.Blocks {
		suggestions = append(suggestions, bs.Type)
	}
	f := b.f
	b.flatten(b.node, "", nil, func(k, v int) {
		name := f.doc.Text(k)
		if name == "//" {
			return
		}
		if _, ok := used[name]; ok {
			return
		}
		detail := fmt.Sprintf("No argument or block type is named %q.", name)
		if s := nameSuggestion(name, suggestions); s != "" {
			detail += fmt.Sprintf(" Did you mean %q?", s)
		}
		nameRange := f.srcRange(k)
		ctx := nameRange
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Extraneous JSON object property",
			Detail:   detail,
			Subject:  &nameRange,
			Context:  &ctx,
		})
	})
	return content, diags
}

func (b *body) PartialContent(schema *hcl.BodySchema) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	content, used, diags := b.partialContent(schema)
	return content, &body{f: b.f, node: b.node, hidden: used}, diags
}

// partialContent decodes what the schema names and returns the names now
// taken (those hidden before included).
func (b *body) partialContent(schema *hcl.BodySchema) (*hcl.BodyContent, map[string]struct{}, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	f := b.f
	used := make(map[string]struct{}, len(b.hidden)+len(schema.Attributes)+len(schema.Blocks))
	for k := range b.hidden {
		used[k] = struct{}{}
	}
	content := &hcl.BodyContent{
		Attributes:       map[string]*hcl.Attribute{},
		MissingItemRange: b.MissingItemRange(),
	}
	x := newSchemaIndex(schema)
	b.flatten(b.node, "", &diags, func(k, v int) {
		name := f.doc.Text(k)
		if _, hidden := b.hidden[name]; hidden {
			return
		}
		if ai := x.attr(name); ai >= 0 {
			name = schema.Attributes[ai].Name
			nameRange := f.srcRange(k)
			if existing, ok := content.Attributes[name]; ok {
				ctx := nameRange
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Duplicate argument",
					Detail:   fmt.Sprintf("The argument %q was already set at %s.", name, existing.Range),
					Subject:  &nameRange,
					Context:  &ctx,
				})
				return
			}
			content.Attributes[name] = b.attribute(name, k, v, nameRange)
			used[name] = struct{}{}
			return
		}
		if bi := x.block(name); bi >= 0 {
			bs := schema.Blocks[bi]
			typeRange := f.srcRange(k)
			u := unpacker{b: b, typ: bs.Type, typeRange: typeRange, labelNames: bs.LabelNames, diags: &diags, blocks: &content.Blocks}
			u.unpack(v, 0)
			used[name] = struct{}{}
		}
	})
	for _, a := range schema.Attributes {
		if !a.Required {
			continue
		}
		if _, ok := content.Attributes[a.Name]; !ok {
			r := b.MissingItemRange()
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Missing required argument",
				Detail:   fmt.Sprintf("The argument %q is required, but no definition was found.", a.Name),
				Subject:  &r,
			})
		}
	}
	return content, used, diags
}

func (b *body) attribute(name string, k, v int, nameRange hcl.Range) *hcl.Attribute {
	f := b.f
	end := f.pos(int(f.node(v).End))
	return &hcl.Attribute{
		Name:      name,
		Expr:      &expression{f: f, node: v},
		Range:     hcl.Range{Filename: f.filename, Start: nameRange.Start, End: end},
		NameRange: nameRange,
	}
}

// JustAttributes reads every property of a single object as an attribute.
func (b *body) JustAttributes() (hcl.Attributes, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	f := b.f
	attrs := make(hcl.Attributes)
	switch f.kind(b.node) {
	case scanner.Object:
	case scanner.Invalid:
		return attrs, nil
	default:
		r := f.startRange(b.node)
		return attrs, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Incorrect JSON value type",
			Detail:   "A JSON object is required here, setting the arguments for this block.",
			Subject:  &r,
		}}
	}
	f.members(b.node, func(k, v int) bool {
		name := f.doc.Text(k)
		if name == "//" {
			return true
		}
		if _, hidden := b.hidden[name]; hidden {
			return true
		}
		nameRange := f.srcRange(k)
		if existing, ok := attrs[name]; ok {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Duplicate attribute definition",
				Detail:   fmt.Sprintf("The argument %q was already set at %s.", name, existing.Range),
				Subject:  &nameRange,
			})
			return true
		}
		attrs[name] = b.attribute(name, k, v, nameRange)
		return true
	})
	return attrs, diags
}

// MissingItemRange is the closing brace of an object body, the opening
// bracket of an array body, or the start of any other value.
func (b *body) MissingItemRange() hcl.Range {
	f := b.f
	switch f.kind(b.node) {
	case scanner.Object:
		return f.closeRange(b.node)
	default:
		return f.startRange(b.node)
	}
}

package gen

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
)

// FormatJSON rewrites a file in HCL's JSON syntax in the canonical general
// array form: every block that the schema lists is written as one
// property per block type holding an array with one element per block,
// its labels one nested single-property object each, at the place of the
// first block of its type; arguments, "//" comments and properties that
// the schema does not place keep their order and their JSON values
// exactly (strings with the same text, numbers with the same digits,
// objects with their members in order, duplicates included). The meaning
// does not change: decoding the source and the result with the schema
// gives the same arguments and the same blocks in the same order within
// each type. Nil schema means a generic file: only the layout changes.
//
// FormatJSON is idempotent. On syntax errors it returns no output.
func FormatJSON(src []byte, filename string, s *schema.Body, enc Options) ([]byte, hcl.Diagnostics) {
	file, diags := hcljson.Parse(src, filename)
	if diags.HasErrors() {
		return nil, diags
	}
	out, more := FormatFile(file, s, enc)
	return out, append(diags, more...)
}

// FormatFile is FormatJSON for a file that hcljson.Parse made without
// errors: it reads the tape the file was decoded from, so a caller that
// needs the parsed file too parses once. Any other file is an error.
func FormatFile(file *hcl.File, s *schema.Body, enc Options) ([]byte, hcl.Diagnostics) {
	source, ok := hcljson.SourceOf(file)
	if !ok || len(source.Doc.Errors) > 0 {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Not a valid JSON-syntax file",
			Detail:   "FormatFile reads files that hcljson.Parse made without syntax errors.",
		}}
	}
	c := &formatter{Source: source}
	if s == nil {
		s = &schema.Body{Open: true}
	}
	f := NewFile()
	if len(c.Doc.Nodes) > 0 {
		c.formatBody(f.Body(), 0, s)
	}
	if c.diags.HasErrors() {
		return nil, c.diags
	}
	return AppendFile(nil, f, enc), c.diags
}

// formatter rewrites a parsed file in the general array form.
type formatter struct {
	*hcljson.Source
	diags hcl.Diagnostics
}

// formatBody appends the content of body node i, read with schema s,
// to dst.
func (c *formatter) formatBody(dst *Body, i int, s *schema.Body) {
	for obj := range c.BodyObjects(i, "A body", &c.diags) {
		for k, v := range c.Doc.Members(obj) {
			name := c.Doc.Text(k)
			if blk, ok := s.Lookup(name).(*schema.Block); ok && name != "//" {
				c.formatBlocks(dst, v, blk, name, nil)
				continue
			}
			if name == "//" && c.Kind(v) == scanner.String {
				dst.AppendComment(c.Doc.Text(v))
				continue
			}
			dst.AppendAttribute(name, c.verbatim(v), Literal)
		}
	}
}

// formatBlocks appends the blocks of type typ held by node v.
func (c *formatter) formatBlocks(dst *Body, v int, blk *schema.Block, typ string, labels []string) {
	if c.Kind(v) == scanner.Null {
		return // no blocks, as HCL reads it
	}
	if len(labels) < len(blk.Labels) {
		for obj := range c.BodyObjects(v, "The "+blk.Labels[len(labels)]+" of a "+typ+" block", &c.diags) {
			for lk, lv := range c.Doc.Members(obj) {
				c.formatBlocks(dst, lv, blk, typ, append(labels[:len(labels):len(labels)], c.Doc.Text(lk)))
			}
		}
		return
	}
	body := blk.Body
	if len(labels) > 0 {
		body = blk.BodyFor(labels[0])
	}
	for obj := range c.BodyObjects(v, "The body of a "+typ+" block", &c.diags) {
		b := dst.AppendBlock(typ, labels...)
		c.formatBody(b.Body(), obj, body)
	}
}

// verbatim returns node i as a Value that writes the same JSON value:
// strings with the same text, numbers with the same digits.
func (c *formatter) verbatim(i int) Value {
	switch c.Kind(i) {
	case scanner.True:
		return Bool(true)
	case scanner.False:
		return Bool(false)
	case scanner.Number:
		return Value{kind: kindNumber, text: c.Doc.Literal(i)}
	case scanner.String:
		return Template(c.Doc.Text(i))
	case scanner.Array:
		var elems []Value
		for e := range c.Doc.Elements(i) {
			elems = append(elems, c.verbatim(e))
		}
		return Array(elems...)
	case scanner.Object:
		var props []Prop
		for k, v := range c.Doc.Members(i) {
			props = append(props, Prop{Key: Template(c.Doc.Text(k)), Value: c.verbatim(v)})
		}
		return Object(props...)
	}
	return Null()
}

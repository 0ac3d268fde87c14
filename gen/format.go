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
	doc, lines, _ := hcljson.Tape(file)
	c := &jsonConv{doc: doc, lines: lines, filename: filename}
	if s == nil {
		s = &schema.Body{Open: true}
	}
	f := NewFile()
	if len(doc.Nodes) > 0 {
		c.formatBody(f.Body(), 0, s)
	}
	if c.diags.HasErrors() {
		return nil, append(diags, c.diags...)
	}
	return AppendFile(nil, f, enc), append(diags, c.diags...)
}

// formatBody appends the content of body node i, read with schema s,
// to dst.
func (c *jsonConv) formatBody(dst *Body, i int, s *schema.Body) {
	c.eachObject(i, "A body", func(obj int) {
		c.eachMember(obj, func(k, v int) {
			name := c.doc.Text(k)
			if blk, ok := s.Lookup(name).(*schema.Block); ok && name != "//" {
				c.formatBlocks(dst, v, blk, name, nil)
				return
			}
			if name == "//" && c.kind(v) == scanner.String {
				dst.AppendComment(c.doc.Text(v))
				return
			}
			dst.AppendAttribute(name, c.verbatim(v), Literal)
		})
	})
}

// formatBlocks appends the blocks of type typ held by node v.
func (c *jsonConv) formatBlocks(dst *Body, v int, blk *schema.Block, typ string, labels []string) {
	if c.kind(v) == scanner.Null {
		return // no blocks, as HCL reads it
	}
	if len(labels) < len(blk.Labels) {
		c.eachObject(v, "The "+blk.Labels[len(labels)]+" of a "+typ+" block", func(obj int) {
			c.eachMember(obj, func(lk, lv int) {
				c.formatBlocks(dst, lv, blk, typ, append(labels[:len(labels):len(labels)], c.doc.Text(lk)))
			})
		})
		return
	}
	body := blk.Body
	if len(labels) > 0 {
		body = blk.BodyFor(labels[0])
	}
	c.eachObject(v, "The body of a "+typ+" block", func(obj int) {
		b := dst.AppendBlock(typ, labels...)
		c.formatBody(b.Body(), obj, body)
	})
}

// verbatim returns node i as a Value that writes the same JSON value:
// strings with the same text, numbers with the same digits.
func (c *jsonConv) verbatim(i int) Value {
	switch c.kind(i) {
	case scanner.True:
		return Bool(true)
	case scanner.False:
		return Bool(false)
	case scanner.Number:
		return Value{kind: kindNumber, text: c.doc.Literal(i)}
	case scanner.String:
		return Template(c.doc.Text(i))
	case scanner.Array:
		var elems []Value
		for e := c.doc.FirstChild(i); e >= 0; e = c.doc.NextChild(i, e) {
			elems = append(elems, c.verbatim(e))
		}
		return Array(elems...)
	case scanner.Object:
		var props []Prop
		c.eachMember(i, func(k, v int) {
			props = append(props, Prop{Key: Template(c.doc.Text(k)), Value: c.verbatim(v)})
		})
		return Object(props...)
	}
	return Null()
}

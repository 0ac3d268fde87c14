package gen

import (
	"bytes"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/jsonw"
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
// FormatJSON is idempotent. On syntax errors it returns no output, and
// none when it refuses the file: a block type that the schema lists whose
// value the decoder does not read as blocks (a label level without a
// label, as in {"resource": {}}, or a value of the wrong type where labels
// or a body go). The diagnostics are then the decoder's, with their ranges
// (hcljson.Source.Blocks, spec.md C27), where a block's body that is not
// an object is the formatter's own error.
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
	f := NewFile()
	_, diags := walkBlocks("FormatFile", file, s, f.Body())
	if diags.HasErrors() {
		return nil, diags
	}
	return AppendFile(nil, f, enc), diags
}

// LayoutFile lays out a file that hcljson.Parse made without errors in the
// form its author wrote it: two spaces of indentation, one member or
// element a line, an empty object or array as {} or [], and a final
// newline. Only the white space between tokens changes: blocks stay in
// the object or array form they were written in (cdktf's object form
// included), members keep their order, duplicates included, strings and
// numbers keep their bytes, and a leading byte order mark stays. It refuses
// what FormatFile refuses, with the same diagnostics: blocks that the
// schema lists whose labels do not nest as the decoder reads them
// ({"resource": {}}, "resource": "x"), and then returns no output. Nil
// schema means a generic file.
//
// LayoutFile is idempotent, and what FormatFile writes is laid out
// already: LayoutFile returns it unchanged. Any other file than one
// hcljson.Parse made without errors is an error.
func LayoutFile(file *hcl.File, s *schema.Body) ([]byte, hcl.Diagnostics) {
	source, diags := walkBlocks("LayoutFile", file, s, nil)
	if diags.HasErrors() {
		return nil, diags
	}
	src := source.Bytes
	w := jsonw.Writer{Indent: 2, Buf: make([]byte, 0, len(src)+len(src)/4)}
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		w.Buf = append(w.Buf, "\ufeff"...)
		src = src[len("\ufeff"):]
	}
	w.Reindent(src)
	return append(w.Buf, '\n'), diags
}

// walkBlocks reads file, which function fn was given, with schema s: the
// blocks it lists are appended to dst in the general array form or, with
// a nil dst, only read. The diagnostics are those of the blocks that
// cannot be read, or say that file is not one hcljson.Parse made without
// errors.
func walkBlocks(fn string, file *hcl.File, s *schema.Body, dst *Body) (*hcljson.Source, hcl.Diagnostics) {
	source, ok := hcljson.SourceOf(file)
	if !ok || len(source.Doc.Errors) > 0 {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Not a valid JSON-syntax file",
			Detail:   fn + " reads files that hcljson.Parse made without syntax errors.",
		}}
	}
	c := &formatter{Source: source}
	if s == nil {
		s = &schema.Body{Open: true}
	}
	if len(c.Doc.Nodes) > 0 {
		c.formatBody(dst, 0, s)
	}
	return source, c.diags
}

// formatter rewrites a parsed file in the general array form.
type formatter struct {
	*hcljson.Source
	diags hcl.Diagnostics
}

// formatBody appends the content of body node i, read with schema s,
// to dst; with a nil dst it only reads the blocks.
func (c *formatter) formatBody(dst *Body, i int, s *schema.Body) {
	for obj := range c.BodyObjects(i, "A body", &c.diags) {
		for k, v := range c.Doc.Members(obj) {
			name := c.Doc.Text(k)
			if blk, ok := s.Lookup(name).(*schema.Block); ok && name != "//" {
				c.formatBlocks(dst, v, blk, name)
				continue
			}
			if dst == nil {
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

// formatBlocks appends the blocks of type typ held by node v, as the
// decoder finds them (hcljson.Source.Blocks): its diagnostics, where the
// labels do not nest as blk's, are the formatter's.
func (c *formatter) formatBlocks(dst *Body, v int, blk *schema.Block, typ string) {
	for b := range c.Blocks(v, typ, blk.Labels, &c.diags) {
		if c.Kind(b.Body) != scanner.Object {
			// An element of an array at the body level that is not an
			// object: the decoder makes a block of it and reports it
			// only when the body is decoded, if the body is; a block
			// is written as one object.
			c.diags = append(c.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Incorrect JSON value type",
				Detail:   "The body of a " + typ + " block must be a JSON object, or an array of objects.",
				Subject:  c.Range(b.Body).Ptr(),
			})
			continue
		}
		body := blk.Body
		if len(b.LabelKeys) > 0 {
			body = blk.BodyFor(c.Doc.Text(b.LabelKeys[0]))
		}
		var inner *Body
		if dst != nil {
			labels := make([]string, len(b.LabelKeys))
			for i, k := range b.LabelKeys {
				labels[i] = c.Doc.Text(k)
			}
			inner = dst.AppendBlock(typ, labels...).Body()
		}
		c.formatBody(inner, b.Body, body)
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

package tojson

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hcljson/hcljson/gen"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/nativefmt"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Options says how FromNative and Convert convert native HCL.
type Options struct {
	// Comments carries the comments directly above an attribute or a
	// block (on the lines just before it, with no blank line between) as
	// a "//" property. A comment above an attribute, or above the first
	// block of a type in a body, is written before it; a comment above a
	// later block of a type, whose group is already written further up,
	// is written first in that block's body. Other comments are dropped.
	Comments bool

	// Mode, when set, says how the attribute called name is read in the
	// body of the innermost of blocks (the root body when blocks is
	// empty): Expr or Literal. Without it every attribute is Expr. A
	// Literal attribute must be a constant: its strings are written as
	// they are.
	Mode func(blocks []*hclsyntax.Block, name string) gen.Mode

	// Schema, when set, is the schema of the file's root body (such as
	// schema.Terraform.Root); it replaces Mode. schema.Generic.Root is the
	// same as none. Each attribute is written
	// as the schema's mode reads it: expressions as usual, literals with
	// their strings as they are, and type expressions, references,
	// keywords and native expressions as their source text in a plain
	// string (lists and maps of them as arrays and objects of such
	// strings). A value that the JSON reading would change is an error.
	// Blocks follow the schema's block types; a block type it does not
	// list has expression attributes.
	Schema *schema.Body
}

// FromNative converts a file of HCL's native syntax (from
// hclsyntax.ParseConfig; f.Bytes must be its source) to a JSON-syntax file
// in the general array form: block types and labels come from the block
// headers, attributes keep their order, literals stay JSON literals,
// templates keep their parts, and any other expression is written as
// "${<its source text>}". What cannot be written so that it means the
// same is an error naming the attribute. Any other file (nil included) is
// an error; FromNative panics if f.Bytes is shorter than the body it
// parsed, which it cannot be when it is the source.
func FromNative(f *hcl.File, opts Options) (*gen.File, hcl.Diagnostics) {
	var body *hclsyntax.Body
	if f != nil {
		body, _ = f.Body.(*hclsyntax.Body)
	}
	if body == nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Not native syntax",
			Detail:   "Only a file parsed by hclsyntax (HCL's native syntax) can be converted to JSON.",
		}}
	}
	if end := body.SrcRange.End.Byte; len(f.Bytes) < end {
		panic(fmt.Sprintf("tojson: FromNative: f.Bytes is not the file's source: %d bytes, and its body ends at byte %d", len(f.Bytes), end))
	}
	if opts.Schema != nil {
		// The structure must be what the language accepts, as Terraform
		// and OpenTofu report it: a block the schema does not know, or
		// where it has an argument, would become JSON that means
		// something else, or that does not convert back.
		if diags := opts.Schema.CheckStructure(f.Body); diags.HasErrors() {
			return nil, diags
		}
	}
	c := &nativeConv{src: f.Bytes, opts: opts, schema: opts.Schema}
	out := gen.NewFile()
	c.body(out.Body(), body, 0)
	return out, c.diags
}

// Convert parses src as native HCL and returns it in JSON syntax,
// encoded with enc. On errors it returns no output and the diagnostics.
//
// When opts has neither Schema nor Mode, the file's language is chosen by
// its name, as the hcljson command chooses it (schema.LanguageFor): a .tf
// file is Terraform configuration, a .tofu file OpenTofu's, a .tftest.hcl
// file a test file; any other name is generic HCL. Give a Schema to
// choose otherwise: schema.OpenTofu.Root for a .tf file of an OpenTofu
// module, schema.Generic.Root for generic HCL whatever the name.
func Convert(src []byte, filename string, opts Options, enc gen.Options) ([]byte, hcl.Diagnostics) {
	opts = opts.forFile(filename)
	f, diags := ParseNative(src, filename)
	if diags.HasErrors() {
		return nil, diags
	}
	out, more := FromNative(f, opts)
	diags = append(diags, more...)
	if diags.HasErrors() {
		return nil, diags
	}
	return gen.AppendFile(nil, out, enc), diags
}

// forFile returns opts with the schema that Convert chooses for a file
// called filename.
func (opts Options) forFile(filename string) Options {
	if opts.Schema == nil && opts.Mode == nil {
		if lang := schema.LanguageFor(filename); lang != nil {
			opts.Schema = lang.Root
		}
	}
	if opts.Schema == schema.Generic.Root {
		opts.Schema = nil // every attribute an expression, blocks as written
	}
	return opts
}

// nativeConv holds the state of one conversion.
type nativeConv struct {
	src []byte
	// The current argument's value, laid out as terraform fmt lays it
	// out (see layout): its source range [lstart, lend), the laid-out
	// text, and the offsets of the source in it (nil when the source is
	// laid out already).
	lstart, lend int
	ltext        []byte
	lmap         *nativefmt.Map
	opts         Options
	path         []*hclsyntax.Block // the blocks around the body being converted
	// schema is the schema of the body being converted (nil: none).
	schema *schema.Body
	attr   *hclsyntax.Attribute
	diags  hcl.Diagnostics
	buf    []byte // scratch for templates
	// read holds what readText read, by text and mode.
	read map[readKey]readBack
}

// body converts b into dst. start is the byte offset where b's content
// begins (after the opening brace), for finding comments.
func (c *nativeConv) body(dst *gen.Body, b *hclsyntax.Body, start int) {
	c.items(dst, b, &bodyState{prev: start})
}

// bodyState is what converting the items of a body carries from one item
// to the next: where the previous item ended (comments are looked for
// after it), the block types written so far (a comment above the first
// block of a type is the type's, above a later one the block's), and the
// arguments written as blocks so far. A body converted in parts (the
// root of a file, converted piece by piece) carries it across its parts.
type bodyState struct {
	prev  int
	types []string
	args  []string
}

// items converts the attributes and blocks of b into dst, in source
// order, from state st.
func (c *nativeConv) items(dst *gen.Body, b *hclsyntax.Body, st *bodyState) {
	attrs := make([]*hclsyntax.Attribute, 0, len(b.Attributes))
	for _, a := range b.Attributes {
		attrs = append(attrs, a)
	}
	slices.SortFunc(attrs, func(x, y *hclsyntax.Attribute) int {
		return x.SrcRange.Start.Byte - y.SrcRange.Start.Byte
	})
	dst.Grow(len(attrs) + len(b.Blocks))
	for ai, bi := 0, 0; ai < len(attrs) || bi < len(b.Blocks); {
		if bi == len(b.Blocks) || ai < len(attrs) && attrs[ai].SrcRange.Start.Byte < b.Blocks[bi].TypeRange.Start.Byte {
			a := attrs[ai]
			ai++
			if c.opts.Comments {
				if text, ok := c.commentAbove(st.prev, a.SrcRange.Start.Byte, a.NameRange); ok {
					dst.AppendComment(text)
				}
			}
			st.prev = a.SrcRange.End.Byte
			if c.validName(a.Name, a.NameRange) {
				c.attribute(dst, a)
			}
			if c.opts.Comments {
				// A comment after the argument on its line (a = 1 # why)
				// follows it as a "//" property.
				if text, end, ok := c.commentAfter(st.prev, a.NameRange); ok {
					dst.AppendComment(text)
					st.prev = end
				}
			}
			continue
		}
		blk := b.Blocks[bi]
		bi++
		var comment string
		var hasComment bool
		if c.opts.Comments {
			comment, hasComment = c.commentAbove(st.prev, blk.TypeRange.Start.Byte, blk.TypeRange)
			if hasComment && !slices.Contains(st.types, blk.Type) {
				dst.AppendComment(comment)
				hasComment = false
			}
			if !slices.Contains(st.types, blk.Type) {
				st.types = append(st.types, blk.Type)
			}
		}
		st.prev = blk.CloseBraceRange.End.Byte
		valid := c.validName(blk.Type, blk.TypeRange)
		for i, l := range blk.Labels {
			r := blk.TypeRange
			if i < len(blk.LabelRanges) {
				r = blk.LabelRanges[i]
			}
			valid = c.validName(l, r) && valid
		}
		if !valid {
			continue
		}
		if a := c.blockArgument(b, blk); a != nil {
			// An argument written as blocks: one argument, at the place
			// of its first block (whose comment is written above it
			// already; a later block's comment has no place in a value).
			if !slices.Contains(st.args, a.Name) {
				st.args = append(st.args, a.Name)
				c.blocksArgument(dst, b, a)
			}
			continue
		}
		out := dst.AppendBlock(blk.Type, blk.Labels...)
		if hasComment {
			out.Body().AppendComment(comment)
		}
		c.path = append(c.path, blk)
		outer := c.schema
		c.schema = outer.NestedBody(blk.Type, blk.Labels...)
		c.body(out.Body(), blk.Body, blk.OpenBraceRange.End.Byte)
		c.schema = outer
		c.path = c.path[:len(c.path)-1]
	}
}

// validName reports whether an attribute name, block type or label can be
// written in JSON, and reports an error if not.
func (c *nativeConv) validName(name string, r hcl.Range) bool {
	if utf8.ValidString(name) {
		return true
	}
	c.diags = append(c.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Invalid UTF-8",
		Detail:   fmt.Sprintf("The name %q cannot be written in JSON, whose text must be UTF-8.", name),
		Subject:  r.Ptr(),
	})
	return false
}

func (c *nativeConv) attribute(dst *gen.Body, a *hclsyntax.Attribute) {
	c.attr = a
	c.layout(a)
	n := len(c.diags)
	if c.schema != nil {
		v, mode := c.schemaAttribute(a)
		if !c.diags[n:].HasErrors() {
			dst.AppendAttribute(a.Name, v, mode)
		}
		return
	}
	mode := gen.Expr
	if c.opts.Mode != nil {
		mode = c.opts.Mode(c.path, a.Name)
	}
	var v gen.Value
	if mode == gen.Literal {
		v = c.literal(a.Expr)
	} else {
		v = c.expr(a.Expr)
	}
	if !c.diags[n:].HasErrors() {
		dst.AppendAttribute(a.Name, v, mode)
	}
}

// expr converts an expression read with an evaluation context.
func (c *nativeConv) expr(e hclsyntax.Expression) gen.Value {
	switch e := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		return c.literalValue(e)
	case *hclsyntax.TemplateExpr:
		return c.template(e)
	case *hclsyntax.TemplateWrapExpr:
		if constantText(e.Wrapped) {
			// "${"a"}" and "${1}" are "a" and 1: written so, as the way
			// back writes them, the round trip is a fixed point.
			return c.expr(e.Wrapped)
		}
		return c.interpTemplate(e.Wrapped)
	case *hclsyntax.TupleConsExpr:
		elems := make([]gen.Value, len(e.Exprs))
		for i, x := range e.Exprs {
			elems[i] = c.item(x)
		}
		return gen.Array(elems...)
	case *hclsyntax.ObjectConsExpr:
		if keys, ok := staticKeys(e); ok {
			props := make([]gen.Prop, len(e.Items))
			for i, item := range e.Items {
				props[i] = gen.Prop{Key: c.stringValue(keys[i], e), Value: c.item(item.ValueExpr)}
			}
			return gen.Object(props...)
		}
	case *hclsyntax.UnaryOpExpr:
		if v, ok := c.negativeNumber(e); ok {
			return v
		}
	}
	return c.interpTemplate(e)
}

// item converts an element of a tuple or the value of an object's item,
// which JSON holds as an element or a member of its own: an item written
// over several lines is laid out alone, as the value of an argument at
// the same depth, not where it stood in the collection, since the way
// back writes it on lines of its own, deeper than the first line of the
// collection ("l = [lookup(" becomes "l = [", then "lookup("): laid out
// where it stood, its text would keep an indentation that the next
// round trip changes.
func (c *nativeConv) item(x hclsyntax.Expression) gen.Value {
	r := x.Range()
	if r.Start.Line == r.End.Line || r.Start.Byte < 0 || r.End.Byte > len(c.src) || r.Start.Byte > r.End.Byte {
		return c.expr(x)
	}
	lstart, lend, ltext, lmap := c.lstart, c.lend, c.ltext, c.lmap
	c.lstart, c.lend = r.Start.Byte, r.End.Byte
	c.ltext, c.lmap = nativefmt.Value(c.src[r.Start.Byte:r.End.Byte], len(c.path))
	v := c.expr(x)
	c.lstart, c.lend, c.ltext, c.lmap = lstart, lend, ltext, lmap
	return v
}

// constantText reports whether e is a literal value, or a template of
// literal text only.
func constantText(e hclsyntax.Expression) bool {
	switch e := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		return true
	case *hclsyntax.TemplateExpr:
		for _, p := range e.Parts {
			if _, ok := p.(*hclsyntax.LiteralValueExpr); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// literal converts an expression read without an evaluation context: it
// must be a constant, and its strings are written as they are.
func (c *nativeConv) literal(e hclsyntax.Expression) gen.Value {
	switch e := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		return c.literalValue(e)
	case *hclsyntax.TemplateExpr:
		if s, ok := literalText(e); ok {
			return gen.String(s)
		}
	case *hclsyntax.TupleConsExpr:
		elems := make([]gen.Value, len(e.Exprs))
		for i, x := range e.Exprs {
			elems[i] = c.literal(x)
		}
		return gen.Array(elems...)
	case *hclsyntax.ObjectConsExpr:
		if keys, ok := staticKeys(e); ok {
			props := make([]gen.Prop, len(e.Items))
			for i, item := range e.Items {
				props[i] = gen.Prop{Key: gen.String(keys[i]), Value: c.literal(item.ValueExpr)}
			}
			return gen.Object(props...)
		}
	case *hclsyntax.UnaryOpExpr:
		if v, ok := c.negativeNumber(e); ok {
			return v
		}
	}
	// Something to compute, such as 1 + 2: its value with no context.
	val, diags := e.Value(nil)
	if !diags.HasErrors() && val.IsWhollyKnown() {
		v, err := gen.FromCty(val)
		if err == nil {
			return v
		}
	}
	c.fail(e, "Not a constant", "it is read as a literal value, without variables or functions")
	return gen.Value{}
}

// literalValue converts a number, bool, null or string literal.
func (c *nativeConv) literalValue(e *hclsyntax.LiteralValueExpr) gen.Value {
	v := e.Val
	switch {
	case !v.IsKnown() || v.IsMarked():
		// Only in the partial tree of a file with errors.
	case v.IsNull():
		return gen.Null()
	case v.Type() == cty.Bool:
		return gen.Bool(v.True())
	case v.Type() == cty.Number:
		return c.number(c.text(e.SrcRange), v)
	case v.Type() == cty.String:
		return c.stringValue(v.AsString(), e)
	}
	c.fail(e, "Unexpected literal", "it is "+v.GoString())
	return gen.Value{}
}

// number returns the number v written as text in the source: the text
// itself when JSON allows it, its shortest exact form otherwise.
func (c *nativeConv) number(text string, v cty.Value) gen.Value {
	if t := jsonNumberText(text); len(t) <= maxNumberText {
		n, err := gen.Number(t)
		if err != nil {
			c.fail(nil, "Number out of range", err.Error())
		}
		return n
	}
	// Finding the shortest decimal form takes time that grows with the
	// exponent: beyond about 40,000 decimal digits, refuse.
	if exp := v.AsBigFloat().MantExp(nil); exp > maxWrittenExp || exp < -maxWrittenExp {
		c.fail(nil, "Number out of range", fmt.Sprintf("a number of more than %d characters with a decimal exponent beyond ±40,000 cannot be written", maxNumberText))
		return gen.Value{}
	}
	n, err := gen.NumberFloat(v.AsBigFloat())
	if err != nil {
		c.fail(nil, "Number out of range", err.Error())
	}
	return n
}

// maxWrittenExp bounds the binary exponent of a number written in its
// shortest form (2^131072 has about 39,457 decimal digits).
const maxWrittenExp = 1 << 17

// jsonNumberText returns a native number literal (with an optional
// leading minus) in JSON's grammar, which differs only in forbidding
// leading zeros: 007.5e3 is 7.5e3.
func jsonNumberText(text string) string {
	sign := ""
	if strings.HasPrefix(text, "-") {
		sign, text = "-", text[1:]
	}
	i := 0
	for i+1 < len(text) && text[i] == '0' && text[i+1] >= '0' && text[i+1] <= '9' {
		i++
	}
	return sign + text[i:]
}

// maxNumberText is the longest number token hcljson reads (spec.md D15);
// a longer one is written in its shortest form.
const maxNumberText = 4096

// negativeNumber folds -<number literal> into one JSON number.
func (c *nativeConv) negativeNumber(e *hclsyntax.UnaryOpExpr) (gen.Value, bool) {
	lit, ok := e.Val.(*hclsyntax.LiteralValueExpr)
	if !ok || e.Op != hclsyntax.OpNegate || lit.Val.Type() != cty.Number || lit.Val.IsNull() || !lit.Val.IsKnown() {
		return gen.Value{}, false
	}
	val, diags := e.Value(nil)
	if diags.HasErrors() || !val.IsKnown() || val.IsNull() {
		return gen.Value{}, false
	}
	return c.number("-"+c.text(lit.SrcRange), val), true
}

// stringValue returns literal text (the encoder escapes it as the
// attribute's mode requires).
func (c *nativeConv) stringValue(s string, at hclsyntax.Expression) gen.Value {
	if !utf8.ValidString(s) {
		c.fail(at, "Invalid UTF-8", "JSON text must be UTF-8")
		return gen.Value{}
	}
	return gen.String(s)
}

// staticKeys returns the keys of an object constructor when each is a
// constant string (a bare name, a literal string or number, or anything
// else that evaluates without a context) and no two are equal.
func staticKeys(e *hclsyntax.ObjectConsExpr) ([]string, bool) {
	keys := make([]string, len(e.Items))
	for i, item := range e.Items {
		k, diags := item.KeyExpr.Value(nil)
		if diags.HasErrors() || k.IsNull() || !k.IsKnown() || k.IsMarked() {
			return nil, false
		}
		k, err := convert.Convert(k, cty.String)
		if err != nil || !k.IsKnown() || k.IsNull() {
			return nil, false
		}
		keys[i] = k.AsString()
		if slices.Contains(keys[:i], keys[i]) {
			return nil, false
		}
	}
	return keys, true
}

// literalText returns the text of a template made of literal parts only.
func literalText(e *hclsyntax.TemplateExpr) (string, bool) {
	if len(e.Parts) == 1 {
		if lit, ok := e.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && !lit.Val.IsNull() {
			return lit.Val.AsString(), true
		}
	}
	var b strings.Builder
	for _, p := range e.Parts {
		lit, ok := p.(*hclsyntax.LiteralValueExpr)
		if !ok || lit.Val.Type() != cty.String || lit.Val.IsNull() {
			return "", false
		}
		b.WriteString(lit.Val.AsString())
	}
	return b.String(), true
}

// text returns the source text of r, laid out as terraform fmt lays it
// out.
func (c *nativeConv) text(r hcl.Range) string {
	if r.Start.Byte < 0 || r.End.Byte > len(c.src) || r.Start.Byte > r.End.Byte {
		return ""
	}
	if c.lmap != nil && r.Start.Byte >= c.lstart && r.End.Byte <= c.lend {
		return string(c.ltext[c.lmap.Offset(r.Start.Byte-c.lstart):c.lmap.Offset(r.End.Byte-c.lstart)])
	}
	return string(c.src[r.Start.Byte:r.End.Byte])
}

// layout prepares c.text for the value of argument a: expressions go
// into JSON as their source text laid out as terraform fmt lays it out,
// which is how the way back to native syntax writes them, so that the
// round trip is a fixed point whatever the author's spacing.
func (c *nativeConv) layout(a *hclsyntax.Attribute) {
	r := a.Expr.Range()
	c.lstart, c.lend, c.lmap = r.Start.Byte, r.End.Byte, nil
	if r.Start.Byte < 0 || r.End.Byte > len(c.src) || r.Start.Byte > r.End.Byte {
		return
	}
	if r.Start.Line == r.End.Line && constantText(a.Expr) {
		// One token (a number, true, false, null), or a quoted string of
		// literal text: nativefmt.Value would return it as it is, and
		// most arguments are such values.
		return
	}
	c.ltext, c.lmap = nativefmt.Value(c.src[r.Start.Byte:r.End.Byte], len(c.path))
}

// fail reports that the current attribute cannot be converted.
func (c *nativeConv) fail(at hclsyntax.Expression, summary, why string) {
	var subject *hcl.Range
	switch {
	case at != nil:
		subject = at.Range().Ptr()
	case c.attr != nil:
		subject = c.attr.Expr.Range().Ptr()
	}
	c.diags = append(c.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf("The argument %q%s cannot be written in JSON with the same meaning: %s.", c.attrName(), c.where(), why),
		Subject:  subject,
	})
}

func (c *nativeConv) attrName() string {
	if c.attr == nil {
		return ""
	}
	return c.attr.Name
}

// where names the block the current attribute is in: ` in resource "a" "b"`.
func (c *nativeConv) where() string {
	if len(c.path) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" in ")
	for i, blk := range c.path {
		if i > 0 {
			b.WriteString(" > ")
		}
		b.WriteString(blk.Type)
		for _, l := range blk.Labels {
			fmt.Fprintf(&b, " %q", l)
		}
	}
	return b.String()
}

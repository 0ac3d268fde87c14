package hcljson

import (
	"fmt"
	"iter"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/scanner"
)

// body is a JSON object, an array of objects, or null, read as an HCL body.
// It is 16 bytes, so that a block and its body fit small allocations.
type body struct {
	f    *file
	node int // noNode: the empty placeholder root
}

// partialBody is what remains of a body after PartialContent: the body
// without the names that earlier PartialContent calls took.
type partialBody struct {
	body
	hidden *hiddenSet
}

// hiddenSet holds the names that earlier PartialContent calls took from a
// body: a slice, searched in order, while it is short.
type hiddenSet struct {
	names []string
	m     map[string]struct{} // all of names, once there are many
}

const hiddenMapMin = 16

func (h *hiddenSet) has(name string) bool {
	if h == nil {
		return false
	}
	if h.m != nil {
		_, ok := h.m[name]
		return ok
	}
	for _, n := range h.names {
		if n == name {
			return true
		}
	}
	return false
}

var (
	_ hcl.Body = (*body)(nil)
	_ hcl.Body = (*partialBody)(nil)
)

func (b *body) Content(schema *hcl.BodySchema) (*hcl.BodyContent, hcl.Diagnostics) {
	return b.content(schema, nil)
}

func (b *partialBody) Content(schema *hcl.BodySchema) (*hcl.BodyContent, hcl.Diagnostics) {
	return b.content(schema, b.hidden)
}

func (b *body) PartialContent(schema *hcl.BodySchema) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	return b.partial(schema, nil)
}

func (b *partialBody) PartialContent(schema *hcl.BodySchema) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	return b.partial(schema, b.hidden)
}

func (b *body) JustAttributes() (hcl.Attributes, hcl.Diagnostics) {
	return b.justAttributes(nil)
}

func (b *partialBody) JustAttributes() (hcl.Attributes, hcl.Diagnostics) {
	return b.justAttributes(b.hidden)
}

// members returns an iterator over the members of a body or label level:
// the key and value of each member of an object, or of each object in an
// array, in written order. A null value has none; so has a value that
// failed to parse, with no further diagnostic (the syntax error said it).
// When diags is not nil, a value of the wrong type is reported there, when
// members is called (before any member is read, as the oracle reports
// them); label names the label being read ("" for a body) for that
// message.
//
// members is small enough to be inlined, so that a range over it, in the
// decoder's hot loops, allocates nothing.
func (b *body) members(node int, label string, diags *hcl.Diagnostics) iter.Seq2[int, int] {
	b.f.checkMembers(node, label, diags)
	return func(yield func(key, val int) bool) { b.f.bodyMembers(node, yield) }
}

// members is body.members for a label level of blockWalk. body.members
// does not call it: the iterator that a range in partialContent gets is
// inlined there, and allocates nothing, only while it is written in
// body.members itself.
func (f *file) members(node int, label string, diags *hcl.Diagnostics) iter.Seq2[int, int] {
	f.checkMembers(node, label, diags)
	return func(yield func(key, val int) bool) { f.bodyMembers(node, yield) }
}

// checkMembers reports in diags, when it is not nil, what members cannot
// read in node.
func (f *file) checkMembers(node int, label string, diags *hcl.Diagnostics) {
	if diags == nil {
		return
	}
	switch f.kind(node) {
	case scanner.Null, scanner.Invalid, scanner.Object:
	case scanner.Array:
		for e := range f.doc.Elements(node) {
			if k := f.kind(e); k != scanner.Object && k != scanner.Invalid {
				f.wrongType(diags, e, label, "A JSON object is required here, to define arguments and child blocks.",
					"A JSON object is required here, to specify %s labels for this block.")
			}
		}
	default:
		f.wrongType(diags, node, label, "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.",
			"Either a JSON object or JSON array of objects is required here, to specify %s labels for this block.")
	}
}

// bodyMembers calls yield with the key and value of each member that
// members reads in node, until it returns false.
func (f *file) bodyMembers(node int, yield func(key, val int) bool) {
	switch f.kind(node) {
	case scanner.Object:
		if node == noNode {
			return
		}
		for k, v := range f.doc.Members(node) {
			if !yield(k, v) {
				return
			}
		}
	case scanner.Array:
		for e := range f.doc.Elements(node) {
			if f.kind(e) != scanner.Object {
				continue
			}
			for k, v := range f.doc.Members(e) {
				if !yield(k, v) {
					return
				}
			}
		}
	}
}

// wrongType reports in diags that node is not what members reads:
// bodyDetail says so for a body, labelDetail for a label level.
func (f *file) wrongType(diags *hcl.Diagnostics, node int, label, bodyDetail, labelDetail string) {
	detail := bodyDetail
	if label != "" {
		detail = fmt.Sprintf(labelDetail, label)
	}
	r := f.startRange(node)
	*diags = append(*diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Incorrect JSON value type",
		Detail:   detail,
		Subject:  &r,
	})
}

// schemaIndex finds attribute and block schemas by name, and records which
// were used. It lives on the decoding call's stack: for a schema of up to
// len(small) entries it allocates nothing, and it builds name maps only
// for large schemas.
type schemaIndex struct {
	schema *hcl.BodySchema
	big    []bool // attributes, then blocks, that matched a property, for a large schema
	attrs  map[string]int
	blocks map[string]int
	small  [48]bool // the same for a small one (a slice of it would make x escape)
}

const schemaMapMin = 24

// init prepares x for schema s: the name maps of a large schema come from
// the file's cache, built once per schema.
func (x *schemaIndex) init(f *file, s *hcl.BodySchema) {
	x.schema = s
	if n := len(s.Attributes) + len(s.Blocks); n > len(x.small) {
		x.big = make([]bool, n)
	}
	if len(s.Attributes) >= schemaMapMin || len(s.Blocks) >= schemaMapMin {
		m := f.schemaMaps(s)
		x.attrs, x.blocks = m.attrs, m.blocks
	}
}

// schemaMaps are the name maps of a large schema, read-only once built.
type schemaMaps struct {
	// attrs and blocks are the schema's slices when the maps were built:
	// a schema changed since is built again.
	attrs0  []hcl.AttributeSchema
	blocks0 []hcl.BlockHeaderSchema
	attrs   map[string]int // nil when there are few attributes
	blocks  map[string]int // nil when there are few block types
}

// schemaCacheMax bounds the schemas a file keeps maps for: a caller that
// builds a schema for every call (as hcldec does) gets fresh maps each
// time, without the cache growing.
const schemaCacheMax = 64

// schemaMaps returns the name maps of s, from the cache when s has not
// changed since they were built.
func (f *file) schemaMaps(s *hcl.BodySchema) *schemaMaps {
	f.mu.Lock()
	m := f.schemas[s]
	f.mu.Unlock()
	if m != nil && sameSlice(m.attrs0, s.Attributes) && sameSlice(m.blocks0, s.Blocks) && sameNames(m, s) {
		return m
	}
	m = &schemaMaps{attrs0: s.Attributes, blocks0: s.Blocks}
	if len(s.Attributes) >= schemaMapMin {
		m.attrs = make(map[string]int, len(s.Attributes))
		for i := len(s.Attributes) - 1; i >= 0; i-- {
			m.attrs[s.Attributes[i].Name] = i
		}
	}
	if len(s.Blocks) >= schemaMapMin {
		m.blocks = make(map[string]int, len(s.Blocks))
		for i := len(s.Blocks) - 1; i >= 0; i-- {
			m.blocks[s.Blocks[i].Type] = i
		}
	}
	f.mu.Lock()
	if f.schemas == nil || len(f.schemas) >= schemaCacheMax {
		f.schemas = make(map[*hcl.BodySchema]*schemaMaps)
	}
	f.schemas[s] = m
	f.mu.Unlock()
	return m
}

// sameSlice reports whether a and b are the same slice: same array, same
// length.
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// sameNames reports whether s still has the names m was built from (a
// caller may have renamed an entry in place). The strings are compared,
// which for unchanged names is a comparison of pointers.
func sameNames(m *schemaMaps, s *hcl.BodySchema) bool {
	for name, i := range m.attrs {
		if s.Attributes[i].Name != name {
			return false
		}
	}
	for name, i := range m.blocks {
		if s.Blocks[i].Type != name {
			return false
		}
	}
	return true
}

// used reports whether schema entry i (attributes, then blocks) matched.
func (x *schemaIndex) used(i int) bool {
	if x.big != nil {
		return x.big[i]
	}
	return x.small[i]
}

func (x *schemaIndex) use(i int) {
	if x.big != nil {
		x.big[i] = true
	} else {
		x.small[i] = true
	}
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

// content is Content, with the names in hidden taken.
func (b *body) content(schema *hcl.BodySchema, hidden *hiddenSet) (*hcl.BodyContent, hcl.Diagnostics) {
	var x schemaIndex
	content, extraneous, diags := b.partialContent(schema, &x, hidden)
	if !extraneous {
		return content, diags
	}

	var suggestions []string
	for i, a := range schema.Attributes {
		if !hidden.has(a.Name) && !x.used(i) {
			suggestions = append(suggestions, a.Name)
		}
	}
	for _, bs := range schema.Blocks {
		suggestions = append(suggestions, bs.Type)
	}
	f := b.f
	for k := range b.members(b.node, "", nil) {
		name := f.doc.Text(k)
		if name == "//" || x.attr(name) >= 0 || x.block(name) >= 0 || hidden.has(name) {
			continue
		}
		detail := fmt.Sprintf("No argument or block type is named %q.", name)
		// First, not Closest: the name hcl/v2 (and Terraform) suggest.
		if s := didyoumean.First(name, suggestions); s != "" {
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
	}
	return content, diags
}

// partial is PartialContent, with the names in hidden taken.
func (b *body) partial(schema *hcl.BodySchema, hidden *hiddenSet) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	var x schemaIndex
	content, _, diags := b.partialContent(schema, &x, hidden)
	// The remaining body hides what was hidden and every name the schema
	// matched; it and its set are one allocation, the names another.
	used := 0
	for i := range len(schema.Attributes) + len(schema.Blocks) {
		if x.used(i) {
			used++
		}
	}
	pb := &partialRest{partialBody: partialBody{body: *b}}
	h := &pb.set
	pb.hidden = h
	if hidden != nil {
		used += len(hidden.names)
	}
	if used > 0 {
		h.names = make([]string, 0, used)
	}
	if hidden != nil {
		h.names = append(h.names, hidden.names...)
	}
	for i, a := range schema.Attributes {
		if x.used(i) {
			h.names = append(h.names, a.Name)
		}
	}
	for i, bs := range schema.Blocks {
		if x.used(len(schema.Attributes) + i) {
			h.names = append(h.names, bs.Type)
		}
	}
	if len(h.names) >= hiddenMapMin {
		h.m = make(map[string]struct{}, len(h.names))
		for _, n := range h.names {
			h.m[n] = struct{}{}
		}
	}
	return content, &pb.partialBody, diags
}

// partialRest is a partialBody and its hidden set in one allocation.
type partialRest struct {
	partialBody
	set hiddenSet
}

// partialContent decodes what the schema names, and records in x (which it
// initializes) which schema entries were used. It reports whether the body
// has a property that is not "//", not hidden and not in the schema (an
// extraneous one, for Content).
func (b *body) partialContent(schema *hcl.BodySchema, x *schemaIndex, hidden *hiddenSet) (*hcl.BodyContent, bool, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	f := b.f
	x.init(f, schema)
	// First which schema attribute each member is, for as many members
	// as classMax: the count sizes the attribute map and the one
	// allocation the attributes are made in.
	var class [classMax]int16
	n, count, classified := 0, 0, len(schema.Attributes) < classMax*classMax
	for k := range b.members(b.node, "", nil) {
		if !classified {
			break
		}
		if n == classMax {
			classified = false
			break
		}
		class[n] = -1
		if name := f.doc.Text(k); !hidden.has(name) {
			if ai := x.attr(name); ai >= 0 {
				class[n] = int16(ai)
				count++
			}
		}
		n++
	}
	var slab attrSlab
	extraneous := false
	if !classified {
		count = len(schema.Attributes)
		if f.kind(b.node) == scanner.Object && b.node != noNode {
			count = min(count, f.doc.Len(b.node))
		}
	}
	content := newContent(count, classified, &slab)
	content.Attributes = make(hcl.Attributes, count)
	m := 0
	for k, v := range b.members(b.node, "", &diags) {
		var name string
		ai := -1
		if classified {
			ai = int(class[m])
			m++
		}
		if ai < 0 {
			// An attribute's name is the schema's: only the others
			// need their text.
			name = f.doc.Text(k)
			if hidden.has(name) {
				continue
			}
			if !classified {
				ai = x.attr(name)
			}
		}
		if ai >= 0 {
			name = schema.Attributes[ai].Name
			if existing, ok := content.Attributes[name]; ok {
				nameRange := f.srcRange(k)
				ctx := nameRange
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Duplicate argument",
					Detail:   fmt.Sprintf("The argument %q was already set at %s.", name, existing.Range),
					Subject:  &nameRange,
					Context:  &ctx,
				})
				continue
			}
			content.Attributes[name] = b.attribute(name, k, v, slab.next())
			x.use(ai)
			continue
		}
		if bi := x.block(name); bi >= 0 {
			bs := &schema.Blocks[bi]
			w := blockWalk{f: f, typ: bs.Type, labelNames: bs.LabelNames, blocks: &content.Blocks, typeRange: f.srcRange(k), def: -1}
			w.reserve(v)
			w.level(v)
			diags = append(diags, w.diags...)
			x.use(len(schema.Attributes) + bi)
			continue
		}
		if name != "//" {
			extraneous = true
		}
	}
	// The closing brace, after the members: the positions are looked up
	// in the order of the text, which the line table answers fastest.
	content.MissingItemRange = b.MissingItemRange()
	for _, a := range schema.Attributes {
		if !a.Required {
			continue
		}
		if _, ok := content.Attributes[a.Name]; !ok {
			r := content.MissingItemRange
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Missing required argument",
				Detail:   fmt.Sprintf("The argument %q is required, but no definition was found.", a.Name),
				Subject:  &r,
			})
		}
	}
	return content, extraneous, diags
}

// contentAnd is a BodyContent and the n attributes of a small body in one
// allocation: they are made together and read together.
type contentAnd[A any] struct {
	content hcl.BodyContent
	attrs   A
}

// newContent returns the BodyContent of a body, and sets slab to count
// attributes when the members were classified (count is then exact): in
// the same allocation for a few, in a second one for more.
func newContent(count int, classified bool, slab *attrSlab) *hcl.BodyContent {
	if !classified || count == 0 {
		return new(hcl.BodyContent)
	}
	switch {
	case count == 1:
		c := new(contentAnd[[1]attrAndExpr])
		*slab = c.attrs[:]
		return &c.content
	case count == 2:
		c := new(contentAnd[[2]attrAndExpr])
		*slab = c.attrs[:]
		return &c.content
	case count == 3:
		c := new(contentAnd[[3]attrAndExpr])
		*slab = c.attrs[:]
		return &c.content
	case count == 4:
		c := new(contentAnd[[4]attrAndExpr])
		*slab = c.attrs[:]
		return &c.content
	}
	*slab = make(attrSlab, count)
	return new(hcl.BodyContent)
}

// classMax is how many members partialContent classifies before making
// them; the members of a larger body are classified as they are made.
const classMax = 64

// attrAndExpr puts an attribute and its expression in one allocation.
type attrAndExpr struct {
	attr hcl.Attribute
	expr expression
}

// attribute makes the attribute of key k and value v in ae, which it
// returns (a new one when ae is nil).
func (b *body) attribute(name string, k, v int, ae *attrAndExpr) *hcl.Attribute {
	f := b.f
	if ae == nil {
		ae = new(attrAndExpr)
	}
	ae.expr = expression{f: f, node: v}
	a := &ae.attr
	a.Name = name
	a.Expr = &ae.expr
	a.NameRange, a.Range.End = f.keyRange(k, f.doc.End(v))
	a.Range.Filename, a.Range.Start = f.filename, a.NameRange.Start
	return a
}

// slabMax bounds the attributes that JustAttributes makes in one
// allocation: a body of many more (a map written as a body) has its
// attributes made one by one, so that a caller keeping one of them does
// not keep all.
const slabMax = 1024

// attrSlab hands out the attributes of one decoding call from one
// allocation, sized by a count made before: the attributes of a body
// live and die together.
type attrSlab []attrAndExpr

// next returns the next attribute of the slab, or nil when it is used
// up (the caller then allocates one alone).
func (s *attrSlab) next() *attrAndExpr {
	if len(*s) == 0 {
		return nil
	}
	ae := &(*s)[0]
	*s = (*s)[1:]
	return ae
}

// justAttributes reads every property of a single object as an attribute,
// but the names in hidden.
func (b *body) justAttributes(hidden *hiddenSet) (hcl.Attributes, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	f := b.f
	var attrs hcl.Attributes
	var slab attrSlab
	switch f.kind(b.node) {
	case scanner.Object:
		if b.node == noNode {
			return hcl.Attributes{}, nil // the placeholder root is empty
		}
		// Sized once: a body may have a great many properties. The
		// attributes are made in one allocation, but for a great many.
		n := f.doc.Len(b.node)
		attrs = make(hcl.Attributes, n)
		if n <= slabMax {
			slab = make(attrSlab, n)
		}
	case scanner.Invalid:
		return hcl.Attributes{}, nil
	default:
		r := f.startRange(b.node)
		return hcl.Attributes{}, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Incorrect JSON value type",
			Detail:   "A JSON object is required here, setting the arguments for this block.",
			Subject:  &r,
		}}
	}
	for k, v := range b.members(b.node, "", nil) {
		name := f.doc.Text(k)
		if name == "//" {
			continue
		}
		if hidden.has(name) {
			continue
		}
		if existing, ok := attrs[name]; ok {
			nameRange := f.srcRange(k)
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Duplicate attribute definition",
				Detail:   fmt.Sprintf("The argument %q was already set at %s.", name, existing.Range),
				Subject:  &nameRange,
			})
			continue
		}
		attrs[name] = b.attribute(name, k, v, slab.next())
	}
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

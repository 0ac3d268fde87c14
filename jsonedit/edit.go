package jsonedit

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/jsonpath"
	"github.com/hcljson/hcljson/scanner"
)

// Document is a JSON document being edited: its current bytes and their
// tape. A Document is made by Open: the methods of any other (the zero
// Document and nil included) panic, and so do Set and Delete given a
// path with a nil step.
type Document struct {
	filename string
	doc      *scanner.Document
	lines    *scanner.Lines
}

// Open scans src (which the Document keeps and never modifies) and returns
// a Document ready for edits. filename names the source in diagnostics. A
// document with syntax errors yields them as diagnostics and no Document.
func Open(filename string, src []byte) (*Document, hcl.Diagnostics) {
	d := &Document{filename: filename}
	d.load(src)
	if len(d.doc.Errors) > 0 || len(d.doc.Nodes) == 0 {
		_, diags := jsonpath.Lookup(d.doc, d.lines, filename, nil)
		return nil, diags
	}
	return d, nil
}

// Bytes returns the document's current text. The caller must not modify
// it.
func (d *Document) Bytes() []byte { return d.check("Bytes", nil).Src }

// String returns the JSON text of the string s (quoted, escaped as the
// module's writer escapes: JSON's minimum, no template escaping), for Set.
func String(s string) []byte { return jsonw.AppendString(nil, s, jsonw.Plain) }

// Set writes value, JSON text, at path, read as a plain JSON path: it is
// SetAddress with a nil Layout.
func (d *Document) Set(path jsonpath.Path, value []byte) hcl.Diagnostics {
	d.check("Set", path)
	return d.set(nil, path, value)
}

// SetAddress writes value, JSON text, at path, read through the layout l
// (jsonpath.Layout.Lookup: an address in any layout of blocks, or a plain
// path; a nil l reads a plain path). When path leads to a value, its bytes
// are replaced by value's, as given; when its last step is a key that the
// object before it lacks, a member is added after the object's last
// member, laid out as the others are (value's lines after the first
// indented as the new member's line). A path with [*] or [*key=value]
// (jsonpath.Path.Several) writes value at every value it leads to, or adds
// the member to every object before its last key that lacks it.
// Everything else is kept byte for byte.
//
// The diagnostics are the look-up's (warnings for repeated keys; an error
// naming the step that failed and what is there instead) or an error for a
// value that is not one JSON value (its range is in the value, named
// "<value>"). The document is unchanged when they include an error.
func (d *Document) SetAddress(l *jsonpath.Layout, path jsonpath.Path, value []byte) hcl.Diagnostics {
	d.check("SetAddress", path)
	return d.set(l, path, value)
}

func (d *Document) set(l *jsonpath.Layout, path jsonpath.Path, value []byte) hcl.Diagnostics {
	text, diags := checkValue(value)
	if diags.HasErrors() {
		return diags
	}
	targets, diags := d.lookup(l, path)
	if !diags.HasErrors() {
		var edits []edit
		for _, t := range targets {
			edits = append(edits, edit{int(d.doc.Nodes[t.Node].Start), d.doc.End(t.Node), text})
		}
		if err := d.apply(edits); err != nil {
			return append(diags, err)
		}
		return diags
	}
	k, ok := lastKey(path)
	if !ok {
		return diags
	}
	parents, pdiags := d.lookup(l, path[:len(path)-1])
	if pdiags.HasErrors() {
		return pdiags
	}
	var edits []edit
	for _, p := range parents {
		if p.Kind != scanner.Object {
			return diags // the full path's error says which step failed
		}
		if v := d.memberValue(p.Node, k); v >= 0 {
			edits = append(edits, edit{int(d.doc.Nodes[v].Start), d.doc.End(v), text})
			continue
		}
		edits = append(edits, d.insert(p.Node, k, text))
	}
	if err := d.apply(edits); err != nil {
		return append(pdiags, err)
	}
	return pdiags
}

// lookup returns the values path leads to through l: one, or, for a path
// that may lead to several, every one.
func (d *Document) lookup(l *jsonpath.Layout, path jsonpath.Path) ([]*jsonpath.Result, hcl.Diagnostics) {
	if path.Several() {
		return l.LookupAll(d.doc, d.lines, d.filename, path)
	}
	res, diags := l.Lookup(d.doc, d.lines, d.filename, path)
	if res == nil {
		return nil, diags
	}
	return []*jsonpath.Result{res}, diags
}

// memberValue returns the value of the first member named k of object
// node p, or -1.
func (d *Document) memberValue(p int, k string) int {
	for c, v := range d.doc.Members(p) {
		if d.doc.Text(c) == k {
			return v
		}
	}
	return -1
}

// Delete removes the object member or array element at path, read as a
// plain JSON path: it is DeleteAddress with a nil Layout.
func (d *Document) Delete(path jsonpath.Path) hcl.Diagnostics {
	d.check("Delete", path)
	return d.delete(nil, path)
}

// DeleteAddress removes the object member or array element at path, read
// through the layout l (see SetAddress; a nil l reads a plain path), with
// the separator it owned, and keeps everything else byte for byte: the
// comma and white space before it, or after it when it is first; removing
// the only one leaves the brackets empty ({} or []). A path with [*] or
// [*key=value] removes every value it leads to.
//
// When path is the address of a block, the block goes (the member whose
// value is its body, or its element of an array of blocks), and with it
// each label level and array of blocks around it that it leaves empty
// (jsonpath.Result.Structure): removing resource.aws_instance.web from a
// file whose only resource it is removes the "resource" member. The root
// cannot be deleted. The diagnostics are the look-up's; the document is
// unchanged when they include an error.
func (d *Document) DeleteAddress(l *jsonpath.Layout, path jsonpath.Path) hcl.Diagnostics {
	d.check("DeleteAddress", path)
	return d.delete(l, path)
}

func (d *Document) delete(l *jsonpath.Layout, path jsonpath.Path) hcl.Diagnostics {
	if len(path) == 0 {
		rng := d.rng(int(d.doc.Nodes[0].Start), int(d.doc.Nodes[0].Start)+1)
		return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot delete the root",
			Detail: "The path is the whole document; only an object member or an array element can be deleted.", Subject: &rng}}
	}
	targets, diags := d.lookup(l, path)
	if diags.HasErrors() {
		return diags
	}
	doc := d.doc
	parent := d.parents()
	gone := map[int]bool{}
	for _, t := range targets {
		if t.Node == 0 {
			rng := d.rng(int(doc.Nodes[0].Start), int(doc.Nodes[0].Start)+1)
			return append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot delete the root",
				Detail: "The path leads to the whole document; only an object member or an array element can be deleted.", Subject: &rng})
		}
		gone[t.Node] = true
	}
	// The containers that exist only for a block go with it when it
	// leaves them empty.
	for _, t := range targets {
		n := t.Node
		for range t.Structure {
			p := int(parent[n])
			if p <= 0 || !d.allGone(p, gone) {
				break
			}
			gone[p] = true
			n = p
		}
	}
	var edits []edit
	done := map[int]bool{}
	for n := range gone {
		p := int(parent[n])
		if done[p] || d.inside(p, gone, parent) {
			continue
		}
		done[p] = true
		edits = append(edits, d.removals(p, gone)...)
	}
	if err := d.apply(edits); err != nil {
		return append(diags, err)
	}
	return diags
}

// parents returns the parent of every node of the tape (-1 for the root),
// the object of a member's key and value alike.
func (d *Document) parents() []int32 {
	doc := d.doc
	parent := make([]int32, len(doc.Nodes))
	parent[0] = -1
	for i := range doc.Nodes {
		for c := doc.FirstChild(i); c >= 0; c = doc.NextChild(i, c) {
			parent[c] = int32(i)
		}
	}
	return parent
}

// items calls fn with each item of container p: an element, or a member
// (its value node, and its span from key to value).
func (d *Document) items(p int, fn func(value, start, end int)) {
	doc := d.doc
	obj := doc.Nodes[p].Kind() == scanner.Object
	for c := doc.FirstChild(p); c >= 0; c = doc.NextChild(p, c) {
		start, v := int(doc.Nodes[c].Start), c
		if obj {
			v = doc.NextChild(p, c)
			c = v
		}
		fn(v, start, doc.End(v))
	}
}

// allGone reports whether every item of container p is in gone.
func (d *Document) allGone(p int, gone map[int]bool) bool {
	all := true
	d.items(p, func(v, _, _ int) { all = all && gone[v] })
	return all
}

// inside reports whether node n is gone or inside a node that is.
func (d *Document) inside(n int, gone map[int]bool, parent []int32) bool {
	for ; n > 0; n = int(parent[n]) {
		if gone[n] {
			return true
		}
	}
	return false
}

// removals returns the edits that remove the items of container p that
// are in gone, each with the separator it owns: a run of them takes the
// separator before it, or after it when it starts the container; all of
// them leave the brackets empty.
func (d *Document) removals(p int, gone map[int]bool) []edit {
	type item struct {
		start, end int
		gone       bool
	}
	var items []item
	d.items(p, func(v, start, end int) { items = append(items, item{start, end, gone[v]}) })
	if d.allGone(p, gone) {
		return []edit{{int(d.doc.Nodes[p].Start) + 1, d.doc.End(p) - 1, nil}}
	}
	var out []edit
	for a := 0; a < len(items); a++ {
		if !items[a].gone {
			continue
		}
		b := a
		for b+1 < len(items) && items[b+1].gone {
			b++
		}
		if a > 0 {
			out = append(out, edit{items[a-1].end, items[b].end, nil})
		} else {
			out = append(out, edit{items[0].start, items[b+1].start, nil})
		}
		a = b
	}
	return out
}

// edit replaces the bytes start to end with text.
type edit struct {
	start, end int
	text       []byte
}

// apply makes edits, which must not overlap, in one pass over the source
// and scans the result; nothing changes when two overlap.
func (d *Document) apply(edits []edit) *hcl.Diagnostic {
	if len(edits) == 0 {
		return nil
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	for i := 1; i < len(edits); i++ {
		if edits[i].start < edits[i-1].end || edits[i].start == edits[i-1].start {
			rng := d.rng(edits[i].start, edits[i].end)
			return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Overlapping values",
				Detail: "The path leads to values that overlap, so they cannot all be changed: write a path to each one.", Subject: &rng}
		}
	}
	src := d.doc.Src
	size := len(src)
	for _, e := range edits {
		size += len(e.text) - (e.end - e.start)
	}
	out := make([]byte, 0, size)
	at := 0
	for _, e := range edits {
		out = append(out, src[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	out = append(out, src[at:]...)
	before, lines := d.doc, d.lines
	d.load(out)
	if len(d.doc.Errors) > 0 {
		// The result is past a limit of the scanner, which reads it
		// back (nesting deeper than scanner.DefaultMaxDepth, more
		// values than a document holds): it would be written and
		// never read again.
		err := d.doc.Errors[0]
		d.doc, d.lines = before, lines
		rng := d.rng(edits[0].start, edits[len(edits)-1].end)
		return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Result cannot be read back",
			Detail: fmt.Sprintf("After this edit the document could not be read again (%s), so it was not changed.", limitText(err)), Subject: &rng}
	}
	return nil
}

// insert returns the edit that adds the member "k": text at the end of
// object node p.
func (d *Document) insert(p int, k string, text []byte) edit {
	doc, src := d.doc, d.doc.Src
	pn := doc.Nodes[p]
	var keys, vals []int
	for c, v := range doc.Members(p) {
		keys, vals = append(keys, c), append(vals, v)
	}
	var b []byte
	var at int
	n := len(keys)
	switch {
	case n == 0:
		at = int(pn.Start) + 1
		inside := src[at : doc.End(p)-1]
		colon := d.colon()
		if bytes.IndexByte(inside, '\n') >= 0 {
			ind := d.indent(int(pn.Start))
			if bytes.Contains(inside, []byte("\r\n")) {
				b = append(b, '\r')
			}
			b = append(b, '\n')
			b = append(b, ind...)
			b = append(b, d.unit()...)
			b = append(b, String(k)...)
			b = append(b, colon...)
			b = append(b, reindent(text, append(append([]byte(nil), ind...), d.unit()...))...)
			// the white space before the closing bracket stays
		} else {
			b = append(b, String(k)...)
			b = append(b, colon...)
			b = append(b, text...)
		}
		return edit{at, at, b}
	case n == 1:
		b = append(b, ',')
		gap := src[int(pn.Start)+1 : doc.Nodes[keys[0]].Start]
		if len(gap) == 0 && bytes.IndexByte(src[doc.End(keys[0]):doc.Nodes[vals[0]].Start], ' ') >= 0 {
			gap = []byte(" ") // {"a": 1} becomes {"a": 1, "b": 2}
		}
		b = append(b, gap...)
	default:
		b = append(b, src[doc.End(vals[n-2]):doc.Nodes[keys[n-1]].Start]...)
	}
	last := keys[n-1]
	at = doc.End(vals[n-1])
	b = append(b, String(k)...)
	b = append(b, src[doc.End(last):doc.Nodes[vals[n-1]].Start]...)
	b = append(b, reindent(text, d.indent(int(doc.Nodes[last].Start)))...)
	return edit{at, at, b}
}

// colon returns the text between key and value of the document's first
// member, or ": " when it has none.
func (d *Document) colon() []byte {
	doc := d.doc
	for i := range doc.Nodes {
		if doc.Nodes[i].Kind() == scanner.Object {
			if c := doc.FirstChild(i); c >= 0 {
				return doc.Src[doc.End(c):doc.Nodes[c+1].Start]
			}
		}
	}
	return []byte(": ")
}

// unit returns the indentation of one level: that of the root's first
// member on its own line, or two spaces.
func (d *Document) unit() []byte {
	doc := d.doc
	if k := doc.Nodes[0].Kind(); k != scanner.Object && k != scanner.Array {
		return []byte("  ")
	}
	if c := doc.FirstChild(0); c >= 0 {
		gap := doc.Src[doc.Nodes[0].Start+1 : doc.Nodes[c].Start]
		if i := bytes.LastIndexByte(gap, '\n'); i >= 0 && len(gap) > i+1 {
			return gap[i+1:]
		}
	}
	return []byte("  ")
}

// indent returns the white space that starts the line holding offset off.
func (d *Document) indent(off int) []byte {
	src := d.doc.Src
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return src[start:end]
}

// reindent indents the lines of text after its first by ind. A newline in
// JSON text is always white space between tokens (a string cannot hold one
// raw), so this never changes the value.
func reindent(text, ind []byte) []byte {
	if len(ind) == 0 || bytes.IndexByte(text, '\n') < 0 {
		return text
	}
	return bytes.ReplaceAll(text, []byte("\n"), append([]byte("\n"), ind...))
}

// load scans src: the one place the package scans a document.
// check returns d's tape, and panics, naming the method called, if d was
// not made by Open or a step of path is nil.
func (d *Document) check(method string, path jsonpath.Path) *scanner.Document {
	if d == nil || d.doc == nil {
		panic("jsonedit: Document." + method + " of a Document that Open did not make")
	}
	for i, s := range path {
		if s == nil {
			panic(fmt.Sprintf("jsonedit: Document.%s: step %d of the path is nil", method, i))
		}
	}
	return d.doc
}

func (d *Document) load(src []byte) {
	d.doc = scanner.Parse(src, scanner.Options{})
	d.lines = scanner.NewLines(src)
}

func (d *Document) rng(start, end int) hcl.Range {
	pos := func(off int) hcl.Pos {
		line, col := d.lines.Pos(off)
		return hcl.Pos{Line: line, Column: col, Byte: off}
	}
	return hcl.Range{Filename: d.filename, Start: pos(start), End: pos(end)}
}

// lastKey returns the last step of path when it is a key.
func lastKey(path jsonpath.Path) (string, bool) {
	if len(path) == 0 {
		return "", false
	}
	k, ok := path[len(path)-1].(jsonpath.Key)
	return string(k), ok
}

// CheckValue checks that value is one JSON value, as Set does, and returns
// the errors found in it (their ranges are in the value, named "<value>").
func CheckValue(value []byte) hcl.Diagnostics {
	_, diags := checkValue(value)
	return diags
}

// checkValue checks that value is one JSON value and returns its text
// without the white space around it.
func checkValue(value []byte) ([]byte, hcl.Diagnostics) {
	v := &Document{filename: "<value>"}
	v.load(value)
	if len(v.doc.Errors) > 0 || len(v.doc.Nodes) == 0 {
		_, diags := jsonpath.Lookup(v.doc, v.lines, v.filename, nil)
		for _, diag := range diags {
			diag.Summary = fmt.Sprintf("Invalid value: %s", diag.Summary)
		}
		return nil, diags
	}
	n := v.doc.Nodes[0]
	return value[n.Start:v.doc.End(0)], nil
}

// limitText says which limit of the scanner a result is past, or what
// else is wrong with it.
func limitText(e *scanner.Error) string {
	if e.Code == scanner.CodeDepth {
		return fmt.Sprintf("its values would nest deeper than %s levels, the most that is read", e.Text)
	}
	return e.Code.String()
}

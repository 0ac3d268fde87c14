package jsonedit

import (
	"bytes"
	"fmt"

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

// Set writes value, JSON text, at path. When path leads to a value, its
// bytes are replaced by value's, as given; when its last step is a key that the object before it
// lacks, a member is added after the object's last member, laid out as the
// others are (value's lines after the first indented as the new member's
// line). Everything else is kept byte for byte.
//
// The diagnostics are the look-up's (warnings for repeated keys; an error
// naming the step that failed and what is there instead) or an error for a
// value that is not one JSON value (its range is in the value, named
// "<value>"). The document is unchanged when they include an error.
func (d *Document) Set(path jsonpath.Path, value []byte) hcl.Diagnostics {
	d.check("Set", path)
	text, diags := checkValue(value)
	if diags.HasErrors() {
		return diags
	}
	res, diags := jsonpath.Lookup(d.doc, d.lines, d.filename, path)
	if !diags.HasErrors() {
		n := d.doc.Nodes[res.Node]
		start, end := int(n.Start), d.doc.End(res.Node)
		d.splice(start, end, text)
		return diags
	}
	k, ok := lastKey(path)
	if !ok {
		return diags
	}
	parent, pdiags := jsonpath.Lookup(d.doc, d.lines, d.filename, path[:len(path)-1])
	if pdiags.HasErrors() || parent.Kind != scanner.Object {
		return diags // the full path's error says which step failed
	}
	d.insert(parent.Node, k, text)
	return pdiags
}

// Delete removes the object member or array element at path, with the
// separator it owned, and keeps everything else byte for byte. The root
// cannot be deleted. The diagnostics are the look-up's; the document is
// unchanged when they include an error.
func (d *Document) Delete(path jsonpath.Path) hcl.Diagnostics {
	d.check("Delete", path)
	if len(path) == 0 {
		rng := d.rng(int(d.doc.Nodes[0].Start), int(d.doc.Nodes[0].Start)+1)
		return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot delete the root",
			Detail: "The path is the whole document; only an object member or an array element can be deleted.", Subject: &rng}}
	}
	res, diags := jsonpath.Lookup(d.doc, d.lines, d.filename, path)
	if diags.HasErrors() {
		return diags
	}
	parent, _ := jsonpath.Lookup(d.doc, d.lines, d.filename, path[:len(path)-1])
	doc := d.doc
	p := parent.Node
	// The spans of the children: [first byte, last byte) of each item
	// (key to value for a member), and the position of the target.
	type span struct{ start, end int }
	var items []span
	target := -1
	for c := doc.FirstChild(p); c >= 0; c = doc.NextChild(p, c) {
		s := span{int(doc.Nodes[c].Start), doc.End(c)}
		v := c
		if doc.Nodes[p].Kind() == scanner.Object {
			c = doc.NextChild(p, c)
			v = c
			s.end = doc.End(c)
		}
		if v == res.Node {
			target = len(items)
		}
		items = append(items, s)
	}
	pn := doc.Nodes[p]
	var start, end int
	switch {
	case len(items) == 1: // the only child: the container becomes empty
		start, end = int(pn.Start)+1, doc.End(p)-1
	case target > 0: // the separator before it goes with it
		start, end = items[target-1].end, items[target].end
	default: // the first: the separator after it goes with it
		start, end = items[0].start, items[1].start
	}
	d.splice(start, end, nil)
	return diags
}

// insert adds the member "k": text at the end of object node p.
func (d *Document) insert(p int, k string, text []byte) {
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
		d.splice(at, at, b)
		return
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
	d.splice(at, at, b)
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

// splice replaces src[start:end] with b and scans the result.
func (d *Document) splice(start, end int, b []byte) {
	src := d.doc.Src
	out := make([]byte, 0, len(src)-(end-start)+len(b))
	out = append(out, src[:start]...)
	out = append(out, b...)
	out = append(out, src[end:]...)
	d.load(out)
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

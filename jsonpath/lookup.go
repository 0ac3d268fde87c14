package jsonpath

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/scanner"
)

// Result is the value a Lookup found.
type Result struct {
	Node  int          // index of the value in the Document's Nodes
	Kind  scanner.Kind // the value's kind
	Raw   []byte       // the value as written in the source; aliases Document.Src
	Range hcl.Range    // from the value's first byte to just after its last

	// Structure is, for a value found through a Layout, the number of
	// containers around it, innermost first, that exist only to write
	// its block: label levels and arrays of blocks. Removing the value
	// removes each of them that it leaves empty (jsonedit). It is 0 for
	// a value of a plain path, and for an argument.
	Structure int
}

// Lookup follows path from the root of doc and returns the value it leads
// to, with warnings for duplicated keys on the way (the first of them is
// used). A document with syntax errors yields those errors; a step that
// cannot be taken yields one error naming the step, the path before it,
// the kind of value there, and what the value holds (its keys, with a
// suggestion for a misspelt one, or its length).
//
// lines gives positions in doc.Src (NewLines(doc.Src) when nil) and
// filename names the source in ranges. Diagnostics have a Subject in the
// document; the Result is nil when they include an error. An Index past
// either end of its array, negative included, is such an error. Lookup
// panics if doc is nil or a step of path is nil.
func Lookup(doc *scanner.Document, lines *scanner.Lines, filename string, path Path) (*Result, hcl.Diagnostics) {
	checkArgs("Lookup", doc, path)
	lines = linesOf(doc, lines)
	w := walker{doc: doc, lines: lines, filename: filename, member: -1}
	if len(doc.Errors) > 0 || len(doc.Nodes) == 0 {
		return nil, w.syntaxDiags()
	}
	for i, s := range path {
		w.done = path[:i]
		var err *hcl.Diagnostic
		switch s := s.(type) {
		case Key:
			err = w.key(string(s))
		case Index:
			err = w.index(int(s))
		case Splat:
			err = w.errorf("Several values", "The path takes every value of %s with [*]: it leads to several values, where one is needed.", w.done.describe())
		case Filter:
			if s.All {
				err = w.errorf("Several values", "The path takes every value of %s that %s selects: it leads to several values, where one is needed.", w.done.describe(), s)
			} else {
				err = w.filter(s)
			}
		}
		if err != nil {
			return nil, append(w.diags, err)
		}
	}
	r := w.result()
	return &r, w.diags
}

// linesOf returns lines, or when it is nil the line table of doc: the one
// place the package scans a document given without one.
func linesOf(doc *scanner.Document, lines *scanner.Lines) *scanner.Lines {
	if lines == nil {
		return scanner.NewLines(doc.Src)
	}
	return lines
}

// walker is the state of one Lookup.
type walker struct {
	doc      *scanner.Document
	lines    *scanner.Lines
	filename string

	node   int  // the current value
	member int  // its key node when it is an object member, or -1
	done   Path // the steps taken to reach node
	diags  hcl.Diagnostics

	// work counts the nodes of the tape looked at (members, elements),
	// so that a test can check that a look-up stays linear without a clock.
	work int

	keyBuf  []int    // scratch for duplicates
	scratch []choice // scratch for choices
}

// result returns the current value as a Result.
func (w *walker) result() Result {
	d := w.doc
	n := &d.Nodes[w.node]
	return Result{
		Node:  w.node,
		Kind:  n.Kind(),
		Raw:   d.Raw(w.node),
		Range: w.rng(int(n.Start), d.End(w.node)),
	}
}

// key takes the member named k of the current object.
func (w *walker) key(k string) *hcl.Diagnostic {
	d := w.doc
	if d.Nodes[w.node].Kind() != scanner.Object {
		return w.notObject(k)
	}
	found, value := -1, -1
	for c, v := range d.Members(w.node) {
		w.work++
		if d.Text(c) != k {
			continue
		}
		if found < 0 {
			found, value = c, v
			continue
		}
		w.diags = append(w.diags, w.duplicate(k, found, c))
	}
	if found < 0 {
		return w.missingKey(k)
	}
	w.node, w.member = value, found
	return nil
}

// index takes element i of the current array.
func (w *walker) index(i int) *hcl.Diagnostic {
	d := w.doc
	if d.Nodes[w.node].Kind() != scanner.Array {
		return w.notArray(i)
	}
	n := 0
	for c := range d.Elements(w.node) {
		w.work++
		if n == i {
			w.node, w.member = c, -1
			return nil
		}
		n++
	}
	return w.outOfRange(i, n)
}

// rng returns the range of bytes start to end.
func (w *walker) rng(start, end int) hcl.Range {
	return hcl.Range{Filename: w.filename, Start: w.pos(start), End: w.pos(end)}
}

func (w *walker) pos(off int) hcl.Pos {
	line, col := w.lines.Pos(off)
	return hcl.Pos{Line: line, Column: col, Byte: off}
}

// subject returns the tight range of the current value (the opening
// bracket of a container, the whole of a scalar) and, when the value is an
// object member, the context from its key to that point.
func (w *walker) subject() (subject hcl.Range, context *hcl.Range) {
	n := &w.doc.Nodes[w.node]
	end := w.doc.End(w.node)
	if n.Kind() == scanner.Object || n.Kind() == scanner.Array {
		end = int(n.Start) + 1
	}
	subject = w.rng(int(n.Start), end)
	if w.member >= 0 {
		c := w.rng(int(w.doc.Nodes[w.member].Start), end)
		context = &c
	}
	return subject, context
}

// errorf returns an error diagnostic about the current value.
func (w *walker) errorf(summary, format string, args ...any) *hcl.Diagnostic {
	subject, context := w.subject()
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  &subject,
		Context:  context,
	}
}

// syntaxDiags turns the scanner's errors into diagnostics.
func (w *walker) syntaxDiags() hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range w.doc.Errors {
		subject := w.rng(e.Start, e.End)
		d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: hcljson.SyntaxErrorSummary(e), Detail: hcljson.SyntaxErrorDetail(e), Subject: &subject}
		if start, end, ok := e.Context(); ok {
			ctx := w.rng(start, end)
			d.Context = &ctx
		}
		diags = append(diags, d)
	}
	if len(diags) == 0 { // no value and no error: cannot happen, but never index an empty tape
		subject := w.rng(0, 0)
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Missing value", Detail: "The document holds no JSON value.", Subject: &subject})
	}
	return diags
}

// checkArgs panics, naming the function fn, if doc is nil or a step of
// path is nil.
func checkArgs(fn string, doc *scanner.Document, path Path) {
	if doc == nil {
		panic("jsonpath: " + fn + " with a nil *scanner.Document")
	}
	path.check(fn)
}

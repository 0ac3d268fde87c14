package hcljson

import (
	"fmt"
	"io"
	"iter"
	"os"
	"slices"
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/template"
)

// Parse parses src as a JSON-based HCL file: its root must be an object or
// an array of objects. It always returns a file; on errors the file holds
// what could be read. The file's bodies and expressions refer to src
// without copying it, so src must not be modified while they are in use.
func Parse(src []byte, filename string) (*hcl.File, hcl.Diagnostics) {
	return ParseWithStartPos(src, filename, hcl.Pos{Byte: 0, Line: 1, Column: 1})
}

// ParseWithStartPos is like Parse, with positions counted from start, for
// JSON embedded in a larger file.
func ParseWithStartPos(src []byte, filename string, start hcl.Pos) (*hcl.File, hcl.Diagnostics) {
	f := newFile(src, filename, start)
	diags := f.syntaxDiags()
	root := 0
	switch {
	case len(f.doc.Nodes) == 0:
		root = noNode
	case f.doc.Nodes[0].Kind() == scanner.Object || f.doc.Nodes[0].Kind() == scanner.Array:
	case f.doc.Nodes[0].Kind() == scanner.Invalid:
		// The syntax error says what is wrong already.
		root = noNode
	default:
		r := f.startRange(0)
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Root value must be object",
			Detail:   "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
			Subject:  &r,
		})
		root = noNode
	}
	return &hcl.File{
		Body:  &body{f: f, node: root},
		Bytes: src,
		Nav:   navigation{f: f, root: root},
	}, diags
}

// Source is a parsed file as the layers above the decoder share it: the
// scanner's tape, the line table and the input. Offsets in it are offsets
// in the input, not counted from a start position. A layer that is given
// a Source (or the hcl.File it came from) reads the tape instead of
// scanning the input again.
//
// A Source is made by SourceOf: the methods of any other (the zero Source
// and nil included) panic. A node index outside the tape panics as indexing
// Doc.Nodes does, in the method called.
type Source struct {
	Doc      *scanner.Document
	Lines    *scanner.Lines
	Filename string
	Bytes    []byte

	f *file
}

// SourceOf returns the Source of a file that Parse or ParseWithStartPos
// made. ok is false for any other file.
func SourceOf(f *hcl.File) (src *Source, ok bool) {
	if f == nil {
		return nil, false
	}
	n, isOurs := f.Nav.(navigation)
	if !isOurs || n.f == nil {
		return nil, false
	}
	return &Source{Doc: n.f.doc, Lines: n.f.lines, Filename: n.f.filename, Bytes: f.Bytes, f: n.f}, true
}

// Template parses string node i as a template, as the file's expressions
// read it (with exact ranges through escapes). It is parsed on each call:
// the caller keeps it, for Expression. It panics if node i is not a
// string.
func (s *Source) Template(i int) *template.Template {
	f := s.file("Template")
	if k := f.doc.Nodes[i].Kind(); k != scanner.String {
		panic("hcljson: Source.Template of " + k.String() + " node " + strconv.Itoa(i))
	}
	return template.Parse(f.templateSource(i))
}

// file returns the file of a Source that SourceOf made, and panics for
// any other, naming the method called.
func (s *Source) file(method string) *file {
	if s == nil || s.f == nil {
		notMade(method)
	}
	return s.f
}

func notMade(method string) {
	panic("hcljson: Source." + method + " of a Source that SourceOf did not make")
}

// Expression returns node i as an expression, as a body's attribute
// holding that value reads it. t, when not nil, is string node i's
// template from Template, so that it is not parsed again. The expression
// parses any other template it needs for itself (the file's own cache
// is not filled), so that a layer reading every value once holds no
// template longer than it uses it.
func (s *Source) Expression(i int, t *template.Template) hcl.Expression {
	sf := s.file("Expression")
	_ = sf.doc.Nodes[i] // an index out of range panics here, not when the expression is used
	f := &file{doc: sf.doc, filename: sf.filename, start: sf.start, lines: sf.lines}
	f.posFn = f.pos
	if t != nil {
		f.pinned, f.pinnedAt = t, int32(i)
	}
	return &expression{f: f, node: i}
}

// Pos returns the position of input offset off; an offset outside the
// input is clamped to it, as scanner.Lines.Pos clamps it.
func (s *Source) Pos(off int) hcl.Pos {
	off = max(0, min(off, len(s.file("Pos").doc.Src)))
	line, col := s.Lines.Pos(off)
	return hcl.Pos{Line: line, Column: col, Byte: off}
}

// Range returns the source range of node i.
func (s *Source) Range(i int) hcl.Range {
	s.file("Range")
	return hcl.Range{Filename: s.Filename, Start: s.Pos(int(s.Doc.Nodes[i].Start)), End: s.Pos(s.Doc.End(i))}
}

// BodyObjects returns an iterator over the objects of node i read as a
// body (or as the labels of a block): the node itself when it is an
// object, or each element of an array of objects. Any other node, and any
// element of the array that is not an object, is reported in diags as
// HCL's decoder reports it, in order; what names the body for the message
// ("The body of a resource block").
func (s *Source) BodyObjects(i int, what string, diags *hcl.Diagnostics) iter.Seq[int] {
	s.file("BodyObjects")
	_ = s.Doc.Nodes[i] // an index out of range panics here, not in the loop
	if diags == nil {
		panic("hcljson: Source.BodyObjects with nil diags")
	}
	return func(yield func(int) bool) {
		if s.Kind(i) == scanner.Object {
			yield(i)
			return
		}
		if s.Kind(i) != scanner.Array {
			s.wrongBody(i, what, diags)
			return
		}
		for e := range s.Doc.Elements(i) {
			if s.Kind(e) != scanner.Object {
				s.wrongBody(e, what, diags)
			} else if !yield(e) {
				return
			}
		}
	}
}

func (s *Source) wrongBody(i int, what string, diags *hcl.Diagnostics) {
	*diags = append(*diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Incorrect JSON value type",
		Detail:   what + " must be a JSON object, or an array of objects.",
		Subject:  s.Range(i).Ptr(),
	})
}

// Kind returns the kind of node i.
func (s *Source) Kind(i int) scanner.Kind { return s.file("Kind").doc.Nodes[i].Kind() }

// ParseExpression parses src as one JSON value of any kind and returns it
// as an expression.
func ParseExpression(src []byte, filename string) (hcl.Expression, hcl.Diagnostics) {
	return ParseExpressionWithStartPos(src, filename, hcl.Pos{Byte: 0, Line: 1, Column: 1})
}

// ParseExpressionWithStartPos is like ParseExpression, with positions
// counted from start.
func ParseExpressionWithStartPos(src []byte, filename string, start hcl.Pos) (hcl.Expression, hcl.Diagnostics) {
	f := newFile(src, filename, start)
	diags := f.syntaxDiags()
	if len(f.doc.Nodes) == 0 {
		return &expression{f: f, node: noNode}, diags
	}
	return &expression{f: f, node: 0}, diags
}

// ParseFile reads and parses the named file.
func ParseFile(filename string) (file *hcl.File, diags hcl.Diagnostics) {
	// File errors point at the start of the file, so that every error has
	// a Subject (D16).
	subject := &hcl.Range{Filename: filename, Start: hcl.InitialPos, End: hcl.InitialPos}
	fh, err := os.Open(filename)
	if err != nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Failed to open file",
			Detail:   fmt.Sprintf("The file %q could not be opened.", filename),
			Subject:  subject,
		}}
	}
	defer func() {
		if err := fh.Close(); err != nil {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagWarning,
				Summary:  "Failed to close file",
				Detail:   fmt.Sprintf("The file %q was opened, but an error occurred while closing it.", filename),
				Subject:  subject,
			})
		}
	}()
	src, err := io.ReadAll(fh)
	if err != nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Failed to read file",
			Detail:   fmt.Sprintf("The file %q was opened, but an error occurred while reading it.", filename),
			Subject:  subject,
		}}
	}
	return Parse(src, filename)
}

// IsJSONBody reports whether b is a body produced by this package.
func IsJSONBody(b hcl.Body) bool {
	switch b.(type) {
	case *body, *partialBody:
		return true
	}
	return false
}

// StringSource returns the string that e holds, as package template reads
// it: its text, the bytes that wrote it between the quotes and where they
// are in the file. A layer that reads a JSON string in another mode than
// a template (a native expression with template.ParseExpression, a
// traversal with template.ParseTraversal) gets ranges from it that are
// exact through escapes (spec.md D11) and start after the opening quote
// (D12), as the static analysis hooks' are. ok is false, and src the zero
// Source, when e is not a string that this package made (a value, an
// object's key): another kind of value, or an expression of another
// package, nil included.
func StringSource(e hcl.Expression) (src template.Source, ok bool) {
	x, isOurs := e.(*expression)
	if !isOurs || x == nil || x.kind() != scanner.String {
		return template.Source{}, false
	}
	return x.f.templateSource(x.node), true
}

// IsJSONExpression reports whether e is an expression produced by this package.
func IsJSONExpression(e hcl.Expression) bool {
	_, ok := e.(*expression)
	return ok
}

// RepeatedNames returns the names that the JSON body b (one this package
// made, or what remains of one after PartialContent) defines more than
// once, each time with an object or an array of objects, in the order of
// their second definition; "//" aside. An argument cannot be defined
// twice, so an application without a schema for b can read such a name
// as nested blocks, as Terraform does. It returns nil for any other body.
func RepeatedNames(b hcl.Body) []string {
	var x *body
	var hidden *hiddenSet
	switch b := b.(type) {
	case *body:
		x = b
	case *partialBody:
		x, hidden = &b.body, b.hidden
	default:
		return nil
	}
	if x == nil || x.node == noNode {
		return nil
	}
	f := x.f
	seen := map[string]bool{}
	var out []string
	for k, v := range x.members(x.node, "", nil) {
		name := f.doc.Text(k)
		if name == "//" || hidden.has(name) || !blockShaped(f, v) {
			continue
		}
		if seen[name] && !slices.Contains(out, name) {
			out = append(out, name)
		}
		seen[name] = true
	}
	return out
}

// blockShaped reports whether node i could hold blocks: an object, or an
// array of objects.
func blockShaped(f *file, i int) bool {
	switch f.kind(i) {
	case scanner.Object:
		return true
	case scanner.Array:
		for e := range f.doc.Elements(i) {
			if f.kind(e) != scanner.Object {
				return false
			}
		}
		return true
	}
	return false
}

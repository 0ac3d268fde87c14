package scanner

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hcljson/hcljson/internal/misusetest"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): nil input is empty
// input, a node index outside the tape panics as indexing Nodes does, a
// scalar has no children, and Text of a node that is not a string panics.
func TestMisuse(t *testing.T) {
	doc := func() *Document { return Parse([]byte(`{"a": [1, "x"]}`), Options{}) } // 5 nodes
	const outOfRange = "runtime error: index out of range [5] with length 5"
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	var nilDoc *Document
	want := func(t *testing.T, what string, got, want any) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Parse", Name: "nil input", Call: func(t *testing.T) {
			d := Parse(nil, Options{})
			if len(d.Nodes) != 0 || len(d.Errors) != 1 || d.Errors[0].Code != CodeMissingValueEOF {
				t.Errorf("got %d nodes, errors %v", len(d.Nodes), d.Errors)
			}
		}},
		{Func: "Parse", Name: "negative limits", Call: func(t *testing.T) {
			d := Parse([]byte(`[[1]]`), Options{MaxDepth: -1, MaxNodes: -1})
			want(t, "nodes", len(d.Nodes), 3)
			want(t, "errors", len(d.Errors), 0)
		}},
		{Func: "NewLines", Name: "nil input", Call: func(t *testing.T) {
			l := NewLines(nil)
			line, col := l.Pos(0)
			want(t, "Pos(0)", [2]int{line, col}, [2]int{1, 1})
		}},
		{Func: "Lines.Pos", Name: "offsets outside", Call: func(t *testing.T) {
			l := NewLines([]byte("ab\ncd"))
			line, col := l.Pos(-3)
			want(t, "Pos(-3)", [2]int{line, col}, [2]int{1, 1})
			line, col = l.Pos(99)
			want(t, "Pos(99)", [2]int{line, col}, [2]int{2, 3})
		}},
		{Func: "Lines.Pos", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Lines)(nil).Pos(0) }},
		{Func: "Lines.Line", Name: "offsets outside", Call: func(t *testing.T) {
			l := NewLines([]byte("ab\ncd"))
			line, start := l.Line(-3)
			want(t, "Line(-3)", [2]int{line, start}, [2]int{1, 0})
			line, start = l.Line(99)
			want(t, "Line(99)", [2]int{line, start}, [2]int{2, 3})
		}},
		{Func: "Lines.Line", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Lines)(nil).Line(0) }},
		{Func: "Lines.Span", Name: "offsets outside and reversed", Call: func(t *testing.T) {
			l := NewLines([]byte("ab\ncd"))
			l1, c1, l2, c2 := l.Span(99, -1)
			want(t, "Span(99, -1)", [4]int{l1, c1, l2, c2}, [4]int{2, 3, 1, 1})
		}},
		{Func: "Lines.Span", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Lines)(nil).Span(0, 0) }},
		{Func: "Lines.PosPlain", Name: "offsets outside and reversed", Call: func(t *testing.T) {
			l := NewLines([]byte("ab\ncd"))
			for _, c := range [][2]int{{-3, 1}, {99, 99}, {4, 2}, {1, 9}} {
				line, col, plain := l.PosPlain(c[0], c[1])
				wl, wc := l.Pos(c[0])
				want(t, fmt.Sprintf("PosPlain(%d, %d)", c[0], c[1]), [3]any{line, col, plain}, [3]any{wl, wc, false})
			}
		}},
		{Func: "Document.Lines", Name: "zero Document", Call: func(t *testing.T) {
			line, col := (&Document{}).Lines().Pos(5)
			want(t, "Pos(5)", [2]int{line, col}, [2]int{1, 1})
		}},
		{Func: "Document.Lines", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilDoc.Lines() }},
		{Func: "Lines.PosPlain", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Lines)(nil).PosPlain(0, 0) }},

		{Func: "Document.End", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().End(5) }},
		{Func: "Document.End", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilDoc.End(0) }},
		{Func: "Document.Next", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().Next(5) }},
		{Func: "Document.Raw", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().Raw(5) }},
		{Func: "Document.Literal", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().Literal(5) }},
		{Func: "Document.Text", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().Text(5) }},
		{Func: "Document.Text", Name: "negative index", Panic: "runtime error: index out of range [-1]", Call: func(t *testing.T) { doc().Text(-1) }},
		{Func: "Document.Text", Name: "not a string", Panic: "scanner: Document.Text of number node 3", Call: func(t *testing.T) { doc().Text(3) }},
		{Func: "Document.Len", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().Len(5) }},
		{Func: "Document.Len", Name: "scalar", Call: func(t *testing.T) { want(t, "Len(4)", doc().Len(4), 0) }},
		{Func: "Document.FirstChild", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().FirstChild(5) }},
		{Func: "Document.FirstChild", Name: "scalar", Call: func(t *testing.T) { want(t, "FirstChild(3)", doc().FirstChild(3), -1) }},
		{Func: "Document.NextChild", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { doc().NextChild(2, 5) }},
		{Func: "Document.Elements", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) {
			for range doc().Elements(5) {
			}
		}},
		{Func: "Document.Elements", Name: "scalar", Call: func(t *testing.T) {
			want(t, "len(Elements(1))", len(slices.Collect(doc().Elements(1))), 0)
		}},
		{Func: "Document.Members", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) {
			for range doc().Members(5) {
			}
		}},
		{Func: "Document.Members", Name: "array", Call: func(t *testing.T) {
			n := 0
			for range doc().Members(2) {
				n++
			}
			want(t, "members of an array", n, 0)
		}},

		{Func: "Node.Kind", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Node)(nil).Kind() }},
		{Func: "Node.Kind", Name: "zero", Call: func(t *testing.T) { want(t, "Kind", (&Node{}).Kind(), Invalid) }},
		{Func: "Node.Escaped", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Node)(nil).Escaped() }},
		{Func: "Node.Unclosed", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Node)(nil).Unclosed() }},
		{Func: "Kind.String", Name: "out of range", Call: func(t *testing.T) { want(t, "String", Kind(200).String(), "Kind(200)") }},
		{Func: "Code.String", Name: "out of range", Call: func(t *testing.T) {
			want(t, "String", Code(0).String()+" "+Code(200).String(), "Code(0) Code(200)")
		}},
		{Func: "Error.Error", Name: "zero", Call: func(t *testing.T) { want(t, "Error", (&Error{}).Error(), `offset 0 (at ""): Code(0)`) }},
		{Func: "Error.Error", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { _ = (*Error)(nil).Error() }},
		{Func: "Error.Context", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Error)(nil).Context() }},
		{Func: "Error.Unwrap", Name: "zero", Call: func(t *testing.T) { want(t, "Unwrap", (&Error{}).Unwrap(), ErrSyntax) }},
		{Func: "Error.Unwrap", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { _ = (*Error)(nil).Unwrap() }},
	})
}

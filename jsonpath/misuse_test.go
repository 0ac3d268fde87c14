package jsonpath

import (
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): nil lines are the
// document's, a nil or empty Path the root, a document without a value
// and an Index outside its array errors; a nil document and a nil step
// panic.
func TestMisuse(t *testing.T) {
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	doc := func() *scanner.Document { return scanner.Parse([]byte(`{"a": [1, 2]}`), scanner.Options{}) }
	diag := func(t *testing.T, got any, diags interface{ Error() string }, want string) {
		t.Helper()
		if got != nil {
			t.Errorf("result %v, want none", got)
		}
		if diags.Error() != want {
			t.Errorf("diagnostics\n\t%s\nwant\n\t%s", diags.Error(), want)
		}
	}
	str := func(t *testing.T, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	const negative = ":1,7-8: Index out of range; The array at a has 2 elements, so its last index is 1: [-1] is out of range."
	const noValue = ":1,1-1: Missing value; The document holds no JSON value."
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Parse", Name: "empty", Call: func(t *testing.T) {
			p, err := Parse("")
			if len(p) != 0 || err != nil {
				t.Errorf("Parse(\"\") = %#v, %v; want the root", p, err)
			}
		}},
		{Func: "Lookup", Name: "nil lines and path", Call: func(t *testing.T) {
			r, diags := Lookup(doc(), nil, "", nil)
			if r == nil || r.Node != 0 || hcltest.RenderDiags(diags) != "" {
				t.Errorf("Lookup = %v, %v; want the root", r, diags)
			}
		}},
		{Func: "Lookup", Name: "negative index", Call: func(t *testing.T) {
			r, diags := Lookup(doc(), nil, "", Path{Key("a"), Index(-1)})
			if r != nil {
				t.Errorf("result %v", r)
			}
			diag(t, nil, diags, negative)
		}},
		{Func: "Lookup", Name: "zero document", Call: func(t *testing.T) {
			r, diags := Lookup(&scanner.Document{}, nil, "", nil)
			if r != nil {
				t.Errorf("result %v", r)
			}
			diag(t, nil, diags, noValue)
		}},
		{Func: "Lookup", Name: "nil document", Panic: "jsonpath: Lookup with a nil *scanner.Document", Call: func(t *testing.T) { Lookup(nil, nil, "", nil) }},
		{Func: "Lookup", Name: "nil step", Panic: "jsonpath: Lookup: step 1 of the path is nil", Call: func(t *testing.T) { Lookup(doc(), nil, "", Path{Key("a"), nil}) }},
		{Func: "LookupAll", Name: "negative index", Call: func(t *testing.T) {
			r, diags := LookupAll(doc(), nil, "", Path{Key("a"), Index(-1)})
			if r != nil {
				t.Errorf("results %v", r)
			}
			diag(t, nil, diags, negative)
		}},
		{Func: "LookupAll", Name: "zero document", Call: func(t *testing.T) {
			r, diags := LookupAll(&scanner.Document{}, nil, "", Path{Splat{}})
			if r != nil {
				t.Errorf("results %v", r)
			}
			diag(t, nil, diags, noValue)
		}},
		{Func: "LookupAll", Name: "nil document", Panic: "jsonpath: LookupAll with a nil *scanner.Document", Call: func(t *testing.T) { LookupAll(nil, nil, "", nil) }},
		{Func: "LookupAll", Name: "nil step", Panic: "jsonpath: LookupAll: step 0 of the path is nil", Call: func(t *testing.T) { LookupAll(doc(), nil, "", Path{nil}) }},
		{Func: "Index.String", Name: "negative", Call: func(t *testing.T) { str(t, Index(-1).String(), "[-1]") }},
		{Func: "Key.String", Name: "empty", Call: func(t *testing.T) { str(t, Key("").String(), `[""]`) }},
		{Func: "Splat.String", Name: "zero", Call: func(t *testing.T) { str(t, Splat{}.String(), "[*]") }},
		{Func: "LeadsNowhere", Name: "nil", Call: func(t *testing.T) {
			if LeadsNowhere(nil) {
				t.Error("nil leads nowhere")
			}
		}},
		{Func: "LanguageLayout", Name: "nil", Call: func(t *testing.T) {
			if l := LanguageLayout(nil); l != nil {
				t.Errorf("LanguageLayout(nil) = %v", l)
			}
		}},
		{Func: "LanguageLayout", Name: "no blocks", Call: func(t *testing.T) {
			if l := LanguageLayout(&schema.Language{Root: &schema.Body{}}); l != nil {
				t.Errorf("LanguageLayout(no blocks) = %v", l)
			}
		}},
		{Func: "LayoutFor", Name: "empty name", Call: func(t *testing.T) {
			if l := LayoutFor(""); l != nil {
				t.Errorf("LayoutFor(\"\") = %v", l)
			}
		}},
		{Func: "Layout.IsAddress", Name: "nil receiver", Call: func(t *testing.T) {
			if (*Layout)(nil).IsAddress(doc(), Path{Key("a")}) {
				t.Error("a nil Layout reads an address")
			}
		}},
		{Func: "Layout.IsAddress", Name: "zero Layout", Call: func(t *testing.T) {
			if (&Layout{}).IsAddress(doc(), nil) {
				t.Error("a zero Layout reads an address")
			}
		}},
		{Func: "Layout.IsAddress", Name: "nil document", Panic: "jsonpath: Layout.IsAddress with a nil *scanner.Document", Call: func(t *testing.T) { LayoutFor("a.tf.json").IsAddress(nil, nil) }},
		{Func: "Layout.Lookup", Name: "nil receiver", Call: func(t *testing.T) {
			r, diags := (*Layout)(nil).Lookup(doc(), nil, "", Path{Key("a"), Index(-1)})
			if r != nil {
				t.Errorf("result %v", r)
			}
			diag(t, nil, diags, negative)
		}},
		{Func: "Layout.Lookup", Name: "zero document", Call: func(t *testing.T) {
			r, diags := LayoutFor("a.tf.json").Lookup(&scanner.Document{}, nil, "", nil)
			if r != nil {
				t.Errorf("result %v", r)
			}
			diag(t, nil, diags, noValue)
		}},
		{Func: "Layout.Lookup", Name: "nil document", Panic: "jsonpath: Layout.Lookup with a nil *scanner.Document", Call: func(t *testing.T) { LayoutFor("a.tf.json").Lookup(nil, nil, "", nil) }},
		{Func: "Layout.Lookup", Name: "nil step", Panic: "jsonpath: Layout.Lookup: step 0 of the path is nil", Call: func(t *testing.T) { (*Layout)(nil).Lookup(doc(), nil, "", Path{nil}) }},
		{Func: "Layout.LookupAll", Name: "nil receiver", Call: func(t *testing.T) {
			r, diags := (*Layout)(nil).LookupAll(doc(), nil, "", Path{Key("a"), Index(-1)})
			if r != nil {
				t.Errorf("results %v", r)
			}
			diag(t, nil, diags, negative)
		}},
		{Func: "Layout.LookupAll", Name: "nil document", Panic: "jsonpath: Layout.LookupAll with a nil *scanner.Document", Call: func(t *testing.T) { LayoutFor("a.tf.json").LookupAll(nil, nil, "", nil) }},
		{Func: "Layout.LookupAll", Name: "nil step", Panic: "jsonpath: Layout.LookupAll: step 0 of the path is nil", Call: func(t *testing.T) { (*Layout)(nil).LookupAll(doc(), nil, "", Path{nil}) }},
		{Func: "Layout.Keys", Name: "nil receiver", Call: func(t *testing.T) {
			e, diags := (*Layout)(nil).Keys(doc(), nil, "", Path{Key("a"), Index(0)})
			if e != nil {
				t.Errorf("entries %v", e)
			}
			diag(t, nil, diags, ":1,8-9: Not an object or array; The value at a[0] is a number (1): only an object has keys, and an array indexes.")
		}},
		{Func: "Layout.Keys", Name: "zero document", Call: func(t *testing.T) {
			e, diags := LayoutFor("a.tf.json").Keys(&scanner.Document{}, nil, "", nil)
			if e != nil {
				t.Errorf("entries %v", e)
			}
			diag(t, nil, diags, noValue)
		}},
		{Func: "Layout.Keys", Name: "nil document", Panic: "jsonpath: Layout.Keys with a nil *scanner.Document", Call: func(t *testing.T) { (*Layout)(nil).Keys(nil, nil, "", nil) }},
		{Func: "Layout.Keys", Name: "nil step", Panic: "jsonpath: Layout.Keys: step 0 of the path is nil", Call: func(t *testing.T) { (*Layout)(nil).Keys(doc(), nil, "", Path{nil}) }},
		{Func: "Filter.String", Name: "zero", Call: func(t *testing.T) { str(t, Filter{}.String(), `[""=""]`) }},
		{Func: "Path.Several", Name: "nil", Call: func(t *testing.T) {
			if Path(nil).Several() {
				t.Error("the root leads to several values")
			}
		}},
		{Func: "Path.Several", Name: "nil step", Panic: "jsonpath: Path.Several: step 0 of the path is nil", Call: func(t *testing.T) { Path{nil}.Several() }},
		{Func: "Path.String", Name: "nil", Call: func(t *testing.T) { str(t, Path(nil).String(), "") }},
		{Func: "Path.String", Name: "nil step", Panic: "jsonpath: Path.String: step 0 of the path is nil", Call: func(t *testing.T) { _ = Path{nil}.String() }},
		{Func: "SyntaxError.Column", Name: "offsets outside", Call: func(t *testing.T) {
			got := [3]int{(&SyntaxError{}).Column(), (&SyntaxError{Path: "ab", Offset: 9}).Column(), (&SyntaxError{Path: "ab", Offset: -9}).Column()}
			if got != [3]int{1, 3, 1} {
				t.Errorf("columns %v, want [1 3 1]", got)
			}
		}},
		{Func: "SyntaxError.Column", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*SyntaxError)(nil).Column() }},
		{Func: "SyntaxError.Error", Name: "zero", Call: func(t *testing.T) { str(t, (&SyntaxError{}).Error(), `invalid path "": column 1: `) }},
		{Func: "SyntaxError.Error", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { _ = (*SyntaxError)(nil).Error() }},
	})
}

package template

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/zclconf/go-cty/cty"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): the zero Source is
// an empty string at the zero position, nil buffers and traversals are
// empty, a nil context is no context, and a method of a nil Template
// panics as the nil dereference it is.
func TestMisuse(t *testing.T) {
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	var nilT *Template
	diag := func(t *testing.T, diags hcl.Diagnostics, want string) {
		t.Helper()
		if got := diags.Error(); got != want {
			t.Errorf("diagnostics\n\t%s\nwant\n\t%s", got, want)
		}
	}
	bytesEq := func(t *testing.T, got []byte, want string) {
		t.Helper()
		if string(got) != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "AppendEscape", Name: "nil buffer, empty text", Call: func(t *testing.T) { bytesEq(t, AppendEscape(nil, ""), "") }},
		{Func: "AppendNativeEscapes", Name: "nil buffer, empty text", Call: func(t *testing.T) { bytesEq(t, AppendNativeEscapes(nil, ""), "") }},
		{Func: "AppendQuoted", Name: "nil buffer, empty text", Call: func(t *testing.T) { bytesEq(t, AppendQuoted(nil, ""), `""`) }},
		{Func: "Escape", Name: "empty", Call: func(t *testing.T) {
			if got := Escape(""); got != "" {
				t.Errorf("Escape(\"\") = %q", got)
			}
		}},
		{Func: "IsLiteral", Name: "empty", Call: func(t *testing.T) {
			if !IsLiteral("") {
				t.Error(`IsLiteral("") = false`)
			}
		}},
		{Func: "ParseExpression", Name: "zero Source", Call: func(t *testing.T) {
			_, diags := ParseExpression(Source{})
			diag(t, diags, ":0,0-0: Missing expression; Expected the start of an expression, but found the end of the file.")
		}},
		{Func: "ParseTraversal", Name: "zero Source", Call: func(t *testing.T) {
			tr, diags := ParseTraversal(Source{})
			if len(tr) != 0 {
				t.Errorf("traversal %#v", tr)
			}
			diag(t, diags, ":0,0-0: Variable name required; Must begin with a variable name.")
		}},
		{Func: "ParseTraversalPartial", Name: "zero Source", Call: func(t *testing.T) {
			_, diags := ParseTraversalPartial(Source{})
			diag(t, diags, ":0,0-0: Variable name required; Must begin with a variable name.")
		}},
		{Func: "StaticCall", Name: "zero Source", Call: func(t *testing.T) {
			call, diags := StaticCall(Source{})
			if call != nil {
				t.Errorf("call %#v", call)
			}
			diag(t, diags, ":0,0-0: Missing expression; Expected the start of an expression, but found the end of the file.")
		}},
		{Func: "Within", Name: "nil node, nil expression", Call: func(t *testing.T) {
			if got := Within(nil, nil); got != nil {
				t.Errorf("Within(nil, nil) = %#v", got)
			}
			x, _ := ParseExpression(Source{Text: "a", Raw: []byte(`\u0061`), Filename: "f"})
			if got := Within(x, nil); got != nil {
				t.Errorf("Within(x, nil) = %#v", got)
			}
			node := hcl.StaticExpr(cty.True, hcl.Range{})
			if got := Within(nil, node); got != node {
				t.Errorf("Within(nil, node) = %#v", got)
			}
		}},
		{Func: "Quick", Name: "nil context", Call: func(t *testing.T) {
			if v, ok := Quick("${a}", nil); ok || v != cty.NilVal {
				t.Errorf("Quick = %#v, %v", v, ok)
			}
		}},
		{Func: "QuickBounded", Name: "nil context", Call: func(t *testing.T) {
			if v, ok := QuickBounded("${a}", nil); ok || v != cty.NilVal {
				t.Errorf("QuickBounded = %#v, %v", v, ok)
			}
		}},
		{Func: "SameTraversal", Name: "nil", Call: func(t *testing.T) {
			if !SameTraversal(nil, hcl.Traversal{}) {
				t.Error("SameTraversal(nil, empty) = false")
			}
		}},
		{Func: "Parse", Name: "zero Source", Call: func(t *testing.T) {
			v, diags := Parse(Source{}).Value(nil)
			if !v.RawEquals(cty.StringVal("")) || diags != nil {
				t.Errorf("Value = %#v, %v", v, diags)
			}
		}},
		{Func: "Template.Value", Name: "zero Template", Call: func(t *testing.T) {
			v, diags := (&Template{}).Value(nil)
			if !v.RawEquals(cty.StringVal("")) || diags != nil {
				t.Errorf("Value = %#v, %v", v, diags)
			}
		}},
		{Func: "Template.Value", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilT.Value(nil) }},
		{Func: "Template.ValueWith", Name: "zero Template, nil wrap", Call: func(t *testing.T) {
			v, diags := (&Template{}).ValueWith(nil, nil)
			if !v.RawEquals(cty.StringVal("")) || diags != nil {
				t.Errorf("ValueWith = %#v, %v", v, diags)
			}
		}},
		{Func: "Template.ValueWith", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilT.ValueWith(nil, nil) }},
		{Func: "Template.Variables", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilT.Variables() }},
		{Func: "Template.Functions", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilT.Functions() }},
		{Func: "Template.Wraps", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilT.Wraps() }},
		{Func: "Template.Interpolation", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilT.Interpolation() }},
		{Func: "Template.Diagnostics", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilT.Diagnostics() }},
	})
}

package native

import (
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// TestNavType: hclsyntax's Nav is still one pointer to the body, so that
// files are made without parsing an empty one (newFile's fast path), and
// the Nav the reader makes answers as hclsyntax's does.
func TestNavType(t *testing.T) {
	if _, ok := navType(); !ok {
		t.Fatal("hclsyntax's Nav is no longer a pointer to the body: newFile parses an empty file for each file")
	}
	src := []byte("a {\n  b = 1\n  c {\n    d = 2\n  }\n}\n")
	got, why := parse(src, "nav.tf", hcl.InitialPos)
	if got == nil {
		t.Fatalf("fell back (%s)", why)
	}
	want, _ := hclsyntax.ParseConfig(src, "nav.tf", hcl.InitialPos)
	type nav interface {
		ContextString(int) string
		ContextDefRange(int) hcl.Range
	}
	g, ok := got.Nav.(nav)
	if !ok {
		t.Fatalf("Nav is %T", got.Nav)
	}
	w := want.Nav.(nav)
	for off := range len(src) {
		if gs, ws := g.ContextString(off), w.ContextString(off); gs != ws {
			t.Errorf("ContextString(%d) = %q, want %q", off, gs, ws)
		}
		if gr, wr := g.ContextDefRange(off), w.ContextDefRange(off); gr != wr {
			t.Errorf("ContextDefRange(%d) = %v, want %v", off, gr, wr)
		}
	}
}

// TestBoxedSteps: the steps of traversals, boxed from slabs, are the
// values hclsyntax's are, of the same dynamic types, and stay so after
// everything but the traversal is dropped and the memory collected.
func TestBoxedSteps(t *testing.T) {
	src := []byte("a = var.x.y[0][\"k\"].z\nb = c.*.d.1\n")
	trav := func(f *hcl.File, name string) hcl.Traversal {
		switch e := f.Body.(*hclsyntax.Body).Attributes[name].Expr.(type) {
		case *hclsyntax.ScopeTraversalExpr:
			return e.Traversal
		case *hclsyntax.SplatExpr:
			return e.Each.(*hclsyntax.RelativeTraversalExpr).Traversal
		}
		t.Fatalf("%s: not a traversal", name)
		return nil
	}
	f, why := parse(src, "steps.tf", hcl.InitialPos)
	if f == nil {
		t.Fatalf("fell back (%s)", why)
	}
	gotA, gotB := trav(f, "a"), trav(f, "b")
	f = nil
	for range 3 {
		runtime.GC()
		// Reuse what was freed, if anything was.
		for range 1000 {
			_ = make([]hcl.TraverseAttr, 64)
		}
	}
	want, _ := hclsyntax.ParseConfig(src, "steps.tf", hcl.InitialPos)
	for _, c := range []struct {
		got, want hcl.Traversal
	}{{gotA, trav(want, "a")}, {gotB, trav(want, "b")}} {
		if len(c.got) != len(c.want) {
			t.Fatalf("%d steps, want %d", len(c.got), len(c.want))
		}
		for i, g := range c.got {
			w := c.want[i]
			switch w := w.(type) {
			case hcl.TraverseRoot:
				if g, ok := g.(hcl.TraverseRoot); !ok || g != w {
					t.Errorf("step %d: %#v, want %#v", i, g, w)
				}
			case hcl.TraverseAttr:
				if g, ok := g.(hcl.TraverseAttr); !ok || g != w {
					t.Errorf("step %d: %#v, want %#v", i, g, w)
				}
			case hcl.TraverseIndex:
				if g, ok := g.(hcl.TraverseIndex); !ok || !g.Key.RawEquals(w.Key) || g.SrcRange != w.SrcRange {
					t.Errorf("step %d: %#v, want %#v", i, g, w)
				}
			default:
				t.Errorf("step %d: hclsyntax's is %T", i, w)
			}
		}
	}
}

// TestStringVal: the values of literal strings, whose strings are boxed
// from a slab, are cty.StringVal's, and stay so after everything but
// the values is dropped and the memory collected; strings beyond ASCII
// (normalized by cty) go through cty.StringVal.
func TestStringVal(t *testing.T) {
	strs := []string{"a", "hello, world", "", "caf\u00e9", "cafe\u0301", "x\ty", strings.Repeat("k", 100)}
	p := &parser{}
	p.slabs.size(0)
	var got []cty.Value
	for _, s := range strs {
		got = append(got, p.stringVal(s))
	}
	p = nil
	for range 3 {
		runtime.GC()
		for range 1000 {
			_ = make([]string, 64)
		}
	}
	for i, s := range strs {
		want := cty.StringVal(s)
		if !got[i].RawEquals(want) || !reflect.DeepEqual(got[i], want) || got[i].AsString() != want.AsString() {
			t.Errorf("%q: %#v, want %#v", s, got[i], want)
		}
	}
	// The value read back in HCL's own terms, as a template's part.
	src := []byte("a = \"x${b}yz\"\n")
	f, why := parse(src, "str.tf", hcl.InitialPos)
	if f == nil {
		t.Fatalf("fell back (%s)", why)
	}
	v, diags := f.Body.(*hclsyntax.Body).Attributes["a"].Expr.Value(&hcl.EvalContext{Variables: map[string]cty.Value{"b": cty.StringVal("-")}})
	if diags.HasErrors() || !v.RawEquals(cty.StringVal("x-yz")) {
		t.Errorf("value %#v, %v", v, diags)
	}
}

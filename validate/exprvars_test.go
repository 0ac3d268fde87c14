package validate

import (
	"fmt"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// TestExprVarsJSON checks exprVars on the expressions of two decodings of
// one JSON body (new expressions of the same ranges): the variables, the
// function calls and the readings of types and references are those the
// expressions give, computed for the first decoding and the same for the
// second; a reading in another mode (a keyword) is made every time, of
// the expression asked; the diagnostics kept have no room to append in
// place.
func TestExprVarsJSON(t *testing.T) {
	f, diags := hcljson.Parse([]byte(`{
  "value": "${upper(var.a)}-${local.b}",
  "type": "list(strin",
  "good_type": "map(string)",
  "depends_on": ["aws_instance.a", "nosuch("],
  "keyword": "all"
}`), "a.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	decode := func() hcl.Attributes {
		attrs, diags := f.Body.JustAttributes()
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return attrs
	}
	first, second := decode(), decode()
	if first["value"].Expr == second["value"].Expr {
		t.Fatal("the two decodings share their expressions: nothing to test")
	}
	render := func(v module.Value, diags hcl.Diagnostics) string {
		s := fmt.Sprintf("type %#v traversal %#v keyword %q", v.Type, v.Traversal, v.Keyword)
		for _, d := range diags {
			s += "\n" + d.Error()
		}
		return s
	}
	var c exprVars
	for _, attrs := range []hcl.Attributes{first, second} {
		e := attrs["value"].Expr
		if got, want := fmt.Sprint(c.of(e)), fmt.Sprint(e.Variables()); got != want {
			t.Errorf("variables %s, want %s", got, want)
		}
		calls, ok := c.functions(e)
		if want := fmt.Sprint(e.(interface{ Functions() []hcl.Traversal }).Functions()); !ok || fmt.Sprint(calls) != want {
			t.Errorf("functions %s, %v, want %s", fmt.Sprint(calls), ok, want)
		}
		elems, _ := hcl.ExprList(attrs["depends_on"].Expr)
		for _, r := range []struct {
			e    hcl.Expression
			mode schema.Mode
		}{{attrs["type"].Expr, schema.TypeExpr}, {attrs["good_type"].Expr, schema.TypeExpr}, {elems[0], schema.AbsTraversal}, {elems[1], schema.AbsTraversal}, {attrs["keyword"].Expr, schema.Keyword}} {
			v, d := c.read(r.e, r.mode, false)
			if got, want := render(v, d), render(module.ReadValue(r.e, r.mode, false)); got != want {
				t.Errorf("%s in %v:\n%s\nwant (module.ReadValue):\n%s", r.e.Range(), r.mode, got, want)
			}
			if cap(d) != len(d) {
				t.Errorf("%s: diagnostics with room to append in place", r.e.Range())
			}
			if r.mode == schema.Keyword && v.Expr != r.e {
				t.Errorf("a keyword's reading is not of the expression asked")
			}
		}
	}
	a1, _ := c.functions(first["value"].Expr)
	a2, _ := c.functions(second["value"].Expr)
	v1, v2 := c.of(first["value"].Expr), c.of(second["value"].Expr)
	_, d1 := c.read(first["type"].Expr, schema.TypeExpr, false)
	_, d2 := c.read(second["type"].Expr, schema.TypeExpr, false)
	if len(a1) == 0 || &a1[0] != &a2[0] || len(v1) == 0 || &v1[0] != &v2[0] || len(d1) == 0 || &d1[0] != &d2[0] {
		t.Errorf("the second decoding's expressions were asked again")
	}
	if _, ok := c.functions(hcl.StaticExpr(cty.True, hcl.Range{})); ok {
		t.Errorf("an expression that does not list its function calls gave a list")
	}
}

// TestExprVarsFirstEntries checks the maps made on the first entry kept
// (newExprVars' room, made outside the lock): goroutines that keep
// their first entries at once each keep theirs, none lost when two make
// a map meanwhile, and each expression's variables, function calls and
// readings of types are remembered: asked again, the same slices.
func TestExprVarsFirstEntries(t *testing.T) {
	const n = 64
	var src []byte
	src = append(src, "{\n"...)
	for i := range n {
		sep := ","
		if i == n-1 {
			sep = ""
		}
		src = fmt.Appendf(src, "  \"v%02d\": \"${upper(var.a%02d)}\", \"t%02d\": \"list(string)\"%s\n", i, i, i, sep)
	}
	src = append(src, "}\n"...)
	f, diags := hcljson.Parse(src, "a.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	attrs, diags := f.Body.JustAttributes()
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for round := range 20 {
		c := newExprVars(&module.Module{Files: []*module.File{{Path: "a.tf.json", Bytes: src, File: f}}})
		if c.hint == 0 || c.m != nil || c.fns != nil || c.values != nil {
			t.Fatalf("newExprVars: hint %d, maps made %v %v %v; want room estimated, no map made", c.hint, c.m != nil, c.fns != nil, c.values != nil)
		}
		start := make(chan struct{})
		done := make(chan struct{})
		for g := range 4 {
			go func() {
				defer func() { done <- struct{}{} }()
				<-start
				for i := g; i < n; i += 4 {
					c.of(attrs[fmt.Sprintf("v%02d", i)].Expr)
					c.functions(attrs[fmt.Sprintf("v%02d", i)].Expr)
					c.read(attrs[fmt.Sprintf("t%02d", i)].Expr, schema.TypeExpr, false)
				}
			}()
		}
		close(start)
		for range 4 {
			<-done
		}
		if len(c.m) != n || len(c.fns) != n || len(c.values) != n {
			t.Fatalf("round %d: %d variables, %d function lists, %d readings kept, want %d each", round, len(c.m), len(c.fns), len(c.values), n)
		}
		for i := range n {
			e := attrs[fmt.Sprintf("v%02d", i)].Expr
			vars := c.of(e)
			if want := fmt.Sprintf("[[var.a%02d]]", i); len(vars) != 1 || fmt.Sprintf("[[%s.%s]]", vars[0].RootName(), vars[0][1].(hcl.TraverseAttr).Name) != want {
				t.Fatalf("variables of v%02d: %v, want %s", i, vars, want)
			}
			if again := c.of(e); &again[0] != &vars[0] {
				t.Errorf("variables of v%02d computed again", i)
			}
			calls, _ := c.functions(e)
			if len(calls) != 1 || calls[0].RootName() != "upper" {
				t.Errorf("function calls of v%02d: %v, want upper", i, calls)
			}
			v, _ := c.read(attrs[fmt.Sprintf("t%02d", i)].Expr, schema.TypeExpr, false)
			if !v.Type.Equals(cty.List(cty.String)) {
				t.Errorf("type of t%02d: %#v, want list(string)", i, v.Type)
			}
		}
	}
}

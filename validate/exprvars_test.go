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

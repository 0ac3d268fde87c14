package hcljson_test

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
)

// Position look-ups through the hcl interfaces allocate nothing: ranges
// are computed from the line table on demand, and literal strings evaluate
// in literal mode without copying.
func TestRangeAllocs(t *testing.T) {
	src := []byte("{\n  \"name\": \"a verbatim string é\",\n  \"n\": [1, 2, 3]\n}")
	f, diags := hcljson.Parse(src, "a.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	attrs, _ := f.Body.JustAttributes()
	name, n := attrs["name"].Expr, attrs["n"].Expr
	if got := testing.AllocsPerRun(100, func() {
		_ = name.Range()
		_ = n.StartRange()
		_ = f.Body.MissingItemRange()
	}); got != 0 {
		t.Errorf("ranges allocate %v times per run", got)
	}
	if r := name.Range(); r.String() != "a.json:2,11-32" {
		t.Errorf("Range() = %s", r)
	}
}

// A bare word used as a property name is a syntax error, but the name is
// kept; its ranges start on the word itself, not one byte after it as for
// a quoted name.
func TestBareWordKeyRanges(t *testing.T) {
	expr, diags := hcljson.ParseExpression([]byte(`{"o": {abc: 1}}`), "k.json")
	if len(diags) != 1 || diags[0].Summary != "Invalid object property name" {
		t.Fatalf("diags: %v", diags)
	}
	outer, _ := hcl.ExprMap(expr)
	inner, _ := hcl.ExprMap(outer[0].Value)
	key := inner[0].Key
	if got := key.Range().String(); got != "k.json:1,8-11" {
		t.Errorf("key range %s", got)
	}
	tr, d := hcl.AbsTraversalForExpr(key)
	if d.HasErrors() {
		t.Fatal(d)
	}
	if got := tr.SourceRange().String(); got != "k.json:1,8-11" {
		t.Errorf("traversal range %s, want the word's", got)
	}
}

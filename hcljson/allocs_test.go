package hcljson_test

import (
	"testing"

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

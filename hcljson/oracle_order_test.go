package hcljson_test

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	ojson "github.com/hashicorp/hcl/v2/json"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// The oracle reports the elements of an array body that are not objects
// before anything found in its members; so do we (the oracle's repeats
// of Content, D9, are folded).
func TestArrayBodyDiagnosticOrder(t *testing.T) {
	src := []byte(`[{"a": 1, "a": 2, "c": {"l": [{"k": {"z": 1}}, true]}}, 5]`)
	schema := hcltest.MustParseSchema("attr a\nblock c l1 l2 {\n}")
	render := func(parse func([]byte, string) (*hcl.File, hcl.Diagnostics)) string {
		f, diags := parse(src, "o.json")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return hcltest.Options{DedupeDiags: true}.RenderBody(f.Body, schema, nil)
	}
	got, want := render(hcljson.Parse), render(ojson.Parse)
	if got != want {
		t.Errorf("ours:\n%s\noracle:\n%s", got, want)
	}
}

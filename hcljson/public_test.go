package hcljson_test

import (
	"slices"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
)

// TestRepeatedNames: the names a body defines more than once with objects
// or arrays of objects, in the order of their second definition, and not
// "//", those that PartialContent took or those that hold other values.
func TestRepeatedNames(t *testing.T) {
	src := `{"b": {"x": {}, "s": "1", "part": [{}], "//": "c", "part": {}, "s": "2", "x": [], "//": "d", "y": {}, "y": [1]}}`
	f, diags := hcljson.Parse([]byte(src), "f.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	content, _, _ := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "b"}}})
	body := content.Blocks[0].Body
	if got, want := hcljson.RepeatedNames(body), []string{"part", "x"}; !slices.Equal(got, want) {
		t.Errorf("RepeatedNames = %q, want %q", got, want)
	}
	_, rest, _ := body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "part"}}})
	if got, want := hcljson.RepeatedNames(rest), []string{"x"}; !slices.Equal(got, want) {
		t.Errorf("after PartialContent: %q, want %q", got, want)
	}
}

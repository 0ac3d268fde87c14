package hcljson_test

import (
	"encoding/json"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/hcljson/hcljson/template"
)

// TestQuickRealWorld checks template.Quick on the strings of the real-world
// sample (HCLJSON_REALWORLD_JSON, see BenchmarkLoadRealWorld), in the
// context a validation has (every root name unknown, OpenTofu's
// functions): wherever Quick gives a value, hclsyntax parses and evaluates
// the string to the same value (RawEquals: type, marks and refinements
// included) with no diagnostic. It reports how many strings Quick left to
// the parser.
func TestQuickRealWorld(t *testing.T) {
	files, ctx := realWorld()
	if files == nil {
		t.Skip("HCLJSON_REALWORLD_JSON is not set")
	}
	var strs []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if !template.IsLiteral(v) {
				strs = append(strs, v)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				walk(k)
				walk(e)
			}
		}
	}
	for _, f := range files {
		var v any
		if json.Unmarshal(f.src, &v) == nil {
			walk(v)
		}
	}
	left, leftBytes := 0, 0
	for _, s := range strs {
		got, ok := template.Quick(s, ctx)
		if !ok {
			left++
			leftBytes += len(s)
			continue
		}
		expr, diags := hclsyntax.ParseTemplate([]byte(s), "rw", hcl.InitialPos)
		if !diags.HasErrors() {
			want, more := expr.Value(ctx)
			diags = append(diags, more...)
			if len(diags) == 0 && want.RawEquals(got) {
				continue
			}
			t.Errorf("Quick(%q) = %#v; hclsyntax: %#v %s", s, got, want, diags.Error())
			continue
		}
		t.Errorf("Quick(%q) = %#v; hclsyntax: %s", s, got, diags.Error())
	}
	t.Logf("%d files, %d strings with templates; Quick left %d to the parser (%d bytes)", len(files), len(strs), left, leftBytes)
}

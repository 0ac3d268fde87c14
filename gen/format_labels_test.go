package gen_test

import (
	"strings"
	"testing"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
)

// TestFormatRefusesLabelErrors checks that FormatFile and LayoutFile
// refuse a file whose labels do not nest as the schema's block types
// take them (spec.md §blocks, C27): no output, and the decoder's
// diagnostics, whole, with their ranges, where the formatter once
// dropped the property or kept it.
func TestFormatRefusesLabelErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, diags string
	}{
		{
			name:  "empty object under resource",
			src:   `{"resource": {}, "locals": {"a": 1}}`,
			diags: `a.tf.json:1,14-15: error: Missing block label; At least one object property is required, whose name represents the resource block's type.`,
		},
		{
			name:  "too few labels",
			src:   `{"resource": {"aws_instance": {}}}`,
			diags: `a.tf.json:1,31-32: error: Missing block label; At least one object property is required, whose name represents the resource block's name.`,
		},
		{
			name:  "too few labels, a body's properties taken for labels",
			src:   `{"variable": {"region": {"default": "x"}}, "module": {"m": {"source": "./m"}}, "resource": {"aws_instance": {"ami": "x"}}}`,
			diags: `a.tf.json:1,117-120: error: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more "resource" blocks.`,
		},
		{
			name: "a label that is not an object",
			src:  `{"resource": {"aws_instance": "web"}}`,
			diags: `a.tf.json:1,31-36: error: Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to specify name labels for this block.
a.tf.json:1,31-36: error: Missing block label; At least one object property is required, whose name represents the resource block's name.`,
		},
		{
			name:  "null where a label goes",
			src:   `{"module": null}`,
			diags: `a.tf.json:1,12-16: error: Missing block label; At least one object property is required, whose name represents the module block's name.`,
		},
		{
			name:  "array form, empty",
			src:   `{"resource": [{"aws_instance": []}]}`,
			diags: `a.tf.json:1,32-33: error: Missing block label; At least one object property is required, whose name represents the resource block's name.`,
		},
		{
			name:  "array form, an element that is not an object",
			src:   `{"data": [{"aws_ami": {"a": {}}}, "x"]}`,
			diags: `a.tf.json:1,35-38: error: Incorrect JSON value type; A JSON object is required here, to specify type labels for this block.`,
		},
		{
			name:  "a comment is a label there",
			src:   `{"module": [{"//": "note"}]}`,
			diags: `a.tf.json:1,20-26: error: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more "module" blocks.`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, diags := hcljson.Parse([]byte(tc.src), "a.tf.json")
			if diags.HasErrors() {
				t.Fatal(hcltest.RenderDiags(diags))
			}
			// The decoder's diagnostics, as check reports them: the root
			// body read with the language's schema.
			_, _, decoded := file.Body.PartialContent(schema.Terraform.Root.HCL())
			if got := strings.TrimSpace(hcltest.RenderDiags(decoded)); got != tc.diags {
				t.Fatalf("the decoder's diagnostics:\n%s\nwant:\n%s", got, tc.diags)
			}
			out, diags := gen.FormatFile(file, schema.Terraform.Root, gen.Options{})
			if out != nil {
				t.Errorf("FormatFile wrote %s", out)
			}
			if got := strings.TrimSpace(hcltest.RenderDiags(diags)); got != tc.diags {
				t.Errorf("FormatFile's diagnostics:\n%s\nwant:\n%s", got, tc.diags)
			}
			out, diags = gen.LayoutFile(file, schema.Terraform.Root)
			if out != nil {
				t.Errorf("LayoutFile wrote %s", out)
			}
			if got := strings.TrimSpace(hcltest.RenderDiags(diags)); got != tc.diags {
				t.Errorf("LayoutFile's diagnostics:\n%s\nwant:\n%s", got, tc.diags)
			}
			out, diags = gen.FormatJSON([]byte(tc.src), "a.tf.json", schema.Terraform.Root, gen.Options{})
			if out != nil {
				t.Errorf("FormatJSON wrote %s", out)
			}
			if got := strings.TrimSpace(hcltest.RenderDiags(diags)); got != tc.diags {
				t.Errorf("FormatJSON's diagnostics:\n%s\nwant:\n%s", got, tc.diags)
			}
		})
	}
}

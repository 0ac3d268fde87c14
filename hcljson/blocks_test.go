package hcljson_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/scanner"
)

// blocksSchema has block types of zero, one and two labels.
var blocksSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "module", LabelNames: []string{"name"}},
	{Type: "locals"},
}}

// TestSourceBlocks checks that Source.Blocks finds what the decoder
// finds (spec.md §blocks): the same blocks, labels, label ranges,
// definition ranges and bodies in the same order, and the same
// diagnostics, rendered whole.
func TestSourceBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		blocks    string // the blocks, one a line: type, labels and ranges, body and def ranges
		diags     string
	}{
		{
			name: "object form",
			src:  `{"resource": {"aws_instance": {"web": {"ami": "x"}, "db": {}}}, "module": {"m": {}}, "locals": {"a": 1}}`,
			blocks: `resource ["aws_instance"@1,15-29 "web"@1,32-37] body 1,39-51 def 1,39-40
resource ["aws_instance"@1,15-29 "db"@1,53-57] body 1,59-61 def 1,59-60
module ["m"@1,76-79] body 1,81-83 def 1,81-82
locals [] body 1,96-104 def 1,96-97`,
		},
		{
			name: "array forms",
			src:  `{"resource": [{"a": [{"b": [{}, {"x": 1}]}]}], "locals": [{}, null, 5]}`,
			blocks: `resource ["a"@1,16-19 "b"@1,23-26] body 1,29-31 def 1,28-29
resource ["a"@1,16-19 "b"@1,23-26] body 1,33-41 def 1,28-29
locals [] body 1,59-61 def 1,58-59
locals [] body 1,63-67 def 1,58-59
locals [] body 1,69-70 def 1,58-59`,
		},
		{
			name:   "comment is a label",
			src:    `{"module": {"//": {}}}`,
			blocks: `module ["//"@1,13-17] body 1,19-21 def 1,19-20`,
		},
		{
			name:   "empty object under a block type",
			src:    `{"resource": {}, "locals": {"a": 1}}`,
			diags:  `input.json:1,14-15: error: Missing block label; At least one object property is required, whose name represents the resource block's type.`,
			blocks: `locals [] body 1,28-36 def 1,28-29`,
		},
		{
			name:  "too few labels",
			src:   `{"resource": {"aws_instance": {}}}`,
			diags: `input.json:1,31-32: error: Missing block label; At least one object property is required, whose name represents the resource block's name.`,
		},
		{
			name: "a label that is not an object",
			src:  `{"resource": {"aws_instance": "web"}, "module": {"m": 1}}`,
			diags: `input.json:1,31-36: error: Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to specify name labels for this block.
input.json:1,31-36: error: Missing block label; At least one object property is required, whose name represents the resource block's name.
input.json:1,55-56: error: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more "module" blocks.`,
		},
		{
			name: "array elements at label levels",
			src:  `{"resource": [1, {"a": [{}, "x"]}], "module": []}`,
			diags: `input.json:1,15-16: error: Incorrect JSON value type; A JSON object is required here, to specify type labels for this block.
input.json:1,29-32: error: Incorrect JSON value type; A JSON object is required here, to specify name labels for this block.
input.json:1,24-25: error: Missing block label; At least one object property is required, whose name represents the resource block's name.
input.json:1,47-48: error: Missing block label; At least one object property is required, whose name represents the module block's name.`,
		},
		{
			name:  "null",
			src:   `{"resource": null, "module": {"m": null}, "locals": null}`,
			diags: `input.json:1,14-18: error: Missing block label; At least one object property is required, whose name represents the resource block's type.`,
		},
		{
			name:   "a block between errors",
			src:    `{"module": {"a": 1, "b": {}, "c": true}}`,
			blocks: `module ["b"@1,21-24] body 1,26-28 def 1,26-27`,
			diags: `input.json:1,18-19: error: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more "module" blocks.
input.json:1,35-39: error: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more "module" blocks.`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, diags := hcljson.Parse([]byte(tc.src), "input.json")
			if diags.HasErrors() {
				t.Fatal(hcltest.RenderDiags(diags))
			}
			content, _, decoded := file.Body.PartialContent(blocksSchema)
			var want []string
			for _, b := range content.Blocks {
				var labels []string
				for i, l := range b.Labels {
					labels = append(labels, fmt.Sprintf("%q@%s", l, rng(b.LabelRanges[i])))
				}
				want = append(want, fmt.Sprintf("%s [%s] def %s", b.Type, strings.Join(labels, " "), rng(b.DefRange)))
			}

			source, _ := hcljson.SourceOf(file)
			var got, same []string // same: without the body, as want
			var walked hcl.Diagnostics
			for k, v := range source.Doc.Members(0) {
				typ := source.Doc.Text(k)
				var labels []string
				for _, s := range blocksSchema.Blocks {
					if s.Type == typ {
						labels = s.LabelNames
					}
				}
				for b := range source.Blocks(v, typ, labels, &walked) {
					var ls []string
					for _, lk := range b.LabelKeys {
						ls = append(ls, fmt.Sprintf("%q@%s", source.Doc.Text(lk), rng(source.Range(lk))))
					}
					def := source.Range(b.Def)
					def.End = source.Pos(def.Start.Byte + 1)
					got = append(got, fmt.Sprintf("%s [%s] body %s def %s", typ, strings.Join(ls, " "), rng(source.Range(b.Body)), rng(def)))
					same = append(same, fmt.Sprintf("%s [%s] def %s", typ, strings.Join(ls, " "), rng(def)))
				}
			}
			if g, w := hcltest.RenderDiags(walked), hcltest.RenderDiags(decoded); g != w {
				t.Errorf("Blocks' diagnostics:\n%s\nthe decoder's:\n%s", g, w)
			}
			if g := strings.TrimSpace(hcltest.RenderDiags(walked)); g != tc.diags {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", g, tc.diags)
			}
			if g := strings.Join(got, "\n"); g != tc.blocks {
				t.Errorf("blocks:\n%s\nwant:\n%s", g, tc.blocks)
			}
			if g, w := strings.Join(same, "\n"), strings.Join(want, "\n"); g != w {
				t.Errorf("Blocks found:\n%s\nthe decoder:\n%s", g, w)
			}
		})
	}
}

func rng(r hcl.Range) string {
	return fmt.Sprintf("%d,%d-%d", r.Start.Line, r.Start.Column, r.End.Column)
}

// TestSourceBlocksStops checks that a walk ends when the loop over it
// does, and that diagnostics found before the block the loop ended at are
// given.
func TestSourceBlocksStops(t *testing.T) {
	src := []byte(`{"module": {"a": 1, "b": {}, "c": 2, "d": {}}}`)
	file, _ := hcljson.Parse(src, "input.json")
	source, _ := hcljson.SourceOf(file)
	var diags hcl.Diagnostics
	var seen []string
	for b := range source.Blocks(source.Doc.FirstChild(0)+1, "module", []string{"name"}, &diags) {
		if source.Kind(b.Body) != scanner.Object {
			t.Fatalf("body %v", source.Kind(b.Body))
		}
		seen = append(seen, source.Doc.Text(b.LabelKeys[0]))
		break
	}
	if strings.Join(seen, " ") != "b" {
		t.Errorf("blocks %q, want b only", seen)
	}
	if got, want := strings.TrimSpace(hcltest.RenderDiags(diags)), `input.json:1,18-19: error: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more "module" blocks.`; got != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
	}
}

package schema

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestNativeContentEdges checks Body.Content of native bodies against
// hclsyntax's Body.Content on edges of nativeContent that
// TestNativeContent does not reach: a schema naming a block type twice
// with different label counts (the last wins, as PartialContent's map
// keeps it), an argument and a block type of one name, an empty body,
// an empty schema, and a schema body that names an argument twice (which
// Validate refuses, but Content takes): the body's other argument must
// still be reported, not decoded as if the schema had it.
func TestNativeContentEdges(t *testing.T) {
	cases := []struct {
		name string
		s    *Body
		src  string
	}{
		{"block type twice, last has a label",
			&Body{Blocks: []Block{{Type: "b", Body: &Body{}}, {Type: "b", Labels: []string{"n"}, Body: &Body{}}}},
			"b \"x\" {}\n"},
		{"block type twice, last has none",
			&Body{Blocks: []Block{{Type: "b", Labels: []string{"n"}, Body: &Body{}}, {Type: "b", Body: &Body{}}}},
			"b \"x\" {}\n"},
		{"argument and block of one name, as an argument",
			&Body{Attributes: []Attribute{{Name: "x"}}, Blocks: []Block{{Type: "y", Body: &Body{}}}},
			"x = 1\n"},
		{"argument and block of one name, as a block",
			&Body{Attributes: []Attribute{{Name: "x"}}, Blocks: []Block{{Type: "y", Body: &Body{}}}},
			"y {}\nx {}\n"},
		{"empty body", &Body{Attributes: []Attribute{{Name: "a"}}}, ""},
		{"empty body, required", &Body{Attributes: []Attribute{{Name: "a", Required: true}}}, ""},
		{"empty schema", &Body{}, "a = 1\n"},
		{"empty schema, empty body", &Body{}, "\n"},
		{"argument named twice in the schema",
			&Body{Attributes: []Attribute{{Name: "a"}, {Name: "a"}}},
			"a = 1\nz = 2\n"},
		{"argument named twice, required",
			&Body{Attributes: []Attribute{{Name: "a", Required: true}, {Name: "a"}}},
			"a = 1\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, d := hclsyntax.ParseConfig([]byte(c.src), "a.tf", hcl.InitialPos)
			if d.HasErrors() {
				t.Fatal(d)
			}
			body := f.Body.(*hclsyntax.Body)
			raw, rawDiags := body.Content(c.s.HCL())
			want := renderContent(raw, nil, InSourceOrder(rawDiags, "Unsupported argument"))
			if got := renderContent(c.s.Content(body)); got != want {
				t.Errorf("Body.Content:\n%s\nwant (hclsyntax):\n%s", got, want)
			}
		})
	}
}

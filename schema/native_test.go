package schema

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestNativeContent checks that Body.Content of a native body returns
// what hclsyntax's Body.Content returns (the content, then the
// diagnostics in the order of the source), whether nativeContent decodes
// it (a body that Content finds nothing wrong with) or leaves it to
// Content (an argument or a block type the schema lacks, a missing
// required argument, too many or too few labels, a body that a
// PartialContent left). Its edges: a schema naming a block type twice
// with different label counts (the last wins, as PartialContent's map
// keeps it), an argument and a block type of one name, an empty body or
// schema, and a schema that names an argument twice (which Validate
// refuses, but Content takes), whose body's other argument must still
// be reported, not decoded as if the schema had it.
func TestNativeContent(t *testing.T) {
	dflt := &Body{
		Attributes: []Attribute{{Name: "a", Required: true}, {Name: "b"}, {Name: "c"}},
		Blocks: []Block{
			{Type: "inner", Body: &Body{}},
			{Type: "named", Labels: []string{"name"}, Body: &Body{}},
		},
	}
	cases := []struct {
		name, src string
		fast      bool
		s         *Body // nil: dflt
	}{
		{"all", "a = 1\nb = 2\ninner {}\nnamed \"x\" {}\ninner {\n  z = 1\n}\n", true, nil},
		{"required only", "a = 1\n", true, nil},
		{"unsupported argument", "a = 1\nd = 2\ne = 3\n", false, nil},
		{"missing required", "b = 1\n", false, nil},
		{"unsupported block", "a = 1\nother {}\n", false, nil},
		{"argument as block", "a = 1\nb {}\n", false, nil},
		{"extra label", "a = 1\ninner \"x\" {}\n", false, nil},
		{"missing label", "a = 1\nnamed {}\n", false, nil},
		{"block type twice, last has a label", "b \"x\" {}\n", true,
			&Body{Blocks: []Block{{Type: "b", Body: &Body{}}, {Type: "b", Labels: []string{"n"}, Body: &Body{}}}}},
		{"block type twice, last has none", "b \"x\" {}\n", false,
			&Body{Blocks: []Block{{Type: "b", Labels: []string{"n"}, Body: &Body{}}, {Type: "b", Body: &Body{}}}}},
		{"argument and block of one name, as an argument", "x = 1\n", true,
			&Body{Attributes: []Attribute{{Name: "x"}}, Blocks: []Block{{Type: "y", Body: &Body{}}}}},
		{"argument and block of one name, as a block", "y {}\nx {}\n", false,
			&Body{Attributes: []Attribute{{Name: "x"}}, Blocks: []Block{{Type: "y", Body: &Body{}}}}},
		{"empty body", "", true, &Body{Attributes: []Attribute{{Name: "a"}}}},
		{"empty body, required", "", false, &Body{Attributes: []Attribute{{Name: "a", Required: true}}}},
		{"empty schema", "a = 1\n", false, &Body{}},
		{"empty schema, empty body", "\n", true, &Body{}},
		{"argument named twice in the schema", "a = 1\nz = 2\n", false,
			&Body{Attributes: []Attribute{{Name: "a"}, {Name: "a"}}}},
		{"argument named twice, required", "a = 1\n", true,
			&Body{Attributes: []Attribute{{Name: "a", Required: true}, {Name: "a"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, d := hclsyntax.ParseConfig([]byte(c.src), "a.tf", hcl.InitialPos)
			if d.HasErrors() {
				t.Fatal(d)
			}
			body := f.Body.(*hclsyntax.Body)
			s := c.s
			if s == nil {
				s = dflt
			}
			hs := s.HCL()
			raw, rawDiags := body.Content(hs)
			want := renderContent(raw, nil, InSourceOrder(rawDiags, "Unsupported argument"))
			if got := renderContent(s.Content(body)); got != want {
				t.Errorf("Body.Content:\n%s\nwant (hclsyntax):\n%s", got, want)
			}
			if _, ok := nativeContent(body, hs); ok != c.fast {
				t.Errorf("decoded without hclsyntax's Content: %v, want %v", ok, c.fast)
			}
		})
	}
	// What a PartialContent leaves hides what it took: a schema of the
	// rest finds it all, and one that asks again for a hidden argument
	// finds it missing.
	f, _ := hclsyntax.ParseConfig([]byte("a = 1\nb = 2\nc = 3\n"), "a.tf", hcl.InitialPos)
	_, remain, _ := f.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "c"}}})
	rest := &Body{Attributes: []Attribute{{Name: "a", Required: true}, {Name: "b"}}}
	again := &Body{Attributes: []Attribute{{Name: "a", Required: true}, {Name: "b"}, {Name: "c", Required: true}}}
	for _, b := range []*Body{rest, again} {
		raw, rawDiags := remain.Content(b.HCL())
		if got, want := renderContent(b.Content(remain)), renderContent(raw, nil, rawDiags); got != want {
			t.Errorf("the rest of a body:\n%s\nwant (hclsyntax):\n%s", got, want)
		}
		if _, ok := nativeContent(remain.(*hclsyntax.Body), b.HCL()); ok {
			t.Errorf("the rest of a body decoded without hclsyntax's Content")
		}
	}
	if len(hiddenFields()) != 2 {
		t.Errorf("hclsyntax.Body's hidden names not found: nativeContent is never used")
	}
}

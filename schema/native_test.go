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
// PartialContent left).
func TestNativeContent(t *testing.T) {
	s := &Body{
		Attributes: []Attribute{{Name: "a", Required: true}, {Name: "b"}, {Name: "c"}},
		Blocks: []Block{
			{Type: "inner", Body: &Body{}},
			{Type: "named", Labels: []string{"name"}, Body: &Body{}},
		},
	}
	cases := []struct {
		name, src string
		fast      bool
	}{
		{"all", "a = 1\nb = 2\ninner {}\nnamed \"x\" {}\ninner {\n  z = 1\n}\n", true},
		{"required only", "a = 1\n", true},
		{"unsupported argument", "a = 1\nd = 2\ne = 3\n", false},
		{"missing required", "b = 1\n", false},
		{"unsupported block", "a = 1\nother {}\n", false},
		{"argument as block", "a = 1\nb {}\n", false},
		{"extra label", "a = 1\ninner \"x\" {}\n", false},
		{"missing label", "a = 1\nnamed {}\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, d := hclsyntax.ParseConfig([]byte(c.src), "a.tf", hcl.InitialPos)
			if d.HasErrors() {
				t.Fatal(d)
			}
			body := f.Body.(*hclsyntax.Body)
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

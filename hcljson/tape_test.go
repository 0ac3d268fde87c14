package hcljson

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func TestTape(t *testing.T) {
	src := []byte("{\n  \"a\": [1, 2]\n}")
	f, diags := Parse(src, "t.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	doc, lines, ok := Tape(f)
	if !ok || doc == nil || lines == nil {
		t.Fatalf("Tape: %v %v %v", doc, lines, ok)
	}
	// The tape is the one the body reads: node 0 is the root object,
	// offsets are the input's.
	if doc.Nodes[0].Start != 0 || int(doc.Nodes[0].End) != len(src) {
		t.Errorf("root node spans %d-%d, want 0-%d", doc.Nodes[0].Start, doc.Nodes[0].End, len(src))
	}
	if line, col := lines.Pos(7); line != 2 || col != 6 {
		t.Errorf("offset 7 at %d:%d, want 2:6", line, col)
	}
	native, _ := hclsyntax.ParseConfig([]byte("a = 1\n"), "t.tf", hcl.InitialPos)
	for _, other := range []*hcl.File{nil, native} {
		if _, _, ok := Tape(other); ok {
			t.Errorf("Tape of a file not parsed here: ok")
		}
	}
}

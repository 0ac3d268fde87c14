package hcljson

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func TestSourceOf(t *testing.T) {
	src := []byte("{\n  \"a\": [1, 2],\n  \"a\": {\"b\": null}\n}")
	f, diags := Parse(src, "t.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	s, ok := SourceOf(f)
	if !ok || s.Doc == nil || s.Lines == nil || s.Filename != "t.json" || &s.Bytes[0] != &src[0] {
		t.Fatalf("SourceOf: %+v %v", s, ok)
	}
	// The tape is the one the body reads: node 0 is the root object,
	// offsets are the input's.
	if s.Doc.Nodes[0].Start != 0 || s.Doc.End(0) != len(src) {
		t.Errorf("root node spans %d-%d, want 0-%d", s.Doc.Nodes[0].Start, s.Doc.End(0), len(src))
	}
	if p := s.Pos(7); p.Line != 2 || p.Column != 6 || p.Byte != 7 {
		t.Errorf("offset 7 at %#v, want 2:6", p)
	}
	// Members keeps order and duplicates; Range is the node's own range.
	var got []string
	for k, v := range s.Doc.Members(0) {
		r := s.Range(v)
		got = append(got, s.Doc.Text(k)+"@"+r.String())
		if s.Kind(v) == 0 {
			t.Errorf("member %s has an invalid value", s.Doc.Text(k))
		}
	}
	want := []string{"a@t.json:2,8-14", "a@t.json:3,8-19"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("members %q, want %q", got, want)
	}
	var elems []string
	for _, v := range s.Doc.Members(0) {
		for e := range s.Doc.Elements(v) {
			elems = append(elems, s.Doc.Literal(e))
		}
		break
	}
	if len(elems) != 2 || elems[0] != "1" || elems[1] != "2" {
		t.Errorf("elements %q, want [1 2]", elems)
	}
	native, _ := hclsyntax.ParseConfig([]byte("a = 1\n"), "t.tf", hcl.InitialPos)
	for _, other := range []*hcl.File{nil, native} {
		if _, ok := SourceOf(other); ok {
			t.Errorf("SourceOf a file not parsed here: ok")
		}
	}
}

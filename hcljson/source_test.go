package hcljson

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/template"
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

// TestStringSource: a JSON string value or key gives its text, the bytes
// between its quotes when it has escapes, its file and the position after
// the opening quote; parsed as native syntax with package template, a
// range after its escapes is exact (spec.md D11), where the oracle's
// reading (the text parsed from the quote) is not.
func TestStringSource(t *testing.T) {
	src := []byte("{\n  \"r\\u00e9\": \"a[\\\"\\u00e9\\\"] +\",\n  \"b\": \"c.d\"\n}")
	f, diags := Parse(src, "t.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	attrs, _ := f.Body.JustAttributes()
	s, ok := StringSource(attrs["ré"].Expr)
	if !ok || s.Text != `a["é"] +` || string(s.Raw) != `a[\"\u00e9\"] +` || s.Filename != "t.json" || s.Start != (hcl.Pos{Line: 2, Column: 15, Byte: 16}) {
		t.Fatalf("StringSource = %+v, %v", s, ok)
	}
	if p := s.Pos(20); p != (hcl.Pos{Line: 2, Column: 19, Byte: 20}) {
		t.Errorf("Pos(20) = %#v", p)
	}
	_, diags = template.ParseExpression(s)
	// The end of the text is the closing quote, at byte 31.
	if len(diags) != 1 || diags[0].Summary != "Missing expression" || *diags[0].Subject != (hcl.Range{Filename: "t.json", Start: hcl.Pos{Line: 2, Column: 30, Byte: 31}, End: hcl.Pos{Line: 2, Column: 30, Byte: 31}}) || src[31] != '"' {
		t.Errorf("diagnostics %v", diags)
	}
	// What the oracle's reading of such a string gives: the 9 bytes of
	// the text from the quote, 7 bytes early.
	_, diags = hclsyntax.ParseExpression([]byte(s.Text), "t.json", attrs["ré"].Expr.Range().Start)
	if diags[0].Subject.Start.Byte != 24 {
		t.Errorf("the text parsed from the quote puts the end at %d", diags[0].Subject.Start.Byte)
	}

	// No escapes: Raw is nil; a key is a string too.
	s, ok = StringSource(attrs["b"].Expr)
	if !ok || s.Text != "c.d" || s.Raw != nil || s.Start != (hcl.Pos{Line: 3, Column: 9, Byte: 42}) {
		t.Errorf("StringSource(b) = %+v, %v", s, ok)
	}
	pairs, _ := hcl.ExprMap(&expression{f: attrs["b"].Expr.(*expression).f, node: 0})
	if k, ok := StringSource(pairs[0].Key); !ok || k.Text != "ré" || string(k.Raw) != `r\u00e9` || k.Start != (hcl.Pos{Line: 2, Column: 4, Byte: 5}) {
		t.Errorf("StringSource(key) = %+v, %v", k, ok)
	}
}

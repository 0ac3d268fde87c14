package schema

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/zclconf/go-cty/cty"
)

// renderContent writes what a decode returned: the attributes by name
// with their ranges, the blocks with their labels and ranges, whether a
// remaining body came back, and the diagnostics.
func renderContent(c *hcl.BodyContent, remain hcl.Body, diags hcl.Diagnostics) string {
	var sb strings.Builder
	if c != nil {
		names := make([]string, 0, len(c.Attributes))
		for n := range c.Attributes {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			fmt.Fprintf(&sb, "attr %s %s\n", n, c.Attributes[n].Range)
		}
		for _, b := range c.Blocks {
			fmt.Fprintf(&sb, "block %s %q %s\n", b.Type, b.Labels, b.DefRange)
		}
	}
	fmt.Fprintf(&sb, "remain %v\n", remain != nil)
	for _, d := range diags {
		fmt.Fprintf(&sb, "%s\n", d.Error())
	}
	return sb.String()
}

// TestContents checks that Contents.Content returns what Body.Content
// returns, for native and JSON bodies, closed, Open and AnyAttributes
// schemas, with and without errors; that a second call for the same pair
// returns the same decoding, whose diagnostics a caller may append to
// without changing it; and that a body that is not a pointer
// (hcl.MergeFiles) is decoded afresh each time.
func TestContents(t *testing.T) {
	native, d := hclsyntax.ParseConfig([]byte(`variable "a" {
  type    = string
  nosuch  = 1
  default = "x"
}
resource "terraform_data" "r" {
  input = 1
  lifecycle {
    create_before_destroy = true
  }
}
locals {
  l = 1
}
`), "a.tf", hcl.InitialPos)
	if d.HasErrors() {
		t.Fatal(d)
	}
	js, d := hcljson.Parse([]byte(`{"variable": {"b": {"type": "string", "other": 2}}, "output": {"o": {"value": "${var.b}"}}}`), "b.tf.json")
	if d.HasErrors() {
		t.Fatal(d)
	}
	root := Terraform.Root
	variable := root.Block("variable").Body
	resource := root.Block("resource").BodyFor("terraform_data")
	locals := root.Block("locals").Body
	var cs Contents
	type pair struct {
		name   string
		schema *Body
		body   hcl.Body
	}
	var pairs []pair
	for _, f := range []*hcl.File{native, js} {
		pairs = append(pairs, pair{f.Body.MissingItemRange().Filename + " root", root, f.Body})
		c, _, _ := root.Content(f.Body)
		for _, b := range c.Blocks {
			var s *Body
			switch b.Type {
			case "variable":
				s = variable
			case "resource":
				s = resource
			case "locals":
				s = locals
			default:
				s = root.Block(b.Type).Body
			}
			pairs = append(pairs, pair{f.Body.MissingItemRange().Filename + " " + b.Type, s, b.Body})
		}
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			want := renderContent(p.schema.Content(p.body))
			c1, r1, d1 := cs.Content(p.schema, p.body)
			if got := renderContent(c1, r1, d1); got != want {
				t.Errorf("first call:\n%s\nwant (Body.Content):\n%s", got, want)
			}
			c2, r2, d2 := cs.Content(p.schema, p.body)
			if c1 != c2 || r1 != r2 || len(d1) != len(d2) || len(d1) > 0 && &d1[0] != &d2[0] {
				t.Errorf("second call decoded again: %p %p", c1, c2)
			}
			if cap(d2) != len(d2) {
				t.Errorf("the diagnostics kept have room to append in place: len %d, cap %d", len(d2), cap(d2))
			}
		})
	}
	// The variable's error is found, and kept.
	_, _, vd := cs.Content(variable, pairs[1].body)
	if len(vd) != 1 || vd[0].Summary != "Unsupported argument" {
		t.Errorf("variable a: %v", vd)
	}
	merged := hcl.MergeFiles([]*hcl.File{native, js})
	c1, _, _ := cs.Content(root, merged)
	c2, _, _ := cs.Content(root, merged)
	if c1 == c2 || renderContent(c1, nil, nil) != renderContent(c2, nil, nil) || len(c1.Blocks) != 5 {
		t.Errorf("merged body: %p %p, %d blocks", c1, c2, len(c1.Blocks))
	}
}

// TestContentsConcurrent decodes the same bodies from several goroutines
// at once: every caller gets what Body.Content returns, and afterwards
// one decoding of each is kept (run with -race).
func TestContentsConcurrent(t *testing.T) {
	var files []*hcl.File
	for i := range 8 {
		f, d := hclsyntax.ParseConfig(fmt.Appendf(nil, "variable \"v%d\" {\n  type = string\n  nosuch = %d\n}\noutput \"o%[1]d\" {\n  value = var.v%[1]d\n}\n", i, i), fmt.Sprintf("f%d.tf", i), hcl.InitialPos)
		if d.HasErrors() {
			t.Fatal(d)
		}
		files = append(files, f)
	}
	var cs Contents
	want := make([]string, len(files))
	for i, f := range files {
		want[i] = renderContent(Terraform.Root.Content(f.Body))
	}
	errs := make(chan string, 64)
	done := make(chan struct{})
	for g := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for k := range files {
				i := (k + g) % len(files)
				if got := renderContent(cs.Content(Terraform.Root, files[i].Body)); got != want[i] {
					errs <- fmt.Sprintf("goroutine %d, file %d:\n%s", g, i, got)
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	for _, f := range files {
		c1, _, _ := cs.Content(Terraform.Root, f.Body)
		c2, _, _ := cs.Content(Terraform.Root, f.Body)
		if c1 != c2 {
			t.Errorf("%s decoded again after the goroutines", f.Body.MissingItemRange().Filename)
		}
	}
}

// TestContentsAlike checks that two schema bodies that decode alike (the
// roots and block types of OpenTofu's and Terraform's languages, or a
// copy of a body) share one decoding, and that bodies that differ in
// anything Body.Content reads (a required attribute, an attribute that
// may be written as blocks, Open, AnyAttributes, a block's labels) do
// not: each gets what its own Body.Content returns.
func TestContentsAlike(t *testing.T) {
	f, d := hclsyntax.ParseConfig([]byte(`resource "terraform_data" "r" {
  input = 1
  rule {
    x = 1
  }
}
variable "v" {
  type = string
}
`), "a.tf", hcl.InitialPos)
	if d.HasErrors() {
		t.Fatal(d)
	}
	var cs Contents
	tf, _, _ := cs.Content(Terraform.Root, f.Body)
	tofu, _, _ := cs.Content(OpenTofu.Root, f.Body)
	if tf != tofu {
		t.Errorf("the two languages' roots decoded the body twice")
	}
	if want, got := renderContent(OpenTofu.Root.Content(f.Body)), renderContent(tofu, nil, nil); got != want {
		t.Errorf("OpenTofu's root:\n%s\nwant:\n%s", got, want)
	}
	block := tf.Blocks[0].Body
	base := &Body{Attributes: []Attribute{{Name: "input", Type: cty.Number}, {Name: "rule", Type: cty.List(cty.Object(map[string]cty.Type{"x": cty.Number}))}}, Blocks: []Block{{Type: "lifecycle", Body: &Body{}}}}
	same := &Body{Attributes: []Attribute{{Name: "input", Type: cty.String}, {Name: "rule", Type: cty.List(cty.Object(map[string]cty.Type{"x": cty.Number}))}}, Blocks: []Block{{Type: "lifecycle", Body: &Body{Open: true}}}}
	variants := map[string]*Body{
		"required":  {Attributes: []Attribute{{Name: "input", Type: cty.Number, Required: true}, {Name: "rule", Type: cty.List(cty.Object(map[string]cty.Type{"x": cty.Number}))}}, Blocks: []Block{{Type: "lifecycle", Body: &Body{}}}},
		"as blocks": {Attributes: []Attribute{{Name: "input", Type: cty.Number}, {Name: "rule", Type: cty.List(cty.Object(map[string]cty.Type{"x": cty.Number})), AsBlocks: &Body{Attributes: []Attribute{{Name: "x", Type: cty.Number}}}}}, Blocks: []Block{{Type: "lifecycle", Body: &Body{}}}},
		"open":      {Open: true, Attributes: []Attribute{{Name: "input", Type: cty.Number}, {Name: "rule", Type: cty.List(cty.Object(map[string]cty.Type{"x": cty.Number}))}}, Blocks: []Block{{Type: "lifecycle", Body: &Body{}}}},
		"any":       {AnyAttributes: true},
		"labels":    {Attributes: []Attribute{{Name: "input", Type: cty.Number}, {Name: "rule", Type: cty.List(cty.Object(map[string]cty.Type{"x": cty.Number}))}}, Blocks: []Block{{Type: "lifecycle", Labels: []string{"name"}, Body: &Body{}}}},
	}
	c1, _, _ := cs.Content(base, block)
	c2, _, _ := cs.Content(same, block)
	if c1 != c2 {
		t.Errorf("a body of the same names, requirements and block headers decoded the body again")
	}
	for name, b := range variants {
		c, r, d := cs.Content(b, block)
		if c == c1 {
			t.Errorf("%s: shares the decoding of another schema", name)
		}
		if want, got := renderContent(b.Content(block)), renderContent(c, r, d); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
		}
	}
}

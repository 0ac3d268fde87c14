package validate

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/module"
)

// TestSortBy sorts shuffled ranges of two files, of every length up to
// past the threshold of the in-place sort, and checks the order: by file,
// then by offset.
func TestSortBy(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 40; n++ {
		var list []hcl.Range
		for i := range n {
			list = append(list, hcl.Range{Filename: []string{"b.tf", "a.tf"}[i%2], Start: hcl.Pos{Byte: r.IntN(1000)*100 + i}})
		}
		want := slices.Clone(list)
		slices.SortFunc(want, func(a, b hcl.Range) int {
			if c := strings.Compare(a.Filename, b.Filename); c != 0 {
				return c
			}
			return a.Start.Byte - b.Start.Byte
		})
		r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		sortBy(list, func(x hcl.Range) hcl.Range { return x })
		if fmt.Sprint(list) != fmt.Sprint(want) {
			t.Errorf("%d ranges: %v, want %v", n, list, want)
		}
	}
}

// TestMayCall checks mayCall on the expressions of a native file: false
// only for an expression without a call (whatever its other parts);
// true for every expression that calls a function, heredocs and
// templates included, and for an expression of a file the module does
// not hold or of a JSON file.
func TestMayCall(t *testing.T) {
	src := []byte(`locals {
  a = var.x
  b = { k = [1, "s", local.a] }
  c = upper(var.x)
  d = "${lower(var.x)}-x"
  e = <<EOT
  ${provider::p::f(1)}
EOT
  f = var.x ? [for v in var.l : v] : []
  g = (1 + 2)
}
`)
	f, diags := hclsyntax.ParseConfig(src, "main.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ev := &evaluator{md: &unit{mod: &module.Module{Files: []*module.File{{Path: "main.tf", Bytes: src, File: f}}}}}
	attrs, _ := f.Body.(*hclsyntax.Body).Blocks[0].Body.JustAttributes()
	want := map[string]bool{"a": false, "b": false, "c": true, "d": true, "e": true, "f": false, "g": true}
	for name, w := range want {
		e := attrs[name].Expr.(hclsyntax.Expression)
		if got := ev.mayCall(e); got != w {
			t.Errorf("%s: mayCall %v, want %v", name, got, w)
		}
		calls := false
		hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
			_, ok := n.(*hclsyntax.FunctionCallExpr)
			calls = calls || ok
			return nil
		})
		if calls && !ev.mayCall(e) {
			t.Errorf("%s calls a function, mayCall says it cannot", name)
		}
	}
	other, _ := hclsyntax.ParseExpression([]byte("var.x"), "other.tf", hcl.InitialPos)
	json, _ := hclsyntax.ParseExpression([]byte("var.x"), "main.tf.json", hcl.InitialPos)
	if !ev.mayCall(other) || !ev.mayCall(json) {
		t.Errorf("an expression of another file or of a JSON file: mayCall false")
	}
}

// TestRanDeps validates a module whose outputs depend on its variables
// through locals and a resource: the run kept in the analysis has not made
// its output dependencies (nothing calls the module), and makes them when
// asked, once, as outputDeps of its evaluator gives them; a Model of a
// run that shares its readings makes them at once.
func TestRanDeps(t *testing.T) {
	dir := t.TempDir()
	src := `variable "a" {}
variable "b" {}
variable "c" {}
locals {
  l = "${var.a}-${var.b}"
}
resource "terraform_data" "r" {
  input = local.l
}
output "x" {
  value = terraform_data.r.output
}
output "y" {
  value = var.c
}
output "z" {
  value = 1
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "map[x:[a b] y:[c] z:[]]"
	for _, readings := range []*Readings{nil, NewReadings(false)} {
		md, diags := Load(dir, Options{Program: module.OpenTofu, Readings: readings})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if vd, _ := md.Validate(); vd.HasErrors() {
			t.Fatal(vd)
		}
		if len(md.analysis.runs) != 1 {
			t.Fatalf("%d runs kept, want 1", len(md.analysis.runs))
		}
		for _, r := range md.analysis.runs {
			if made := r.ev == nil; made != (readings != nil) {
				t.Errorf("readings %v: dependencies made before they were asked for: %v", readings != nil, made)
			}
			got := r.outputDeps()
			if fmt.Sprint(got) != want || fmt.Sprint(r.outputDeps()) != want || r.ev != nil {
				t.Errorf("readings %v: %v, want %s", readings != nil, got, want)
			}
		}
	}
}

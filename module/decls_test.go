package module

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
)

// TestDecls checks the declaration index of a module of two files, one
// native and one JSON, and an override file: the first declaration of
// each name is kept, in file order, whatever its kind; the data source
// of a check block is a resource; a provider is keyed by its alias; the
// first required_providers entry of a name is kept.
func TestDecls(t *testing.T) {
	dir := writeDir(t, map[string]string{
		"a.tf": `variable "v" {}
locals {
  l = 1
}
output "o" {
  value = 1
}
module "m" {
  source = "./m"
}
resource "aws_instance" "r" {}
data "aws_ami" "d" {
  provider = aws.west
}
provider "aws" {}
provider "aws" {
  alias = "west"
}
check "c" {
  data "http" "h" {}
}
terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}
`,
		"b.tf.json": `{
  "variable": {"v": {"default": 2}},
  "locals": {"l": 2, "k": 3},
  "resource": {"aws_instance": {"r": {"provider": "aws.west"}}},
  "provider": {"aws": [{"alias": "west"}, {}]},
  "data": {"http": {"h": {}}},
  "terraform": {"required_providers": {"aws": {"source": "other/aws"}}}
}`,
		"c_override.tf": "variable \"v\" {\n  default = 3\n}\n",
	})
	tr, diags := LoadTree(dir, TreeOptions{Program: Terraform})
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	d := tr.Decls(dir)
	if again := tr.Decls(filepath.Join(dir, ".")); again != d {
		t.Error("a second call decoded the module again")
	}
	rel := func(f string) string { return filepath.Base(f) }
	var got []string
	for _, b := range d.Blocks {
		prev, ok := d.First(b)
		s := fmt.Sprintf("%s %s %s:%d", b.Type, strings.Join(b.Labels, "."), rel(b.DefRange.Filename), b.DefRange.Start.Line)
		if !ok {
			s += fmt.Sprintf(" duplicate of %s:%d", rel(prev.Filename), prev.Start.Line)
		}
		got = append(got, s)
	}
	for _, name := range slices.Sorted(maps.Keys(d.Resources)) {
		r := d.Resources[name]
		got = append(got, fmt.Sprintf("resource %s %s check %q", name, rel(r.Block.DefRange.Filename), r.Check))
	}
	for _, name := range slices.Sorted(maps.Keys(d.Providers)) {
		got = append(got, fmt.Sprintf("provider %s %s:%d", name, rel(d.Providers[name].Block.DefRange.Filename), d.Providers[name].Block.DefRange.Start.Line))
	}
	for _, name := range slices.Sorted(maps.Keys(d.Locals)) {
		got = append(got, fmt.Sprintf("local %s %s", name, rel(d.Locals[name].Range.Filename)))
	}
	got = append(got, "requirement aws "+d.Requirements["aws"].Source())
	want := []string{
		"variable v a.tf:1",
		"locals  a.tf:2",
		"output o a.tf:5",
		"module m a.tf:8",
		"resource aws_instance.r a.tf:11",
		"data aws_ami.d a.tf:12",
		"provider aws a.tf:15",
		"provider aws a.tf:16",
		"check c a.tf:19",
		"terraform  a.tf:22",
		"variable v b.tf.json:2 duplicate of a.tf:1",
		"locals  b.tf.json:3",
		"resource aws_instance.r b.tf.json:4 duplicate of a.tf:11",
		"provider aws b.tf.json:5 duplicate of a.tf:16",
		"provider aws b.tf.json:5 duplicate of a.tf:15",
		"data http.h b.tf.json:6 duplicate of a.tf:20",
		"terraform  b.tf.json:7",
		"resource aws_instance.r a.tf check \"\"",
		"resource data.aws_ami.d a.tf check \"\"",
		"resource data.http.h a.tf check \"c\"",
		"provider aws a.tf:15",
		"provider aws.west a.tf:16",
		"local k b.tf.json",
		"local l a.tf",
		"requirement aws hashicorp/aws",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("index:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWalk checks the walk of a tree: one node per call, a directory
// read once however many calls name it, the installed modules of
// modules.json, and the bounds: a call of a directory on its own chain,
// a missing directory, and calls past the limit (reported once; a call
// that finds no directory counts, as in inspect before).
func TestWalk(t *testing.T) {
	dir := writeDir(t, map[string]string{
		"main.tf":                         "variable \"x\" {}\n",
		"c/main.tf":                       "variable \"y\" {}\n",
		".terraform/modules/modules.json": `{"Modules": [{"Key": "", "Dir": "."}, {"Key": "reg", "Dir": "c"}, {"Key": "reg.sub", "Dir": "/abs/elsewhere"}]}`,
	})
	reads := map[string]int{}
	tr, _ := LoadTree(dir, TreeOptions{Loaded: func(d string) { reads[filepath.Base(d)]++ }})
	w := tr.Walk(4)
	root, files, diags := w.Root()
	if len(files) != 1 || len(diags) != 0 || root.Dir != dir || len(root.Path) != 0 {
		t.Fatalf("Root = %+v, %d files, %v", root, len(files), diags)
	}
	type call struct{ name, src string }
	var got []string
	for _, c := range []call{{"a", "./c"}, {"b", ".\\c"}, {"reg", "example/c/aws"}, {"self", "./"}, {"gone", "./nope"}, {"d", "./c"}, {"e", "./c"}, {"remote", "git::x"}} {
		n, files, diags := w.Call(root, c.name, c.src, nil)
		s := c.name + ":"
		if n != nil {
			s += fmt.Sprintf(" %s %v %d files", filepath.Base(n.Dir), n.Path, len(files))
		}
		for _, d := range diags {
			s += " " + d.Summary
		}
		got = append(got, s)
	}
	if sub, ok := tr.CallDir(dir, []string{"reg", "sub"}, "example/sub"); !ok || sub != "/abs/elsewhere" {
		t.Errorf("CallDir(reg.sub) = %q, %v", sub, ok)
	}
	want := []string{
		"a: c [a] 1 files",
		"b: Failed to read module directory", // a backslash is no separator here
		"reg: c [reg] 1 files",
		"self: Module calls itself",
		"gone: Failed to read module directory",
		"d: Too many module calls",
		"e:",
		"remote:",
	}
	if filepath.Separator == '\\' {
		want[1] = "b: c [b] 1 files"
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if reads[filepath.Base(dir)] != 1 || reads["c"] != 1 {
		t.Errorf("reads %v, want the root and c once", reads)
	}
}

// TestDeclsContents checks Tree.Decls with TreeOptions.Contents: the
// index is Declare's of the merged files (the blocks, the locals, the
// diagnostics in the same order, the "Unsupported argument" errors of
// several files ordered by their offsets whatever their file (c.tf
// before a.tf), as
// Body.Content orders those of the merged body), and its blocks and
// locals are those that the Contents gives another layer that decodes the
// files with OpenTofu's root schema, which decodes alike.
func TestDeclsContents(t *testing.T) {
	dir := writeDir(t, map[string]string{
		"a.tf": "variable \"v\" {}\nlocals {\n  l = 1\n}\nnosuch = 1\nalso = 2\ncheck \"c\" {\n  data \"http\" \"h\" {}\n}\n",
		"b.tf.json": `{"other": 1,
  "locals": {"k": "${local.l}"},
  "output": {"o": {"value": 1}},
  "zzz": 2
}`,
		"c.tf": "x = 1\nresource \"terraform_data\" \"r\" {}\n",
	})
	var cs schema.Contents
	tr, diags := LoadTree(dir, TreeOptions{Program: OpenTofu, Contents: &cs})
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	files, _ := tr.ReadDir(dir)
	d := tr.Decls(dir)
	merged := Declare(hcl.MergeFiles(files), schema.Terraform.Root)
	render := func(d *Decls) string {
		var sb strings.Builder
		for _, b := range d.Blocks {
			fmt.Fprintf(&sb, "%s %q %s\n", b.Type, b.Labels, b.DefRange)
		}
		for _, name := range slices.Sorted(maps.Keys(d.Locals)) {
			fmt.Fprintf(&sb, "local %s %s\n", name, d.Locals[name].Range)
		}
		for _, name := range slices.Sorted(maps.Keys(d.Resources)) {
			fmt.Fprintf(&sb, "resource %s %q\n", name, d.Resources[name].Check)
		}
		sb.WriteString(hcltest.RenderDiags(d.Diags))
		return sb.String()
	}
	if got, want := render(d), render(merged); got != want {
		t.Errorf("through Contents:\n%s\nwant (Declare of the merged files):\n%s", got, want)
	}
	var unsupported []string
	for _, dg := range d.Diags {
		if dg.Summary == "Unsupported argument" {
			unsupported = append(unsupported, fmt.Sprintf("%s:%d", filepath.Base(dg.Subject.Filename), dg.Subject.Start.Byte))
		}
	}
	if want := []string{"c.tf:0", "a.tf:35", "a.tf:46"}; !slices.Equal(unsupported, want) {
		t.Errorf("unsupported arguments at %v, want %v", unsupported, want)
	}
	var blocks []*hcl.Block
	for _, f := range files {
		c, _, _ := cs.Content(schema.OpenTofu.Root, f.Body)
		blocks = append(blocks, c.Blocks...)
	}
	if !slices.Equal(blocks, d.Blocks) {
		t.Errorf("the index's blocks are not those that OpenTofu's root schema gets")
	}
	for _, b := range d.Blocks {
		if b.Type != "locals" {
			continue
		}
		c, _, _ := cs.Content(schema.OpenTofu.Root.Block("locals").Body, b.Body)
		for name, a := range d.LocalBlocks[b] {
			if c.Attributes[name] != a {
				t.Errorf("local %s is not the attribute that OpenTofu's locals schema gets", name)
			}
		}
	}
}

package realworld

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTreeUse reads a small tree: a directory that calls a local module,
// which calls another, and the providers they use by source address.
func TestTreeUse(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"main.tf": `
terraform {
  required_providers {
    google-beta = { source = "hashicorp/google-beta" }
    gh          = { source = "Integrations/GitHub", version = "~> 6.0" }
    old         = "~> 1.0"
  }
}
provider "google-beta" { project = "p" }
resource "google_compute_instance" "a" {
  provider = google-beta.west
}
resource "gh_repository" "r" {}
data "terraform_remote_state" "s" {}
module "child" { source = "./modules/child" }
output "id" { value = provider::gh::id("x") }
`,
		"extra.tf.json": `{"data": {"aws_region": {"r": {}}}}`,
		"modules/child/main.tf": `
resource "aws_instance" "i" {}
check "c" {
  data "http" "h" { url = "u" }
}
module "leaf" { source = "../leaf" }
`,
		"modules/leaf/main.tofu":    `ephemeral "random_password" "p" {}`,
		"remote/main.tf":            `module "vpc" { source = "terraform-aws-modules/vpc/aws" }`,
		"template/main.tf":          `module "x" { source = "./${var.m}" }`,
		"modules/child/notes.md":    "not configuration",
		"modules/leaf/variables.tf": `variable "v" {}`,
	}
	for name, src := range files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(name)), []byte(src))
	}
	use, err := readTreeUse(root)
	if err != nil {
		t.Fatal(err)
	}
	if use.remote != "" || !use.tofu() || len(use.modules) != 3 {
		t.Fatalf("remote %q, tofu %v, %d modules", use.remote, use.tofu(), len(use.modules))
	}
	if got := len(use.nativeFiles()); got != 4 {
		t.Errorf("%d native files, want 4: %q", got, use.nativeFiles())
	}
	var got []string
	for source, u := range use.providers() {
		var parts []string
		for local := range u.configs {
			parts = append(parts, "provider "+local)
		}
		for kind, types := range u.types {
			for typ := range types {
				parts = append(parts, kind+" "+typ)
			}
		}
		for f := range u.functions {
			parts = append(parts, "function "+f)
		}
		slices.Sort(parts)
		got = append(got, source+": "+strings.Join(parts, ", "))
	}
	slices.Sort(got)
	want := []string{
		"hashicorp/aws: data aws_region, resource aws_instance",
		"hashicorp/google-beta: provider google-beta, resource google_compute_instance",
		"hashicorp/http: data http",
		"hashicorp/old: ",
		"hashicorp/random: ephemeral random_password",
		"integrations/github: function id, resource gh_repository",
	}
	if !slices.Equal(got, want) {
		t.Errorf("providers:\n have %q\n want %q", got, want)
	}
	for dir, want := range map[string]string{
		"remote":   "module.vpc in " + filepath.Join(root, "remote") + ": terraform-aws-modules/vpc/aws",
		"template": "module.x in " + filepath.Join(root, "template") + ": (not a literal)",
	} {
		use, err := readTreeUse(filepath.Join(root, dir))
		if err != nil || use.remote != want {
			t.Errorf("%s: remote %q, %v; want %q", dir, use.remote, err, want)
		}
	}
}

// TestCompare checks what counts as a false error and as a miss.
func TestCompare(t *testing.T) {
	want := []diag{
		{file: "main.tf", line: 3, summary: "Unsupported argument"},
		{file: "main.tf", line: 9, summary: "Invalid reference"},
		{file: "mod/x.tf", line: 1, summary: "Unsupported block type"},
	}
	got := []diag{
		{file: "main.tf", line: 3, summary: "Unsupported argument"},
		{file: "main.tf", line: 9, summary: "Reference to undeclared resource"},
		{file: "main.tf", line: 12, summary: "Invalid function argument", text: "x"},
	}
	c := &comparison{misses: map[string][]diag{}}
	c.compareLines("native", want, got)
	if f := c.falseErrors; len(f) != 1 || f[0] != "native: main.tf:12: Invalid function argument: x" {
		t.Errorf("false errors %q", f)
	}
	if r := c.reworded; len(r) != 1 || !strings.Contains(r[0], "(the program: Invalid reference)") {
		t.Errorf("reworded %q", r)
	}
	if m := c.misses["native"]; len(m) != 1 || m[0].file != "mod/x.tf" {
		t.Errorf("misses %v", m)
	}
	// By file and summary, counted: lines do not matter.
	moved := []diag{{file: "main.tf", line: 30, summary: "Unsupported argument"}, {file: "main.tf", line: 1, summary: "Invalid reference"}, {file: "mod/x.tf", line: 8, summary: "Unsupported block type"}}
	if !c.sameNamed(want, moved) {
		t.Error("sameNamed: the same errors on other lines differ")
	}
	if c.sameNamed(want, append(moved, moved[0])) || c.sameNamed(want, moved[1:]) {
		t.Error("sameNamed: one error more or less is the same")
	}
}

// TestReadDiags reads validate -json output: errors only, files relative
// to the tree's root, renamed.
func TestReadDiags(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", "main.tf"), nil)
	out := []byte(`{"format_version": "1.0", "valid": false, "diagnostics": [
  {"severity": "warning", "summary": "W", "detail": ""},
  {"severity": "error", "summary": "E", "detail": "two\n  lines", "range": {"filename": "../m/x.tf", "start": {"line": 4}}},
  {"severity": "error", "summary": "F", "detail": "", "range": {"filename": "main.tf.json", "start": {"line": 2}}},
  {"severity": "error", "summary": "G", "detail": "no range"}
]}
Error: standard error after it`)
	got, err := readDiags(out, root, filepath.Join(root, "a"), func(name string) string { return nativeName(root, name) })
	if err != nil {
		t.Fatal(err)
	}
	want := []diag{{file: "m/x.tf", line: 4, summary: "E", text: "two lines"}, {file: "a/main.tf", line: 2, summary: "F"}, {summary: "G", text: "no range"}}
	if !slices.Equal(got, want) {
		t.Errorf("readDiags:\n have %+v\n want %+v", got, want)
	}
	if _, err := readDiags([]byte(`{"valid": true}`), root, root, nil); err == nil {
		t.Error("readDiags took an object without format_version")
	}
	// A JSON file with no native twin keeps its name.
	if got := nativeName(root, "a/extra.tf.json"); got != "a/extra.tf.json" {
		t.Errorf("nativeName = %q", got)
	}
}

package realworldtest

import (
	"maps"
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
		"modules/leaf/main.tofu": `ephemeral "random_password" "p" {}`,
		"tests/a.tftest.hcl": `
provider "tls" {}
run "r" {
  module { source = "./tests/fixture" }
}`,
		"tests/fixture/main.tf":     `resource "null_resource" "n" {}`,
		".terraform.lock.hcl":       `provider "registry.terraform.io/hashicorp/aws" { version = "5.0.0" }`,
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
	if use.remote != "" || !use.tofu() || !use.tests() || len(use.modules) != 4 {
		t.Fatalf("remote %q, tofu %v, tests %v, %d modules", use.remote, use.tofu(), use.tests(), len(use.modules))
	}
	if native, json := use.files(); len(native) != 5 || len(json) != 1 {
		t.Errorf("native files %q, JSON files %q", native, json)
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
		"hashicorp/null: resource null_resource",
		"hashicorp/old: ",
		"hashicorp/random: ephemeral random_password",
		"hashicorp/tls: provider tls",
		"integrations/github: function id, resource gh_repository",
		"registry.terraform.io/hashicorp/aws: ",
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

// TestInferenceJSON infers a schema from a .tf.json file: its properties
// arguments, a dynamic block a block, a property that a native file writes
// as a block a block, references from its templates.
func TestInferenceJSON(t *testing.T) {
	in := newInference()
	err := in.addJSONFile("cdk.tf.json", []byte(`{
  "resource": {
    "aws_instance": {"a": {"ami": "x", "ebs": [{"size": 1}], "count": 2, "//": "comment",
      "lifecycle": {"ignore_changes": ["tags"]},
      "dynamic": {"network": {"for_each": "${var.n}", "content": {"index": "${network.key}"}}}}},
    "aws_eip": {"e": {"instance": "${aws_instance.a[0].id}", "tags": {"k": "${ephemeral.aws_secret.s.value}"}}}
  },
  "provider": {"aws": {"region": "r"}}
}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := in.addFile("main.tf", []byte("resource \"aws_instance\" \"b\" {\n  ebs {\n    size = 2\n  }\n}\n")); err != nil {
		t.Fatal(err)
	}
	in.resolve()
	inst := in.providers["aws"].kinds["resource"]["aws_instance"]
	if got := strings.Join(slices.Sorted(maps.Keys(inst.attrs)), ","); got != "ami,id" {
		t.Errorf("aws_instance attributes %s", got)
	}
	if got := strings.Join(slices.Sorted(maps.Keys(inst.blocks)), ","); got != "ebs,network" {
		t.Errorf("aws_instance blocks %s", got)
	}
	if !inst.byRef["id"] || !inst.blocks["network"].attrs["index"] {
		t.Errorf("aws_instance: %+v", inst)
	}
	if got := strings.Join(slices.Sorted(maps.Keys(in.providers["aws"].kinds["resource"]["aws_eip"].attrs)), ","); got != "instance,tags" {
		t.Errorf("aws_eip attributes %s", got)
	}
	if s := in.providers["aws"].kinds["ephemeral"]["aws_secret"]; s == nil || !s.byRef["value"] {
		t.Errorf("ephemeral aws_secret: %+v", s)
	}
	if got := strings.Join(slices.Sorted(maps.Keys(in.providers["aws"].config.attrs)), ","); got != "region" {
		t.Errorf("provider aws: %s", got)
	}
	if c := in.Conflicts(); len(c) != 0 {
		t.Errorf("conflicts %q: a JSON property is no conflict", c)
	}
}

// TestPassed checks the attributes that a resource passed whole to a
// module must have, by the type constraints of the module's variables,
// and the arguments that take ephemeral values.
func TestPassed(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "main.tf"), []byte(`
resource "aws_sqs_queue" "q" {
  name = "x"
}
module "m" {
  source = "./m"
  queue  = aws_sqs_queue.q
  both   = { a = aws_sqs_queue.q, b = 1 }
  many   = [aws_sqs_queue.q]
  data   = data.aws_region.r
}
resource "aws_db_instance" "d" {
  password_wo = var.p
  other       = ephemeral.random_password.p.result
  plain       = var.p
}
`))
	writeFile(t, filepath.Join(root, "m", "variables.tf.json"), []byte(`{"variable": {
  "queue": {"type": "object({arn = string, url = string})"},
  "both":  {"type": "object({a = object({id = string})})"},
  "many":  {"type": "list(object({name = string, kms = optional(string)}))"},
  "data":  {"type": "any"}
}}`))
	use, err := readTreeUse(root)
	if err != nil {
		t.Fatal(err)
	}
	in := newInference()
	if err := in.addFile("main.tf", readFile(t, filepath.Join(root, "main.tf"))); err != nil {
		t.Fatal(err)
	}
	use.passed(in)
	in.resolve()
	q := in.providers["aws"].kinds["resource"]["aws_sqs_queue"]
	if got := strings.Join(slices.Sorted(maps.Keys(q.attrs)), ","); got != "arn,id,kms,name,url" {
		t.Errorf("aws_sqs_queue attributes %s", got)
	}
	if got := strings.Join(slices.Sorted(maps.Keys(q.byRef)), ","); got != "arn,id,kms,url" {
		t.Errorf("aws_sqs_queue computed %s", got)
	}
	if r := in.providers["aws"].kinds["data"]["aws_region"]; r != nil && len(r.attrs) > 0 {
		t.Errorf("aws_region: %v from a variable of type any", r.attrs)
	}
	d := in.providers["aws"].kinds["resource"]["aws_db_instance"]
	if got := strings.Join(slices.Sorted(maps.Keys(d.writeOnly)), ","); got != "other,password_wo" {
		t.Errorf("aws_db_instance write-only %s", got)
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

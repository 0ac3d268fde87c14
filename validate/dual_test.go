package validate

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/funcs"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// diagText writes every field of diags that a caller shows, one line
// each, to compare two verdicts.
func diagText(diags hcl.Diagnostics) string {
	var sb strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&sb, "%d %q %q", d.Severity, d.Summary, d.Detail)
		for _, r := range []*hcl.Range{d.Subject, d.Context} {
			if r != nil {
				fmt.Fprintf(&sb, " %s:%d-%d", r.Filename, r.Start.Byte, r.End.Byte)
			} else {
				sb.WriteString(" -")
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// checkBoth returns the verdict of Check on the module in dir, as the
// model checks it (its second check skipped where the tree reads alike)
// and with both checks always, and whether the second was skipped.
func checkBoth(t *testing.T, dir string, alike, both *Readings) (got, want string, skipped bool) {
	t.Helper()
	md, _ := Load(dir, Options{Readings: alike})
	got = diagText(md.Check(CheckOptions{}).Diagnostics)
	old, _ := Load(dir, Options{Readings: both})
	old.bothAlways = true
	want = diagText(old.Check(CheckOptions{}).Diagnostics)
	return got, want, md.alike > 0
}

// TestReadsAlikeRealworld checks, over every module directory of the
// real-world corpus (the directory HCLJSON_REALWORLD names,
// scripts/fetch-realworld.sh) and of the held-out sample that
// HCLJSON_HOLDOUT names (when set), that Check's verdict on a module
// that either program may read is the same whether Terraform's check is
// skipped where the tree reads alike (Model.readsAlike) or always made:
// the skip may not change a diagnostic. It is skipped without
// HCLJSON_REALWORLD.
func TestReadsAlikeRealworld(t *testing.T) {
	root := os.Getenv("HCLJSON_REALWORLD")
	if root == "" {
		t.Skip("HCLJSON_REALWORLD is not set: run scripts/fetch-realworld.sh, then set HCLJSON_REALWORLD to the directory it fills ($HOME/.cache/hcljson/realworld by default)")
	}
	roots := []string{root}
	if h := os.Getenv("HCLJSON_HOLDOUT"); h != "" {
		roots = append(roots, h)
	}
	for _, root := range roots {
		var dirs []string
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && module.IsConfigFile(d.Name(), module.Options{}) && !slices.Contains(dirs, filepath.Dir(path)) {
				dirs = append(dirs, filepath.Dir(path))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		alike, both := NewReadings(false), NewReadings(false)
		auto, skipped := 0, 0
		for _, dir := range dirs {
			if module.ResolveProgram(module.Auto, dir) != module.Auto {
				continue
			}
			auto++
			got, want, skip := checkBoth(t, dir, alike, both)
			if skip {
				skipped++
			}
			if got != want {
				t.Errorf("%s: with the second check skipped where the tree reads alike (skipped: %v):\n%s\nwith both checks:\n%s", dir, skip, got, want)
			}
		}
		t.Logf("%s: %d module directories, %d that either program may read, Terraform's check skipped in %d", root, len(dirs), auto, skipped)
		if len(dirs) < 20 || skipped == 0 {
			t.Errorf("%s: %d directories, %d skipped: not the corpus?", root, len(dirs), skipped)
		}
	}
}

// TestReadsAlike checks, on small modules, that Terraform's check is made
// where the programs may read a module differently (and then the
// warning that names the program that rejects it is there) and skipped
// where they read it alike, and that the verdict is the same as with both
// checks always.
func TestReadsAlike(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		// alike is whether the second check is skipped; warn, a
		// summary the verdict must hold.
		alike bool
		warn  string
	}{
		{name: "plain", alike: true, files: map[string]string{"main.tf": `
variable "x" {
  type = string
}
locals {
  y = format("%s-%d", var.x, 1)
  z = upper(local.y)
}
output "z" {
  value = local.z
}
`}},
		{name: "tofu-only function", warn: "Call to unknown function (Terraform)", files: map[string]string{"main.tf": `
output "u" {
  value = urldecode("a%20b")
}
`}},
		{name: "function that some releases lack", files: map[string]string{"main.tf": `
output "e" {
  value = ephemeralasnull("x")
}
`}},
		{name: "function of some releases", warn: "Call to unknown function (Terraform)", files: map[string]string{"main.tf": `
terraform {
  required_version = "~> 1.5.0"
}
output "t" {
  value = templatestring("x", {})
}
`}},
		{name: "format of a dynamically typed value", files: map[string]string{"main.tf": `
variable "x" {}
output "f" {
  value = format("%s", var.x)
}
`}},
		{name: "variable in module source", warn: "Variables not allowed (Terraform)", files: map[string]string{
			"main.tf": `
variable "child" {
  type    = string
  default = "child"
}
module "m" {
  source = "./modules/${var.child}"
}
`,
			"modules/child/main.tf": `output "o" { value = 1 }`,
		}},
		{name: "literal module source", alike: true, files: map[string]string{
			"main.tf": `
module "m" {
  source = "./child"
}
output "o" {
  value = module.m.o
}
`,
			"child/main.tf": `output "o" { value = "x" }`,
		}},
		{name: "tofu object", warn: "Reference to undeclared resource (Terraform)", files: map[string]string{"main.tf": `
output "w" {
  value = tofu.workspace
}
`}},
		{name: "ephemeral reference", files: map[string]string{"main.tf": `
terraform {
  required_version = "~> 1.10.0"
}
ephemeral "random_password" "p" {
  length = 8
}
output "p" {
  value     = ephemeral.random_password.p.result
  ephemeral = true
}
`}},
		{name: "resource prefix", alike: true, files: map[string]string{"main.tf": `
resource "null_resource" "a" {}
output "id" {
  value = resource.null_resource.a.id
}
`}},
		{name: "provider instance key", warn: "Invalid provider configuration reference (Terraform)", files: map[string]string{"main.tf": `
provider "aws" {
  alias    = "r"
  for_each = toset(["a"])
}
resource "aws_instance" "a" {
  for_each = toset(["a"])
  provider = aws.r[each.key]
}
`}},
		{name: "prevent_destroy from a variable", warn: "Variables not allowed (Terraform)", files: map[string]string{"main.tf": `
variable "keep" {
  type    = bool
  default = true
}
resource "null_resource" "a" {
  lifecycle {
    prevent_destroy = var.keep
  }
}
`}},
		{name: "called module with a tofu-only function", warn: "Call to unknown function (Terraform)", files: map[string]string{
			"main.tf": `
module "m" {
  source = "./child"
}
`,
			"child/main.tf": `output "u" { value = urldecode("a") }`,
		}},
		// A called module's .tofu files: the modules a root without
		// evidence calls are read as Terraform reads them, for both
		// programs (V12), so the .tofu file is read by neither.
		{name: "called module with a .tofu file", alike: true, files: map[string]string{
			"main.tf": `
module "m" {
  source = "./child"
}
`,
			"child/main.tf":    `output "o" { value = 1 }`,
			"child/extra.tofu": `output "u" { value = urldecode("a") }`,
		}},
		{name: "JSON", files: map[string]string{"main.tf.json": `{"output": {"o": {"value": "${upper(\"a\")}"}}}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range c.files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, want, skipped := checkBoth(t, dir, NewReadings(false), NewReadings(false))
			if got != want {
				t.Errorf("verdict:\n%s\nwith both checks:\n%s", got, want)
			}
			if skipped != c.alike {
				t.Errorf("Terraform's check skipped: %v, want %v; verdict:\n%s", skipped, c.alike, got)
			}
			if c.warn != "" && !strings.Contains(got, fmt.Sprintf("%d %q", hcl.DiagWarning, c.warn)) {
				t.Errorf("no warning %q in:\n%s", c.warn, got)
			}
			// Validate skips Terraform's validation alike.
			md, _ := Load(dir, Options{})
			vd, _ := md.Validate()
			old, _ := Load(dir, Options{})
			old.bothAlways = true
			wd, _ := old.Validate()
			if diagText(vd) != diagText(wd) || (md.alike > 0) != c.alike {
				t.Errorf("Validate (skipped: %v):\n%s\nwith both:\n%s", md.alike > 0, diagText(vd), diagText(wd))
			}
		})
	}
}

// TestLanguagesDifferInEarlyArguments checks what readsAlike assumes of
// the language schemas: OpenTofu's root body is Terraform's but for the
// arguments OpenTofu evaluates early (Attribute.OpenTofuTemplate,
// Body.OpenTofuTemplates in Terraform's), and there are such arguments.
func TestLanguagesDifferInEarlyArguments(t *testing.T) {
	early := 0
	seen := map[*schema.Body]bool{}
	var walk func(path string, tf, tofu *schema.Body)
	walk = func(path string, tf, tofu *schema.Body) {
		if (tf == nil) != (tofu == nil) {
			t.Fatalf("%s: a body in one language only", path)
		}
		if tf == nil || seen[tf] {
			return
		}
		seen[tf] = true
		if tf.Open != tofu.Open || tf.AnyAttributes != tofu.AnyAttributes || tf.ArgumentsOnly != tofu.ArgumentsOnly || tofu.OpenTofuTemplates {
			t.Errorf("%s: the bodies differ", path)
		}
		if tf.OpenTofuTemplates {
			early++
		} else if tf.AnyAttributesMode != tofu.AnyAttributesMode {
			t.Errorf("%s: unlisted arguments read differently", path)
		}
		if len(tf.Attributes) != len(tofu.Attributes) || len(tf.Blocks) != len(tofu.Blocks) {
			t.Fatalf("%s: %d attributes and %d blocks in Terraform's, %d and %d in OpenTofu's", path, len(tf.Attributes), len(tf.Blocks), len(tofu.Attributes), len(tofu.Blocks))
		}
		for i, a := range tf.Attributes {
			b := tofu.Attributes[i]
			if a.OpenTofuTemplate {
				early++
				a.Mode, a.OpenTofuTemplate = b.Mode, false
			}
			if a.Name != b.Name || a.Mode != b.Mode || a.Shape != b.Shape || a.Required != b.Required || a.Quoted != b.Quoted || b.OpenTofuTemplate ||
				!slices.Equal(a.Keywords, b.Keywords) || !a.Type.Equals(b.Type) && (a.Type != cty.NilType || b.Type != cty.NilType) {
				t.Errorf("%s.%s: the attributes differ", path, a.Name)
			}
		}
		for i, blk := range tf.Blocks {
			other := tofu.Blocks[i]
			if blk.Type != other.Type || !slices.Equal(blk.Labels, other.Labels) || blk.Nesting != other.Nesting || len(blk.ByLabel) != len(other.ByLabel) {
				t.Errorf("%s.%s: the blocks differ", path, blk.Type)
			}
			walk(path+"."+blk.Type, blk.Body, other.Body)
			for label, body := range blk.ByLabel {
				walk(path+"."+blk.Type+"["+label+"]", body, other.ByLabel[label])
			}
		}
	}
	walk("root", schema.Terraform.Root, schema.OpenTofu.Root)
	if early == 0 {
		t.Error("no argument that OpenTofu evaluates early")
	}
}

// TestFunctionDifferences checks the function differences readsAlike
// watches against what the tables say: a function named is in one table
// only, differs in some release, or is not the same function; one not
// named has the same parameters in both tables.
func TestFunctionDifferences(t *testing.T) {
	diffs := functionDifferences()
	tofu, terraform := funcs.Table(funcs.OpenTofu112), funcs.Table(funcs.Terraform114)
	for _, name := range []string{"urldecode", "ephemeralasnull", "templatestring", "format", "core::length"} {
		if _, ok := diffs[name]; !ok {
			t.Errorf("%s is not a difference", name)
		}
	}
	if diffs["urldecode"] != funcs.Absent || diffs["format"] != funcs.Arguments || diffs["templatestring"] != funcs.Recent {
		t.Errorf("urldecode %d, format %d, templatestring %d", diffs["urldecode"], diffs["format"], diffs["templatestring"])
	}
	for name, f := range tofu {
		if _, ok := diffs[name]; ok {
			continue
		}
		g, ok := terraform[name]
		if !ok {
			t.Errorf("%s: not in Terraform's table, not a difference", name)
			continue
		}
		if len(f.Params()) != len(g.Params()) || (f.VarParam() == nil) != (g.VarParam() == nil) {
			t.Errorf("%s: parameters differ, not a difference", name)
		}
	}
	for name := range terraform {
		if _, ok := tofu[name]; !ok && diffs[name] != funcs.Absent {
			t.Errorf("%s: in Terraform's table alone, difference %d", name, diffs[name])
		}
	}
	// format differs in its handling of a dynamically typed argument.
	if argumentsDiffer(tofu["format"], terraform["format"], []cty.Value{cty.StringVal("%s"), cty.StringVal("x")}) {
		t.Error("format: strings handled differently")
	}
	if !argumentsDiffer(tofu["format"], terraform["format"], []cty.Value{cty.StringVal("%s"), cty.DynamicVal}) {
		t.Error("format: a dynamically typed argument handled alike")
	}
}

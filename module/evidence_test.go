package module

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEvidence: under Auto, the program a directory without .tofu files
// is read for is the one whose registry its lock file and installed
// providers name, and Auto when nothing says or they disagree.
func TestEvidence(t *testing.T) {
	lock := func(addrs ...string) string {
		s := "# This file is maintained automatically by \"init\".\n"
		for _, a := range addrs {
			s += "provider \"" + a + "\" {\n  version = \"1.0.0\"\n  hashes = [\"h1:x=\"]\n}\n"
		}
		return s
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		dirs  []string
		want  Program
	}{
		{name: "nothing", want: Auto},
		{name: "tofu lock", files: map[string]string{lockFile: lock("registry.opentofu.org/hashicorp/aws")}, want: OpenTofu},
		{name: "terraform lock", files: map[string]string{lockFile: lock("registry.terraform.io/hashicorp/aws")}, want: Terraform},
		{name: "both hosts in the lock", files: map[string]string{lockFile: lock("registry.terraform.io/hashicorp/aws", "registry.opentofu.org/hashicorp/null")}, want: OpenTofu},
		{name: "other host", files: map[string]string{lockFile: lock("example.com/acme/thing")}, want: Auto},
		{name: "empty lock", files: map[string]string{lockFile: lock()}, want: Auto},
		{name: "broken lock", files: map[string]string{lockFile: "provider \"registry.terraform.io/hashicorp/aws\" {"}, want: Auto},
		{name: "tofu providers", dirs: []string{".terraform/providers/registry.opentofu.org/hashicorp/aws"}, want: OpenTofu},
		{name: "terraform providers", dirs: []string{".terraform/providers/registry.terraform.io/hashicorp/aws"}, want: Terraform},
		{name: "no providers", dirs: []string{".terraform/modules"}, want: Auto},
		{name: "lock and providers agree", files: map[string]string{lockFile: lock("registry.terraform.io/hashicorp/aws")}, dirs: []string{".terraform/providers/registry.terraform.io/hashicorp/aws"}, want: Terraform},
		{name: "lock and providers disagree", files: map[string]string{lockFile: lock("registry.terraform.io/hashicorp/aws")}, dirs: []string{".terraform/providers/registry.opentofu.org/hashicorp/aws"}, want: Auto},
		{name: "a .tofu file decides", files: map[string]string{"x.tofu": "", lockFile: lock("registry.terraform.io/hashicorp/aws")}, want: OpenTofu},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"main.tf": "locals {}\n"}
			for name, src := range tt.files {
				files[name] = src
			}
			for name, src := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, d := range tt.dirs {
				if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(d)), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if got := ResolveProgram(Auto, dir); got != tt.want {
				t.Errorf("Auto.Resolve = %s, want %s", got, tt.want)
			}
			m, _ := Load(dir, Options{})
			if m.Program != tt.want {
				t.Errorf("Load(...).Program = %s, want %s", m.Program, tt.want)
			}
			if got := ResolveProgram(Terraform, dir); got != Terraform {
				t.Errorf("Terraform.Resolve = %s: --program is not overridden", got)
			}
		})
	}
}

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// TestDiscoverSchemas checks that hcljson check, given no
// --provider-schema, finds the provider schemas of a directory that the
// real program initialized: the stand-in provider is installed by
// "init" from a filesystem mirror (so .terraform/providers and the lock
// file are what a user's init leaves), the program is on PATH, and check
// then reports the provider's unsupported argument exactly as the
// program's validate -json does, and a second run reads the cached
// schemas.
func TestDiscoverSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the clients")
	}
	work := t.TempDir()
	hcljson := buildHCLJSON(t, work)
	plugins := buildProvider(t)
	ran := 0
	for _, c := range clientstest.All() {
		t.Run(c.Name, func(t *testing.T) {
			base := filepath.Join(work, c.Name)
			mirror := filepath.Join(base, "mirror")
			for _, host := range []string{"registry.opentofu.org", "registry.terraform.io"} {
				pkg := filepath.Join(mirror, host, "hcljson", "standin", "0.1.0", runtime.GOOS+"_"+runtime.GOARCH)
				if err := os.MkdirAll(pkg, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(plugins, "terraform-provider-standin"), filepath.Join(pkg, "terraform-provider-standin_v0.1.0")); err != nil {
					t.Fatal(err)
				}
			}
			rc := filepath.Join(base, "mirror.tfrc")
			config := fmt.Sprintf("provider_installation {\n  filesystem_mirror {\n    path = %q\n  }\n}\n", mirror)
			if err := os.WriteFile(rc, []byte(config), 0o644); err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(base, "bin")
			if err := os.MkdirAll(bin, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(c.Path, filepath.Join(bin, c.Name)); err != nil {
				t.Fatal(err)
			}
			env := []string{
				"HOME=" + base, "TF_CLI_CONFIG_FILE=" + rc, "CHECKPOINT_DISABLE=1", "NO_COLOR=1",
				"PATH=" + bin, "XDG_CACHE_HOME=" + filepath.Join(base, "cache"),
			}
			dir := filepath.Join(base, "mod")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			src := "terraform {\n  required_providers {\n    standin = {\n      source  = \"hcljson/standin\"\n      version = \"0.1.0\"\n    }\n  }\n}\n\nresource \"standin_thing\" \"a\" {\n  name = \"a\"\n  nmae = \"b\"\n}\n"
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := run(env, dir, c.Path, "init", "-backend=false", "-input=false", "-no-color"); err != nil {
				t.Fatal(err)
			}
			want := output(t, env, dir, c.Path, "validate", "-json", "-no-color")
			if !strings.Contains(want, `"Unsupported argument"`) {
				t.Fatalf("%s validate -json does not report the argument:\n%s", c.Name, want)
			}
			program := map[string]string{"tofu": "opentofu", "terraform": "terraform"}[c.Name]
			got := output(t, env, dir, hcljson, "check", "--format", "json", "--program", program, ".")
			if got != want {
				t.Errorf("hcljson check --format json, schemas found:\n%s\n%s validate -json:\n%s", got, c.Name, want)
			}
			cached, err := filepath.Glob(filepath.Join(base, "cache", "hcljson", "provider-schemas", "*.json"))
			if err != nil || len(cached) != 1 {
				t.Fatalf("cached schemas: %v %v, want one file", cached, err)
			}
			text, _ := runStatus(env, dir, hcljson, "check", "--program", program, ".")
			if !strings.Contains(text, `An argument named "nmae" is not expected here.`) || !strings.Contains(text, `Note: provider schemas from "`+c.Name+` providers schema -json" (cached).`) {
				t.Errorf("second hcljson check:\n%s", text)
			}
		})
		ran++
	}
	if ran == 0 {
		t.Skip(clientstest.Missing("tofu"))
	}
}

// runStatus runs a command in dir and returns its standard output and
// standard error together, whatever its exit status.
func runStatus(env []string, dir, name string, args ...string) (string, error) {
	out, err := run(env, dir, name, args...)
	if err != nil {
		return err.Error(), err
	}
	return string(out), nil
}

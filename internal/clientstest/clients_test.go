package clientstest

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFind puts fake binaries in a cache and in the environment and
// checks what Find, All, Skip and Missing make of them.
func TestFind(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HCLJSON_CLIENTS", dir)
	t.Setenv("HCLJSON_TOFU", "")
	t.Setenv("HCLJSON_TERRAFORM", "")
	if got := CacheDir(); got != dir {
		t.Errorf("CacheDir() = %q with $HCLJSON_CLIENTS=%q", got, dir)
	}
	if path, ok := Find("tofu"); ok {
		t.Fatalf("Find(tofu) in an empty cache = %q", path)
	}
	if got := All(); len(got) != 0 {
		t.Errorf("All() in an empty cache = %+v", got)
	}
	bin := filepath.Join(dir, "tofu-"+TofuVersion, "tofu")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if path, ok := Find("tofu"); ok {
		t.Errorf("Find(tofu) took %q, which is not executable", path)
	}
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if path, ok := Find("tofu"); !ok || path != bin {
		t.Errorf("Find(tofu) = %q, %v; want %q", path, ok, bin)
	}
	// A directory where the binary should be is not a binary.
	if err := os.MkdirAll(filepath.Join(dir, "terraform-"+TerraformVersion, "terraform"), 0o755); err != nil {
		t.Fatal(err)
	}
	if path, ok := Find("terraform"); ok {
		t.Errorf("Find(terraform) took the directory %q", path)
	}
	other := filepath.Join(t.TempDir(), "my-terraform")
	if err := os.WriteFile(other, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HCLJSON_TERRAFORM", other)
	if path, ok := Find("terraform"); !ok || path != other {
		t.Errorf("Find(terraform) = %q, %v; want %q from $HCLJSON_TERRAFORM", path, ok, other)
	}
	want := []Client{{"tofu", TofuVersion, bin}, {"terraform", TerraformVersion, other}}
	if got := All(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("All() = %+v, want %+v", got, want)
	}
	// $HCLJSON_TOFU wins over the cache, even when it names nothing.
	t.Setenv("HCLJSON_TOFU", filepath.Join(dir, "absent"))
	if path, ok := Find("tofu"); ok {
		t.Errorf("Find(tofu) = %q with $HCLJSON_TOFU naming a missing file", path)
	}
	if path, ok := Find("terragrunt"); ok || Version("terragrunt") != "" {
		t.Errorf("Find(terragrunt) = %q, %v", path, ok)
	}
	if got, want := Missing("tofu"), "tofu "+TofuVersion+" not found: build it with scripts/build-clients.sh tofu (into "+dir+"), or name a binary in $HCLJSON_TOFU"; got != want {
		t.Errorf("Missing(tofu) = %q, want %q", got, want)
	}
}

// TestCacheDir checks the defaults when $HCLJSON_CLIENTS is unset.
func TestCacheDir(t *testing.T) {
	t.Setenv("HCLJSON_CLIENTS", "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	t.Setenv("HOME", "/home/u")
	if got, want := CacheDir(), filepath.Join("/xdg", "hcljson", "clients"); got != want {
		t.Errorf("CacheDir() = %q, want %q", got, want)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	if got, want := CacheDir(), filepath.Join("/home/u", ".cache", "hcljson", "clients"); got != want {
		t.Errorf("CacheDir() = %q, want %q", got, want)
	}
}

// TestSkip runs Skip in a subtest that must skip, and in one that must
// not, with a client that is present.
func TestSkip(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HCLJSON_CLIENTS", dir)
	t.Setenv("HCLJSON_TOFU", "")
	bin := filepath.Join(t.TempDir(), "tofu")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HCLJSON_TERRAFORM", bin)
	reached := false
	t.Run("absent", func(t *testing.T) {
		Skip(t, "tofu")
		reached = true
	})
	if reached {
		t.Error("Skip(tofu) returned although tofu is absent")
	}
	t.Run("present", func(t *testing.T) {
		if got := Skip(t, "terraform"); got != bin {
			t.Errorf("Skip(terraform) = %q, want %q", got, bin)
		}
		reached = true
	})
	if !reached {
		t.Error("Skip(terraform) skipped although $HCLJSON_TERRAFORM names a binary")
	}
}

// TestVersions runs each client that is built and checks that it is the
// pinned version (OpenTofu built from its module reports VERSION-dev).
func TestVersions(t *testing.T) {
	for _, name := range []string{"tofu", "terraform"} {
		t.Run(name, func(t *testing.T) {
			path := Skip(t, name)
			home := t.TempDir()
			rc := filepath.Join(home, "empty.tfrc")
			if err := os.WriteFile(rc, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(path, "version", "-json")
			cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "TF_CLI_CONFIG_FILE=" + rc, "CHECKPOINT_DISABLE=1"}
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s version -json: %v", path, err)
			}
			var v struct {
				Version string `json:"terraform_version"`
			}
			if err := json.Unmarshal(out, &v); err != nil {
				t.Fatalf("%s version -json: %v\n%s", path, err, out)
			}
			if want := Version(name); v.Version != want && !strings.HasPrefix(v.Version, want+"-") {
				t.Errorf("%s is version %q, want %s", path, v.Version, want)
			}
		})
	}
}

// TestBuildHCLJSON builds the command and runs it; a root without the
// command is an error that says what failed.
func TestBuildHCLJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "hcljson")
	if err := BuildHCLJSON(filepath.Join("..", ".."), bin); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "hcljson ") {
		t.Errorf("hcljson version: %q, %v", out, err)
	}
	err = BuildHCLJSON(t.TempDir(), filepath.Join(t.TempDir(), "x"))
	if err == nil || !strings.Contains(err.Error(), "go build ./cmd/hcljson") {
		t.Errorf("BuildHCLJSON of an empty directory: %v, want a go build error", err)
	}
}

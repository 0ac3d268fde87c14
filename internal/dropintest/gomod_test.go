package dropintest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// TestRequirementsFitOpenTofu checks that hcljson's go.mod asks for
// nothing newer than OpenTofu 1.12.6 has: its go line and the version of
// every module both require. Then "go get github.com/hcljson/hcljson" in
// OpenTofu changes no other line of its go.mod (the gomod step of
// scripts/dropin-opentofu.sh shows the diff). It reads OpenTofu's go.mod
// from the module cache, and skips when it is not there.
func TestRequirementsFitOpenTofu(t *testing.T) {
	ours := readModFile(t, "../../go.mod")
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skipf("go env GOMODCACHE: %v", err)
	}
	path := filepath.Join(strings.TrimSpace(string(out)), "cache", "download", "github.com", "opentofu", "opentofu", "@v", "v1.12.6.mod")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not found: go mod download github.com/opentofu/opentofu@v1.12.6 (or run scripts/dropin-opentofu.sh)", path)
	}
	tofu := readModFile(t, path)
	if semver.Compare("v"+ours.Go.Version, "v"+tofu.Go.Version) > 0 {
		t.Errorf("go %s in go.mod is later than OpenTofu's go %s", ours.Go.Version, tofu.Go.Version)
	}
	theirs := map[string]string{}
	for _, r := range tofu.Require {
		theirs[r.Mod.Path] = r.Mod.Version
	}
	for _, r := range ours.Require {
		if v, ok := theirs[r.Mod.Path]; ok && semver.Compare(r.Mod.Version, v) > 0 {
			t.Errorf("go.mod requires %s %s, later than OpenTofu's %s", r.Mod.Path, r.Mod.Version, v)
		}
	}
}

func readModFile(t *testing.T, path string) *modfile.File {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.ParseLax(path, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

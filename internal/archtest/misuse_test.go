package archtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMisuseCovered checks that every public package (neither internal
// nor a command nor tests only) has a TestMisuse that runs
// internal/misusetest, which in turn fails when one of its exported
// functions or methods has no case (spec.md §misuse).
func TestMisuseCovered(t *testing.T) {
	const module = "github.com/hcljson/hcljson/"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Dir}} {{.Name}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	public := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, dir, name := strings.TrimPrefix(fields[0], module), fields[1], fields[2]
		if strings.HasPrefix(pkg, "internal/") || name == "main" || pkg == "e2e" {
			continue
		}
		public++
		src, err := os.ReadFile(filepath.Join(dir, "misuse_test.go"))
		if err != nil || !strings.Contains(string(src), "func TestMisuse(") || !strings.Contains(string(src), "misusetest.Run(t, \".\"") {
			t.Errorf("package %s has no TestMisuse running misusetest.Run in misuse_test.go", pkg)
		}
	}
	if public < 13 {
		t.Errorf("only %d public packages", public)
	}
}

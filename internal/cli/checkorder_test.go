package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestCheckUnsupportedInSourceOrder: hclsyntax reports the arguments a
// native body must not have in map order; check reports them in the
// order of the source, the same on every run, with the other errors of
// the body (here the missing required argument, which hclsyntax reports
// first) where hclsyntax puts them.
func TestCheckUnsupportedInSourceOrder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "main.tf")
	src := "variable \"v\" {\n  a = 1\n  b = 2\n  c = 3\n  d = 4\n  e = 5\n  f = 6\n  g = 7\n  h = 8\n}\n\nmoved {\n  x = 1\n  y = 2\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^Error: (.*)\n\n  on .* line (\d+)`)
	var first string
	for i := range 20 {
		code, _, stderr := run("check", file)
		if code != 1 {
			t.Fatalf("exit %d, want 1\n%s", code, stderr)
		}
		var got []string
		for _, m := range line.FindAllStringSubmatch(stderr, -1) {
			got = append(got, m[1]+" @"+m[2])
		}
		want := []string{
			"Unsupported argument @2", "Unsupported argument @3", "Unsupported argument @4", "Unsupported argument @5",
			"Unsupported argument @6", "Unsupported argument @7", "Unsupported argument @8", "Unsupported argument @9",
			"Missing required argument @12", "Missing required argument @12",
			"Unsupported argument @13", "Unsupported argument @14",
		}
		if !slices.Equal(got, want) {
			t.Fatalf("run %d: errors\n%q\nwant\n%q", i, got, want)
		}
		if i == 0 {
			first = stderr
		} else if stderr != first {
			t.Fatalf("run %d differs from the first:\n%s\nfirst:\n%s", i, stderr, first)
		}
	}
}

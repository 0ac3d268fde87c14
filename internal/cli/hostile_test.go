package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runIn runs the command in-process in dir and returns its status,
// standard output and standard error.
func runIn(t *testing.T, dir string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestDiagnosticsBounded checks that a 1 MB one-line file with 1,000
// syntax errors gives a bounded report: 50 diagnostics, each snippet line
// a window of the line, and the count of the rest.
func TestDiagnosticsBounded(t *testing.T) {
	dir := t.TempDir()
	parts := make([]string, 1000)
	for i := range parts {
		parts[i] = "tru" + strings.Repeat(" ", 1000)
	}
	src := `{"a": [` + strings.Join(parts, ",") + "]}"
	if len(src) < 1_000_000 || strings.Contains(src, "\n") {
		t.Fatalf("input is %d bytes", len(src))
	}
	if err := os.WriteFile(filepath.Join(dir, "big.tf.json"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, dir, "", "check", "big.tf.json")
	t.Logf("stderr: %d bytes", len(stderr))
	if code != 1 || stdout != "" {
		t.Errorf("status %d, stdout %q", code, stdout)
	}
	if len(stderr) > 100_000 {
		t.Errorf("stderr has %d bytes, want at most 100,000", len(stderr))
	}
	if n := strings.Count(stderr, "Error: Invalid JSON keyword\n"); n != maxFileDiags {
		t.Errorf("%d diagnostics shown, want %d", n, maxFileDiags)
	}
	first := "Error: Invalid JSON keyword\n\n  on big.tf.json line 1, in a:\n   1: {\"a\": [tru" + strings.Repeat(" ", 110) + "…\n\n\"tru\" is not a valid JSON keyword. Did you mean \"true\"?\n\n"
	if !strings.HasPrefix(stderr, first) {
		t.Errorf("stderr starts\n%q\nwant\n%q", stderr[:min(len(stderr), len(first)+20)], first)
	}
	second := "   1: …" + strings.Repeat(" ", 39) + ",tru" + strings.Repeat(" ", 77) + "…\n"
	if !strings.Contains(stderr, second) {
		t.Errorf("no snippet line %q", second)
	}
	last := "Not shown: 950 more errors about big.tf.json (the first 50 diagnostics about it are above).\n\n"
	if !strings.HasSuffix(stderr, last) {
		t.Errorf("stderr ends\n%q\nwant\n%q", stderr[max(0, len(stderr)-len(last)-20):], last)
	}
}

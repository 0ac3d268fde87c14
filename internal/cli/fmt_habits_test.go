package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFmtCheckStatus: fmt -check exits 3 when a file is not formatted,
// as terraform fmt -check does, 0 when all are, 1 when one has errors.
func TestFmtCheckStatus(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"ok.tf.json":  "{\n  \"locals\": [\n    {\n      \"a\": 1\n    }\n  ]\n}\n",
		"not.tf.json": `{"locals": {"a": 1}}`,
		"bad.tf.json": `{"locals": tru}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		file string
		code int
	}{{"ok.tf.json", 0}, {"not.tf.json", 3}, {"bad.tf.json", 1}} {
		code, stdout, stderr := run("fmt", "-check", filepath.Join(dir, tt.file))
		if code != tt.code {
			t.Errorf("fmt -check %s: status %d, want %d (stdout %q, stderr %q)", tt.file, code, tt.code, stdout, stderr)
		}
	}
}

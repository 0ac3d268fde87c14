package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneReading checks that "check DIR" and "inspect DIR" read each
// module directory once (validate.Model): the root calls child twice,
// child calls grand, and both commands also read the children (check
// to validate them, inspect for the module calls).
func TestOneReading(t *testing.T) {
	base := t.TempDir()
	for _, d := range []string{"root", "child", "grand"} {
		if err := os.Mkdir(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(base, "root", "main.tf"), "module \"a\" {\n  source = \"../child\"\n  x      = 1\n}\n\nmodule \"b\" {\n  source = \"../child\"\n  x      = 2\n}\n")
	writeFile(t, filepath.Join(base, "child", "main.tf"), "variable \"x\" {}\n\nmodule \"g\" {\n  source = \"../grand\"\n}\n\noutput \"y\" {\n  value = module.g.nope\n}\n")
	writeFile(t, filepath.Join(base, "grand", "main.tf.json"), `{"output": {"z": {"value": 1}}}`)
	root := filepath.Join(base, "root")
	for _, tt := range []struct {
		args   []string
		code   int
		stdout string // a part of it
		stderr string // a part of it
	}{
		{args: []string{"check", root}, code: 1, stderr: "Error: Unsupported attribute\n\n  on " + filepath.Join(base, "child", "main.tf") + " line 8, in output \"y\":\n   8:   value = module.g.nope\n"},
		{args: []string{"inspect", "--compact", root}, stdout: `"module_calls":{"a":{"source":"../child","expressions":{"x":{"constant_value":1}},"module":{"outputs":{"y":{"expression":{"references":["module.g.nope","module.g"]}`},
	} {
		t.Run(tt.args[0], func(t *testing.T) {
			e, stdout, stderr := testEnv()
			reads := map[string]int{}
			e.loaded = func(dir string) { reads[filepath.Base(dir)]++ }
			if code := e.run(tt.args); code != tt.code || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, stdout with %q, stderr with %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
			if len(reads) != 3 || reads["root"] != 1 || reads["child"] != 1 || reads["grand"] != 1 {
				t.Errorf("directories read: %v, want root, child and grand once", reads)
			}
		})
	}
}

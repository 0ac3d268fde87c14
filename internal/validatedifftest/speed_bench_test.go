package validatedifftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/clientstest"
	"github.com/hcljson/hcljson/internal/tfgentest"
)

// BenchmarkValidateModule validates a generated module of 100 files (half
// .tf, half .tf.json) with hcljson check and with each client's validate,
// a whole process each time, as a user runs them: issue 12 asks that
// hcljson be at least 20 times faster than tofu validate. The clients are
// skipped when they are not built.
func BenchmarkValidateModule(b *testing.B) {
	work := b.TempDir()
	dir := filepath.Join(work, "module")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := tfgentest.WriteModule(dir, 100); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(work, "hcljson")
	if err := clientstest.BuildHCLJSON(filepath.Join("..", ".."), bin); err != nil {
		b.Fatal(err)
	}
	rc := filepath.Join(work, "empty.tfrc")
	if err := os.WriteFile(rc, nil, 0o644); err != nil {
		b.Fatal(err)
	}
	env := append(os.Environ(), "HOME="+work, "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "NO_COLOR=1")
	run := func(b *testing.B, name string, args ...string) {
		for b.Loop() {
			cmd := exec.Command(name, args...)
			cmd.Dir, cmd.Env = dir, env
			out, err := cmd.Output()
			if err != nil || !strings.Contains(string(out), `"valid": true`) {
				b.Fatalf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, out)
			}
		}
	}
	b.Run("hcljson", func(b *testing.B) { run(b, bin, "check", "--format", "json", "--program", "opentofu", ".") })
	for _, c := range clientstest.All() {
		b.Run(c.Name, func(b *testing.B) {
			path, ok := clientstest.Find(c.Name)
			if !ok {
				b.Skip(clientstest.Missing(c.Name))
			}
			run(b, path, "validate", "-json", "-no-color")
		})
	}
}

package validatediff

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/clients"
)

// writeSpeedModule writes a valid module of n files into dir, half native
// and half JSON syntax: in each, a variable, a local, a terraform_data
// resource that depends on the one before it and an output, with
// references across files, so that a validator has declarations,
// references, templates and a graph to check.
func writeSpeedModule(dir string, n int) error {
	for i := range n {
		prev := max(i-1, 0)
		var name, text string
		if i%2 == 0 {
			name = fmt.Sprintf("f%03d.tf", i)
			text = fmt.Sprintf(`variable "v%[1]d" {
  type        = string
  default     = "value-%[1]d"
  description = "Variable number %[1]d"
}

locals {
  l%[1]d = "${var.v%[1]d}-${length(var.v%[1]d)}"
  m%[1]d = { name = local.l%[1]d, index = %[1]d, tags = [var.v%[1]d, "x"] }
}

resource "terraform_data" "r%[1]d" {
  input            = local.m%[1]d
  triggers_replace = [var.v%[1]d, upper(local.l%[1]d)]
  depends_on       = [terraform_data.r%[2]d]

  lifecycle {
    create_before_destroy = true
  }
}

output "o%[1]d" {
  value       = terraform_data.r%[1]d.output
  description = "Output %[1]d"
}
`, i, prev)
		} else {
			name = fmt.Sprintf("f%03d.tf.json", i)
			text = fmt.Sprintf(`{
  "variable": {"v%[1]d": {"type": "string", "default": "value-%[1]d", "description": "Variable number %[1]d"}},
  "locals": {
    "l%[1]d": "${var.v%[1]d}-${length(var.v%[1]d)}",
    "m%[1]d": {"name": "${local.l%[1]d}", "index": %[1]d, "tags": ["${var.v%[1]d}", "x"]}
  },
  "resource": {"terraform_data": {"r%[1]d": {
    "input": "${local.m%[1]d}",
    "triggers_replace": ["${var.v%[1]d}", "${upper(local.l%[1]d)}"],
    "depends_on": ["terraform_data.r%[2]d"],
    "lifecycle": {"create_before_destroy": true}
  }}},
  "output": {"o%[1]d": {"value": "${terraform_data.r%[1]d.output}", "description": "Output %[1]d"}}
}
`, i, prev)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

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
	if err := writeSpeedModule(dir, 100); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(work, "hcljson")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/hcljson").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
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
	for _, c := range clients.All() {
		b.Run(c.Name, func(b *testing.B) {
			path, ok := clients.Find(c.Name)
			if !ok {
				b.Skip(clients.Missing(c.Name))
			}
			run(b, path, "validate", "-json", "-no-color")
		})
	}
}

package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hcljson/hcljson/module"
)

// BenchmarkDir validates a module of 100 files, each with a variable,
// two locals, a resource depending on the one before and an output,
// with references across files.
func BenchmarkDir(b *testing.B) {
	dir := b.TempDir()
	for i := range 100 {
		prev := max(i-1, 0)
		src := fmt.Sprintf(`variable "v%[1]d" {
  type    = string
  default = "value-%[1]d"
}

locals {
  l%[1]d = "${var.v%[1]d}-${length(var.v%[1]d)}"
  m%[1]d = { name = local.l%[1]d, index = %[1]d, tags = [var.v%[1]d, "x"] }
}

resource "terraform_data" "r%[1]d" {
  input            = local.m%[1]d
  triggers_replace = [var.v%[1]d, upper(local.l%[1]d)]
  depends_on       = [terraform_data.r%[2]d]
}

output "o%[1]d" {
  value = terraform_data.r%[1]d.output
}
`, i, prev)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.tf", i)), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if diags := Dir(dir, Options{Program: module.OpenTofu}); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

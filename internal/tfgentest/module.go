package tfgentest

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteModule writes a valid Terraform module of n files into dir, half
// native and half JSON syntax: in each, a variable, two locals, a
// terraform_data resource that depends on the previous file's and an
// output, with references across files, so that a validator has
// declarations, references, templates and a graph to check. It is the
// module of the validation benchmarks (BenchmarkValidateModule in
// internal/validatedifftest, BenchmarkDir in validate).
func WriteModule(dir string, n int) error {
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

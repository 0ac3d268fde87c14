# Errors that validate reports after init; the converted module must report the same.

variable "name" {
  type    = string
  default = "x"

  validation {
    condition     = length(var.name) > 0
    error_message = "Name must not be empty."
  }
}

resource "terraform_data" "a" {
  input = var.undeclared
}

resource "terraform_data" "b" {
  count      = "two"
  depends_on = [terraform_data.missing]
}

resource "terraform_data" "c" {
  lifecycle {
    ignore_changes = [no_such_attribute]
  }
}

output "bad" {
  value = local.missing
}

output "call" {
  value = upper(1, 2)
}

resource "terraform_data" "d" {
  input = "${var.name} %{ if var.name }yes%{ endif }"
}

check "c" {
  assert {
    condition     = var.name
    error_message = 42
  }
}

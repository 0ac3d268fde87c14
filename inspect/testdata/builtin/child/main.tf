variable "label" {
  type = string
}

resource "terraform_data" "inner" {
  input = var.label
}

output "label_out" {
  value = terraform_data.inner.output
}

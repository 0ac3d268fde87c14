variable "name" {}
output "o" { value = var.name }

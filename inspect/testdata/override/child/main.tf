variable "name" {}

output "n" {
  value = var.name
}

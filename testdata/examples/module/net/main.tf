variable "cidr" {
  type = string
}

output "cidr" {
  value = var.cidr
}

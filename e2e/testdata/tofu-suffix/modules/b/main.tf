variable "items" {
  type = map(number)
}

output "doubled" {
  value = { for k, v in var.items : k => v * 2 }
}

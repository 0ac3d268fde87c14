variable "x" {
  # Any.
  type = any
}

output "y" {
  # Echo.
  value = var.x
}

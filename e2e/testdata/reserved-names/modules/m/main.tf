variable "dynamic" {
  type = any
}

variable "content" {
  type = list(string)
}

variable "rule" {
  type = list(object({ from_port = number }))
}

output "all" {
  value = [var.dynamic, var.content, var.rule]
}

variable "name" {
  type = string
}

variable "ports" {
  type    = list(number)
  default = []
}

locals {
  greeting = <<-EOT
    Hello, ${var.name}!
    %{ if length(var.ports) > 0 ~}
    Ports: %{ for p in var.ports }${p} %{ endfor }
    %{~ else ~}
    No ports.
    %{~ endif }
    Literal: $${name} and %%{ if }
  EOT
}

resource "terraform_data" "inner" {
  input = local.greeting
}

output "greeting" {
  value       = local.greeting
  description = <<EOT
A heredoc description with $${literal} text.
EOT
}

output "name" {
  value = var.name
}

variable "name" {
  type        = string
  default     = "base"
  description = "base"
}

locals {
  greeting = "hello ${var.name}"
  unused   = 1
}

resource "terraform_data" "a" {
  input            = local.greeting
  triggers_replace = [var.name]

  lifecycle {
    create_before_destroy = true
  }

  provisioner "local-exec" {
    command = "echo base"
  }
}

data "terraform_remote_state" "s" {
  backend = "local"
  config = {
    path = "base.tfstate"
  }
}

module "child" {
  source = "./child"
  name   = var.name
}

output "o" {
  value       = terraform_data.a.output
  description = "base"
}

variable "name" {
  default = "over"
}

locals {
  greeting = "hi ${var.name}"
}

resource "terraform_data" "a" {
  input = "${local.greeting}!"

  lifecycle {
    ignore_changes = [input]
  }

  provisioner "local-exec" {
    command = "echo over"
  }
}

output "o" {
  description = "over"
}

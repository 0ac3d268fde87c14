# A dynamic block generating the elements of an argument of type list of
# objects (standin_legacy's ingress), as both programs allow for the
# legacy providers' ingress rules, with an empty list in its content. The
# way to JSON keeps the dynamic block; the way back must find the content's
# arguments in the argument's object type.
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

variable "ports" {
  type    = list(number)
  default = [22, 443]
}

resource "standin_legacy" "d" {
  name = "d"

  dynamic "ingress" {
    for_each = var.ports
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      cidr_blocks = []
    }
  }
}

output "ports" {
  value = standin_legacy.d.ingress[*].from_port
}

output "ingress" {
  value = standin_legacy.d.ingress
}

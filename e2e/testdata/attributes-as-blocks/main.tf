# Schemas: without standin's schema the blocks would be written as JSON blocks, which both programs read as the argument, lacking description and rules.
# An argument of type list of objects (standin_legacy's ingress, in a
# schema of the older shapes) written as blocks, as both programs allow
# for the legacy providers' ingress rules; in JSON it is an argument, a
# list of objects, with null for what a block leaves out (description,
# rules) and constants converted to the attribute's type ("443"). Each
# element's rules, a list of objects again, is written as blocks too.
# (A reference inside a rules block would be left out of the native
# copy's configuration in show -json, by both programs, and listed in the
# JSON copy's: both read the elements' variables with the rules blocks
# unseen. So the references here are in the ingress blocks.)
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

variable "description" {
  type    = string
  default = "ssh"
}

resource "standin_legacy" "sg" {
  name = "sg"

  ingress {
    from_port   = 22
    to_port     = 22
    cidr_blocks = ["10.0.0.0/8"]
    description = var.description
  }

  ingress {
    from_port   = "443"
    to_port     = 443
    cidr_blocks = []
    description = "https"

    rules {
      protocol = "tcp"
    }
    rules {
      priority = 10
      protocol = "udp"
    }
  }
}

output "ports" {
  value = standin_legacy.sg.ingress[*].from_port
}

output "ingress" {
  value = standin_legacy.sg.ingress
}

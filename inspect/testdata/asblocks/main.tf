terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

variable "description" {
  type    = string
  default = "ssh"
}

# Constants only: every element with null for what its block leaves
# out, "443" converted to a number, rules blocks nested.
resource "standin_legacy" "constant" {
  name = "constant"

  ingress {
    from_port   = 22
    to_port     = 22
    cidr_blocks = ["10.0.0.0/8"]
  }

  ingress {
    from_port = "443"
    to_port   = 443

    rules {
      protocol = "tcp"
    }
    rules {
      priority = 2
    }
  }
}

# References: listed from the ingress blocks' own arguments; the rules
# block's are not, as both programs leave them out.
resource "standin_legacy" "refs" {
  name = "refs"

  ingress {
    description = var.description
    rules {
      protocol = var.description
    }
  }

  ingress {
    from_port = standin_legacy.constant.ingress[0].from_port
  }
}

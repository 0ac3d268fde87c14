# Blocks whose JSON form is delicate: nested and labelled dynamic blocks
# with an iterator, an empty block, a dynamic single block, provisioners
# and connections, preconditions, and a module given a provider alias.
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

provider "standin" {
  alias = "east"
}

variable "groups" {
  type = map(object({ ports = list(number), cidr = list(string) }))
  default = {
    web = { ports = [80, 443], cidr = ["0.0.0.0/0"] }
    ssh = { ports = [22], cidr = [] }
  }
}

resource "standin_thing" "b" {
  name = "b"

  dynamic "rule" {
    for_each = var.groups
    iterator = g
    content {
      description = g.key
      from_port   = g.value.ports[0]
      to_port     = g.value.ports[length(g.value.ports) - 1]
      cidr        = g.value.cidr
    }
  }

  rule {}

  dynamic "settings" {
    for_each = [1]
    content {
      mode = "m${settings.value}"
      dynamic "step" {
        for_each = var.groups
        content {
          run = "${step.key}:${join(",", step.value.ports)}"
        }
      }
    }
  }

  provisioner "local-exec" {
    command     = "echo ${self.name} > /dev/null"
    on_failure  = continue
    interpreter = ["/bin/sh", "-c"]
  }

  lifecycle {
    create_before_destroy = true
    precondition {
      condition     = length(var.groups) == 2
      error_message = "Two groups, ${length(var.groups)} given."
    }
    postcondition {
      condition     = self.rule[0].description == "ssh" && self.rule[2].description == null
      error_message = "The rules are not in order."
    }
  }
}

resource "terraform_data" "p" {
  input = "p"

  connection {
    type = "ssh"
    host = "127.0.0.1"
  }

  provisioner "remote-exec" {
    inline = ["true"]
  }

  provisioner "local-exec" {
    when    = destroy
    command = "true"
  }
}

module "leaf" {
  source = "./modules/leaf"
  providers = {
    standin = standin.east
  }
  names = ["x"]
}

output "rules" {
  value = standin_thing.b.rule[*].description
}

output "leaf" {
  value = module.leaf.ids
}

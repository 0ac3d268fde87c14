terraform {
  experiments = [module_variable_optional_attrs]
  required_providers {
    legacy = ">= 1.0, $${x}"
  }
  cloud {
    organization = "org"
    workspaces {
      tags = ["a"]
    }
  }
}

data "aws_ami" "ubuntu" {
  provider    = aws.east
  most_recent = true
  lifecycle {
    postcondition {
      condition     = self.id != ""
      error_message = "no $${ami}"
    }
  }
}

ephemeral "random_password" "p" {
  length     = 16
  depends_on = [data.aws_ami.ubuntu]
}

resource "aws_security_group" "sg" {
  dynamic "ingress" {
    for_each = var.rules
    iterator = rule
    labels   = [rule.key]
    content {
      port = rule.value
      dynamic "cidr" {
        for_each = rule.value.cidrs
        iterator = c
        content {
          block = c.value
        }
      }
    }
  }
  lifecycle {
    replace_triggered_by = [aws_instance.web.id, terraform_data.v["k"]]
  }
}

check "health" {
  data "http" "h" {
    url = "https://${var.host}"
  }
  assert {
    condition     = data.http.h.status_code == 200
    error_message = "down"
  }
}

import {
  to       = module.m.aws_instance.a["x"]
  id       = "i-${var.n}"
  provider = aws.east
}

variable "tuple" {
  type = tuple([string, list(number), map(any)])
}

variable "multi" {
  type = object({
    name = string # a comment
    tags = optional(map(string), {})
  })
}

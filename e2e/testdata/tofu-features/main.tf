# OpenTofu's own constructs (OpenTofu only): provider configurations with
# for_each and resources picking one by key, lifecycle's enabled, import
# blocks with for_each, removed blocks and a deprecated variable.
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

variable "regions" {
  type    = set(string)
  default = ["east", "west"]
}

variable "old" {
  type       = string
  default    = "o"
  deprecated = "Use something else, not $${old}."
}

variable "flag" {
  type    = bool
  default = false
}

provider "standin" {
  alias    = "r"
  for_each = var.regions
  label    = each.key
}

resource "standin_thing" "per" {
  for_each = var.regions
  provider = standin.r[each.key]
  name     = "t-${each.key}"
}

resource "terraform_data" "maybe" {
  input = "maybe"

  lifecycle {
    enabled = var.flag
  }
}

import {
  for_each = toset(["a", "b"])
  to       = terraform_data.imp[each.key]
  id       = "id-${each.key}"
}

resource "terraform_data" "imp" {
  for_each = toset(["a", "b"])
  input    = each.key
}

removed {
  from = terraform_data.gone

  lifecycle {
    destroy = false
  }
}

output "names" {
  value = { for k, v in standin_thing.per : k => v.name }
}

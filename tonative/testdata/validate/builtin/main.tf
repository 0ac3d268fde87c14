# Every block type and meta-argument that OpenTofu and Terraform validate
# offline, with the builtin provider (terraform.io/builtin/terraform).

terraform {
  required_version = ">= 1.6.0"
  required_providers {
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}

locals {
  names   = toset(["a", "b"])
  prefix  = "${var.env}-app"
  literal = "costs $${price} and %%{ not a directive }"
  tags    = merge(var.tags, { Name = local.prefix })
  ports   = [for p in var.ports : p if p > 0]
  first   = try(var.ports[0], null)
  by_name = { for n in local.names : n => upper(n) }
  matrix  = [for k, v in var.tags : "${k}=${v}"]
}

resource "terraform_data" "base" {
  input = {
    env    = var.env
    prefix = local.prefix
  }
}

resource "terraform_data" "counted" {
  count            = length(var.ports)
  input            = "port-${var.ports[count.index]}"
  triggers_replace = [terraform_data.base.output]
  depends_on       = [terraform_data.base]

  lifecycle {
    create_before_destroy = true
    prevent_destroy       = false
    ignore_changes        = [input]
    replace_triggered_by  = [terraform_data.base, terraform_data.base.output]

    precondition {
      condition     = var.ports[count.index] > 0
      error_message = "Port ${var.ports[count.index]} must be positive."
    }
    postcondition {
      condition     = self.output != null
      error_message = "No output for $${self}."
    }
  }
}

resource "terraform_data" "each" {
  for_each = local.by_name
  input    = each.value

  lifecycle {
    ignore_changes = all
  }

  provisioner "local-exec" {
    command     = "echo ${each.key} $${HOME}"
    interpreter = ["/bin/sh", "-c"]
    environment = {
      NAME = each.value
    }
    working_dir = path.module
    on_failure  = continue
  }

  provisioner "local-exec" {
    when       = destroy
    command    = "echo destroying ${self.id}"
    on_failure = fail
  }
}

resource "terraform_data" "remote" {
  input = local.literal

  connection {
    type     = "ssh"
    host     = "example.com"
    user     = "admin"
    password = var.secret
  }

  provisioner "remote-exec" {
    inline = ["echo ${self.id}", "echo $${literal}"]
  }

  provisioner "file" {
    content     = "hello %%{literal}"
    destination = "/tmp/hello"
    connection {
      type = "ssh"
      host = "other.example.com"
    }
  }
}

resource "terraform_data" "renamed" {}

resource "terraform_data" "imported" {}

moved {
  from = terraform_data.old_name
  to   = terraform_data.renamed
}

moved {
  from = module.old_child
  to   = module.child
}

removed {
  from = terraform_data.gone

  lifecycle {
    destroy = false
  }
}

import {
  to = terraform_data.imported
  id = "imported-${var.env}"
}

data "terraform_remote_state" "state" {
  backend = "local"
  config = {
    path = "${path.module}/other.tfstate"
  }
  defaults = {
    ready = false
  }

  lifecycle {
    postcondition {
      condition     = self.outputs != null
      error_message = "The remote state has no outputs."
    }
  }
}

check "ports" {
  data "terraform_remote_state" "scoped" {
    backend = "local"
    config = {
      path = "scoped.tfstate"
    }
  }

  assert {
    condition     = length(var.ports) < 10
    error_message = "Too many ports: ${length(var.ports)}."
  }
  assert {
    condition     = data.terraform_remote_state.scoped.outputs != null
    error_message = "No scoped outputs."
  }
}

module "child" {
  source = "./modules/child"

  name  = local.prefix
  ports = var.ports

  depends_on = [terraform_data.base, data.terraform_remote_state.state]
}

module "children" {
  source   = "./modules/child"
  for_each = local.names

  name = each.key
}

module "counted" {
  source = "./modules/child"
  count  = 2

  name = "counted-${count.index}"
}

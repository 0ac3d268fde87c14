# OpenTofu-only language: the language block, encryption, provider
# for_each, lifecycle enabled and destroy, module lifecycle, const and
# deprecated variables, ephemeral values, removed with a provisioner,
# import with for_each. Terraform rejects most of these, the same way for
# both forms.

language {
  compatible_with {
    opentofu = ">= 1.12.0"
  }
}

terraform {
  encryption {
    key_provider "pbkdf2" "main" {
      passphrase = "correct-horse-battery-staple-${var.enabled}"
    }
    method "aes_gcm" "main" {
      keys = key_provider.pbkdf2.main
    }
    key_provider "pbkdf2" "old" {
      passphrase = "an-older-passphrase-$${literal}"
    }
    method "aes_gcm" "old" {
      keys = key_provider.pbkdf2.old
    }
    state {
      method   = method.aes_gcm.main
      enforced = false
      fallback {
        method = method.aes_gcm.old
      }
    }
    plan {
      method = method.aes_gcm.main
    }
    remote_state_data_sources {
      default {
        method = method.aes_gcm.main
      }
      remote_state_data_source "maybe" {
        method = method.aes_gcm.main
      }
    }
  }
  required_providers {
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}

variable "regions" {
  type    = set(string)
  default = ["a", "b"]
  const   = true
}

variable "enabled" {
  type    = bool
  default = true
}

variable "token" {
  type      = string
  default   = "t"
  ephemeral = true
}

variable "old" {
  type       = string
  default    = "x"
  deprecated = "Use \"new\" instead; $${old} is gone."
}

provider "terraform" {
  alias    = "by_region"
  for_each = var.regions
}

resource "terraform_data" "regional" {
  for_each = setintersection(var.regions, ["a"])
  provider = terraform.by_region["a"]
  input    = each.key
}

resource "terraform_data" "maybe" {
  input = "x"
  lifecycle {
    enabled = var.enabled
    destroy = false
  }
}

data "terraform_remote_state" "maybe" {
  backend = "local"
  config  = { path = "x.tfstate" }
  lifecycle {
    enabled = var.enabled
  }
}

module "child" {
  source = "./modules/child"
  providers = {
    terraform = terraform.by_region["a"]
  }
  lifecycle {
    enabled = var.enabled
  }
}

removed {
  from = terraform_data.gone
  lifecycle {
    destroy = true
  }
  provisioner "local-exec" {
    when    = destroy
    command = "echo ${self.id}"
  }
}

import {
  for_each = setintersection(var.regions, ["a"])
  to       = terraform_data.regional[each.key]
  id       = each.key
}

terraform {
  required_providers {
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}

variable "names" {
  type        = list(string)
  default     = ["a", "b"]
  description = "Names, with a literal $${brace}"
}

variable "config" {
  type = object({
    size  = optional(number, 3)
    label = string
  })
  default = {
    label = "x"
  }
}

variable "secret" {
  type      = string
  sensitive = true
  nullable  = false
}

variable "anything" {
  default = null
}

locals {
  prefix = "p-${var.config.label}"
  doubled = [for n in var.names : "${n}${n}"]
}

resource "terraform_data" "counted" {
  count = length(var.names)
  input = {
    name  = var.names[count.index]
    size  = var.config.size
    first = var.names[0]
  }

  provisioner "local-exec" {
    command = "echo ${self.output.name}"
  }

  provisioner "local-exec" {
    when       = destroy
    command    = "echo bye"
    on_failure = continue
  }

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [input]
  }
}

resource "terraform_data" "keyed" {
  for_each         = toset(var.names)
  input            = "${local.prefix}-${each.key}"
  triggers_replace = terraform_data.counted[0].output["name"]
  depends_on       = [terraform_data.counted]
}

resource "terraform_data" "constant" {
  input = {
    list   = [1, 2.5, "three", true, null]
    nested = { deep = { deeper = "yes" } }
    big    = 12345678901234567890
  }
}

data "terraform_remote_state" "other" {
  backend = "local"
  config = {
    path = "${path.module}/other.tfstate"
  }
}

module "one" {
  source = "./child"
  label  = local.prefix
  extra  = 42
}

module "many" {
  source     = "./child"
  for_each   = toset(var.names)
  label      = each.value
  depends_on = [module.one]
}

output "ids" {
  value       = terraform_data.counted[*].id
  description = "All the ids"
}

output "first" {
  value = module.many["a"].label_out
}

output "whole" {
  value     = module.one
  sensitive = true
}

output "state" {
  value = data.terraform_remote_state.other.outputs["x"][0]
}

output "call" {
  value = upper("constant")
}

output "escaped" {
  value = "$${not_a_ref} and %%{not_a_directive}"
}

output "tfvars" {
  value      = provider::terraform::encode_expr(var.names)
  depends_on = [terraform_data.keyed]
}

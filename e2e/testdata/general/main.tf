# The shapes conversion already covered: variables with types, defaults
# and validation, locals, count, for_each, splats, templates with escapes,
# sensitive outputs, moved blocks, provider aliases, nested blocks, nulls,
# empty collections and Unicode.
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

provider "standin" {
  label = "default"
}

provider "standin" {
  alias = "east"
  label = "east"
}

variable "env" {
  type        = string
  default     = "test"
  description = "The environment, \"quoted\", with $${no} template."

  validation {
    condition     = contains(["test", "prod"], var.env)
    error_message = "The environment must be test or prod."
  }
}

variable "opts" {
  type = object({
    size  = optional(number, 3)
    label = optional(string)
  })
  default = {}
}

# Defaults are literal: no template escaping in JSON, keys included, but
# a default in a type is an expression inside the type's string.
variable "literals" {
  type = object({
    a = string
    m = map(string)
    o = optional(string, "opt $${x} %%{y}")
  })
  default = {
    a = "lit $${x} %%{if} $$5 100%"
    m = { "$${k}" = "v", "%%{k}" = "w" }
  }
}

variable "secret" {
  type      = string
  default   = "s3cr3t"
  sensitive = true
}

locals {
  names   = ["alpha", "beta", "gamma"]
  escaped = "literal $${var.env} and %%{if x} stay text"
  unicode = "héllo — 世界 \u00e9"
  nothing = null
  empty   = { list = [], map = {} }
  mixed   = [1, "two", true, null, { three = 3 }]
}

resource "terraform_data" "count" {
  count = var.opts.size
  input = "${var.env}-${count.index}"
}

resource "terraform_data" "each" {
  for_each         = toset(local.names)
  input            = upper(each.key)
  triggers_replace = [each.value, local.escaped]
}

moved {
  from = terraform_data.old
  to   = terraform_data.count[0]
}

resource "standin_thing" "east" {
  provider = standin.east
  name     = "east-${var.env}"
  count_n  = length(local.names)
  enabled  = var.env == "test"
  list     = terraform_data.count[*].input
  tags = {
    env     = var.env
    "a-key" = "dash"
  }
  object = {
    nested = { deep = [1, 2] }
  }
  meta = {
    owner  = "ops"
    size   = 3
    labels = ["x", "y"]
  }
  listeners = [
    { port = 80, protocol = "http" },
    { port = 443 },
  ]

  settings {
    level = 2
    step {
      run = "make ${var.env}"
    }
    step {
      run = null
    }
  }
}

resource "standin_thing" "empty" {
  name      = "literal $${var.env} %%{if x}"
  list      = []
  tags      = {}
  listeners = []
  meta      = null
}

output "inputs" {
  value = terraform_data.count[*].input
}

output "each" {
  value = { for k, v in terraform_data.each : k => v.input }
}

output "texts" {
  value = [local.escaped, local.unicode, local.nothing == null]
}

output "literals" {
  value = [var.literals, "$$5 100% $${x} $$$${y}"]
}

output "empty" {
  value = local.empty
}

output "mixed" {
  value = local.mixed
}

output "secret" {
  value     = var.secret
  sensitive = true
}

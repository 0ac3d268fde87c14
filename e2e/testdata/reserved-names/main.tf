# Names that are keywords of the JSON forms or meta-arguments elsewhere
# (dynamic, content, lifecycle, provider, count, rule) used as locals,
# module arguments, map keys and object attributes: they stay values.
# With them, a grouping for expression and try, can, one and a splat of
# null.
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

locals {
  dynamic   = { content = 1 }
  lifecycle = [1]
  provider  = "p"
  m         = { a = [1, 2], b = [3] }
  grouped   = { for k, v in local.m : substr(k, 0, 1) => v... }
  safe      = [try(local.m.c, "none"), can(local.m.a), one([5]), local.nothing[*]]
  nothing   = null
}

module "m" {
  source  = "./modules/m"
  dynamic = { for_each = [1], content = { x = 1 } }
  content = []
  rule    = [{ from_port = 1 }]
}

resource "standin_thing" "t" {
  name = "t"
  tags = { dynamic = "d", count = "c", lifecycle = "l", provider = "p", depends_on = "x" }
  object = {
    dynamic   = { for_each = [1], content = {} }
    lifecycle = { ignore_changes = [] }
    rule      = []
  }
}

output "all" {
  value = [local.dynamic, local.lifecycle, local.provider, local.grouped, local.safe, module.m.all, standin_thing.t.tags, standin_thing.t.object]
}

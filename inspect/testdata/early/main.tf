# OpenTofu evaluates a module's source and version early, from the
# variables' defaults and the locals.
variable "child" {
  type    = string
  default = "a"
}

locals {
  base = "./modules"
  dir  = "${local.base}/${lower(var.child)}"
}

module "m" {
  source = local.dir
  name   = "n-${var.child}"
}

module "n" {
  source = "./modules/${var.child}"
  name   = "plain"
}

module "o" {
  source = "./modules/a"
  name   = var.child
}

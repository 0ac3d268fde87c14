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

# A function of OpenTofu's table beyond the string basics.
module "p" {
  source = "./modules/${replace(substr(var.child, 0, 1), "-", "")}"
  name   = "replaced"
}

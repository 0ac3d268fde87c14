# OpenTofu's early evaluation: a module source built from a variable and a
# local (issue 10, item 4). OpenTofu only.
variable "child" {
  type    = string
  default = "a"
}

locals {
  modules = "./modules"
}

module "m" {
  source = "${local.modules}/${var.child}"
  name   = "from-${var.child}"
}

output "greeting" {
  value = module.m.greeting
}

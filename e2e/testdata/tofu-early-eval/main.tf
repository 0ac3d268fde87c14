# OpenTofu's early evaluation: module sources built from a variable and a
# local (issue 10, item 4). OpenTofu only; the files are .tf, so hcljson
# is told the program with --program opentofu.
variable "child" {
  type    = string
  default = "a"
}

locals {
  modules = "./modules"
}

module "m" {
  source = "./modules/${var.child}"
  name   = "from-${var.child}"
}

module "n" {
  source = "${local.modules}/${var.child}"
  name   = "local"
}

output "greeting" {
  value = [module.m.greeting, module.n.greeting]
}

variable "env" {
  type    = string
  default = "prod"
}

resource "terraform_data" "web" {
  count = 2
  input = "web-${var.env}-${count.index}"
}

module "net" {
  source = "./net"
  cidr   = "10.0.0.0/16"
}

# Numbers beyond 2^53, decimals and huge exponents are plain JSON numbers
# and keep their value (issue 10, item 2).
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

variable "big" {
  type    = number
  default = 9007199254740993
}

variable "limits" {
  type = object({
    max   = number
    steps = list(number)
  })
  default = {
    max   = 18446744073709551617
    steps = [0.1, -0.000001, 2.5e-10, 1e21]
  }
}

locals {
  numbers = {
    beyond  = 9007199254740993
    huge    = 123456789012345678901234567890
    tenth   = 0.1
    small   = 1.5e-300
    large   = 1.5e300
    neg     = -9007199254740995
    precise = 3.141592653589793238462643383279
  }
}

resource "terraform_data" "n" {
  input = local.numbers
}

output "big" {
  value = var.big
}

output "sum" {
  value = var.big + 1
}

output "numbers" {
  value = local.numbers
}

output "as_text" {
  value = "${local.numbers.huge}"
}

resource "terraform_data" "direct" {
  input = [9007199254740993, -9007199254740995, 123456789012345678901234567890]
}

output "direct" {
  value = 123456789012345678901234567890
}

resource "standin_thing" "n" {
  name    = "n"
  count_n = 9007199254740993
  meta = {
    size   = -123456789012345678901234567890.5
    owner  = null
    labels = []
  }

  rule {
    from_port = 18446744073709551615
    to_port   = 1.5e300
  }

  settings {
    level = 0.30000000000000004
  }
}

output "limits" {
  value = var.limits
}

output "thing" {
  value = [standin_thing.n.count_n, standin_thing.n.rule[0].from_port, standin_thing.n.meta.size]
}

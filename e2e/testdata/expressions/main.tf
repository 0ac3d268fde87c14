# Expressions whose JSON form is delicate: computed and escaped object
# keys, operators and precedence, legacy index and splat forms, string
# escapes, strip markers and templates that yield other types.
variable "key" {
  type    = string
  default = "k1"
}

variable "flag" {
  type    = bool
  default = false
}

locals {
  list = [{ v = 1 }, { v = 2 }]
  keys = {
    (var.key)      = "computed"
    "$${literal}"  = "escaped key"
    "a b"          = "space"
    "1x"           = "digit"
    "${var.key}-t" = "template key"
  }
  ops = [
    !var.flag && true,
    -length(local.list) + 10 % 4 * 2,
    (var.flag ? local.list : [])[*].v,
    local.list.0.v,
    local.list.*.v,
    local.list[1]["v"],
    1e3,
    -0.5,
    "5" + 1,
  ]
  text = [
    "tab\there \"quoted\" back\\slash",
    "smile \U0001F600 and \u00e9",
    "${var.key}",
    "${1 + 1}",
    "pre ${var.flag ? "yes" : "no"} post",
    "%{for i, x in ["a", "b"]}${i}=${x}%{if i < 1}, %{endif}%{endfor}",
    <<-EOT
      keep $${this} and %%{that}
        indented ${upper(var.key)}
    EOT
    ,
    "  ${~"strip"~}  ",
  ]
}

resource "terraform_data" "e" {
  input = {
    keys = local.keys
    ops  = local.ops
    text = local.text
  }
  triggers_replace = "${var.flag}"
}

output "all" {
  value = terraform_data.e.input
}

output "number_from_template" {
  value = "${2 * 21}"
}

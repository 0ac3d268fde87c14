# Strings: templates, directives, heredocs, escapes and literal "${" in
# arguments that are expressions and in arguments that are read literally.

variable "items" {
  type    = list(string)
  default = ["x", "$${y}", "%%{z}"]
}

variable "doc" {
  type    = string
  default = <<-EOT
    A heredoc default with $${literal} and %%{ literal } text,
    a tab:	and a quote: "
  EOT
  description = <<EOT
Heredoc description: $${not_interpolated}.
EOT
}

variable "nested" {
  type = map(object({
    name = string
    tags = optional(list(string), ["$${t}"])
  }))
  default = {
    "key with spaces" = { name = "n" }
    "$${key}"         = { name = "%%{ if }" }
  }
}

locals {
  plain       = "tab\there, newline\nthere, unicode \u00e9 \U0001F600 and \\ backslash"
  dollars     = "$ and $$ and $${x} and $$${var.doc} and %%{ and % {"
  interpolate = "items: ${join(", ", var.items)}"
  nested      = "outer ${"inner ${upper("x")}"} done"
  directive   = "%{ if length(var.items) > 2 }many%{ else }few%{ endif }"
  loop        = "%{ for i, v in var.items }${i}=${v}%{ if i < length(var.items) - 1 }, %{ endif }%{ endfor }"
  stripped    = "a %{~ if true ~} b %{~ endif ~} c"
  heredoc     = <<EOT
Line one with ${var.doc}
%{ for v in var.items ~}
  - ${v}
%{ endfor ~}
Literal $${x} and %%{y}
EOT
  indented = <<-EOT
    indented ${local.plain}
      deeper
    EOT
  keys = {
    "a.b"             = 1
    "${local.plain}"  = 2
    (local.directive) = 3
    plain_key         = "$${v}"
  }
  big      = 1e400
  precise  = 12345678901234567890123456789
  small    = 0.1
  negative = -0.5e-10
  only     = "${local.plain}"
  wrapped  = "${"$${"}"
  cond     = var.doc != "" ? "yes ${var.doc}" : "no $${doc}"
}

resource "terraform_data" "strings" {
  input = {
    plain       = local.plain
    dollars     = local.dollars
    interpolate = local.interpolate
    heredoc     = local.heredoc
    keys        = local.keys
    big         = local.big
    literal     = "$${still literal}"
    directive   = "%{ for k, v in local.keys }${k}:${v};%{ endfor }"
  }
  triggers_replace = [
    "x",
    "${local.only}",
    <<-EOT
      heredoc in a list ${local.stripped}
    EOT
  ]
}

output "all" {
  value = [
    local.dollars, local.interpolate, local.nested, local.directive,
    local.loop, local.stripped, local.heredoc, local.indented, local.keys,
    local.big, local.precise, local.small, local.negative, local.wrapped,
    local.cond,
  ]
  description = "Everything; \"quoted\", $${escaped} and %%{escaped}."
}

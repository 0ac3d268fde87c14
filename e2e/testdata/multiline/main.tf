# Multi-line expressions keep their line breaks, gain no parentheses, and
# mean the same (issue 10, item 7).
variable "extra" {
  type    = list(string)
  default = ["c", "", "d"]
}

locals {
  names = compact(
    concat(
      ["a", "b"],
      var.extra,
    ),
  )
  choice = (
    length(local.names) > 3
    ? "many"
    : "few"
  )
  upper = [
    for n in local.names :
    upper(n)
    if n != "a"
  ]
  doc = <<-EOT
    Names: ${join(", ", local.names)}
    %{if length(local.names) > 2~}
    more than two
    %{~endif}
  EOT
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Effect   = "Allow"
        Action   = ["s3:GetObject"]
        Resource = "*"
      },
    ]
  })
  heredoc_list = [
    <<-EOT
    first
    EOT
    ,
    "second",
  ]
}

resource "terraform_data" "m" {
  input = {
    names  = local.names
    choice = local.choice
    upper  = local.upper
    doc    = local.doc
    policy = local.policy
    list   = local.heredoc_list
  }
}

output "all" {
  value = terraform_data.m.input
}

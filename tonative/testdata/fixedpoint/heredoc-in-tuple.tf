# fixed point: JSON only
locals {
  d = [<<EOT
hello
EOT
  , "b"]
  e = [
    <<-EOT
    indented ${var.x}
    EOT
    ,
    upper(
      "b"
    ),
  ]
}

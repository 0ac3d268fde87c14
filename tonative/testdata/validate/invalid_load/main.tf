# Errors in the configuration's structure, which stop init; validate
# reports them too. The converted module must report the same.

variable "count" {
  type    = number
  default = "abc"
}

variable "typed" {
  type    = map(string)
  default = { a = [] }
}

resource "terraform_data" "a" {
  count    = 1
  for_each = {}

  provisioner "local-exec" {
    when    = destroy
    command = "echo ${terraform_data.b.id}"
  }

  lifecycle {
    ignore_changes = [input]
  }
}

moved {
  from = terraform_data.a
  to   = terraform_data.a
}

output "o" {
  value     = "x"
  sensitive = "maybe"
}

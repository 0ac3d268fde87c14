terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

variable "names" {
  type = list(string)
}

resource "standin_thing" "l" {
  count = length(var.names)
  name  = var.names[count.index]
}

output "ids" {
  value = standin_thing.l[*].name
}

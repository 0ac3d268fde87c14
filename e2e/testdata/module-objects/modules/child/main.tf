variable "name" {
  type = string
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "subnets" {
  type = list(object({
    cidr = string
    zone = string
  }))
}

variable "settings" {
  type    = any
  default = null
}

resource "terraform_data" "subnet" {
  for_each = { for s in var.subnets : s.zone => s }
  input    = merge(each.value, { name = var.name }, var.tags)
}

output "summary" {
  value = {
    name     = var.name
    zones    = sort(keys(terraform_data.subnet))
    settings = var.settings
  }
}

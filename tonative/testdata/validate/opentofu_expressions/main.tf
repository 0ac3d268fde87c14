# OpenTofu evaluates a resource's provider reference with an instance key
# (provider for_each): the reference is native syntax in a JSON string.
#
# Not here: OpenTofu also evaluates a module's source and version with
# constant variables (source = "./modules/${var.dir}"). Terraform reads
# both as literal text, so no JSON means the same to both; the converter
# reports it as an error (see gen's TestTerraformErrors).

variable "regions" {
  type    = set(string)
  default = ["a", "b"]
}


provider "terraform" {
  alias    = "by_region"
  for_each = var.regions
}

resource "terraform_data" "regional" {
  for_each = setintersection(var.regions, ["a"])
  provider = terraform.by_region[each.key]
  input    = each.key
}


# Legacy quoted references and keywords (Terraform 0.11 style) that both
# programs accept with a deprecation warning (issue 10, item 9).
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

provider "standin" {
  alias = "west"
  label = "west"
}

resource "terraform_data" "first" {
  input = "first"

  lifecycle {
    ignore_changes = ["input"]
  }
}

data "standin_echo" "west" {
  provider   = "standin.west"
  input      = "echo"
  depends_on = ["terraform_data.first", "standin_thing.t"]
}

resource "standin_thing" "t" {
  provider   = "standin.west"
  name       = "t"
  depends_on = ["terraform_data.first"]

  lifecycle {
    ignore_changes = ["tags"]
  }
}

output "name" {
  value      = standin_thing.t.name
  depends_on = ["data.standin_echo.west"]
}

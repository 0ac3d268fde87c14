terraform {
  required_providers {
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}

resource "terraform_data" "x" {}

output "o" {
  value      = "x"
  deprecated = "Do not use."
}

output "e" {
  value     = "x"
  ephemeral = true
}

variable "label" {}

resource "aws_iam_user" "user" {
  name = var.label
}

resource "terraform_data" "note" {
  input = module.nowhere[0].out
}

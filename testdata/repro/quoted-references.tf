# Checks that inspect reads the legacy quoted references and keywords of the
# native syntax as convert does and as Terraform and OpenTofu do: accepted,
# with a deprecation warning (see e2e/testdata/quoted-refs). convert turns
# them into the JSON strings that syntax requires, and inspect reads the
# JSON copy; on the native file inspect reports "Invalid expression" and
# "Invalid keyword" errors and leaves out depends_on, so the native copy's
# configuration differs from the JSON copy's.
provider "aws" {
  alias = "west"
}

resource "aws_s3_bucket" "logs" {
  bucket = "logs"
}

resource "aws_instance" "web" {
  provider   = "aws.west"
  depends_on = ["aws_s3_bucket.logs"]

  lifecycle {
    ignore_changes = ["tags"]
  }

  provisioner "local-exec" {
    command = "echo bye"
    when    = "destroy"
  }
}

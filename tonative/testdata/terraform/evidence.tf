# Without the providers' schemas, a name is a nested block by its own evidence: a dynamic block of the body generates it (part, assume_role), or the body defines it twice (rule). The order of the blocks is kept.
data "cloudinit_config" "c" {
  part {
    content = "a"
  }

  dynamic "part" {
    for_each = ["b"]

    content {
      content = part.value
    }
  }

  part {
    content = "c"
  }
}

resource "standin_thing" "t" {
  name       = "t"
  depends_on = [data.cloudinit_config.c]

  rule {
    description = "first"
  }

  rule {
    description = "second"
  }
}

provider "aws" {
  region = "x"

  dynamic "assume_role" {
    for_each = ["r"]

    content {
      role_arn = assume_role.value
    }
  }
}

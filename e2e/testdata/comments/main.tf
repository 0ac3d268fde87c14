# Comments above blocks and arguments at every level, which the JSON copy
# carries as "//" properties (--comments): both programs ignore them, and
# the way back makes them comments again.
terraform {
  # Providers.
  required_providers {
    # The stand-in.
    standin = { source = "hcljson/standin" }
  }
}

# A variable.
variable "v" {
  # Its type.
  type = string
  # Its default.
  default = "x"
}

locals {
  # A local.
  a = 1
  # Another.
  b = {
    # Inside an object.
    k = "v"
  }
}

# The thing.
resource "standin_thing" "t" {
  # Its name.
  name = "t"
  # Tags.
  tags = {
    # A tag.
    a = "b"
  }
  # Meta.
  meta = {
    owner  = "o"
    size   = 1
    labels = []
  }

  # A rule.
  rule {
    # Port.
    from_port = 1
  }

  # Dynamic rules.
  dynamic "rule" {
    # Over these.
    for_each = [2]
    # Content.
    content {
      # Port.
      from_port = rule.value
    }
  }

  # Settings.
  settings {
    # Mode.
    mode = "m"
  }

  # Lifecycle.
  lifecycle {
    # Ignore.
    ignore_changes = [tags]
  }
}

# A module.
module "m" {
  # Where.
  source = "./modules/m"
  # Arg.
  x = local.b
}

# An output.
output "o" {
  # Value.
  value = [standin_thing.t.rule, module.m.y, var.v, local.a]
}

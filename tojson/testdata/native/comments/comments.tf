# File header, separated by a blank line: dropped.

# Above the terraform block.
terraform {
  # Above required_version,
  # on two lines.
  required_version = ">= 1.5" # trailing: kept after it
}

// Slash comment above a variable.
variable "env" {
  /* Block comment above default */
  default = "prod"
}

/*
 * A multi-line block comment
 * above a resource.
 */
resource "a" "one" { # after the brace: dropped
  x = 1

  # At the end of a body: dropped.
}

# Above the second block of the type: written in its body.
resource "a" "two" {}

x = 1 # trailing
# Directly above y, right after x's line.
y = 2
# Unicode: ✓ ünïcödé "quotes" and \backslash ${not_template}
z = 3
#
# Empty line in a comment group.
w = 4

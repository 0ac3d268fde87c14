# Checks the fixed point (.tf -> .tf.json -> .tf -> .tf.json gives the first
# .tf.json byte for byte) for expressions not laid out as terraform fmt lays
# them out. An expression that is not a plain value goes into JSON as its
# source text, "${...}"; the conversion back to native syntax lays that
# text out as terraform fmt does, so the source text must be laid out so
# too on the way in: the first JSON used to hold "var.on ? 1 :   2" and
# the second "var.on ? 1 : 2".
locals {
  pick = var.on ? 1 :   2
  both = merge(
      var.a,
    var.b,
  )
}

variable "on" {}
variable "a" {}
variable "b" {}

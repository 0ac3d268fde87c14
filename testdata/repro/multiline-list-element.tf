# Checks the fixed point (.tf -> .tf.json -> .tf -> .tf.json gives the first
# .tf.json byte for byte) for a list whose element is an expression written
# over several lines (cloud-foundation-fabric's modules/net-address/psc.tf:
# subnetworks = [lookup(...)]). The list goes into JSON as an array and the
# element as a template holding its source text, indented for where it
# stood, right after "[": "${lookup(\n    var.m, ...\n  )}". Back in native
# syntax the element goes on a line of its own, two spaces deeper, and its
# text is taken from there on the way to JSON again, var.m six spaces in:
# the second JSON differs from the first.
# Open: a multi-line list element's source text keeps the indentation of its place in the list
locals {
  l = [lookup(
    var.m,
    "k",
    "d"
  )]
}

variable "m" {}

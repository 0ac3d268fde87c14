# fixed point: JSON only
# The fixed point (.tf -> .tf.json -> .tf -> .tf.json gives the first
# .tf.json byte for byte) for a list or object written with its first item
# on the line of its opening bracket when an item, or a value inside one,
# spans several lines: [lookup(...)] (cloud-foundation-fabric's
# modules/net-address/psc.tf, terraform-google-cloud-storage's
# soft_delete_policy), [{ a = x ? {...} : null }] (terraform-ibm-cos's
# solutions), { "k" = jsonencode(...) } (terraform-example-foundation's
# tfc-agent-gke). The collection goes into JSON as an array or object and
# the item as a template holding its source text, indented for where it
# stood. Back in native syntax each item goes on a line of its own, two
# spaces deeper: so a multi-line item is laid out alone, as an argument's
# value at its depth, wherever it stood, and its text in JSON is the same
# both times.
locals {
  l = [lookup(
    var.m,
    "k",
    "d"
  )]
  o = [{
    a = var.on ? {
      b = true
    } : null
  }]
  m = { "k" = jsonencode(
    {
      a = 1
    }
  ) }
}

variable "m" {}
variable "on" {}

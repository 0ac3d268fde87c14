# Checks that the native syntax written back from JSON is laid out as tofu
# fmt lays it out when an expression kept as source text holds line
# comments (terraform-azurerm-avm-res-compute-virtualmachine's
# locals.auth.tf). tofu fmt aligns the comments of consecutive lines by the
# whole line, "count = (" included; convert lays the expression out alone,
# without what comes before it on its first line, so the JSON holds
# "${(                        # when ...", and the native file written
# from it keeps that padding: tofu fmt -check lists it. The values are the
# same, and the JSON is a fixed point.
# Open: convert lays out an expression's comments without the text before the expression on its first line
locals {
  count = (                    # when the configuration is set
    var.config != null ? 1 : 0 # the id is required either way
  )
}

variable "config" {}

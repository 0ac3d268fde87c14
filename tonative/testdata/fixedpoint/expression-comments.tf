# Line comments in an expression kept as source text
# (terraform-azurerm-avm-res-compute-virtualmachine's locals.auth.tf):
# terraform fmt aligns the comments of consecutive lines by the whole line,
# "count = (" included. The JSON holds the value laid out as "x = (...)"
# at its depth; the way back lays out the block again with the argument's
# name in place, so the native text is this file.
locals {
  count = (                    # when the configuration is set
    var.config != null ? 1 : 0 # the id is required either way
  )
  n = (   # short
    1 + 2 # sum
  )
}

variable "config" {
}

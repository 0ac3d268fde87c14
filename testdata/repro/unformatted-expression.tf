# Open: native to JSON keeps the author's layout of expressions, the way back lays them out as terraform fmt does; reported in the note of issue 10.
# Checks the fixed point (.tf -> .tf.json -> .tf -> .tf.json gives the first
# .tf.json byte for byte) for expressions not laid out as terraform fmt lays
# them out. An expression that is not a plain value goes into JSON as its
# source text, "${...}", spacing and indentation included; the conversion
# back to native syntax formats that text (hclwrite.Format), so the second
# JSON holds "var.on ? 1 : 2" where the first held "var.on ? 1 :   2".
locals {
  pick = var.on ? 1 :   2
  both = merge(
      var.a,
    var.b,
  )
}

# Checks the fixed point (.tf -> .tf.json -> .tf -> .tf.json gives the first
# .tf.json byte for byte) for templates that interpolate a constant alone.
# They go into JSON as written ("${\"a\"}", "${1}"), and the conversion back
# to native syntax folds them into the constants ("a", 1), whose JSON is "a"
# and 1: the same values, but not the same JSON.
locals {
  text   = "${"a"}"
  number = "${1}"
}

# A heredoc holding an interpolation written over several lines
# (terraform-hcloud-kube-hetzner's locals.tf): terraform fmt (hclwrite)
# counts that interpolation's brackets as nesting and leaves the rest of
# the block unindented and unaligned, as below. The way back lays out the
# block as terraform fmt does, quirk included, and the next block is laid
# out as usual.
locals {
  a = <<EOT
${join(
  ", ",
  ["x"]
)}
EOT
bb = 1
c = {
  d = 1
}
}

locals {
  x = 1
}

# Checks that the native syntax written back from JSON is laid out as tofu
# fmt lays it out after a heredoc holding an interpolation written over
# several lines (terraform-hcloud-kube-hetzner's locals.tf: "${join(" and
# its arguments on the lines below). tofu fmt (hclwrite) counts that
# interpolation's brackets as nesting and leaves the next argument of the
# block unindented and unaligned, as below; convert writes "  bb = 1",
# which tofu fmt -check lists. The values are the same and the JSON is a
# fixed point: only the layout differs, because of tofu fmt's own quirk.
# Open: convert does not reproduce tofu fmt's layout after a heredoc with a multi-line interpolation
locals {
  a = <<EOT
${join(
  ", ",
  ["x"]
)}
EOT
bb = 1
}

traversal   = var.foo
index       = var.list[0]
index_str   = local.obj["a"]
attr_chain  = aws_instance.web[0].id
splat       = var.subnets[*].id
legacy      = var.subnets.*.id
call        = upper("x")
provider_fn = provider::ns::fn("y")
operators   = !var.flag || var.n * 2 >= 3 && -var.n < 0
conditional = count.index == 0 ? "t3.large" : "t3.micro"
for_tuple   = [for s in var.subnets : s.id]
for_object  = { for k, v in var.tags : upper(k) => v if v != "" }
for_group   = { for k, v in var.tags : v => k... }
parens      = (var.n + 1) * 2
null_val    = null
bools       = [true, false]
tuple       = [1, "two", var.foo, [3, [4]], {}]
object = {
  bare          = 1
  "quoted key"  = "v"
  "ключ"        = "значение"
  42            = "number key"
  true          = "bool key"
  "$${literal}" = "escaped key"
  nested        = { deep = [var.n, { x = "y" }] }
  "//"          = "not a comment here"
}
object_commas = { a = 1, b = 2, }
dynamic_key   = { (var.foo) = 1, b = 2 }
template_key  = { "${var.foo}-k" = 1 }
duplicate_key = { a = 1, "a" = 2 }
dotted_key    = { aws.east = 1 }
empty_object  = {}
empty_tuple   = []
sensitive     = var.secret
unknown       = local.unknown
null_var      = local.null
in_template   = "${local.null}"
error_expr    = var.nope

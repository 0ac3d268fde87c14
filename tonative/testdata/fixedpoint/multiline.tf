locals {
  a = compact(
    concat(var.x, var.y),
  )
  b = (
    var.a
    + var.b
  )
  c = var.a ? (
    1
  ) : 2
  e = {
    for k, v in var.m : k => v
    if v != null
  }
  f = merge(
    {
      a = 1
    },
    var.tags,
  )
  g = [
    for s in var.list : upper(s)
  ]
  h = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Effect = "Allow"
      },
    ]
  })
}

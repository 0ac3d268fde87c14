plain       = "hello"
escapes     = "costs $${price} and %%{x}"
mixed       = "app-${var.env}-$${literal}-%%{lit}-${count.index}"
nested      = "a-${upper("b-${var.foo}-${lower("C")}")}-d"
wrapped     = "${var.tags}"
wrapped_sp  = "${ local.obj }"
stripped    = "${var.n~}   "
just_strip  = "   ${~var.foo~}   "
if_else     = "%{ if var.flag }yes%{ else }no%{ endif }"
if_only     = "[%{if var.flag}on%{endif}]"
if_strip    = "a %{~ if var.flag ~} b %{~ else ~} c %{~ endif ~} d"
for_kv      = "%{ for k, v in var.tags }${k}=${v};%{ endfor }"
for_v       = "%{for p in var.ports}${p.from}-${p.to} %{endfor}"
nested_dirs = "%{ for p in var.ports }%{ if p.from == 80 }http%{ else }other${p.from}%{ endif },%{ endfor }"
dollar_last = "a$$ ${~var.n}"
percent     = "50% %{~ if var.flag }!%{ endif }"
cond_interp = "${var.flag ? "a" : "b"}!"
for_interp  = "${join(",", [for s in var.subnets : s.id])}"
cr          = "a\rb${var.n}$${c}"
cr_literal  = "x\r$${y}"
bom         = "\ufeffx${var.n}\ufeffy"
unicode     = "añós ЖЖ 👩‍👩‍👧‍👦 ${var.foo} <&> \u2028"
quotes      = "\"quoted\" \\ back ${"\"in\""}"
empty       = ""
empty_if    = "%{ if var.flag }%{ endif }"

heredoc = <<EOT
#!/bin/bash
echo "hello ${var.name}"
literal $${not} %%{this}
EOT

flush = <<-EOT
    #!/bin/bash
    echo "hello ${var.name}"
    %{ for p in var.ports ~}
    open ${p.from}
    %{ endfor ~}
  EOT

flush_literal = <<-EOT
    line one
      indented $${x}
    EOT

heredoc_arg = upper(<<EOT
in a call ${var.foo}
EOT
)

heredoc_last = var.foo == <<EOT
foo
EOT

heredoc_in_tuple = [<<EOT
a
EOT
, "b"]

multiline_call = merge(
  var.tags, # a comment inside
  {
    // another
    x = "y" /* and a block comment */
  },
)

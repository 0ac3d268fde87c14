a { b = "foo", c = "bar" }
a { b = "foo"
}
a { b = "foo"
  c = "bar" }
a { b = "foo"
  c = "bar"
}
a { d {} }

resource "standin_thing" "o" {
  tags = { b = "2" }

  rule {
    from_port = 3
  }

  settings {
    level = 9
  }
}

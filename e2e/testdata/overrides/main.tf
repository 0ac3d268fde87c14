# Override files (main_override.tf): in JSON too, an override's nested
# blocks replace all the blocks of their type and its arguments replace
# the arguments; the copies keep the _override names.
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

resource "standin_thing" "o" {
  name = "o"
  tags = { a = "1" }

  rule {
    from_port = 1
  }

  rule {
    from_port = 2
  }

  settings {
    mode = "base"
    step {
      run = "base"
    }
  }
}

output "o" {
  value = [standin_thing.o.rule, standin_thing.o.settings, standin_thing.o.tags]
}

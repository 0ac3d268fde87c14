# Static and dynamic blocks of one type, interleaved: the provider sees
# them in source order, and the postcondition checks it (issue 10, item 1).
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

variable "ports" {
  type    = list(number)
  default = [20, 30, 40]
}

resource "standin_thing" "sg" {
  name = "sg"

  rule {
    from_port   = 10
    description = "first"
  }

  dynamic "rule" {
    for_each = var.ports
    content {
      from_port = rule.value
      to_port   = rule.value + 1
    }
  }

  rule {
    from_port   = 50
    description = "last"
  }

  settings {
    mode = "strict"
    step {
      run = "a"
    }
    dynamic "step" {
      for_each = ["b", "c"]
      content {
        run = step.value
      }
    }
    step {
      run = "d"
    }
  }

  lifecycle {
    postcondition {
      condition     = self.rule[4].from_port == 50 && self.rule[1].from_port == 20
      error_message = "The rules are not in source order."
    }
  }
}

output "ports" {
  value = [for r in standin_thing.sg.rule : r.from_port]
}

output "steps" {
  value = [for s in standin_thing.sg.settings.step : s.run]
}

# A data source declared inside a check block (issue 10, item 5).
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

resource "standin_thing" "a" {
  name = "a"
}

check "echo" {
  data "standin_echo" "probe" {
    input = "ok"
  }

  assert {
    condition     = data.standin_echo.probe.output == "ok"
    error_message = "The probe did not echo."
  }
}

resource "terraform_data" "a" {
  input = "x"
}

check "health" {
  data "terraform_remote_state" "s" {
    backend = "local"
    config = {
      path = "x.tfstate"
    }
  }

  assert {
    condition     = terraform_data.a.output == "x"
    error_message = "bad"
  }
}

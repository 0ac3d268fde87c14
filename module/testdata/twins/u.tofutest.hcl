run "tofu" {}

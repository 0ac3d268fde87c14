run "plan" {}

run "r" {}

run "tf" {}

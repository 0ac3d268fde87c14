variable "from_tf" {}

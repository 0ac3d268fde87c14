variable "c" {}

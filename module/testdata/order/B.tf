variable "upper" {}

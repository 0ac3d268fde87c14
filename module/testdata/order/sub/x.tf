variable "not_read" {}

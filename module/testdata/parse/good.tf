variable "native" {
  default = 1
}

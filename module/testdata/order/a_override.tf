variable "a" {
  default = "a"
}

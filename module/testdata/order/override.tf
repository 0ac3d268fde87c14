variable "b" {
  default = "o"
}

variable "from_tf" {
  default = "tf"
}

variable "region" {
  type = string
  default = "us-east-1"
}

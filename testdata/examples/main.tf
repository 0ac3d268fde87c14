# A small Terraform configuration in native syntax.
terraform {
  required_version = ">= 1.6"
}

variable "region" {
  default     = "eu-west-1"
  description = "Where the instances run."
}

provider "aws" {
  region = var.region
}

resource "aws_instance" "web" {
  count         = 2
  ami           = "ami-0123456789abcdef0"
  instance_type = "t3.micro"

  tags = {
    Name  = "web-${count.index}"
    Owner = "Équipe plateforme"
  }

  user_data = <<-EOT
    #!/bin/sh
    echo "hello from ${var.region}"
  EOT

  lifecycle {
    create_before_destroy = true
  }
}

output "web_ids" {
  value = aws_instance.web[*].id
}

# Top-level comment: terraform settings
terraform {
  required_version = ">= 1.5"
  backend "s3" {
    bucket = "my-state"
    key    = "prod/terraform.tfstate"
    region = "us-east-1"
  }
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

variable "tags" {
  type        = map(string)
  description = "Tags to apply"
  default     = {}
}

variable "ports" {
  type    = list(object({ from = number, to = number }))
  default = [{ from = 80, to = 80 }]
}

locals {
  # comment inside locals
  name_prefix = "app-${var.env}"
  big         = 1e400
  tenth       = 0.1
  neg         = -5
  upper_tags  = { for k, v in var.tags : upper(k) => v if v != "" }
  ids         = [for s in var.subnets : s.id]
  literal     = "costs $${price} and %%{x}"
  script      = <<-EOT
    #!/bin/bash
    echo "hello ${var.name}"
    %{ for p in var.ports ~}
    open ${p.from}
    %{ endfor ~}
  EOT
}

locals {
  second = true
}

resource "aws_instance" "web" {
  count         = 3
  ami           = var.ami # trailing comment
  instance_type = count.index == 0 ? "t3.large" : "t3.micro"

  root_block_device {
    volume_size = 20
  }

  ebs_block_device {
    device_name = "/dev/sdb"
  }
  ebs_block_device {
    device_name = "/dev/sdc"
  }

  dynamic "ingress" {
    for_each = var.ports
    iterator = port
    content {
      from_port = port.value.from
      to_port   = port.value.to
    }
  }

  provisioner "local-exec" {
    command = "echo first"
  }
  provisioner "remote-exec" {
    inline = ["echo second"]
  }
  provisioner "local-exec" {
    command = "echo third"
    when    = destroy
  }

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [tags, ami]
  }

  depends_on = [aws_s3_bucket.logs]
  tags       = merge(var.tags, { Name = "web-${count.index}" })
}

module "vpc" {
  source = "./modules/vpc"
  providers = {
    aws      = aws.west
    aws.east = aws.east
  }
  cidr = "10.0.0.0/16"
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

provider "aws" {
  alias  = "east"
  region = "us-east-1"
}

variable "env" { default = "prod" }
variable "name" { default = "world" }
variable "ami" { default = "ami-123" }
variable "subnets" {
  type    = list(object({ id = string }))
  default = [{ id = "s-1" }]
}

resource "aws_s3_bucket" "logs" {}

output "ip" {
  value     = aws_instance.web[0].public_ip
  sensitive = true
}

terraform {
  required_version = ">= 1.5, $${x}"
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      version               = "~> 5.0"
      configuration_aliases = [aws.east, aws.west]
    }
  }
  backend "s3" {
    bucket = "b-state"
    key    = "state"
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-${var.n}"
}

variable "obj" {
  type        = object({ a = string, b = optional(number, 1) })
  default     = { a = "$${a}" }
  description = "Says $${x} literally"
  sensitive   = false
}

variable "m" {
  type = map(string)
}

module "net" {
  source    = "./net"
  version   = "1.2.3"
  providers = { aws = aws.west, aws.dst = aws }
  cidr      = "10.0.0.0/16"
  depends_on = [aws_s3_bucket.logs]
}

resource "aws_instance" "web" {
  provider   = aws.west
  count      = 2
  ami        = "ami-${count.index}"
  depends_on = [aws_s3_bucket.logs, module.net]

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [tags["Name"], ami]
    replace_triggered_by  = [aws_s3_bucket.logs.id, null_resource.a[0]]
  }

  provisioner "local-exec" {
    when       = destroy
    on_failure = continue
    command    = "echo $${HOME}"
    connection {
      type = "ssh"
      host = self.public_ip
    }
  }

  dynamic "ingress" {
    for_each = var.ports
    iterator = port
    content {
      from_port = port.value
    }
  }

  ebs_block_device {
    device_name = "/dev/sda"
  }
}

resource "aws_instance" "all" {
  lifecycle {
    ignore_changes = all
  }
}

moved {
  from = aws_instance.old
  to   = aws_instance.web[0]
}

import {
  to = aws_instance.web[each.key]
  id = "i-123"
}

removed {
  from = module.gone["x"]
  lifecycle {
    destroy = false
  }
}

locals {
  greeting = "hi $${x}"
}

output "ip" {
  value       = aws_instance.web[0].public_ip
  description = "the $${ip}"
  depends_on  = [aws_instance.web]
}

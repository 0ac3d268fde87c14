# Bodies whose unlisted names are arguments: JSON objects there are values, not blocks.
terraform {
  backend "remote" {
    organization = "acme"

    workspaces {
      prefix = "app-"
    }
  }

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

locals {
  tags = {
    Team = "platform"
    Cost = {
      center = 42
    }
  }
  subnets = [
    {
      cidr = "10.0.0.0/24"
    },
    {
      cidr = "10.0.1.0/24"
    },
  ]
}

variable "settings" {
  type = object({ a = string })
  default = {
    a = "$${not-a-template}"
  }
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.1.0"
  tags = {
    Name = "main"
    Env  = var.env
  }
  subnets = [
    {
      cidr = "10.0.0.0/24"
      az   = "a"
    },
  ]
  empty = []
  providers = {
    aws = aws.west
  }
}

resource "null_resource" "x" {
  connection {
    type = "ssh"
    host = self.id
    bastion = {
      note = "an object argument"
    }
  }

  provisioner "custom" {
    settings = {
      a = 1
    }
    when = destroy
  }
}

output "o" {
  value = {
    a = [
      {
        b = local.tags
      },
    ]
  }
}

import {
  to = aws_instance.web
  identity = {
    id = "i-123"
  }
}

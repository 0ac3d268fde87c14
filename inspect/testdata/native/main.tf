terraform {
  required_version = ">= 1.6"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0, >= 5.10"
    }
  }
}

provider "aws" {
  region = var.region
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
  default_tags {
    tags = { Team = "core" }
  }
}

variable "region" {
  type        = string
  default     = "us-east-1"
  description = "Region to deploy into"
}

variable "instance_count" {
  type    = number
  default = 2
}

variable "tags" {
  type        = map(string)
  default     = {}
  description = "Use $${name} literally"
}

variable "settings" {
  type = object({
    name    = string
    size    = optional(number, 10)
    enabled = optional(bool)
  })
  default = { name = "web" }
}

variable "password" {
  type      = string
  sensitive = true
}

locals {
  name_prefix = "app-${var.region}"
  ports       = [80, 443]
  common_tags = merge(var.tags, { Name = local.name_prefix })
}

resource "terraform_data" "bootstrap" {
  count = var.instance_count
  input = {
    region = var.region
    index  = count.index
  }
  triggers_replace = [data.terraform_remote_state.net.outputs["vpc_id"]]

  provisioner "local-exec" {
    command = "echo ${self.id}"
    when    = create
  }

  provisioner "local-exec" {
    when       = destroy
    command    = "echo destroying"
    on_failure = continue
  }

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [input["region"]]
    replace_triggered_by  = [terraform_data.marker["a"]]
    precondition {
      condition     = var.instance_count > 0
      error_message = "Need at least one instance."
    }
  }
}

resource "terraform_data" "marker" {
  for_each   = { a = 1, b = 2 }
  input      = each.value
  depends_on = [terraform_data.bootstrap]
}

resource "aws_instance" "web" {
  provider      = aws.west
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.micro"
  tags          = local.common_tags

  root_block_device {
    volume_size = var.settings.size
  }

  dynamic "ebs_block_device" {
    for_each = local.ports
    iterator = port
    content {
      device_name = "/dev/sd${port.key}"
    }
  }
}

data "aws_ami" "ubuntu" {
  most_recent = true
  owners      = ["099720109477"]
}

data "terraform_remote_state" "net" {
  backend = "local"
  config = {
    path = "${path.module}/net.tfstate"
  }
}

module "child" {
  source     = "./modules/child"
  name       = local.name_prefix
  size       = var.settings.size
  unused     = 1
  providers  = { aws = aws.west, aws.east = aws }
  depends_on = [terraform_data.marker]
}

module "remote" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.0"
  count   = 2
  cidr    = "10.${count.index}.0.0/16"
}

output "bootstrap_ids" {
  value       = terraform_data.bootstrap[*].id
  description = "IDs of the bootstrap objects"
}

output "child_bucket" {
  value      = module.child.bucket_name
  sensitive  = true
  depends_on = [module.child]
}

output "literal" {
  value = "$${not_a_reference}"
}

output "subnet" {
  value = data.terraform_remote_state.net.outputs["subnets"][0]
}

output "call" {
  value = upper("x")
}

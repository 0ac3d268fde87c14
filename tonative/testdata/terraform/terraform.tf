# Every Terraform argument that JSON reads in a mode of its own.
terraform {
  required_version = ">= 1.6, < 2.0"

  required_providers {
    aws = {
      source                = "hashicorp/aws"
      version               = "~> 5.0"
      configuration_aliases = [aws.west, aws.east]
    }
    legacy = "1.2.3"
  }

  backend "s3" {
    bucket = "state-bucket"
    key    = "prod/terraform.tfstate"
  }

  experiments = []

  provider_meta "aws" {
    module_name = "web"
  }
}

provider "aws" {
  region = "us-east-1"
}

provider "aws" {
  alias  = "west"
  region = var.west_region
}

variable "region" {
  # Literal arguments: the ${ here is text.
  type        = string
  default     = "us-$${east}-1"
  description = "Costs %%{ if x }nothing%%{ endif }"
  sensitive   = false
  nullable    = true

  validation {
    condition     = length(var.region) > 3
    error_message = "The region must be longer than ${3} characters."
  }
}

variable "tags" {
  type = map(string)
  default = {
    Name    = "web"
    "$${x}" = "y"
  }
}

variable "legacy_list" {
  type = list
}

variable "servers" {
  type = list(object({ name = string, port = optional(number, 80) }))
}

locals {
  name    = "web-${var.env}"
  count   = length(var.servers)
  escaped = "$${not} %%{a}"
  script  = <<EOT
#!/bin/sh
echo "${var.name}"
EOT
  object = {
    a         = 1
    "b c"     = [true, null, 1.50]
    (var.key) = "dynamic key"
  }
}

resource "aws_instance" "web" {
  count      = var.instances
  provider   = aws.west
  depends_on = [aws_s3_bucket.logs, module.network]
  ami        = data.aws_ami.ubuntu.id

  lifecycle {
    create_before_destroy = true
    prevent_destroy       = false
    ignore_changes        = [tags["Name"], ami]
    replace_triggered_by  = [aws_s3_bucket.logs.id, terraform_data.trigger[count.index]]

    precondition {
      condition     = var.instances > 0
      error_message = "At least one."
    }
  }

  provisioner "local-exec" {
    command    = "echo ${self.id}"
    when       = destroy
    on_failure = continue
  }

  provisioner "remote-exec" {
    inline = ["sudo apt-get update"]

    connection {
      type = "ssh"
      host = self.public_ip
    }
  }

  dynamic "ebs_block_device" {
    for_each = var.volumes
    iterator = vol

    content {
      device_name = vol.value.name
    }
  }
}

resource "terraform_data" "trigger" {
  input = var.revision

  lifecycle {
    ignore_changes = all
  }
}

data "aws_ami" "ubuntu" {
  most_recent = true
  owners      = ["099720109477"]
}

ephemeral "random_password" "db" {
  length = 16
}

module "network" {
  source  = "./modules/network"
  version = "1.0.0"
  providers = {
    aws      = aws.west
    aws.peer = aws.east
  }
  for_each   = toset(var.regions)
  depends_on = [aws_s3_bucket.logs]
  cidr       = "10.0.0.0/16"
}

output "id" {
  value       = aws_instance.web[0].id
  description = "The $${id}."
  sensitive   = true
  depends_on  = [aws_instance.web]
}

moved {
  from = aws_instance.old
  to   = aws_instance.web
}

moved {
  from = module.a["x"].aws_instance.b
  to   = module.a["y"].aws_instance.b
}

import {
  to       = aws_instance.web[local.index]
  id       = "i-${var.suffix}"
  provider = aws.west
}

removed {
  from = aws_instance.gone

  lifecycle {
    destroy = false
  }
}

check "health" {
  data "http" "site" {
    url = "https://${var.host}"
  }

  assert {
    condition     = data.http.site.status_code == 200
    error_message = "Down."
  }
}

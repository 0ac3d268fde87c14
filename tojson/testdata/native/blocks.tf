top = "first"

resource "aws_instance" "web" {
  ami = var.ami

  root_block_device {
    volume_size = 20
  }

  ebs_block_device { device_name = "/dev/sdb" }
  ebs_block_device { device_name = "/dev/sdc" }

  provisioner "local-exec" {
    command = "echo first"
  }
  provisioner "remote-exec" {
    inline = ["echo second"]
  }
  provisioner "local-exec" {
    command = "echo third"
  }

  lifecycle {
    create_before_destroy = true
  }

  after_blocks = "attribute after blocks"
}

variable "x" {}

resource "aws_s3_bucket" "logs" {}

middle = "between blocks"

locals {}
locals {
  a = 1
}

labels "" "with space" "ünïcödé" "//" "\"quoted\"" "$${x}" {
  deep {
    deeper "d" {
      deepest {}
    }
  }
}

empty_oneline {}

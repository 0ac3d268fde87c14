# Read with schema/testdata/providers/schema.json: nested blocks and map arguments told apart.
provider "aws" {
  region  = "eu-west-1"
  profile = "prod"
}

resource "aws_instance" "web" {
  ami           = "ami-0abc"
  instance_type = "t3.micro"
  tags = {
    Name = "web-${var.env}"
    Team = "platform"
  }
  credit_spec = {
    cpu_credits = "standard"
  }
  vpc_security_group_ids = [aws_security_group.web.id]

  root_block_device {
    volume_size = 20
  }

  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 100
  }

  ebs_block_device {
    device_name = "/dev/sdc"
    volume_size = 200
  }

  metadata_options {
    http_tokens = "required"
  }

  dynamic "network_interface" {
    for_each = var.interfaces

    content {
      network_interface_id = network_interface.value
      device_index         = network_interface.key
    }
  }

  timeouts {
    create = "10m"
  }

  depends_on = [aws_security_group.web]

  lifecycle {
    ignore_changes = [tags["Team"]]
  }
}

resource "aws_security_group" "web" {
  name = "web"

  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
}

resource "random_password" "db" {
  length = 24

  character_set "upper" {
    min = 2
  }

  character_set "digits" {
    min = 3
  }
}

data "aws_ami" "ubuntu" {
  most_recent = true

  filter {
    name   = "name"
    values = ["ubuntu/*"]
  }
}

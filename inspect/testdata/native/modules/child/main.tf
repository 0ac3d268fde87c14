terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [aws.east]
    }
  }
}

variable "name" {
  type = string
}

variable "size" {
  type    = number
  default = 8
}

resource "aws_s3_bucket" "this" {
  bucket = "${var.name}-bucket"
}

resource "aws_s3_bucket" "replica" {
  provider = aws.east
  bucket   = "${var.name}-replica"
}

module "grand" {
  source = "./grand"
  label  = var.name
}

output "bucket_name" {
  value = aws_s3_bucket.this.bucket
}

package validatediff

// base is the valid module every case changes: the stand-in provider
// (hcljson/standin, served through dev_overrides) with a default and an
// aliased configuration, variables of a few types, a local, a resource
// of each provider's kind, a data source, a local module and outputs,
// spread over files so that a case's file duplicates across files.
var base = map[string]string{
	"versions.tf": `terraform {
  required_providers {
    standin = {
      source = "hcljson/standin"
    }
  }
}

provider "standin" {
  label = "default"
}

provider "standin" {
  alias = "east"
  label = "east"
}
`,
	"variables.tf": `variable "name" {
  type    = string
  default = "demo"
}

variable "names" {
  type    = list(string)
  default = ["a", "b"]
}

variable "settings" {
  type = object({
    owner = string
    size  = number
  })
  default = {
    owner = "me"
    size  = 1
  }
}
`,
	"main.tf": `locals {
  prefix = "x-${var.name}"
}

resource "standin_thing" "a" {
  name = local.prefix
  tags = {
    env = "test"
  }
}

data "standin_echo" "e" {
  input = var.name
}

module "child" {
  source = "./child"
  name   = var.name
}

resource "terraform_data" "d" {
  input = standin_thing.a.id
}
`,
	"outputs.tf": `output "thing_id" {
  value = standin_thing.a.id
}

output "greeting" {
  value = module.child.greeting
}
`,
	"child/main.tf": `variable "name" {
  type = string
}

output "greeting" {
  value = "hello ${var.name}"
}
`,
}

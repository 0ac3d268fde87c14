# A module call's arguments that are objects, lists of objects and maps
# (issue 10, item 3), with for_each over a map of objects.
module "net" {
  source = "./modules/child"

  name = "net"
  tags = {
    env   = "test"
    owner = "team"
  }
  subnets = [
    {
      cidr = "10.0.1.0/24"
      zone = "a"
    },
    {
      cidr = "10.0.2.0/24"
      zone = "b"
    },
  ]
  settings = {
    nested = {
      deep = [1, 2, 3]
    }
  }
}

module "each" {
  source   = "./modules/child"
  for_each = { one = { zone = "a" }, two = { zone = "b" } }

  name    = each.key
  subnets = [{ cidr = "10.1.0.0/16", zone = each.value.zone }]
}

output "net" {
  value = module.net.summary
}

output "each" {
  value = { for k, m in module.each : k => m.summary }
}

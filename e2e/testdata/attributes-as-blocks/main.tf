# Open: blocks for a provider argument of list-of-objects type (lang/blocktoattr) are refused; reported in the note of issue 10.
# An argument of type list of objects (standin_legacy's ingress, in a
# schema of the older shapes) written as blocks, as both programs allow
# for the legacy providers' ingress rules; in JSON it is an argument, a
# list of objects.
terraform {
  required_providers {
    standin = { source = "hcljson/standin" }
  }
}

resource "standin_legacy" "sg" {
  name = "sg"

  ingress {
    from_port   = 22
    to_port     = 22
    cidr_blocks = ["10.0.0.0/8"]
  }

  ingress {
    from_port   = 443
    to_port     = 443
    cidr_blocks = []
  }
}

output "ports" {
  value = standin_legacy.sg.ingress[*].from_port
}

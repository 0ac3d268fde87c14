# Checks that an argument whose provider type is a list or set of objects
# may be written as nested blocks, as Terraform and OpenTofu allow for the
# legacy providers' "attributes as blocks" (lang/blocktoattr):
# aws_security_group's ingress and egress, aws_route_table's route, and
# the like, as terraform-aws-modules/vpc and eks write them. With the
# provider's schema (attributes-as-blocks.schema.json: ingress is an
# attribute of type set of objects, as terraform providers schema -json
# gives it), inspect of the native file used to fail with "Unsupported
# block type" and leave ingress out, and convert --provider-schema and
# check refused the file. The JSON copy writes ingress as the argument, a
# list with one object per block, where the block leaves out an attribute
# (description) it is null.
resource "aws_security_group" "ssh" {
  name = "ssh"

  ingress {
    from_port   = 22
    to_port     = 22
    cidr_blocks = ["10.0.0.0/8"]
  }
}

package convtest

import (
	"fmt"
	"strings"
	"sync"
)

// NativeDoc returns a Terraform-like native file of about size bytes:
// resources with literal, template, reference, list, map and heredoc
// arguments, nested and repeated blocks, for expressions and comments, in
// the proportions of real configurations. It is deterministic.
func NativeDoc(size int) []byte {
	var b strings.Builder
	b.WriteString("terraform {\n  required_version = \">= 1.5\"\n}\n\n")
	for i := 0; b.Len() < size; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `variable "v%d" {
  type        = map(string)
  description = "Variable number %d"
  default     = { a = "x", b = "y" }
}

`, i, i)
		case 1:
			fmt.Fprintf(&b, `# Instance %d.
resource "aws_instance" "web%d" {
  count         = 3
  ami           = var.ami
  instance_type = count.index == 0 ? "t3.large" : "t3.micro"
  subnet_id     = aws_subnet.main[count.index].id
  tags = {
    Name = "web-%d-${count.index}"
    Env  = var.env
  }
  security_groups = [aws_security_group.a.id, aws_security_group.b.id, "sg-%d"]

  root_block_device {
    volume_size = %d
    encrypted   = true
  }
  ebs_block_device {
    device_name = "/dev/sdb"
  }
  ebs_block_device {
    device_name = "/dev/sdc"
  }
  lifecycle {
    create_before_destroy = true
    ignore_changes        = [tags]
  }
}

`, i, i, i, i, 20+i%100)
		case 2:
			fmt.Fprintf(&b, `locals {
  name_%d   = "app-${var.env}-%d"
  ids_%d    = [for s in var.subnets : s.id if s.public]
  ratio_%d  = 0.25
  upper_%d  = { for k, v in var.tags : upper(k) => v }
  script_%d = <<-EOT
    #!/bin/bash
    echo "hello ${var.name}"
    %%{ for p in var.ports ~}
    open ${p.from}
    %%{ endfor ~}
  EOT
}

`, i, i, i, i, i, i)
		case 3:
			fmt.Fprintf(&b, `module "m%d" {
  source  = "./modules/m"
  version = "~> 1.%d"
  names   = ["a", "b", "c"]
  enabled = %v
  policy  = jsonencode({ Version = "2012-10-17", Statement = [{ Effect = "Allow", Action = "s3:*" }] })
}

output "o%d" {
  value     = module.m%d.id
  sensitive = false
}

`, i, i%10, i%2 == 0, i, i)
		}
	}
	return []byte(b.String())
}

var NativeDocs = sync.OnceValue(func() map[string][]byte {
	return map[string][]byte{"1MB": NativeDoc(1 << 20), "10MB": NativeDoc(10 << 20)}
})

// BenchProviderSchema describes NativeDoc's resource type as the AWS
// provider's schema does (the parts NativeDoc uses), so that the JSON of
// NativeDoc converts back with nothing ambiguous.
const BenchProviderSchema = `{
  "format_version": "1.0",
  "provider_schemas": {
    "registry.terraform.io/hashicorp/aws": {
      "provider": {"version": 0, "block": {}},
      "resource_schemas": {
        "aws_instance": {"version": 1, "block": {
          "attributes": {
            "ami": {"type": "string", "optional": true, "computed": true},
            "instance_type": {"type": "string", "optional": true, "computed": true},
            "subnet_id": {"type": "string", "optional": true, "computed": true},
            "security_groups": {"type": ["set", "string"], "optional": true, "computed": true},
            "tags": {"type": ["map", "string"], "optional": true}
          },
          "block_types": {
            "root_block_device": {"nesting_mode": "list", "max_items": 1, "block": {"attributes": {
              "volume_size": {"type": "number", "optional": true, "computed": true},
              "encrypted": {"type": "bool", "optional": true, "computed": true}
            }}},
            "ebs_block_device": {"nesting_mode": "set", "block": {"attributes": {
              "device_name": {"type": "string", "required": true},
              "volume_size": {"type": "number", "optional": true, "computed": true}
            }}}
          }
        }}
      }
    }
  }
}`

// DocOfJSONSize returns a NativeDoc whose JSON, as toJSON writes it, is
// about size bytes (within 1%), and that JSON.
func DocOfJSONSize(size int, toJSON func([]byte) ([]byte, error)) (native, js []byte, err error) {
	// The JSON is about 1.7 times the native text: converge on the
	// native size whose JSON is the size asked for.
	n := size * 10 / 17
	for range 4 {
		native = NativeDoc(n)
		if js, err = toJSON(native); err != nil {
			return nil, nil, err
		}
		if d := len(js) - size; d < size/100 && -d < size/100 {
			break
		}
		n = int(float64(n) * float64(size) / float64(len(js)))
	}
	return native, js, nil
}

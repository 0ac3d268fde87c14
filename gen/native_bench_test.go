package gen

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/schema"
)

// nativeDoc returns a Terraform-like native file of about size bytes:
// resources with literal, template, reference, list, map and heredoc
// arguments, nested and repeated blocks, for expressions and comments, in
// the proportions of real configurations. It is deterministic.
func nativeDoc(size int) []byte {
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

var nativeDocs = sync.OnceValue(func() map[string][]byte {
	return map[string][]byte{"1MB": nativeDoc(1 << 20), "10MB": nativeDoc(10 << 20)}
})

// BenchmarkConvertNative measures ConvertNative beside
// hclsyntax.ParseConfig alone, the floor it builds on, and ParseNative,
// which ConvertNative parses with (in pieces on several cores): the
// difference is the converter's own cost.
func BenchmarkConvertNative(b *testing.B) {
	for _, size := range []string{"1MB", "10MB"} {
		src := nativeDocs()[size]
		b.Run("ParseConfig/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := hclsyntax.ParseConfig(src, "bench.tf", hcl.InitialPos); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run("ParseNative/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := ParseNative(src, "bench.tf"); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run("ConvertNative/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := ConvertNative(src, "bench.tf", NativeOptions{Schema: schema.Generic.Root}, Options{}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run("FromNative+AppendFile/"+size, func(b *testing.B) {
			f, diags := hclsyntax.ParseConfig(src, "bench.tf", hcl.InitialPos)
			if diags.HasErrors() {
				b.Fatal(diags)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				out, diags := FromNative(f, NativeOptions{})
				if diags.HasErrors() {
					b.Fatal(diags)
				}
				buf = AppendFile(buf[:0], out, Options{})
			}
		})
		b.Run("ConvertNativeComments/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := ConvertNative(src, "bench.tf", NativeOptions{Schema: schema.Generic.Root, Comments: true}, Options{}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
}

// TestNativeDocLaw checks the law on a slice of the benchmark document, so
// that the benchmark measures a correct conversion.
func TestNativeDocLaw(t *testing.T) {
	src := nativeDoc(16 << 10)
	out, diags := ConvertNative(src, "bench.tf", NativeOptions{Schema: schema.Generic.Root}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	checkLaw(t, "bench.tf", src, out, nil)
}

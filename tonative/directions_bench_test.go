package tonative

import (
	"os"
	"testing"

	"github.com/hcljson/hcljson/internal/convtest"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

// benchProviderSchema describes convtest.NativeDoc's resource type as the AWS
// provider's schema does (the parts convtest.NativeDoc uses), so that the JSON of
// convtest.NativeDoc converts back with nothing ambiguous.
const benchProviderSchema = `{
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

// BenchmarkDirections converts the same generated configuration both ways
// in one run, with the provider schema that describes it: ToJSON is
// tojson.Convert of the native text (MB/s of the .tf), ToNative is
// Convert of its JSON (MB/s of the .tf.json). The 20 MB size runs
// only with HCLJSON_BENCH_LARGE=1.
func BenchmarkDirections(b *testing.B) {
	ps, err := schema.ReadProviderSchemas([]byte(benchProviderSchema))
	if err != nil {
		b.Fatal(err)
	}
	lang, err := schema.Terraform.WithProviders(ps)
	if err != nil {
		b.Fatal(err)
	}
	for _, size := range []struct {
		name  string
		bytes int
	}{{"1MB", 1 << 20}, {"10MB", 10 << 20}, {"20MB", 20 << 20}} {
		if size.bytes > 10<<20 && os.Getenv("HCLJSON_BENCH_LARGE") != "1" {
			continue
		}
		native := convtest.NativeDoc(size.bytes)
		js, diags := tojson.Convert(native, "bench.tf", tojson.Options{Schema: lang.Root}, gen.Options{})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		if _, diags := Convert(js, "bench.tf.json", Options{Schema: lang.Root}); diags.HasErrors() {
			b.Fatal(diags)
		}
		b.Run("ToJSON/"+size.name, func(b *testing.B) {
			b.SetBytes(int64(len(native)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := tojson.Convert(native, "bench.tf", tojson.Options{Schema: lang.Root}, gen.Options{}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run("ToNative/"+size.name, func(b *testing.B) {
			b.SetBytes(int64(len(js)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := Convert(js, "bench.tf.json", Options{Schema: lang.Root}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
}

package tonative

import (
	"os"
	"testing"

	"github.com/hcljson/hcljson/internal/convtest"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

// BenchmarkDirections converts the same generated configuration both ways
// in one run, with the provider schema that describes it. Sizes are those
// of the JSON: ToJSON is tojson.Convert of the native text (MB/s of the
// .tf), ToNative is Convert of its JSON (MB/s of the .tf.json). The 20 MB
// size runs only with HCLJSON_BENCH_LARGE=1; scripts/bench-directions.sh
// measures the command at 10 to 80 MB, with peak memory.
func BenchmarkDirections(b *testing.B) {
	ps, err := schema.ReadProviderSchemas([]byte(convtest.BenchProviderSchema))
	if err != nil {
		b.Fatal(err)
	}
	lang, err := schema.Terraform.WithProviders(ps)
	if err != nil {
		b.Fatal(err)
	}
	toJSON := func(native []byte) ([]byte, error) {
		js, diags := tojson.Convert(native, "bench.tf", tojson.Options{Schema: lang.Root}, gen.Options{})
		if diags.HasErrors() {
			return nil, diags
		}
		return js, nil
	}
	for _, size := range []struct {
		name  string
		bytes int
	}{{"1MB", 1 << 20}, {"10MB", 10 << 20}, {"20MB", 20 << 20}} {
		if size.bytes > 10<<20 && os.Getenv("HCLJSON_BENCH_LARGE") != "1" {
			continue
		}
		native, js, err := convtest.DocOfJSONSize(size.bytes, toJSON)
		if err != nil {
			b.Fatal(err)
		}
		if _, diags := Convert(js, "bench.tf.json", Options{Schema: lang.Root}); diags.HasErrors() {
			b.Fatal(diags)
		}
		b.Run("ToJSON/"+size.name, func(b *testing.B) {
			b.SetBytes(int64(len(native)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := toJSON(native); err != nil {
					b.Fatal(err)
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

package tonative

import (
	"sync"
	"testing"

	"github.com/hcljson/hcljson/internal/convtest"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

// jsonDocs are the native benchmark documents converted to JSON with the
// Terraform schema: the input of BenchmarkConvertJSON.
var jsonDocs = sync.OnceValue(func() map[string][]byte {
	out := map[string][]byte{}
	for size, src := range convtest.NativeDocs() {
		js, diags := tojson.Convert(src, "bench.tf", tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
		if diags.HasErrors() {
			panic(diags.Error())
		}
		out[size] = js
	}
	return out
})

// jsonToNativeOpts reads the benchmark documents: the Terraform schema,
// with the resources' nested blocks (no provider schema here) written as
// arguments.
var jsonToNativeOpts = Options{Schema: schema.Terraform.Root, ObjectsAsAttributes: true}

// BenchmarkConvertJSON measures Convert (JSON to native syntax)
// beside its floors: hcljson.Parse of the input and hclsyntax.ParseConfig
// of the output, which the conversion does once each, plus the reading
// back of every argument.
func BenchmarkConvertJSON(b *testing.B) {
	for _, size := range []string{"1MB", "10MB"} {
		src := jsonDocs()[size]
		native, diags := Convert(src, "bench.tf.json", jsonToNativeOpts)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		b.Run("hcljson.Parse/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := hcljson.Parse(src, "bench.tf.json"); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run("ParseConfig(output)/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := hclsyntax.ParseConfig(native, "bench.tf", hcl.InitialPos); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run("Convert/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := Convert(src, "bench.tf.json", jsonToNativeOpts); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run("gen.FormatJSON/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := gen.FormatJSON(src, "bench.tf.json", schema.Terraform.Root, gen.Options{}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
}

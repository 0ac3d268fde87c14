package tojson

import (
	"testing"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/convtest"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/schema"
)

// BenchmarkConvertNative measures Convert beside
// hclsyntax.ParseConfig alone, the floor it builds on, and ParseNative,
// which Convert parses with (in pieces on several cores): the
// difference is the converter's own cost.
func BenchmarkConvertNative(b *testing.B) {
	for _, size := range []string{"1MB", "10MB"} {
		src := convtest.NativeDocs()[size]
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
		b.Run("Convert/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := Convert(src, "bench.tf", Options{Schema: schema.Generic.Root}, gen.Options{}); diags.HasErrors() {
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
				out, diags := FromNative(f, Options{})
				if diags.HasErrors() {
					b.Fatal(diags)
				}
				buf = gen.AppendFile(buf[:0], out, gen.Options{})
			}
		})
		b.Run("ConvertNativeComments/"+size, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := Convert(src, "bench.tf", Options{Schema: schema.Generic.Root, Comments: true}, gen.Options{}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
}

// TestNativeDocLaw checks the law on a slice of the benchmark document, so
// that the benchmark measures a correct conversion.
func TestNativeDocLaw(t *testing.T) {
	src := convtest.NativeDoc(16 << 10)
	out, diags := Convert(src, "bench.tf", Options{Schema: schema.Generic.Root}, gen.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	convtest.CheckLaw(t, "bench.tf", src, out, nil)
}

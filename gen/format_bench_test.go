package gen

import (
	"testing"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/tfgentest"
	"github.com/hcljson/hcljson/schema"
)

// BenchmarkFormat measures the formatter on a parsed tfgen document read
// with the Terraform schema: FormatFile (the general array form, built
// and encoded) and LayoutFile (fmt's layout). Both read every block
// through the decoder's label walk (hcljson.Source.Blocks).
func BenchmarkFormat(b *testing.B) {
	for _, s := range benchSizes {
		src := tfgentest.Generate(s.size, 1)
		file, diags := hcljson.Parse(src, "bench.tf.json")
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		b.Run(s.name+"/FormatFile", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := FormatFile(file, schema.Terraform.Root, Options{}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run(s.name+"/LayoutFile", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := LayoutFile(file, schema.Terraform.Root); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
}

package native_test

import (
	"os"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/internal/tfgentest"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tonative"
)

// The benchmark is in package native_test: it makes its input with
// tonative, which imports module, which reads files with this package.

// genDoc is a native configuration of about 1.5 MB: tfgen's JSON document
// converted to native syntax, made once at run time.
var genDoc = sync.OnceValue(func() []byte {
	js := tfgentest.Generate(1800<<10, 1)
	out, diags := tonative.Convert(js, "gen.tf.json", tonative.Options{Schema: schema.Terraform.Root, ObjectsAsAttributes: true})
	if diags.HasErrors() {
		panic(diags.Error())
	}
	return out
})

// realworldFiles is the real-world corpus, file by file, or nil.
var realworldFiles = sync.OnceValue(func() [][]byte {
	dirs := native.Corpora()
	var srcs [][]byte
	for _, name := range native.CorpusFiles(&testing.T{}, dirs[len(dirs)-1]) {
		src, err := os.ReadFile(name)
		if err != nil {
			panic(err)
		}
		srcs = append(srcs, src)
	}
	return srcs
})

// BenchmarkParse measures the reader beside hclsyntax.ParseConfig and
// nesting.ParseConfig (what the module calls today) on the generated
// document and on the real-world corpus, parsed file by file.
func BenchmarkParse(b *testing.B) {
	parsers := []struct {
		name  string
		parse func([]byte, string, hcl.Pos) (*hcl.File, hcl.Diagnostics)
	}{
		{"hclsyntax", hclsyntax.ParseConfig},
		{"native", native.ParseConfig},
	}
	inputs := []struct {
		name string
		srcs func() [][]byte
	}{
		{"tfgen", func() [][]byte { return [][]byte{genDoc()} }},
		{"realworld", realworldFiles},
	}
	for _, in := range inputs {
		srcs := in.srcs()
		if len(srcs) == 0 {
			b.Logf("%s: absent, skipped", in.name)
			continue
		}
		size, fast := 0, 0
		for _, src := range srcs {
			size += len(src)
			if f, _ := native.Parse(src, "bench.tf", hcl.InitialPos); f != nil {
				fast += len(src)
			}
		}
		for _, pr := range parsers {
			b.Run(in.name+"/"+pr.name, func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				b.ReportMetric(float64(fast)/float64(size)*100, "%read")
				start, n := cpuTime(), 0
				for b.Loop() {
					for _, src := range srcs {
						pr.parse(src, "bench.tf", hcl.InitialPos)
					}
					n++
				}
				cpu := (cpuTime() - start) / time.Duration(n)
				b.ReportMetric(float64(cpu.Nanoseconds()), "cpu-ns/op")
				b.ReportMetric(float64(size)/cpu.Seconds()/1e6, "cpu-MB/s")
			})
		}
	}
}

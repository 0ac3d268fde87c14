package native_test

import (
	"math"
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

// realworldFiles is the real-world corpus, file by file, or nil; or the
// native files under HCLJSON_NATIVE_BENCH_DIR when it is set (another
// sample, such as the held-out one).
var realworldFiles = sync.OnceValue(func() [][]byte {
	dirs := native.Corpora()
	dir := dirs[len(dirs)-1]
	if d := os.Getenv("HCLJSON_NATIVE_BENCH_DIR"); d != "" {
		dir = d
	}
	var srcs [][]byte
	for _, name := range native.CorpusFiles(&testing.T{}, dir) {
		src, err := os.ReadFile(name)
		if err != nil {
			panic(err)
		}
		srcs = append(srcs, src)
	}
	return srcs
})

// parsers are the parsers the benchmarks compare.
var parsers = []struct {
	name  string
	parse func([]byte, string, hcl.Pos) (*hcl.File, hcl.Diagnostics)
}{
	{"hclsyntax", hclsyntax.ParseConfig},
	{"native", native.ParseConfig},
}

// BenchmarkParse measures the reader beside hclsyntax.ParseConfig and
// nesting.ParseConfig (what the module calls today) on the generated
// document and on the real-world corpus, parsed file by file.
func BenchmarkParse(b *testing.B) {
	inputs := []struct {
		name string
		srcs func() [][]byte
	}{
		{"tfgen", func() [][]byte { return [][]byte{genDoc()} }},
		{"realworld", realworldFiles},
	}
	for _, in := range inputs {
		benchParsers(b, in.name, in.srcs())
	}
}

// BenchmarkParseBySize is BenchmarkParse on the real-world corpus cut by
// file size: files under 1 kB, 1–4 kB, 4–16 kB, and larger, where the
// costs of each parse that do not grow with the file weigh differently.
func BenchmarkParseBySize(b *testing.B) {
	buckets := []struct {
		name string
		max  int
	}{{"under1k", 1 << 10}, {"1k-4k", 4 << 10}, {"4k-16k", 16 << 10}, {"over16k", math.MaxInt}}
	srcs := make([][][]byte, len(buckets))
	for _, src := range realworldFiles() {
		k := 0
		for len(src) >= buckets[k].max {
			k++
		}
		srcs[k] = append(srcs[k], src)
	}
	for k, bk := range buckets {
		benchParsers(b, bk.name, srcs[k])
	}
}

// benchParsers runs each parser on srcs, file by file, as sub-benchmarks
// name/parser, reporting the CPU time a pass takes beside the wall time.
func benchParsers(b *testing.B, name string, srcs [][]byte) {
	if len(srcs) == 0 {
		b.Logf("%s: absent, skipped", name)
		return
	}
	size, fast := 0, 0
	for _, src := range srcs {
		size += len(src)
		if f, _ := native.Parse(src, "bench.tf", hcl.InitialPos); f != nil {
			fast += len(src)
		}
	}
	b.Logf("%s: %d files, %d bytes", name, len(srcs), size)
	for _, pr := range parsers {
		b.Run(name+"/"+pr.name, func(b *testing.B) {
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

package hcljson_test

// Benchmarks beside the oracle on generated .tf.json documents; BENCHMARKS.md
// at the root of the module says how to run them and what they measured.
//
// Sizes are decimal (1MB is 1,000,000 bytes), like the MB/s that the testing
// package reports. The 100MB inputs run only when the -bench pattern names
// "100MB" or HCLJSON_BENCH_LARGE=1 is set, so that -bench=. stays quick.

import (
	"encoding/json"
	"flag"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	ojson "github.com/hashicorp/hcl/v2/json"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/tfgentest"
)

// benchSeed is the generator seed of every benchmark input.
const benchSeed = 1

var benchSizes = []struct {
	name string
	n    int
}{
	{"10KB", 10_000},
	{"1MB", 1_000_000},
	{"10MB", 10_000_000},
	{"100MB", 100_000_000},
}

var benchImpls = []struct {
	name  string
	parse func(src []byte, filename string) (*hcl.File, hcl.Diagnostics)
}{
	{"ours", hcljson.Parse},
	{"oracle", ojson.Parse},
}

// largeBench reports whether the 100MB inputs should run.
func largeBench() bool {
	if os.Getenv("HCLJSON_BENCH_LARGE") == "1" {
		return true
	}
	f := flag.Lookup("test.bench")
	return f != nil && strings.Contains(f.Value.String(), "100MB")
}

var benchInputs struct {
	sync.Mutex
	m map[int][]byte
}

// benchInput returns the generated document of n bytes, generating it on
// first use.
func benchInput(n int) []byte {
	benchInputs.Lock()
	defer benchInputs.Unlock()
	if src, ok := benchInputs.m[n]; ok {
		return src
	}
	if benchInputs.m == nil {
		benchInputs.m = make(map[int][]byte)
	}
	src := tfgentest.Generate(n, benchSeed)
	benchInputs.m[n] = src
	return src
}

// forSizes runs fn as one sub-benchmark per input size.
func forSizes(b *testing.B, fn func(b *testing.B, src []byte)) {
	for _, size := range benchSizes {
		if size.n >= 100_000_000 && !largeBench() {
			continue
		}
		b.Run(size.name, func(b *testing.B) { fn(b, benchInput(size.n)) })
	}
}

// loop runs op as the benchmark's loop, with throughput and allocations
// reported, and adds the metrics B/inB, bytes allocated per input byte,
// and cpu-ns/op, the CPU time (user and system, of every thread, the
// garbage collector's included) per operation: on a machine shared with
// other work the wall time of ns/op moves with the load, the CPU time
// much less.
func loop(b *testing.B, src []byte, op func()) {
	loopN(b, len(src), op)
}

// loopN is loop for an operation on n input bytes.
func loopN(b *testing.B, size int, op func()) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu0, cpuOK := cpuTime()
	n := 0
	for b.Loop() {
		op()
		n++
	}
	cpu1, _ := cpuTime()
	runtime.ReadMemStats(&after)
	if n > 0 {
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(n)/float64(size), "B/inB")
		if cpuOK {
			b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(n), "cpu-ns/op")
		}
	}
}

func firstError(diags hcl.Diagnostics) string {
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			return d.Error()
		}
	}
	return ""
}

// BenchmarkParse measures Parse alone.
func BenchmarkParse(b *testing.B) {
	for _, impl := range benchImpls {
		b.Run(impl.name, func(b *testing.B) {
			forSizes(b, func(b *testing.B, src []byte) {
				loop(b, src, func() {
					_, diags := impl.parse(src, "bench.tf.json")
					if diags.HasErrors() {
						b.Fatalf("Parse: %s", firstError(diags))
					}
				})
			})
		})
	}
}

// BenchmarkDecode measures Parse, Content with the schema for every body
// down to every block, and Value with a full evaluation context for every
// attribute (tfgentest.Decode).
func BenchmarkDecode(b *testing.B) { benchDecode(b, "Decode", tfgentest.Decode) }

// BenchmarkLoad measures what Terraform's and OpenTofu's configuration
// loader does (tfgentest.Load): Parse, PartialContent of the root body with the
// language's whole top-level schema, each block decoded with the loader's
// schema of its kind (PartialContent of the meta-arguments, then Content of
// the rest; JustAttributes for locals, module calls, required_providers and
// backend), and Value with a full evaluation context for every attribute.
func BenchmarkLoad(b *testing.B) { benchDecode(b, "Load", tfgentest.Load) }

// benchDecode runs Parse then decode on every input with each
// implementation, failing on any error.
func benchDecode(b *testing.B, name string, decode func(hcl.Body, *hcl.EvalContext) (tfgentest.Stats, hcl.Diagnostics)) {
	ctx := tfgentest.EvalContext()
	for _, impl := range benchImpls {
		b.Run(impl.name, func(b *testing.B) {
			forSizes(b, func(b *testing.B, src []byte) {
				loop(b, src, func() {
					f, diags := impl.parse(src, "bench.tf.json")
					if diags.HasErrors() {
						b.Fatalf("Parse: %s", firstError(diags))
					}
					if _, diags := decode(f.Body, ctx); diags.HasErrors() {
						b.Fatalf("%s: %s", name, firstError(diags))
					}
				})
			})
		})
	}
}

// BenchmarkBaseline measures general-purpose JSON readers on the same
// inputs, as a floor to compare Parse with.
func BenchmarkBaseline(b *testing.B) {
	b.Run("encoding-json", func(b *testing.B) {
		forSizes(b, func(b *testing.B, src []byte) {
			loop(b, src, func() {
				var v any
				if err := json.Unmarshal(src, &v); err != nil {
					b.Fatal(err)
				}
			})
		})
	})
	b.Run("jsontext", func(b *testing.B) {
		// encoding/json/jsontext exists in Go 1.26 only when built with
		// GOEXPERIMENT=jsonv2 (its files carry that build constraint), and
		// this module builds without it.
		b.Skip("encoding/json/jsontext needs GOEXPERIMENT=jsonv2 in Go 1.26")
	})
}

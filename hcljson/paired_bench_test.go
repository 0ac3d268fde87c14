package hcljson_test

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/hcljson/hcljson/internal/tfgentest"
)

// pairedSpan is how long each implementation runs in one round of
// BenchmarkLoadPaired, at least one operation.
const pairedSpan = 50 * time.Millisecond

// BenchmarkLoadPaired measures what BenchmarkLoad does, ours beside the
// oracle in the same run, for a ratio that holds on a machine shared with
// other work: each round (one per b.N) collects the garbage, runs ours
// for pairedSpan, collects again, then runs the oracle for pairedSpan,
// and takes the ratio of their CPU time (user and system, every thread's,
// the collector's included) per operation, and of their wall time; the
// medians over the rounds are reported as x-cpu and x-wall (oracle ÷
// ours), with each side's median CPU time per operation. The load of the
// moment weighs on both sides of a round alike. The real-world corpus
// (HCLJSON_REALWORLD_JSON, see BenchmarkLoadRealWorld) runs too when it is
// set, as "realworld", one operation being its whole sample.
func BenchmarkLoadPaired(b *testing.B) {
	ctx := tfgentest.EvalContext()
	type input struct {
		name string
		op   func(parse func([]byte, string) (*hcl.File, hcl.Diagnostics))
	}
	var inputs []input
	for _, size := range benchSizes {
		if size.n >= 100_000_000 && !largeBench() {
			continue
		}
		inputs = append(inputs, input{size.name, func(parse func([]byte, string) (*hcl.File, hcl.Diagnostics)) {
			src := benchInput(size.n)
			f, diags := parse(src, "bench.tf.json")
			if diags.HasErrors() {
				b.Fatalf("Parse: %s", firstError(diags))
			}
			if _, diags := tfgentest.Load(f.Body, ctx); diags.HasErrors() {
				b.Fatalf("Load: %s", firstError(diags))
			}
		}})
	}
	if files, rctx := realWorld(); files != nil {
		inputs = append(inputs, input{"realworld", func(parse func([]byte, string) (*hcl.File, hcl.Diagnostics)) {
			for _, f := range files {
				file, _ := parse(f.src, f.name)
				if file != nil {
					tfgentest.LoadAny(file.Body, rctx)
				}
			}
		}})
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			if _, ok := cpuTime(); !ok {
				b.Skip("CPU time is not measured here")
			}
			var xcpu, xwall, ours, oracle []float64
			for b.Loop() {
				var cpu, wall [2]float64
				for i, impl := range benchImpls {
					runtime.GC()
					c0, _ := cpuTime()
					t0 := time.Now()
					n := 0
					for n == 0 || time.Since(t0) < pairedSpan {
						in.op(impl.parse)
						n++
					}
					w := time.Since(t0)
					c1, _ := cpuTime()
					cpu[i] = float64(c1-c0) / float64(n)
					wall[i] = float64(w) / float64(n)
				}
				xcpu = append(xcpu, cpu[1]/cpu[0])
				xwall = append(xwall, wall[1]/wall[0])
				ours = append(ours, cpu[0])
				oracle = append(oracle, cpu[1])
			}
			b.ReportMetric(medianOf(xcpu), "x-cpu")
			b.ReportMetric(medianOf(xwall), "x-wall")
			b.ReportMetric(medianOf(ours), "ours-cpu-ns/op")
			b.ReportMetric(medianOf(oracle), "oracle-cpu-ns/op")
			b.ReportMetric(0, "ns/op")
		})
	}
}

func medianOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

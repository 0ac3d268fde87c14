//go:build unix

package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/convtest"
	"github.com/hcljson/hcljson/tojson"
)

// cpuTime is the user and system CPU time the process has used so far.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkConvertTF times the way from a .tf file to its .tf.json on the
// generated configuration of BenchmarkDirections (convtest.NativeDoc, 2 MiB
// of native text): hclsyntax.ParseConfig alone, the floor; tojson.Convert
// with the Terraform schema; and the command, "hcljson convert -o
// OUT.tf.json IN.tf", which reads the file, parses it, converts it and
// writes it through a temporary file. Each reports cpu-ns/op, the CPU
// time (user and system, garbage collection included) of the process per
// operation, and x-parse, that time divided by ParseConfig's measured in
// the same run: on a shared machine the ratio moves less than either
// time, and B/op (what hclsyntax allocates, mostly) not at all. The
// nesting check of spec.md C20, which lexed every file once more before
// the parse, doubled tojson.Convert's B/op (461 to 994 MB) and raised
// x-parse from 1.7 to 2.6 (the command's from 1.8 to 2.9; medians of 5
// runs, each build beside the other); ParseNative no longer lexes a file
// twice (BENCHMARKS.md, "Native HCL → JSON").
func BenchmarkConvertTF(b *testing.B) {
	src := convtest.NativeDoc(2 << 20)
	dir := b.TempDir()
	in, out := filepath.Join(dir, "main.tf"), filepath.Join(dir, "main.tf.json")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		b.Fatal(err)
	}
	parse := func(b *testing.B) {
		if _, diags := hclsyntax.ParseConfig(src, "main.tf", hcl.InitialPos); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
	// The floor: ParseConfig's CPU time per operation, measured by its
	// own sub-benchmark just before the others (or by three parses when
	// -bench leaves it out).
	var floor time.Duration
	for range 3 {
		t := cpuTime(b)
		parse(b)
		if d := cpuTime(b) - t; floor == 0 || d < floor {
			floor = d
		}
	}
	for _, bm := range []struct {
		name string
		run  func(b *testing.B)
	}{
		{"ParseConfig", parse},
		{"tojson.Convert", func(b *testing.B) {
			if _, diags := tojson.Convert(src, "main.tf", tojson.Options{}, gen.Options{}); diags.HasErrors() {
				b.Fatal(diags)
			}
		}},
		{"command", func(b *testing.B) {
			var stderr strings.Builder
			if code := Main([]string{"convert", "-o", out, in}, nil, io.Discard, &stderr); code != 0 {
				b.Fatalf("exit %d: %s", code, stderr.String())
			}
		}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			start, n := cpuTime(b), 0
			for b.Loop() {
				bm.run(b)
				n++
			}
			cpu := (cpuTime(b) - start) / time.Duration(n)
			if bm.name == "ParseConfig" {
				floor = cpu
			}
			b.ReportMetric(float64(cpu.Nanoseconds()), "cpu-ns/op")
			b.ReportMetric(float64(cpu)/float64(floor), "x-parse")
		})
	}
}

//go:build unix

// Command peakmem measures the peak memory of parsing (and decoding) a
// generated .tf.json document with our hcljson or with the oracle,
// github.com/hashicorp/hcl/v2/json. It reads the peak from getrusage, so
// it is built on Unix only.
//
// Usage, from the module root:
//
//	go run ./internal/cmd/peakmem -size 100MB -impl ours|oracle -mode parse|decode
//
// It generates the input (internal/tfgentest) into a temporary file, then runs
// the measurement in a fresh process, so that neither the generator's garbage
// nor an earlier run shows in the peaks. That process is this package's test
// binary, built with "go test -c": the oracle may be imported only from
// _test.go files, so the implementations are listed in impl_test.go and the
// go command must be on PATH.
//
// The measuring process reads the input into memory, runs a GC, then runs
// the operation once while a goroutine samples the Go heap (runtime/metrics)
// every -interval; it also reads the process's peak RSS (getrusage) before and
// after. It reports the input size, the heap before, at its peak and after a
// GC with the result still reachable, and the peak RSS, each also as a
// multiple of the input size; "overhead" leaves out what was there before the
// operation (the input buffer, the runtime). GOGC and GOMEMLIMIT in the
// environment apply to the measuring process.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/hcljson/hcljson/internal/tfgentest"
)

const pkgPath = "github.com/hcljson/hcljson/internal/cmd/peakmem"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// params say what the measuring process does; the parent passes them in the
// environment.
type params struct {
	In       string // input file
	Impl     string // ours or oracle
	Mode     string // parse or decode
	Interval time.Duration
	Markdown bool   // print a table row instead of the report
	Label    string // what the input is, for the report
}

func (p params) env() []string {
	return []string{
		"PEAKMEM_CHILD=1",
		"PEAKMEM_IN=" + p.In,
		"PEAKMEM_IMPL=" + p.Impl,
		"PEAKMEM_MODE=" + p.Mode,
		"PEAKMEM_INTERVAL=" + p.Interval.String(),
		"PEAKMEM_MD=" + strconv.FormatBool(p.Markdown),
		"PEAKMEM_LABEL=" + p.Label,
	}
}

func paramsFromEnv() (params, error) {
	p := params{
		In:    os.Getenv("PEAKMEM_IN"),
		Impl:  os.Getenv("PEAKMEM_IMPL"),
		Mode:  os.Getenv("PEAKMEM_MODE"),
		Label: os.Getenv("PEAKMEM_LABEL"),
	}
	var err error
	if p.Interval, err = time.ParseDuration(os.Getenv("PEAKMEM_INTERVAL")); err != nil {
		return p, err
	}
	p.Markdown = os.Getenv("PEAKMEM_MD") == "true"
	return p, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("peakmem", flag.ContinueOnError)
	fs.SetOutput(stderr)
	size := fs.String("size", "100MB", "input size: bytes, or with a unit KB, MB, GB (powers of 1000) or KiB, MiB, GiB")
	seed := fs.Uint64("seed", 1, "generator seed")
	in := fs.String("in", "", "measure this .tf.json file instead of a generated one")
	var p params
	fs.StringVar(&p.Impl, "impl", "ours", "implementation: ours or oracle")
	fs.StringVar(&p.Mode, "mode", "parse", "parse; decode: parse, Content with the schema for every block, Value for every attribute (tfgentest.Decode); or load: parse, then the loader's access pattern (tfgentest.Load)")
	fs.DurationVar(&p.Interval, "interval", time.Millisecond, "heap sampling interval")
	fs.BoolVar(&p.Markdown, "md", false, "print one row of the Markdown table in BENCHMARKS.md")
	header := fs.Bool("header", false, "print the header of the -md table and exit")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *header {
		fmt.Fprint(stdout, rowHeader)
		return 0
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "peakmem: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if p.Impl != "ours" && p.Impl != "oracle" {
		fmt.Fprintf(stderr, "peakmem: -impl is ours or oracle, not %q\n", p.Impl)
		return 2
	}
	if p.Mode != "parse" && p.Mode != "decode" && p.Mode != "load" {
		fmt.Fprintf(stderr, "peakmem: -mode is parse, decode or load, not %q\n", p.Mode)
		return 2
	}
	if p.Interval <= 0 {
		fmt.Fprintln(stderr, "peakmem: -interval must be positive")
		return 2
	}

	dir, err := os.MkdirTemp("", "peakmem")
	if err != nil {
		fmt.Fprintln(stderr, "peakmem:", err)
		return 1
	}
	defer os.RemoveAll(dir)

	p.In = *in
	p.Label = *in
	if p.In == "" {
		n, err := parseSize(*size)
		if err != nil {
			fmt.Fprintln(stderr, "peakmem: -size:", err)
			return 2
		}
		p.In = filepath.Join(dir, "input.tf.json")
		if err := os.WriteFile(p.In, tfgentest.Generate(n, *seed), 0o644); err != nil {
			fmt.Fprintln(stderr, "peakmem:", err)
			return 1
		}
		p.Label = fmt.Sprintf("tfgentest.Generate(%d, %d)", n, *seed)
	}

	bin := filepath.Join(dir, "peakmem.test")
	build := exec.Command("go", "test", "-c", "-o", bin, pkgPath)
	build.Stdout, build.Stderr = stderr, stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(stderr, "peakmem: building the measuring binary:", err)
		return 1
	}
	child := exec.Command(bin)
	child.Env = append(os.Environ(), p.env()...)
	child.Stdout, child.Stderr = stdout, stderr
	if err := child.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintln(stderr, "peakmem:", err)
		return 1
	}
	return 0
}

// parseSize reads "100MB", "10KB", "1GiB" or "12345".
func parseSize(s string) (int, error) {
	units := []struct {
		suffix string
		mult   int
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1},
	}
	mult := 1
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f <= 0 || f*float64(mult) > 1<<40 {
		return 0, fmt.Errorf("not a size: %q", s)
	}
	return int(f * float64(mult)), nil
}

type parseFunc func(src []byte, filename string) (*hcl.File, hcl.Diagnostics)

// measureChild is the measuring process: it reads the input, measures the
// operation and prints the report. impls maps -impl names to parsers.
func measureChild(p params, impls map[string]parseFunc, stdout, stderr io.Writer) int {
	parse := impls[p.Impl]
	if parse == nil {
		fmt.Fprintf(stderr, "peakmem: no implementation %q\n", p.Impl)
		return 2
	}
	src, err := os.ReadFile(p.In)
	if err != nil {
		fmt.Fprintln(stderr, "peakmem:", err)
		return 1
	}
	ctx := tfgentest.EvalContext()
	var diags hcl.Diagnostics
	op := func() any {
		f, d := parse(src, filepath.Base(p.In))
		diags = d
		if !d.HasErrors() {
			switch p.Mode {
			case "decode":
				_, d = tfgentest.Decode(f.Body, ctx)
				diags = append(diags, d...)
			case "load":
				_, d = tfgentest.Load(f.Body, ctx)
				diags = append(diags, d...)
			}
		}
		return f
	}
	r := measure(src, p.Interval, op)
	if diags.HasErrors() {
		fmt.Fprintf(stderr, "peakmem: %s %s: %d diagnostics, the first: %s\n", p.Impl, p.Mode, len(diags), diags[0].Error())
		return 1
	}
	if p.Markdown {
		r.writeRow(stdout, p.Impl, p.Mode)
		return 0
	}
	r.write(stdout, fmt.Sprintf("peakmem: %s %s of %s", p.Impl, p.Mode, p.Label))
	return 0
}

//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	ojson "github.com/hashicorp/hcl/v2/json"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/tfgentest"
)

// impls are the parsers peakmem measures. They are here because the oracle
// may be imported only from _test.go files; this package's test binary is the
// measuring process (see main.go).
var impls = map[string]parseFunc{
	"ours":   hcljson.Parse,
	"oracle": ojson.Parse,
}

func TestMain(m *testing.M) {
	if os.Getenv("PEAKMEM_CHILD") == "1" {
		p, err := paramsFromEnv()
		if err != nil {
			fmt.Fprintln(os.Stderr, "peakmem:", err)
			os.Exit(2)
		}
		os.Exit(measureChild(p, impls, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		err  bool
	}{
		{in: "100MB", want: 100_000_000},
		{in: "10KB", want: 10_000},
		{in: "1.5GB", want: 1_500_000_000},
		{in: "2MiB", want: 2 << 20},
		{in: "64KiB", want: 64 << 10},
		{in: "12345", want: 12345},
		{in: "12345B", want: 12345},
		{in: "MB", err: true},
		{in: "-1MB", err: true},
		{in: "0", err: true},
		{in: "ten", err: true},
	} {
		got, err := parseSize(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestMeasureSeesAllocation checks measure on an operation whose memory is
// known: 64 MB, every page written, held for a while and returned.
func TestMeasureSeesAllocation(t *testing.T) {
	const n = 64 << 20
	input := make([]byte, 1<<20)
	r := measure(input, time.Millisecond, func() any {
		b := make([]byte, n)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		time.Sleep(30 * time.Millisecond)
		return b
	})
	if r.Input != len(input) {
		t.Errorf("Input = %d, want %d", r.Input, len(input))
	}
	if r.HeapBefore < uint64(len(input)) {
		t.Errorf("HeapBefore = %d, less than the input's %d", r.HeapBefore, len(input))
	}
	if got := r.HeapPeak - r.HeapBefore; r.HeapPeak < r.HeapBefore || got < n-n/64 || got > n+n/4 {
		t.Errorf("heap peak - before = %d, want about %d", int64(r.HeapPeak)-int64(r.HeapBefore), n)
	}
	if got := r.HeapAfter - r.HeapBefore; r.HeapAfter < r.HeapBefore || got < n-n/64 || got > n+n/4 {
		t.Errorf("heap after - before = %d, want about %d (the result is kept)", int64(r.HeapAfter)-int64(r.HeapBefore), n)
	}
	// getrusage gives a high-water mark for the process: whatever ran before
	// in this test binary may have set it, so only bounds hold here.
	if r.RSSPeak < r.RSSBefore || r.RSSPeak < n {
		t.Errorf("RSS peak %d, before %d: want at least %d and before", r.RSSPeak, r.RSSBefore, n)
	}
	if r.Samples < 10 {
		t.Errorf("%d samples in 30ms at 1ms", r.Samples)
	}
	if r.Elapsed < 30*time.Millisecond {
		t.Errorf("Elapsed = %s, want 30ms or more", r.Elapsed)
	}
	runtime.GC()
}

// TestMeasureChild runs the measuring process's work in this process on a
// small generated input, for both implementations and modes.
func TestMeasureChild(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.tf.json")
	src := tfgentest.Generate(200_000, 1)
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, impl := range []string{"ours", "oracle"} {
		for _, mode := range []string{"parse", "decode", "load"} {
			var stdout, stderr bytes.Buffer
			p := params{In: in, Impl: impl, Mode: mode, Interval: time.Millisecond, Label: "test input"}
			if code := measureChild(p, impls, &stdout, &stderr); code != 0 {
				t.Fatalf("%s %s: exit %d, stderr %q", impl, mode, code, stderr.String())
			}
			out := stdout.String()
			wantFirst := "peakmem: " + impl + " " + mode + " of test input\n" +
				fmt.Sprintf("input             0.2 MB  (%d bytes)\n", len(src))
			if !strings.HasPrefix(out, wantFirst) {
				t.Errorf("%s %s: report starts %q, want %q", impl, mode, out[:min(len(out), len(wantFirst))], wantFirst)
			}
			for _, line := range []string{"time", "heap before", "heap peak", "heap after", "mapped peak", "RSS before", "RSS peak"} {
				if !regexp.MustCompile(`(?m)^` + line + ` +[0-9.]+ ?(MB|ms|s|µs)`).MatchString(out) {
					t.Errorf("%s %s: no %q line in\n%s", impl, mode, line, out)
				}
			}
			p.Markdown = true
			stdout.Reset()
			if code := measureChild(p, impls, &stdout, &stderr); code != 0 {
				t.Fatalf("%s %s -md: exit %d, stderr %q", impl, mode, code, stderr.String())
			}
			row := regexp.MustCompile(`^\| ` + impl + ` \| ` + mode + ` \| 0 \| [0-9]+ \([0-9.]+×\) \| [0-9]+ \([0-9.]+×\) \| [0-9]+ \([0-9.]+×\) \| [0-9]+ \([0-9.]+×\) \| [0-9]+ \([0-9.]+×\) \| [0-9.]+ \|\n$`)
			if !row.MatchString(stdout.String()) {
				t.Errorf("%s %s -md: row %q does not match %s", impl, mode, stdout.String(), row)
			}
		}
	}
}

func TestMeasureChildErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tf.json")
	if err := os.WriteFile(bad, []byte(`{"resource": [1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p       params
		code    int
		wantErr string
	}{
		{params{In: bad, Impl: "mine", Mode: "parse", Interval: time.Millisecond}, 2, "peakmem: no implementation \"mine\"\n"},
		{params{In: filepath.Join(dir, "none"), Impl: "ours", Mode: "parse", Interval: time.Millisecond}, 1, "peakmem: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
		{params{In: bad, Impl: "oracle", Mode: "parse", Interval: time.Millisecond}, 1, "peakmem: oracle parse: "},
	} {
		var stdout, stderr bytes.Buffer
		code := measureChild(tc.p, impls, &stdout, &stderr)
		if code != tc.code || !strings.HasPrefix(stderr.String(), tc.wantErr) || stdout.Len() != 0 {
			t.Errorf("%+v: exit %d, stdout %q, stderr %q; want exit %d, stderr starting %q", tc.p, code, stdout.String(), stderr.String(), tc.code, tc.wantErr)
		}
	}
}

func TestRunUsage(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		code    int
		stdout  string
		wantErr string
	}{
		{[]string{"-impl", "mine"}, 2, "", "peakmem: -impl is ours or oracle, not \"mine\"\n"},
		{[]string{"-mode", "eval"}, 2, "", "peakmem: -mode is parse, decode or load, not \"eval\"\n"},
		{[]string{"-size", "lots"}, 2, "", "peakmem: -size: not a size: \"lots\"\n"},
		{[]string{"extra"}, 2, "", "peakmem: unexpected arguments [\"extra\"]\n"},
		{[]string{"-header"}, 0, rowHeader, ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != tc.code || stdout.String() != tc.stdout || stderr.String() != tc.wantErr {
			t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, code, stdout.String(), stderr.String(), tc.code, tc.stdout, tc.wantErr)
		}
	}
}

package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/tfgentest"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tonative"
)

// benchFiles is the number of files in the generated module tree.
const benchFiles = 1000

// writeBenchTree writes n native Terraform files of about 8 KB each into
// dir, ten directories of n/10: tfgen documents (seeds 1 to n) converted
// to native syntax. It returns the total size.
func writeBenchTree(tb testing.TB, dir string, n int) int64 {
	tb.Helper()
	var total int64
	for i := range n {
		src := tfgentest.Generate(10_000, uint64(i+1))
		out, diags := tonative.Convert(src, "gen.tf.json", tonative.Options{Schema: schema.Terraform.Root, ObjectsAsAttributes: true})
		if diags.HasErrors() {
			tb.Fatalf("seed %d: %v", i+1, diags)
		}
		sub := filepath.Join(dir, fmt.Sprintf("m%02d", i%10))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%04d.tf", i)), out, 0o644); err != nil {
			tb.Fatal(err)
		}
		total += int64(len(out))
	}
	return total
}

// BenchmarkConvertDir times "hcljson convert -w" over a tree of 1,000
// generated .tf files (about 8 MB): read, parse, convert with the
// Terraform schema, write atomically. Run it with -cpu 1,2 to see the
// files converted in parallel.
func BenchmarkConvertDir(b *testing.B) {
	dir := b.TempDir()
	b.SetBytes(writeBenchTree(b, dir, benchFiles))
	for b.Loop() {
		var stderr strings.Builder
		if code := Main([]string{"convert", "-w", dir}, nil, io.Discard, &stderr); code != 0 {
			b.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
}

// TestWriteBenchTree writes the benchmark's tree into the directory named
// by HCLJSON_BENCH_TREE, for timing the command itself (see
// BENCHMARKS.md). It is skipped without it.
func TestWriteBenchTree(t *testing.T) {
	dir := os.Getenv("HCLJSON_BENCH_TREE")
	if dir == "" {
		t.Skip("HCLJSON_BENCH_TREE is not set")
	}
	t.Logf("%d bytes in %d files under %s", writeBenchTree(t, dir, benchFiles), benchFiles, dir)
}

// BenchmarkCheckModule runs "hcljson check --format json" in process on
// the module of internal/validatedifftest's BenchmarkValidateModule (100
// files, half native, half JSON, tfgentest.WriteModule): the per-file check
// and the module's validation, without the process's start.
func BenchmarkCheckModule(b *testing.B) {
	dir := b.TempDir()
	if err := tfgentest.WriteModule(dir, 100); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var stdout, stderr strings.Builder
		if code := Main([]string{"check", "--format", "json", "--program", "opentofu", dir}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), `"valid": true`) {
			b.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
		}
	}
}

// minifiedDoc returns one document of two layouts: indented (two spaces a
// level, one member a line) and minified (one line, as generators write),
// the same members in the same order. "locals" is a locals block of n
// keys; "tfgen" a generated configuration of about n bytes (indented),
// whose strings hold non-ASCII text, so that its minified line is not
// simple.
func minifiedDoc(tb testing.TB, shape string, n int) (indented, minified []byte) {
	tb.Helper()
	switch shape {
	case "locals":
		var b bytes.Buffer
		b.WriteString("{\n  \"locals\": {")
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "\n    \"k%d\": \"v%d\"", i, i)
		}
		b.WriteString("\n  }\n}\n")
		indented = b.Bytes()
	case "tfgen":
		indented = tfgentest.Generate(n, 1)
	default:
		tb.Fatalf("shape %q", shape)
	}
	var m bytes.Buffer
	if err := json.Compact(&m, indented); err != nil {
		tb.Fatal(err)
	}
	return indented, m.Bytes()
}

// BenchmarkMinified runs check, inspect and convert in process on the
// same document indented and minified: positions on one long line must
// cost what they cost on many short ones (spec.md §positions), so the two
// layouts take about the same time. check and inspect read the directory
// as a module; convert writes native syntax (objects as attributes, as no
// schema is given). "locals" at 10^6 keys is slow: run it with
// -benchtime 1x.
func BenchmarkMinified(b *testing.B) {
	for _, doc := range []struct {
		shape string
		n     int
	}{{"locals", 100_000}, {"locals", 1_000_000}, {"tfgen", 6_500_000}} {
		indented, minified := minifiedDoc(b, doc.shape, doc.n)
		for _, cmd := range []string{"check", "inspect", "convert"} {
			for _, layout := range []struct {
				name string
				src  []byte
			}{{"indented", indented}, {"minified", minified}} {
				b.Run(fmt.Sprintf("%s-%d/%s/%s", doc.shape, doc.n, cmd, layout.name), func(b *testing.B) {
					dir := b.TempDir()
					file := filepath.Join(dir, "main.tf.json")
					if err := os.WriteFile(file, layout.src, 0o644); err != nil {
						b.Fatal(err)
					}
					args := map[string][]string{
						"check":   {"check", "--program", "opentofu", dir},
						"inspect": {"inspect", dir},
						"convert": {"convert", "--objects-as-attributes", file},
					}[cmd]
					b.SetBytes(int64(len(layout.src)))
					for b.Loop() {
						var stderr strings.Builder
						if code := Main(args, nil, io.Discard, &stderr); code > 1 {
							b.Fatalf("exit %d: %s", code, stderr.String())
						}
					}
				})
			}
		}
	}
}

// splatDoc returns the document {"a":[{"b":0},{"b":1},...]} of n
// elements, minified (one line) or with one element a line.
func splatDoc(n int, minified bool) []byte {
	sep := ",\n"
	if minified {
		sep = ","
	}
	b := make([]byte, 0, 16*n)
	b = append(b, `{"a":[`...)
	for i := range n {
		if i > 0 {
			b = append(b, sep...)
		}
		b = fmt.Appendf(b, `{"b":%d}`, i)
	}
	return append(b, "]}"...)
}

// BenchmarkGetSplat runs "hcljson get FILE 'a[*].b'" in process on an
// array of 10,000, 100,000 and 1,000,000 objects (generated in a
// temporary directory), one a line and minified, so that ns/op side by
// side shows the growth: ten times the time for ten times the elements
// (issue 30).
func BenchmarkGetSplat(b *testing.B) {
	for _, form := range []string{"lines", "minified"} {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/%d", form, n), func(b *testing.B) {
				src := splatDoc(n, form == "minified")
				name := filepath.Join(b.TempDir(), "a.json")
				if err := os.WriteFile(name, src, 0o644); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					var stderr strings.Builder
					if code := Main([]string{"get", name, "a[*].b"}, nil, io.Discard, &stderr); code != 0 {
						b.Fatalf("exit %d: %s", code, stderr.String())
					}
				}
			})
		}
	}
}

// addressDoc returns a configuration of n resources aws_instance.rI (ami
// I), in the array form that fmt writes (each block an element of the
// resource array, one a line) or in the object form.
func addressDoc(n int, array bool) []byte {
	b := make([]byte, 0, 48*n)
	if array {
		b = append(b, "{\"resource\": [\n"...)
	} else {
		b = append(b, "{\"resource\": {\"aws_instance\": {\n"...)
	}
	for i := range n {
		if i > 0 {
			b = append(b, ",\n"...)
		}
		if array {
			b = fmt.Appendf(b, `{"aws_instance": [{"r%d": [{"ami": "ami-%d"}]}]}`, i, i)
		} else {
			b = fmt.Appendf(b, `"r%d": {"ami": "ami-%d"}`, i, i)
		}
	}
	if array {
		return append(b, "\n]}"...)
	}
	return append(b, "\n}}}"...)
}

// BenchmarkGetAddress runs "hcljson get" in process with addresses on a
// generated main.tf.json of 10,000, 100,000 and 1,000,000 resources, in the
// array form that fmt writes and in the object form: one block's argument
// by address (the last block, aws_instance.rN.ami) and every block's
// (aws_instance[*].ami). ns/op side by side shows the growth: ten times
// the time for ten times the blocks.
func BenchmarkGetAddress(b *testing.B) {
	for _, form := range []string{"array", "object"} {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			src := addressDoc(n, form == "array")
			name := filepath.Join(b.TempDir(), "main.tf.json")
			if err := os.WriteFile(name, src, 0o644); err != nil {
				b.Fatal(err)
			}
			for _, path := range []string{fmt.Sprintf("aws_instance.r%d.ami", n-1), "aws_instance[*].ami"} {
				what := "one"
				if strings.Contains(path, "*") {
					what = "all"
				}
				b.Run(fmt.Sprintf("%s/%s/%d", form, what, n), func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					b.ReportAllocs()
					for b.Loop() {
						var stderr strings.Builder
						if code := Main([]string{"get", name, path}, nil, io.Discard, &stderr); code != 0 {
							b.Fatalf("exit %d: %s", code, stderr.String())
						}
					}
				})
			}
		}
	}
}

// BenchmarkCheckRecursiveRealworld runs "hcljson check -recursive" in
// process over the real-world corpus (the directory HCLJSON_REALWORLD
// names, scripts/fetch-realworld.sh), as BENCHMARKS.md times the process:
// run it with -benchtime 1x -cpuprofile to see where the time goes. It is
// skipped without HCLJSON_REALWORLD.
func BenchmarkCheckRecursiveRealworld(b *testing.B) {
	root := os.Getenv("HCLJSON_REALWORLD")
	if root == "" {
		b.Skip("HCLJSON_REALWORLD is not set")
	}
	b.ReportAllocs()
	for b.Loop() {
		var stdout, stderr strings.Builder
		if code := Main([]string{"check", "-recursive", root}, nil, &stdout, &stderr); code > 1 || !strings.Contains(stdout.String(), "files checked") {
			b.Fatalf("exit %d: %.2000s", code, stderr.String())
		}
	}
}

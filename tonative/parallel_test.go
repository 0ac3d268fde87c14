package tonative

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/convtest"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

// TestParallelSameOutput converts every JSON fixture, and the error
// cases of TestConvertJSONErrors, with top-level blocks converted in
// parallel (as for inputs over parallelMin) and one after the other: the
// output and the diagnostics (their order too) are the same.
func TestParallelSameOutput(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "terraform", "*.tf.json"))
	filepath.WalkDir(filepath.Join("..", "hcljson", "testdata", "fuzz", "corpus", "opentofu"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".tf.json") {
			files = append(files, path)
		}
		return nil
	})
	type input struct {
		name string
		src  []byte
		opts Options
	}
	var inputs []input
	// The Terraform fixtures of the way to JSON, in JSON.
	natives, _ := filepath.Glob(filepath.Join("..", "tojson", "testdata", "terraform", "*.tf"))
	for _, path := range natives {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		js, diags := tojson.Convert(src, filepath.Base(path), tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
		if diags.HasErrors() {
			t.Fatalf("%s: %s", path, diags)
		}
		inputs = append(inputs, input{path + ".json", js, Options{Schema: schema.Terraform.Root}})
	}
	if len(files)+len(inputs) < 20 {
		t.Fatalf("only %d files", len(files)+len(inputs))
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lang := schema.Terraform
		if filepath.Base(path) == "providers.tf.json" {
			lang = convtest.TestProviders(t)
		}
		inputs = append(inputs, input{path, src, Options{Schema: lang.Root}})
	}
	// Errors in several top-level blocks, and between them.
	inputs = append(inputs, input{"errors.tf.json", []byte(`{
  "resource": [
    {"aws_instance": {"a": {"tags": {"Name": "a"}}}},
    {"aws_instance": {"b": {"x": 1}}},
    {"aws_instance": {"c": {"ebs": []}}}
  ],
  "locals": {"a b": 1},
  "variable": {"v": {"default": 1}},
  "output": {"o": {"value": "${"}}
}`), Options{}})
	// Structure errors in two top-level blocks (the parallel way checks
	// each in its own goroutine), and in the root.
	inputs = append(inputs,
		input{"structure.tf.json", []byte(`{"variable": [{"x": {"tpye": "string"}}, {"y": {}}], "locals": {"a": "${1}"}, "output": {"o": {"valeu": 1, "value": "${"}}}`), Options{}},
		input{"root.tf.json", []byte(`{"varible": {"x": {}}, "output": {"o": {"valeu": 1}}}`), Options{}},
	)
	sequential := func(in input) (string, string) {
		t.Helper()
		defer func(n int) { parallelMin = n }(parallelMin)
		parallelMin = 1 << 62
		out, diags := Convert(in.src, filepath.Base(in.name), in.opts)
		return string(out), hcltest.RenderDiags(diags)
	}
	parallel := func(in input, size uint32) (string, string) {
		t.Helper()
		defer func(n int, size uint32) { parallelMin, unitSize = n, size }(parallelMin, unitSize)
		parallelMin, unitSize = 0, size
		out, diags := Convert(in.src, filepath.Base(in.name), in.opts)
		return string(out), hcltest.RenderDiags(diags)
	}
	withErrors, structure := 0, 0
	for _, in := range inputs {
		out1, d1 := sequential(in)
		// One block per unit, and units of several blocks.
		for _, size := range []uint32{1, 64 << 10} {
			out2, d2 := parallel(in, size)
			if out1 != out2 {
				t.Errorf("%s, units of %d bytes: parallel output differs:\n%s", in.name, size, convtest.LineDiff(out1, out2))
			}
			if d1 != d2 {
				t.Errorf("%s, units of %d bytes: parallel diagnostics differ:\n%s", in.name, size, convtest.LineDiff(d1, d2))
			}
		}
		if strings.Contains(d1, "Error") || strings.Contains(d1, "error") {
			withErrors++
		}
		if strings.Count(d1, "Extraneous JSON object property") >= 2 {
			structure++
		}
	}
	if withErrors == 0 || structure != 2 {
		t.Errorf("%d inputs have errors, %d two structure errors; want some, and 2", withErrors, structure)
	}
}

// TestConvertToWriteError: a failed write ends the conversion with an
// error that says so.
func TestConvertToWriteError(t *testing.T) {
	defer func(n int) { parallelMin = n }(parallelMin)
	src := []byte(`{"variable": [{"a": {}}, {"b": {}}, {"c": {}}]}`)
	for _, min := range []int{0, 1 << 62} {
		parallelMin = min
		f, diags := hcljson.Parse(src, "w.tf.json")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		diags = ConvertTo(failingWriter{}, f, Options{})
		if got := hcltest.RenderDiags(diags); !strings.Contains(got, "Cannot write the output; Writing the native syntax of w.tf.json failed: disk full.") {
			t.Errorf("parallelMin %d: diagnostics %q", min, got)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestSkippedReadBacks: the values that are not read back (scalars,
// plain references, templates written as their own text between quotes
// or as a heredoc, plain values) read back as they should. Read back,
// every fixture and a generated document convert without an error, to
// the same output.
func TestSkippedReadBacks(t *testing.T) {
	var inputs [][2]string // name, JSON
	files, _ := filepath.Glob(filepath.Join("testdata", "terraform", "*.tf.json"))
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, [2]string{path, string(src)})
	}
	natives, _ := filepath.Glob(filepath.Join("..", "tojson", "testdata", "terraform", "*.tf"))
	natives = append(natives, "bench.tf")
	for _, path := range natives {
		src := convtest.NativeDoc(256 << 10)
		if path != "bench.tf" {
			var err error
			if src, err = os.ReadFile(path); err != nil {
				t.Fatal(err)
			}
		}
		js, diags := tojson.Convert(src, filepath.Base(path), tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
		if diags.HasErrors() {
			t.Fatalf("%s: %s", path, diags)
		}
		inputs = append(inputs, [2]string{path + ".json", string(js)})
	}
	for _, in := range inputs {
		lang := schema.Terraform
		if filepath.Base(in[0]) == "providers.tf.json" {
			lang = convtest.TestProviders(t)
		}
		name := strings.TrimSuffix(filepath.Base(in[0]), ".json") + ".json"
		want, diags := Convert([]byte(in[1]), name, Options{Schema: lang.Root, ObjectsAsAttributes: true})
		if diags.HasErrors() {
			t.Fatalf("%s: %s", in[0], hcltest.RenderDiags(diags))
		}
		alwaysReadBack = true
		got, diags := Convert([]byte(in[1]), name, Options{Schema: lang.Root, ObjectsAsAttributes: true})
		alwaysReadBack = false
		if diags.HasErrors() {
			t.Errorf("%s, every value read back: %s", in[0], hcltest.RenderDiags(diags))
		} else if string(got) != string(want) {
			t.Errorf("%s, every value read back: different output", in[0])
		}
	}
}

// FuzzParallel: converted in parallel (one block per unit, and units of
// a few blocks), any input gives the output and the diagnostics of the
// conversion one block after the other.
func FuzzParallel(f *testing.F) {
	for _, s := range []string{
		`{"variable": [{"a": {}}, {"b": {"default": 1}}], "locals": {"x": "${1}"}, "output": {"o": {"value": "${var.a}"}}}`,
		`{"resource": {"aws_instance": {"a": {"tags": {"Name": "a"}}, "b": {"count": 2}}}, "variable": {"v": {"tpye": 1}}}`,
		`{"varible": {}, "output": {"o": {"value": "${"}}}`,
		`{"terraform": {"required_providers": {"aws": {"source": "hashicorp/aws"}}}, "provider": {"aws": [{"region": "a"}, {"alias": "b"}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		defer func(n int, size uint32) { parallelMin, unitSize = n, size }(parallelMin, unitSize)
		parallelMin = 1 << 62
		want, wd := Convert(src, "f.tf.json", Options{ObjectsAsAttributes: true})
		for _, size := range []uint32{1, 64} {
			parallelMin, unitSize = 0, size
			got, gd := Convert(src, "f.tf.json", Options{ObjectsAsAttributes: true})
			if string(got) != string(want) {
				t.Fatalf("units of %d bytes: output\n%s\nwant\n%s", size, got, want)
			}
			if a, b := hcltest.RenderDiags(gd), hcltest.RenderDiags(wd); a != b {
				t.Fatalf("units of %d bytes: diagnostics\n%s\nwant\n%s", size, a, b)
			}
		}
	})
}

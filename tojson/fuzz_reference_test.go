package tojson

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljsonref "github.com/hashicorp/hcl/v2/json"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
)

// Property fuzz targets kept as regression guards: their seeds run with
// go test; a campaign (go test -fuzz) runs outside it.

// addFiles adds the files matching pattern (slash-separated, from this
// package's directory) as seeds.
func addFiles(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.FromSlash(pattern))
	if len(files) == 0 {
		f.Fatalf("no seed matches %s", pattern)
	}
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
}

// FuzzFormatJSON checks that gen.FormatJSON is idempotent and that what it
// writes parses with the reference parser, github.com/hashicorp/hcl/v2/json,
// without errors, on any input it accepts.
func FuzzFormatJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `{"resource": {"a": {"b": {"x": 1}}}}`,
		`{"variable": [{"a": {"default": "${x}"}}, {"b": {}}], "//": "c"}`,
		`{"locals": {"a": 1, "a": 2}, "module": {"m": {"source": "./m"}}}`,
		"\ufeff{\"output\": {\"o\": {\"value\": \"\\u00e9\"}}}",
	} {
		f.Add([]byte(s))
	}
	addFiles(f, "../tonative/testdata/terraform/*.tf.json")
	addFiles(f, "testdata/terraform/*.tf.json")
	root := schema.Terraform.Root
	f.Fuzz(func(t *testing.T, src []byte) {
		out, diags := gen.FormatJSON(src, "a.tf.json", root, gen.Options{})
		if diags.HasErrors() {
			return
		}
		again, diags := gen.FormatJSON(out, "a.tf.json", root, gen.Options{})
		if diags.HasErrors() || !bytes.Equal(again, out) {
			t.Fatalf("not idempotent on %q:\nfirst:\n%s\nsecond:\n%s\n%s", src, out, again, hcltest.RenderDiags(diags))
		}
		if _, diags := hcljsonref.Parse(out, "a.tf.json"); diags.HasErrors() {
			t.Fatalf("the reference parser rejects the output of %q:\n%s\n%s", src, out, hcltest.RenderDiags(diags))
		}
	})
}

// FuzzNativeToJSONReference checks that the JSON that Convert writes
// from any native file it converts parses with the reference parser
// without errors. (FuzzNativeRoundTrip checks that the meaning is kept.)
func FuzzNativeToJSONReference(f *testing.F) {
	for _, s := range []string{
		"a = 1\n",
		"a = \"x${var.foo}y\"\nb { c = [1, {d = var.n}] }\n",
		"r \"a\" \"b\" {\n  x = { (var.foo) = 1 }\n  y = <<-EOT\n  ${var.x}\n  EOT\n}\n",
	} {
		f.Add([]byte(s))
	}
	addFiles(f, "testdata/native/*.tf")
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, diags := hclsyntax.ParseConfig(src, "a.tf", hcl.InitialPos); diags.HasErrors() {
			return
		}
		out, diags := Convert(src, "a.tf", Options{Schema: schema.Generic.Root}, gen.Options{})
		if diags.HasErrors() {
			return
		}
		if _, diags := hcljsonref.Parse(out, "a.tf.json"); diags.HasErrors() {
			t.Fatalf("the reference parser rejects the conversion of %q:\n%s\n%s", src, out, hcltest.RenderDiags(diags))
		}
	})
}

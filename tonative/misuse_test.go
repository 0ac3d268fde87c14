package tonative

import (
	"bytes"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): nil input is empty
// input, a syntax error; a file that hcljson.Parse did not make, nil
// included, is an error; a nil writer panics.
func TestMisuse(t *testing.T) {
	const notJSON = "-: error: Not a valid JSON-syntax file; ConvertFile reads files that hcljson.Parse made without syntax errors.\n"
	noOutput := func(t *testing.T, out []byte, diags hcl.Diagnostics, want string) {
		t.Helper()
		if got := hcltest.RenderDiags(diags); len(out) != 0 || got != want {
			t.Errorf("output %q, diagnostics\n%s\nwant none and\n%s", out, got, want)
		}
	}
	native, _ := hclsyntax.ParseConfig([]byte("a = 1\n"), "a.tf", hcl.InitialPos)
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Convert", Name: "nil input", Call: func(t *testing.T) {
			out, diags := Convert(nil, "", Options{})
			noOutput(t, out, diags, ":1,1-1: error: Missing value; The JSON data ends prematurely.\n")
		}},
		{Func: "ConvertFile", Name: "nil, zero and native files", Call: func(t *testing.T) {
			for _, f := range []*hcl.File{nil, {}, native} {
				out, diags := ConvertFile(f, Options{})
				noOutput(t, out, diags, notJSON)
			}
		}},
		{Func: "ConvertTo", Name: "nil file", Call: func(t *testing.T) {
			var b bytes.Buffer
			diags := ConvertTo(&b, nil, Options{})
			noOutput(t, b.Bytes(), diags, notJSON)
		}},
		{Func: "ConvertTo", Name: "nil writer", Panic: "tonative: ConvertTo with a nil io.Writer", Call: func(t *testing.T) {
			f, _ := hcljson.Parse([]byte(`{}`), "a.tf.json")
			ConvertTo(nil, f, Options{})
		}},
	})
}

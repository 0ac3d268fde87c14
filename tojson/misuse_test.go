package tojson

import (
	"bytes"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): nil input is an empty
// file; a file that hclsyntax did not make, nil included, is an error; a
// file whose Bytes are not its source, and a Mode out of range from
// Options.Mode, panic.
func TestMisuse(t *testing.T) {
	const notNative = "-: error: Not native syntax; Only a file parsed by hclsyntax (HCL's native syntax) can be converted to JSON.\n"
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Convert", Name: "nil input", Call: func(t *testing.T) {
			out, diags := Convert(nil, "", Options{}, gen.Options{})
			if string(out) != "{}\n" || diags != nil {
				t.Errorf("Convert(nil) = %q, %v", out, diags)
			}
		}},
		{Func: "ConvertTo", Name: "nil input", Call: func(t *testing.T) {
			var out bytes.Buffer
			f, diags, err := ConvertTo(&out, nil, "", Options{}, gen.Options{}, func() gen.Spool { return new(bytes.Buffer) })
			if out.String() != "{}\n" || f != nil || diags != nil || err != nil {
				t.Errorf("ConvertTo(nil) = %q, %v, %v, %v", out.String(), f, diags, err)
			}
		}},
		{Func: "ConvertTo", Name: "nil writer", Panic: "tojson: ConvertTo with a nil io.Writer or newSpool", Call: func(t *testing.T) {
			ConvertTo(nil, []byte("a = 1\n"), "a.tf", Options{}, gen.Options{}, func() gen.Spool { return new(bytes.Buffer) })
		}},
		{Func: "ConvertTo", Name: "nil newSpool", Panic: "tojson: ConvertTo with a nil io.Writer or newSpool", Call: func(t *testing.T) {
			ConvertTo(new(bytes.Buffer), []byte("a = 1\n"), "a.tf", Options{}, gen.Options{}, nil)
		}},
		{Func: "ParseNative", Name: "nil input", Call: func(t *testing.T) {
			f, diags := ParseNative(nil, "")
			attrs, _ := f.Body.JustAttributes()
			if len(attrs) != 0 || diags != nil {
				t.Errorf("ParseNative(nil) = %v, %v", attrs, diags)
			}
		}},
		{Func: "FromNative", Name: "nil, zero and JSON files", Call: func(t *testing.T) {
			jf, _ := hcljson.Parse([]byte("{}"), "a.tf.json")
			for _, f := range []*hcl.File{nil, {}, jf} {
				out, diags := FromNative(f, Options{})
				if got := hcltest.RenderDiags(diags); out != nil || got != notNative {
					t.Errorf("FromNative(%v) = %v,\n%s", f, out, got)
				}
			}
		}},
		{Func: "FromNative", Name: "Bytes not the source", Panic: "tojson: FromNative: f.Bytes is not the file's source: 0 bytes, and its body ends at byte 6", Call: func(t *testing.T) {
			f, _ := ParseNative([]byte("a = 1\n"), "a.tf")
			f.Bytes = nil
			FromNative(f, Options{})
		}},
		{Func: "FromNative", Name: "mode out of range", Panic: "gen: Body.AppendAttribute with Mode(7)", Call: func(t *testing.T) {
			f, _ := ParseNative([]byte("a = \"x\"\n"), "a.tf")
			FromNative(f, Options{Mode: func([]*hclsyntax.Block, string) gen.Mode { return 7 }})
		}},
	})
}

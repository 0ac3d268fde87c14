package module

import (
	"testing"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/schema"
)

// BenchmarkReadValue reads a replace_triggered_by entry held in a JSON
// string, without escapes and with, and provider references, by
// ReadValue, beside the reading it replaces ("from-quote": the string's
// value parsed with hclsyntax from its opening quote, whose ranges are off
// after escapes) as the measure of what exact ranges cost.
func BenchmarkReadValue(b *testing.B) {
	src := []byte(`{"plain": "aws_instance.web[0].id", "escaped": "aws_instance.w\u00e9b[\"\ud83d\ude00\"].id", "provider": "aws.west", "keyed": "aws.west[each.key]"}`)
	f, diags := hcljson.Parse(src, "bench.tf.json")
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	attrs, _ := f.Body.JustAttributes()
	for _, c := range []struct {
		name string
		mode schema.Mode
	}{{"plain", schema.NativeExpr}, {"escaped", schema.NativeExpr}, {"provider", schema.ProviderRef}, {"keyed", schema.ProviderRef}} {
		expr := attrs[c.name].Expr
		b.Run(c.name+"/ReadValue", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := ReadValue(expr, c.mode, false); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
		b.Run(c.name+"/from-quote", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				v, _ := expr.Value(nil)
				if _, diags := hclsyntax.ParseExpression([]byte(v.AsString()), expr.Range().Filename, expr.Range().Start); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
}

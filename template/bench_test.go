package template

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

var benchCases = []struct{ name, raw string }{
	{name: "literal", raw: `t3.micro instance for the web tier`},
	{name: "ascii", raw: `${var.prefix}-web-${count.index}`},
	{name: "escaped", raw: `\"${var.prefix}\"-web-\u00e9-${count.index}`},
}

func BenchmarkParseValue(b *testing.B) {
	ctx := testCtx()
	for _, bc := range benchCases {
		_, src := jsonFile(b, bc.raw)
		b.Run(bc.name+"/template", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Parse(src).Value(ctx)
			}
		})
		b.Run(bc.name+"/hclsyntax", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				expr, _ := hclsyntax.ParseTemplate([]byte(src.Text), src.Filename, src.Start)
				expr.Value(ctx)
			}
		})
	}
}

func BenchmarkVariables(b *testing.B) {
	for _, bc := range benchCases[1:] {
		_, src := jsonFile(b, bc.raw)
		tmpl := Parse(src)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tmpl.Variables()
			}
		})
	}
}

func BenchmarkParseTraversal(b *testing.B) {
	src := Source{Text: "aws_instance.web", Filename: "f", Start: hcl.Pos{Line: 1, Column: 2, Byte: 1}}
	b.ReportAllocs()
	for b.Loop() {
		ParseTraversal(src)
	}
}

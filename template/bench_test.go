package template

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

var benchCases = []struct{ name, raw string }{
	{name: "literal", raw: `t3.micro instance for the web tier`},
	{name: "ascii", raw: `${var.prefix}-web-${count.index}`},
	{name: "escaped", raw: `\"${var.prefix}\"-web-\u00e9-${count.index}`},
	{name: "traversal", raw: `${var.foo}`},
	{name: "escape-only", raw: `home/$${aws:username}/*`},
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

// manyLinesRaw returns the raw content of a JSON string of about size bytes:
// lines of 40 bytes ("\n" escaped) and a final interpolation.
func manyLinesRaw(size int) string {
	line := strings.Repeat("x", 38) + `\n` // 40 bytes in the file, 39 in the text
	return strings.Repeat(line, size/len(line)) + "${x}"
}

// BenchmarkManyLines parses templates of many literal lines; ns/op grows
// linearly with the size.
func BenchmarkManyLines(b *testing.B) {
	for _, size := range []int{40 << 10, 200 << 10, 1 << 20} {
		_, src := jsonFile(b, manyLinesRaw(size))
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src.Raw)))
			for b.Loop() {
				Parse(src)
			}
		})
	}
}

// BenchmarkTraversalTemplate parses the most common kinds of template: one
// interpolation of a traversal, literal text mixed with such
// interpolations, and text whose only template syntax is escapes.
func BenchmarkTraversalTemplate(b *testing.B) {
	for _, bc := range []struct{ name, raw string }{
		{name: "attr", raw: `${var.region}`},
		{name: "attrs", raw: `${aws_instance.web.id}`},
		{name: "index", raw: `${var.list[0]}`},
		{name: "key", raw: `${local.tags[\"Name\"]}`},
		{name: "mixed", raw: `web-${var.env}-${count.index}`},
		{name: "arn", raw: `arn:aws:s3:::${var.bucket}/*`},
		{name: "adjacent", raw: `${var.a}${var.b}`},
		{name: "mixed-escaped", raw: `\"${var.prefix}\"-web-\u00e9-${count.index}`},
		{name: "escape-only", raw: `home/$${aws:username}/*`},
		{name: "escape-only-directive", raw: `%%{ not a directive }`},
	} {
		_, src := jsonFile(b, bc.raw)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Parse(src)
			}
		})
	}
}

// BenchmarkCallTemplate parses templates with function calls, on the fast
// path and (hclsyntax) by the parser.
func BenchmarkCallTemplate(b *testing.B) {
	for _, bc := range []struct{ name, raw string }{
		{name: "length", raw: `${length(var.v1)}`},
		{name: "mixed", raw: `${var.v1}-${length(var.v1)}`},
		{name: "lookup", raw: `${lookup(var.tags, \"Name\", null)}`},
		{name: "format", raw: `${format(\"%s-%03d\", var.env, 10)}`},
		{name: "nested", raw: `${upper(join(\",\", concat(var.a, var.b)))}`},
	} {
		_, src := jsonFile(b, bc.raw)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Parse(src)
			}
		})
		b.Run(bc.name+"/parser", func(b *testing.B) {
			_, ascii := scan(src.Text)
			b.ReportAllocs()
			for b.Loop() {
				parseSlow(src, ascii)
			}
		})
	}
}

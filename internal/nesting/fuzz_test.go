package nesting_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/hcljson/hcljson/scanner"
)

// shapeSeq reads shapes from data, cycling, until the depth reaches
// target; the last shapes are parentheses when a heavier one would go
// past it.
func shapeSeq(data []byte, target int, inString bool) []int {
	var seq []int
	depth := 0
	for i := 0; depth < target; i++ {
		k := 0
		if len(data) > 0 {
			k = int(data[i%len(data)]) % len(shapes)
		}
		if inString && (shapes[k].name == "heredoc" || shapes[k].name == "index") {
			k = 0 // no new line in a JSON string here; local.y is not there
		}
		if depth+shapes[k].weight > target {
			k = 0
		}
		seq = append(seq, k)
		depth += shapes[k].weight
	}
	return seq
}

// FuzzNative nests the shapes the fuzzer chooses to a depth around Max in
// native syntax: at most Max parses as hclsyntax parses it, past Max is
// the error "Nesting too deep", and nothing panics.
func FuzzNative(f *testing.F) {
	f.Add(uint8(2), []byte{0})
	f.Add(uint8(3), []byte{15, 16, 13, 10})
	f.Add(uint8(4), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Fuzz(func(t *testing.T, off uint8, data []byte) {
		target := nesting.Max - 2 + int(off%5)
		src, depth := build(shapeSeq(data, target, false))
		if depth != target {
			t.Fatalf("built %d, want %d", depth, target)
		}
		d := nesting.Check([]byte(src), nesting.Config, "a.tf", hcl.InitialPos)
		if depth > nesting.Max {
			if d == nil || d.Summary != nesting.Summary || d.Subject == nil || d.Subject.Start.Byte >= len(src) {
				t.Fatalf("depth %d: %v", depth, d)
			}
			return
		}
		if d != nil {
			t.Fatalf("depth %d: %s %s", depth, d.Subject, d.Summary)
		}
		if _, diags := nesting.ParseConfig([]byte(src), "a.tf", hcl.InitialPos); diags.HasErrors() {
			t.Fatalf("depth %d: %s", depth, diags.Error())
		}
	})
}

// FuzzJSON nests JSON arrays and objects around the scanner's limit
// around a string whose template nests around Max: past either limit
// is the error "Nesting too deep", from parsing or from evaluating the
// string; within both the value evaluates.
func FuzzJSON(f *testing.F) {
	f.Add(uint8(2), uint8(2), []byte{0}, []byte{0})
	f.Add(uint8(3), uint8(4), []byte{1, 0, 1}, []byte{13, 0, 8})
	f.Add(uint8(0), uint8(0), []byte{1}, []byte{14, 3, 2})
	f.Add(uint8(4), uint8(1), []byte{0, 1}, []byte{12})
	f.Fuzz(func(t *testing.T, joff, toff uint8, jdata, tdata []byte) {
		jdepth := scanner.DefaultMaxDepth - 2 + int(joff%5)
		tdepth := nesting.Max - 2 + int(toff%5)
		// The template: the shapes that are valid inside "${...}".
		expr, depth := build(shapeSeq(tdata, tdepth, true))
		if depth != tdepth {
			t.Fatalf("built %d, want %d", depth, tdepth)
		}
		expr = strings.TrimSuffix(strings.TrimPrefix(expr, "x = "), "\n")
		// As a whole-string interpolation it is read as an expression:
		// one "${" more than the shapes.
		tmpl := "${" + expr + "}"
		tdepth++
		var b strings.Builder
		// The document: {"x": ...} is depth 1, each array or object one more.
		b.WriteString(`{"x": `)
		var closes []string
		for i := 1; i < jdepth; i++ {
			if len(jdata) > 0 && jdata[i%len(jdata)]%2 == 1 {
				b.WriteString(`{"a": `)
				closes = append(closes, "}")
			} else {
				b.WriteString("[")
				closes = append(closes, "]")
			}
		}
		b.WriteString(jsonQuote(tmpl))
		for i := len(closes) - 1; i >= 0; i-- {
			b.WriteString(closes[i])
		}
		b.WriteString("}")
		file, diags := hcljson.Parse([]byte(b.String()), "a.tf.json")
		if jdepth > scanner.DefaultMaxDepth {
			if !hasDeep(diags) {
				t.Fatalf("JSON depth %d: %v", jdepth, diags)
			}
			return
		}
		if diags.HasErrors() {
			t.Fatalf("JSON depth %d: %v", jdepth, diags)
		}
		attrs, diags := file.Body.JustAttributes()
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		ctx := &hcl.EvalContext{
			Variables: map[string]cty.Value{"local": cty.ObjectVal(map[string]cty.Value{"y": cty.ListVal([]cty.Value{cty.NumberIntVal(0)})})},
			Functions: map[string]function.Function{"abs": stdlib.AbsoluteFunc, "list": stdlib.AbsoluteFunc, "try": stdlib.AbsoluteFunc},
		}
		_, diags = attrs["x"].Expr.Value(ctx)
		attrs["x"].Expr.Variables()
		if tdepth > nesting.Max {
			if !hasDeep(diags) {
				t.Fatalf("template depth %d: %v", tdepth, diags)
			}
			return
		}
		if hasDeep(diags) {
			t.Fatalf("template depth %d: %v", tdepth, diags)
		}
	})
}

func hasDeep(diags hcl.Diagnostics) bool {
	for _, d := range diags {
		if d.Summary == "Nesting too deep" && d.Subject != nil {
			return true
		}
	}
	return false
}

// jsonQuote writes s (ASCII) as a JSON string.
func jsonQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

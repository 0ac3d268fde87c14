package hcljson_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	ojson "github.com/hashicorp/hcl/v2/json"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/zclconf/go-cty/cty"
)

var templateCtx = &hcl.EvalContext{Variables: map[string]cty.Value{"x": cty.StringVal("x")}}

// The inputs on which the oracle is quadratic (spec.md §syntax-limits,
// D6), at growing sizes, so that ns/op shows linear growth for ours. The
// oracle runs only at the smallest size unless HCLJSON_BENCH_LARGE=1.

func wideObject(n int) []byte {
	var sb strings.Builder
	sb.WriteString("{")
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `"k%d":%d`, i, i)
	}
	sb.WriteString("}")
	return []byte(sb.String())
}

func manyLineTemplate(lines int) []byte {
	return []byte(`{"a": "` + strings.Repeat(strings.Repeat("a", 38)+`\n`, lines) + `${x}"}`)
}

func BenchmarkScaling(b *testing.B) {
	impls := []struct {
		name  string
		parse func([]byte, string) (*hcl.File, hcl.Diagnostics)
	}{{"ours", hcljson.Parse}, {"oracle", ojson.Parse}}
	for _, impl := range impls {
		for _, n := range []int{100_000, 1_000_000, 2_000_000} {
			if impl.name == "oracle" && n > 100_000 && os.Getenv("HCLJSON_BENCH_LARGE") != "1" {
				continue
			}
			src := wideObject(n)
			b.Run(fmt.Sprintf("WideObject/%s/%d", impl.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					f, _ := impl.parse(src, "w.json")
					attrs, diags := f.Body.JustAttributes()
					if diags.HasErrors() || len(attrs) != n {
						b.Fatal(diags)
					}
				}
			})
		}
		for _, lines := range []int{5_000, 25_000} {
			if impl.name == "oracle" && lines > 5_000 && os.Getenv("HCLJSON_BENCH_LARGE") != "1" {
				continue
			}
			src := manyLineTemplate(lines)
			b.Run(fmt.Sprintf("ManyLineTemplate/%s/%d", impl.name, lines), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					f, _ := impl.parse(src, "t.json")
					attrs, _ := f.Body.JustAttributes()
					if _, diags := attrs["a"].Expr.Value(templateCtx); diags.HasErrors() {
						b.Fatal(diags)
					}
				}
			})
		}
		for _, n := range []int{10_000, 100_000} {
			if impl.name == "oracle" && n > 10_000 && os.Getenv("HCLJSON_BENCH_LARGE") != "1" {
				continue
			}
			src := []byte(strings.Repeat("[", n))
			b.Run(fmt.Sprintf("UnclosedArrays/%s/%d", impl.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					if _, diags := impl.parse(src, "u.json"); !diags.HasErrors() {
						b.Fatal("no error")
					}
				}
			})
		}
	}
}

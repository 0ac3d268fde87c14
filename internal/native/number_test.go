package native

import (
	"reflect"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// TestSmallInts: a number is the value cty.ParseNumberVal makes of its
// text, field for field, whether it is parsed or taken from smallInts,
// as an argument, an index and a legacy index; a value handed out stays
// unchanged when a caller changes the copy cty gives it; goroutines share
// the cache (run with -race).
func TestSmallInts(t *testing.T) {
	texts := []string{"0", "7", "42", "999", "1000", "007", "00", "10", "1.5", "1e3", "123456789012345678901234567890"}
	for _, text := range texts {
		_, small := smallInt(text)
		want := cty.MustParseNumberVal(text)
		for round := range 2 { // parsed, then (when small) cached
			src := []byte("a = " + text + "\nb = c[" + text + "]\n")
			if hasDot([]byte(text)) == false {
				src = append(src, "d = e."+text+"\n"...)
			}
			f, why := parse(src, "n.tf", hcl.InitialPos)
			if f == nil {
				t.Fatalf("%s: fell back (%s)", text, why)
			}
			attrs := f.Body.(*hclsyntax.Body).Attributes
			got := []cty.Value{
				attrs["a"].Expr.(*hclsyntax.LiteralValueExpr).Val,
				attrs["b"].Expr.(*hclsyntax.ScopeTraversalExpr).Traversal[1].(hcl.TraverseIndex).Key,
			}
			if d, ok := attrs["d"]; ok {
				got = append(got, d.Expr.(*hclsyntax.ScopeTraversalExpr).Traversal[1].(hcl.TraverseIndex).Key)
			}
			for i, v := range got {
				if !reflect.DeepEqual(v, want) {
					t.Errorf("%s (round %d, use %d, small %v): %#v, want %#v", text, round, i, small, v, want)
				}
			}
			// A caller that changes what cty gives it changes a copy.
			got[0].AsBigFloat().SetInt64(-5)
			if !reflect.DeepEqual(got[0], want) {
				t.Errorf("%s: the value changed with its copy", text)
			}
		}
	}
	if _, ok := smallInt("1000"); ok {
		t.Error("1000 is cached: smallInts has 1000 slots")
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, text := range texts[:4] {
				f, _ := parse([]byte("a = "+text+"\n"), "n.tf", hcl.InitialPos)
				if v := f.Body.(*hclsyntax.Body).Attributes["a"].Expr.(*hclsyntax.LiteralValueExpr).Val; !v.RawEquals(cty.MustParseNumberVal(text)) {
					t.Errorf("%s: %#v", text, v)
				}
			}
		})
	}
	wg.Wait()
}

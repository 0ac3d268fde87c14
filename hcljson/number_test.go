package hcljson_test

import (
	"strconv"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/hcljson"
)

// TestNumberValue checks that a number literal's value, shared for small
// integers, is what cty.ParseNumberVal makes of it: the same number, with
// the same precision, rounding mode and accuracy, asked for twice.
func TestNumberValue(t *testing.T) {
	lits := []string{"0", "-0", "00", "007", "1e3", "-5", "1.0", "1023", "1024", "9999", "10000", "0.5", "", "x", "1x"}
	for n := range 1100 {
		lits = append(lits, strconv.Itoa(n))
	}
	for _, lit := range lits {
		for range 2 {
			got, err := hcljson.NumberValue(lit)
			want, wantErr := cty.ParseNumberVal(lit)
			if (err != nil) != (wantErr != nil) {
				t.Fatalf("numberValue(%q): error %v, ParseNumberVal %v", lit, err, wantErr)
			}
			if err != nil {
				continue
			}
			g, w := got.AsBigFloat(), want.AsBigFloat()
			if !got.RawEquals(want) || g.Prec() != w.Prec() || g.Mode() != w.Mode() || g.Acc() != w.Acc() || g.Signbit() != w.Signbit() ||
				g.Text('g', -1) != w.Text('g', -1) {
				t.Fatalf("numberValue(%q) = %v (prec %d, %v, %v), ParseNumberVal %v (prec %d, %v, %v)",
					lit, g, g.Prec(), g.Mode(), g.Acc(), w, w.Prec(), w.Mode(), w.Acc())
			}
		}
	}
}

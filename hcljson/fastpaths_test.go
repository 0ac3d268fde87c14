package hcljson_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
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

// TestPrintable checks printable, which reads eight bytes at a time,
// against a byte at a time, with each kind of byte (control, printable,
// DEL, high) at every offset of a word.
func TestPrintable(t *testing.T) {
	bytewise := func(b []byte) bool {
		for _, c := range b {
			if c < 0x20 || c > 0x7e {
				return false
			}
		}
		return true
	}
	for _, c := range []byte{0x00, 0x09, 0x0a, 0x1f, 0x20, 'a', 0x7e, 0x7f, 0x80, 0xc3, 0xff} {
		for n := 0; n <= 24; n++ {
			for at := 0; at < n; at++ {
				b := []byte(strings.Repeat("x", n))
				b[at] = c
				if got, want := hcljson.Printable(b), bytewise(b); got != want {
					t.Fatalf("printable(%q) = %v, want %v", b, got, want)
				}
				if at+1 < n {
					b[at+1] = 0x1f // a second one above it
					if got, want := hcljson.Printable(b), bytewise(b); got != want {
						t.Fatalf("printable(%q) = %v, want %v", b, got, want)
					}
				}
			}
		}
	}
}

// TestValueWithFor checks that with a wrap (a caller that meters
// evaluation), a template holding a for expression over a known
// collection is evaluated through the wrap, which sees the ForExpr, and
// not by the quick path, whose cost grows with the collection; that one
// over an unknown collection (nothing evaluated after its colon) may stay
// on the quick path; and that both give what Value gives.
func TestValueWithFor(t *testing.T) {
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{
		"list":    cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}),
		"unknown": cty.UnknownVal(cty.List(cty.String)),
	}}
	for _, tt := range []struct {
		text    string
		wantFor bool
	}{
		{`${[for x in var.list : x]}`, true},
		{`${{for i, x in var.list : x => i}}`, true},
		{"${[\n for x in var.list : [for y in var.list : \"${x}${y}\"]]}", true},
		{`${[for x in var.unknown : [for y in var.list : y]]}`, false}, // nothing after the colon is evaluated
		{`${[for x in var.list : x if x != "b"]}`, true},
	} {
		src, _ := json.Marshal(map[string]string{"a": tt.text})
		f, diags := hcljson.Parse(src, "f.json")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		attrs, _ := f.Body.JustAttributes()
		sawFor := false
		wrap := func(x hclsyntax.Expression) hclsyntax.Expression {
			hclsyntax.VisitAll(x, func(n hclsyntax.Node) hcl.Diagnostics {
				if _, ok := n.(*hclsyntax.ForExpr); ok {
					sawFor = true
				}
				return nil
			})
			return x
		}
		ctx := &hcl.EvalContext{Variables: map[string]cty.Value{"var": cty.ObjectVal(ctx.Variables)}}
		got, diags := hcljson.ValueWith(attrs["a"].Expr, ctx, wrap)
		want, wantDiags := attrs["a"].Expr.Value(ctx)
		if diags.HasErrors() || wantDiags.HasErrors() || !got.RawEquals(want) {
			t.Errorf("%q: ValueWith = %#v %v, Value = %#v %v", tt.text, got, diags, want, wantDiags)
		}
		if sawFor != tt.wantFor {
			t.Errorf("%q: the wrap saw a for expression: %v, want %v", tt.text, sawFor, tt.wantFor)
		}
	}
}

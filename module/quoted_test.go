package module

import (
	"fmt"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestUnquoted checks what Unquoted makes of a legacy quoted reference:
// the expression it holds and the warning on the quoted string; for a
// string that holds no expression, the string itself and the warning
// (the programs warn before they find it is no reference); for anything
// else, the expression as it is and no warning. An object's key, quoted,
// is read the same way.
func TestUnquoted(t *testing.T) {
	const warning = "warning %s Quoted references are deprecated"
	for _, tt := range []struct {
		src  string // the value of a in "a = SRC"
		want string // the expression returned, then the diagnostics
	}{
		{src: `"aws.west"`, want: "*hclsyntax.ScopeTraversalExpr 1,6-1,14; " + fmt.Sprintf(warning, "1,5-1,15")},
		{src: `""`, want: "*hclsyntax.TemplateExpr 1,5-1,7; " + fmt.Sprintf(warning, "1,5-1,7")},
		{src: `"1x"`, want: "*hclsyntax.TemplateExpr 1,5-1,9; " + fmt.Sprintf(warning, "1,5-1,9")},
		{src: `aws.west`, want: "*hclsyntax.ScopeTraversalExpr 1,5-1,13; "},
		{src: `"a${b}"`, want: "*hclsyntax.TemplateExpr 1,5-1,12; "},
		{src: `{ "aws.west" = aws }`, want: "*hclsyntax.ScopeTraversalExpr 1,8-1,16; " + fmt.Sprintf(warning, "1,7-1,17")},
	} {
		f, diags := hclsyntax.ParseConfig([]byte("a = "+tt.src+"\n"), "t.tf", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		attrs, _ := f.Body.JustAttributes()
		expr := attrs["a"].Expr
		if obj, ok := expr.(*hclsyntax.ObjectConsExpr); ok {
			expr = obj.Items[0].KeyExpr // the key, as hcl.ExprMap gives it
		}
		got, diags := Unquoted(expr, "references")
		r := got.Range()
		s := fmt.Sprintf("%T %d,%d-%d,%d; ", got, r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
		for _, d := range diags {
			s += fmt.Sprintf("warning %d,%d-%d,%d %s", d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.End.Line, d.Subject.End.Column, d.Summary)
		}
		if s != tt.want {
			t.Errorf("%s: %s\nwant %s", tt.src, s, tt.want)
		}
	}
}

package template

import (
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	hcljsonoracle "github.com/hashicorp/hcl/v2/json"
)

// oracleExpr parses f with the oracle and returns the expression of the
// attribute "k" inside "locals".
func oracleExpr(t *testing.T, f *testFile) hcl.Expression {
	t.Helper()
	file, diags := hcljsonoracle.Parse(f.bytes, f.name)
	if diags.HasErrors() {
		t.Fatalf("oracle: %s", fmtDiags(diags))
	}
	content, diags := file.Body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "locals"}}})
	if diags.HasErrors() || len(content.Blocks) != 1 {
		t.Fatalf("oracle content: %s", fmtDiags(diags))
	}
	attrs, diags := content.Blocks[0].Body.JustAttributes()
	if diags.HasErrors() || attrs["k"] == nil {
		t.Fatalf("oracle attributes: %s", fmtDiags(diags))
	}
	return attrs["k"].Expr
}

// Without escapes, Template agrees with the oracle on values, diagnostics
// and variables, ranges included.
func TestOracleAgreesWithoutEscapes(t *testing.T) {
	for _, text := range []string{
		"${var.foo}", "a ${var.foo} b ${upper(zed)}", "${nope}", "${", "${ 1 + }", "%{if var.n > 1}a%{endif}",
		"${true}", "${5}", " ${5}", "$${x}", "%%{x}", "plain", "", "é ${nope}", "日本語 ${var.foo} ${upper(1, 2)}",
	} {
		f, src := jsonFile(t, text)
		oracle := oracleExpr(t, f)
		tmpl := Parse(src)
		val, diags := tmpl.Value(testCtx())
		oVal, oDiags := oracle.Value(testCtx())
		if !val.RawEquals(oVal) {
			t.Errorf("%q: Value = %#v, oracle %#v", text, val, oVal)
		}
		if got, want := fmtDiags(diags), fmtDiags(oDiags); got != want {
			t.Errorf("%q: diagnostics =\n%s\noracle:\n%s", text, got, want)
		}
		if got, want := tmpl.Variables(), oracle.Variables(); !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%q: Variables() =\n%#v\noracle:\n%#v", text, got, want)
		}
	}
}

// The deliberate differences: after an escape the oracle's ranges drift
// (hashicorp/hcl#598), and its static traversals start on the quote.
func TestOracleDifferences(t *testing.T) {
	f, src := jsonFile(t, `\"x\" ${bar}`)
	oracleVars := oracleExpr(t, f).Variables()
	vars := Parse(src).Variables()
	if len(vars) != 1 || len(oracleVars) != 1 {
		t.Fatalf("variables: %#v, oracle %#v", vars, oracleVars)
	}
	if got := f.slice(vars[0].SourceRange()); got != "bar" {
		t.Errorf("our range covers %q, want bar", got)
	}
	if got := f.slice(oracleVars[0].SourceRange()); got != "${b" {
		t.Errorf("oracle range covers %q; if it is exact now, update the documentation", got)
	}

	f, src = jsonFile(t, "foo.bar")
	oracleTr, diags := hcl.AbsTraversalForExpr(oracleExpr(t, f))
	if diags.HasErrors() {
		t.Fatal(fmtDiags(diags))
	}
	tr, diags := ParseTraversal(src)
	if diags != nil || len(tr) != 2 || len(oracleTr) != 2 {
		t.Fatalf("traversal %#v %s, oracle %#v", tr, fmtDiags(diags), oracleTr)
	}
	for i := range tr {
		r, o := tr[i].SourceRange(), oracleTr[i].SourceRange()
		if r.Start.Byte != o.Start.Byte+1 || r.Start.Column != o.Start.Column+1 || r.End.Byte != o.End.Byte+1 {
			t.Errorf("step %d: ours %s, oracle %s; want ours one byte and column later", i, r, o)
		}
	}
	if got := f.slice(tr[0].SourceRange()); got != "foo" {
		t.Errorf("our root covers %q, want foo", got)
	}
}

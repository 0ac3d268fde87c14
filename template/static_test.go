package template

import (
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

func TestParseTraversal(t *testing.T) {
	f := newTestFile("s.tf.json", `{"depends_on": ["\tfoo.bar", "aws_instance.web[\"k\"][0]", "foo"]}`)

	got, diags := ParseTraversal(f.str(t, 1))
	want := hcl.Traversal{
		hcl.TraverseRoot{Name: "foo", SrcRange: f.rng(t, "foo", 0)},
		hcl.TraverseAttr{Name: "bar", SrcRange: f.rng(t, ".bar", 0)},
	}
	if diags != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ParseTraversal(\\tfoo.bar) =\n%#v %s\nwant\n%#v", got, fmtDiags(diags), want)
	}
	// The root starts after the quote and the two bytes of \t.
	if r := got[0].SourceRange(); r.String() != "s.tf.json:1,20-23" || r.Start.Byte != 19 {
		t.Errorf("root range = %s byte %d, want s.tf.json:1,20-23 byte 19", r, r.Start.Byte)
	}

	got, diags = ParseTraversal(f.str(t, 2))
	want = hcl.Traversal{
		hcl.TraverseRoot{Name: "aws_instance", SrcRange: f.rng(t, "aws_instance", 0)},
		hcl.TraverseAttr{Name: "web", SrcRange: f.rng(t, ".web", 0)},
		hcl.TraverseIndex{Key: cty.StringVal("k"), SrcRange: f.rng(t, `[\"k\"]`, 0)},
		hcl.TraverseIndex{Key: cty.NumberIntVal(0), SrcRange: f.rng(t, `[0]`, 0)},
	}
	if diags != nil || !sameTraversal(got, want) {
		t.Errorf("ParseTraversal(aws_instance...) =\n%#v %s\nwant\n%#v", got, fmtDiags(diags), want)
	}

	// No escapes: hclsyntax's own ranges, starting after the quote.
	got, diags = ParseTraversal(f.str(t, 3))
	want = hcl.Traversal{hcl.TraverseRoot{Name: "foo", SrcRange: f.rng(t, "foo", 1)}}
	if diags != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ParseTraversal(foo) =\n%#v %s\nwant\n%#v", got, fmtDiags(diags), want)
	}
}

func TestParseTraversalErrors(t *testing.T) {
	f := newTestFile("s.tf.json", `{"a": "\"x\"", "b": "\u0066oo[each.key]", "c": "foo[*].bar"}`)
	_, diags := ParseTraversal(f.str(t, 1))
	want := hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Variable name required",
		Detail:   "Must begin with a variable name.",
		Subject:  rangePtr(f.rng(t, `\"`, 0)), // hclsyntax points at the opening quote
	}}
	if !reflect.DeepEqual(diags, want) {
		t.Errorf("ParseTraversal(\\\"x\\\") diagnostics =\n%s\nwant\n%s", fmtDiags(diags), fmtDiags(want))
	}

	_, diags = ParseTraversal(f.str(t, 3))
	want = hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Index value required",
		Detail:   "Index brackets must contain either a literal number or a literal string.",
		Subject:  rangePtr(f.rng(t, "each", 0)),
		Context:  rangePtr(f.rng(t, `\u0066oo[each`, 0)),
	}}
	if !reflect.DeepEqual(diags, want) {
		t.Errorf("ParseTraversal(foo[each.key]) diagnostics =\n%s\nwant\n%s", fmtDiags(diags), fmtDiags(want))
	}

	// Splats are errors for ParseTraversal, steps for ParseTraversalPartial.
	if _, diags := ParseTraversal(f.str(t, 5)); !diags.HasErrors() {
		t.Errorf("ParseTraversal(foo[*].bar) accepted a splat")
	}
	got, diags := ParseTraversalPartial(f.str(t, 5))
	wantT := hcl.Traversal{
		hcl.TraverseRoot{Name: "foo", SrcRange: f.rng(t, "foo", 0)},
		hcl.TraverseSplat{SrcRange: f.rng(t, "[*]", 0)},
		hcl.TraverseAttr{Name: "bar", SrcRange: f.rng(t, ".bar", 0)},
	}
	if diags != nil || !reflect.DeepEqual(got, wantT) {
		t.Errorf("ParseTraversalPartial(foo[*].bar) =\n%#v %s\nwant\n%#v", got, fmtDiags(diags), wantT)
	}
}

func TestStaticCall(t *testing.T) {
	f := newTestFile("v.tf.json", `{"type": "object({a=string, b=optional(string, \"x\")})"}`)
	call, diags := StaticCall(f.str(t, 1))
	if diags != nil {
		t.Fatalf("StaticCall: %s", fmtDiags(diags))
	}
	if call.Name != "object" || call.NameRange != f.rng(t, "object", 0) || call.ArgsRange != f.rng(t, `({a=string, b=optional(string, \"x\")})`, 0) {
		t.Errorf("call = %s %s %s", call.Name, call.NameRange, call.ArgsRange)
	}
	if len(call.Arguments) != 1 {
		t.Fatalf("%d arguments, want 1", len(call.Arguments))
	}
	arg := call.Arguments[0]
	if got, want := arg.Range(), f.rng(t, `{a=string, b=optional(string, \"x\")}`, 0); got != want {
		t.Errorf("argument range = %s, want %s", got, want)
	}
	if _, ok := hcl.UnwrapExpression(arg).(*hclsyntax.ObjectConsExpr); !ok {
		t.Errorf("argument unwraps to %T, want *hclsyntax.ObjectConsExpr", hcl.UnwrapExpression(arg))
	}
	pairs, diags := hcl.ExprMap(arg)
	if diags != nil || len(pairs) != 2 {
		t.Fatalf("ExprMap: %d pairs %s", len(pairs), fmtDiags(diags))
	}
	if kw := hcl.ExprAsKeyword(pairs[0].Key); kw != "a" || pairs[0].Key.Range() != f.rng(t, "a", 0) {
		t.Errorf("first key = %q at %s", kw, pairs[0].Key.Range())
	}
	opt, diags := hcl.ExprCall(pairs[1].Value)
	if diags != nil || opt.Name != "optional" || opt.NameRange != f.rng(t, "optional", 0) {
		t.Fatalf("second value: %#v %s", opt, fmtDiags(diags))
	}
	def := opt.Arguments[1]
	if v, diags := def.Value(nil); diags != nil || !v.RawEquals(cty.StringVal("x")) || def.Range() != f.rng(t, `\"x\"`, 0) {
		t.Errorf("default = %#v %s at %s, want \"x\" at %s", v, fmtDiags(diags), def.Range(), f.rng(t, `\"x\"`, 0))
	}
}

// ext/typeexpr works through the static-analysis hooks; its diagnostics
// point at the right bytes.
func TestTypeExprThroughParseExpression(t *testing.T) {
	f := newTestFile("v.tf.json", `{"a": "object({a=string, b=optional(string, \"x\")})", "b": "list(strin\u0067x)"}`)
	expr, diags := ParseExpression(f.str(t, 1))
	if diags != nil {
		t.Fatal(fmtDiags(diags))
	}
	ty, defaults, diags := typeexpr.TypeConstraintWithDefaults(expr)
	want := cty.ObjectWithOptionalAttrs(map[string]cty.Type{"a": cty.String, "b": cty.String}, []string{"b"})
	if diags != nil || !ty.Equals(want) || defaults == nil || !defaults.DefaultValues["b"].RawEquals(cty.StringVal("x")) {
		t.Errorf("type = %#v, defaults %#v, %s", ty, defaults, fmtDiags(diags))
	}

	expr, diags = ParseExpression(f.str(t, 3))
	if diags != nil {
		t.Fatal(fmtDiags(diags))
	}
	_, diags = typeexpr.TypeConstraint(expr)
	wantDiags := hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Invalid type specification",
		Detail:   `The keyword "stringx" is not a valid type specification.`,
		Subject:  rangePtr(f.rng(t, `strin\u0067x`, 0)),
	}}
	if !reflect.DeepEqual(diags, wantDiags) {
		t.Errorf("typeexpr diagnostics =\n%s\nwant\n%s", fmtDiags(diags), fmtDiags(wantDiags))
	}
}

func TestStaticCallErrors(t *testing.T) {
	f := newTestFile("v.tf.json", `{"a": "\n foo", "b": "\"\"(", "c": "list(string)"}`)
	call, diags := StaticCall(f.str(t, 1))
	want := hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Invalid expression",
		Detail:   "A static function call is required.",
		Subject:  rangePtr(f.rng(t, "foo", 0)),
	}}
	if call != nil || !reflect.DeepEqual(diags, want) {
		t.Errorf("StaticCall(foo) = %#v,\n%s\nwant nil,\n%s", call, fmtDiags(diags), fmtDiags(want))
	}

	call, diags = StaticCall(f.str(t, 3))
	want = hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Extra characters after expression",
		Detail:   "An expression was successfully parsed, but extra characters were found after it.",
		Subject:  rangePtr(f.rng(t, "(", 0)),
	}}
	if call != nil || !reflect.DeepEqual(diags, want) {
		t.Errorf("StaticCall(\"\"() = %#v,\n%s\nwant nil,\n%s", call, fmtDiags(diags), fmtDiags(want))
	}

	// No escapes: the same as hcl.ExprCall on hclsyntax's own expression.
	src := f.str(t, 5)
	call, diags = StaticCall(src)
	ref, _ := hclsyntax.ParseExpression([]byte(src.Text), src.Filename, src.Start)
	refCall, _ := hcl.ExprCall(ref)
	if diags != nil || !reflect.DeepEqual(call, refCall) || call.NameRange != f.rng(t, "list", 0) {
		t.Errorf("StaticCall(list(string)) = %#v %s, want %#v", call, fmtDiags(diags), refCall)
	}
}

func TestParseExpressionStaticHooks(t *testing.T) {
	f := newTestFile("e.json", `{"a": "[\"a\", b.c]", "b": "\tx.y", "c": "\u00e9t\u00e9"}`)
	expr, diags := ParseExpression(f.str(t, 1))
	if diags != nil {
		t.Fatal(fmtDiags(diags))
	}
	list, diags := hcl.ExprList(expr)
	if diags != nil || len(list) != 2 {
		t.Fatalf("ExprList: %d elements %s", len(list), fmtDiags(diags))
	}
	if list[0].Range() != f.rng(t, `\"a\"`, 0) || list[1].Range() != f.rng(t, "b.c", 0) {
		t.Errorf("element ranges %s %s", list[0].Range(), list[1].Range())
	}
	if got, want := expr.Range(), f.rng(t, `[\"a\", b.c]`, 0); got != want {
		t.Errorf("Range() = %s, want %s", got, want)
	}
	wantVars := []hcl.Traversal{{
		hcl.TraverseRoot{Name: "b", SrcRange: f.rng(t, "b", 0)},
		hcl.TraverseAttr{Name: "c", SrcRange: f.rng(t, ".c", 0)},
	}}
	if got := expr.Variables(); !reflect.DeepEqual(got, wantVars) {
		t.Errorf("Variables() = %#v, want %#v", got, wantVars)
	}
	if _, diags := hcl.ExprMap(expr); len(diags) != 1 || *diags[0].Subject != expr.StartRange() {
		t.Errorf("ExprMap on a tuple: %s", fmtDiags(diags))
	}

	expr, _ = ParseExpression(f.str(t, 3))
	tr, diags := hcl.AbsTraversalForExpr(expr)
	wantT := hcl.Traversal{
		hcl.TraverseRoot{Name: "x", SrcRange: f.rng(t, "x", 0)},
		hcl.TraverseAttr{Name: "y", SrcRange: f.rng(t, ".y", 0)},
	}
	if diags != nil || !reflect.DeepEqual(tr, wantT) {
		t.Errorf("AbsTraversalForExpr = %#v %s, want %#v", tr, fmtDiags(diags), wantT)
	}
	rel, diags := hcl.RelTraversalForExpr(expr)
	if diags != nil || rel[0].SourceRange() != f.rng(t, "x", 0) {
		t.Errorf("RelTraversalForExpr = %#v %s", rel, fmtDiags(diags))
	}

	expr, _ = ParseExpression(f.str(t, 5))
	if kw := hcl.ExprAsKeyword(expr); kw != "été" {
		t.Errorf("ExprAsKeyword = %q, want été", kw)
	}
	if got, want := expr.Range(), f.rng(t, `\u00e9t\u00e9`, 0); got != want {
		t.Errorf("Range() = %s, want %s", got, want)
	}
}

// sameTraversal compares traversals step by step; index keys are compared
// with cty equality, since parsed numbers carry a different precision than
// cty.NumberIntVal.
func sameTraversal(a, b hcl.Traversal) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].SourceRange() != b[i].SourceRange() || reflect.TypeOf(a[i]) != reflect.TypeOf(b[i]) {
			return false
		}
		switch x := a[i].(type) {
		case hcl.TraverseRoot:
			if x.Name != b[i].(hcl.TraverseRoot).Name {
				return false
			}
		case hcl.TraverseAttr:
			if x.Name != b[i].(hcl.TraverseAttr).Name {
				return false
			}
		case hcl.TraverseIndex:
			if !x.Key.Equals(b[i].(hcl.TraverseIndex).Key).True() {
				return false
			}
		}
	}
	return true
}

// TestWithin takes apart an expression parsed from an escaped string, as
// a reader of OpenTofu's provider reference aws.w\u00e9st[each.key] does:
// the collection and the key, reached through hcl.UnwrapExpression, are
// exact in the file when read through Within, and so are their
// traversals; without escapes the nodes are returned as they are.
func TestWithin(t *testing.T) {
	f := newTestFile("s.tf.json", `{"provider": "aws.w\u00e9st[\"\ud83d\ude00\"][each.k\u0065y]", "p": "aws.west[each.key]"}`)
	x, diags := ParseExpression(f.str(t, 1))
	if diags.HasErrors() {
		t.Fatal(fmtDiags(diags))
	}
	ix, ok := hcl.UnwrapExpression(x).(*hclsyntax.IndexExpr)
	if !ok {
		t.Fatalf("unwrapped %T, want *hclsyntax.IndexExpr", hcl.UnwrapExpression(x))
	}
	coll, key := Within(x, ix.Collection), Within(x, ix.Key)
	if got, want := coll.Range(), f.rng(t, `aws.w\u00e9st[\"\ud83d\ude00\"]`, 0); got != want {
		t.Errorf("collection %s %q, want %s", got, f.slice(got), want)
	}
	if got, want := key.Range(), f.rng(t, `each.k\u0065y`, 0); got != want {
		t.Errorf("key %s %q, want %s", got, f.slice(got), want)
	}
	tr, diags := hcl.AbsTraversalForExpr(coll)
	if diags.HasErrors() || len(tr) != 3 {
		t.Fatalf("collection traversal %#v %s", tr, fmtDiags(diags))
	}
	for i, sub := range []string{"aws", `.w\u00e9st`, `[\"\ud83d\ude00\"]`} {
		if got, want := tr[i].SourceRange(), f.rng(t, sub, 0); got != want {
			t.Errorf("step %d %s %q, want %s", i, got, f.slice(got), want)
		}
	}
	vars := key.Variables()
	if len(vars) != 1 || vars[0].SourceRange() != f.rng(t, `each.k\u0065y`, 0) {
		t.Errorf("key variables %#v", vars)
	}
	if Within(x, coll) != coll {
		t.Error("Within of a node already mapped maps it again")
	}

	// No escapes: hclsyntax's ranges are exact, the node is itself.
	y, _ := ParseExpression(f.str(t, 3))
	iy := y.(*hclsyntax.IndexExpr)
	if Within(y, iy.Key) != iy.Key || iy.Key.Range() != f.rng(t, "each.key", 0) {
		t.Errorf("Within without a map = %#v", Within(y, iy.Key))
	}
}

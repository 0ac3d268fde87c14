package hcltest

import (
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// The renderer does not care which syntax produced a body, so these tests
// use the native syntax; the JSON syntax is exercised by the differential
// tests in package hcljson.

const goldenSrc = `a = var.n
b = "x${upper(var.foo)}"
extra = 1
blk "l1" {
  x = [1, local.name]
  y = { k = 2 }
}
blk "l2" {
  q = 1
}
`

func parseNative(t *testing.T, src string) hcl.Body {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(src), "t.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parse: %s", RenderDiags(diags))
	}
	return f.Body
}

func parseNativeExpr(t *testing.T, src string) hcl.Expression {
	t.Helper()
	e, diags := hclsyntax.ParseExpression([]byte(src), "e.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parse: %s", RenderDiags(diags))
	}
	return e
}

func checkText(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("rendering differs\n--- got\n%s--- want\n%s", got, want)
	}
}

func TestRenderBodyPartial(t *testing.T) {
	body := parseNative(t, goldenSrc)
	s := MustParseSchema("partial\nattr a\nattr! c\nblock blk name {\n  attr x\n  attr y\n}")
	checkText(t, RenderBody(body, s, EvalContext()), `missing t.hcl:1,1-1
content-missing t.hcl:1,1-1
attr "a"
  range t.hcl:1,1-10
  name t.hcl:1,1-2
  expr t.hcl:1,5-10
  expr-start t.hcl:1,5-10
  literal unknown dynamic
    t.hcl:1,5-8: error: Variables not allowed; Variables may not be used here. (expr t.hcl:1,5-10)
  value number 1
  vars
    var.n t.hcl:1,5-10 (t.hcl:1,5-8 t.hcl:1,8-10)
block "blk" "l1"
  type t.hcl:4,1-4
  labels [t.hcl:4,5-9]
  def t.hcl:4,1-9
  body
    missing t.hcl:4,10-10
    content-missing t.hcl:4,10-10
    attr "x"
      range t.hcl:5,3-22
      name t.hcl:5,3-4
      expr t.hcl:5,7-22
      expr-start t.hcl:5,7-8
      literal tuple [number 1, unknown dynamic]
        t.hcl:5,11-16: error: Variables not allowed; Variables may not be used here. (expr t.hcl:5,11-21)
      value tuple [number 1, string "loc"]
      vars
        local.name t.hcl:5,11-21 (t.hcl:5,11-16 t.hcl:5,16-21)
    attr "y"
      range t.hcl:6,3-16
      name t.hcl:6,3-4
      expr t.hcl:6,7-16
      expr-start t.hcl:6,7-8
      literal object {"k" = number 2}
      value object {"k" = number 2}
block "blk" "l2"
  type t.hcl:8,1-4
  labels [t.hcl:8,5-9]
  def t.hcl:8,1-9
  body
    missing t.hcl:8,10-10
    content-missing t.hcl:8,10-10
    diagnostics
      t.hcl:9,3-4: error: Unsupported argument; An argument named "q" is not expected here. Did you mean "x"?
diagnostics
  t.hcl:1,1-1: error: Missing required argument; The argument "c" is required, but no definition was found.
remain
  missing t.hcl:1,1-1
  attr "b"
    range t.hcl:2,1-25
    name t.hcl:2,1-2
    expr t.hcl:2,5-25
    expr-start t.hcl:2,6-7
    literal unknown string (notnull)
      t.hcl:2,9-23: error: Function calls not allowed; Functions may not be called here. (expr t.hcl:2,9-23)
    value string "xFOO"
    vars
      var.foo t.hcl:2,15-22 (t.hcl:2,15-18 t.hcl:2,18-22)
  attr "extra"
    range t.hcl:3,1-10
    name t.hcl:3,1-6
    expr t.hcl:3,9-10
    expr-start t.hcl:3,9-10
    literal number 1
    value number 1
  diagnostics
    t.hcl:4,1-4: error: Unexpected "blk" block; Blocks are not allowed here.
`)
}

func TestRenderBodyAttrs(t *testing.T) {
	body := parseNative(t, "z = 1\na = \"${local.unknown}\"\n")
	checkText(t, RenderBody(body, MustParseSchema("attrs"), nil), `missing t.hcl:1,1-1
attr "z"
  range t.hcl:1,1-6
  name t.hcl:1,1-2
  expr t.hcl:1,5-6
  expr-start t.hcl:1,5-6
  literal number 1
  value number 1
attr "a"
  range t.hcl:2,1-23
  name t.hcl:2,1-2
  expr t.hcl:2,5-23
  expr-start t.hcl:2,5-23
  literal unknown dynamic
    t.hcl:2,8-13: error: Variables not allowed; Variables may not be used here. (expr t.hcl:2,8-21)
  value unknown dynamic
    t.hcl:2,8-13: error: Variables not allowed; Variables may not be used here. (expr t.hcl:2,8-21)
  vars
    local.unknown t.hcl:2,8-21 (t.hcl:2,8-13 t.hcl:2,13-21)
`)
}

func TestRenderExprCall(t *testing.T) {
	checkText(t, RenderExpr(parseNativeExpr(t, `upper(var.foo)`), EvalContext()), `expr e.hcl:1,1-15
expr-start e.hcl:1,1-7
literal unknown dynamic
  e.hcl:1,1-15: error: Function calls not allowed; Functions may not be called here. (expr e.hcl:1,1-15)
value string "FOO"
vars
  var.foo e.hcl:1,7-14 (e.hcl:1,7-10 e.hcl:1,10-14)
list - e.hcl:1,1-7: error: Invalid expression; A static list expression is required.
map - e.hcl:1,1-7: error: Invalid expression; A static map expression is required.
call "upper" name e.hcl:1,1-6 args e.hcl:1,6-15
  arg e.hcl:1,7-14 start e.hcl:1,7-14 literal unknown dynamic
    e.hcl:1,7-10: error: Variables not allowed; Variables may not be used here. (expr e.hcl:1,7-14)
    vars
      var.foo e.hcl:1,7-14 (e.hcl:1,7-10 e.hcl:1,10-14)
abs - e.hcl:1,1-15: error: Invalid expression; A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.
rel - e.hcl:1,1-15: error: Invalid expression; A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.
keyword ""
`)
}

func TestRenderExprMap(t *testing.T) {
	checkText(t, RenderExpr(parseNativeExpr(t, `{a = [1, "x"], "b" = nosuch}`), EvalContext()), `expr e.hcl:1,1-29
expr-start e.hcl:1,1-2
literal object {"a" = tuple [number 1, string "x"], "b" = unknown dynamic}
  e.hcl:1,22-28: error: Variables not allowed; Variables may not be used here. (expr e.hcl:1,22-28)
value object {"a" = tuple [number 1, string "x"], "b" = unknown dynamic}
  e.hcl:1,22-28: error: Unknown variable; There is no variable named "nosuch". (expr e.hcl:1,22-28) (evalctx)
vars
  nosuch e.hcl:1,22-28 (e.hcl:1,22-28)
list - e.hcl:1,1-2: error: Invalid expression; A static list expression is required.
map 2
  key e.hcl:1,2-3 start e.hcl:1,2-3 literal string "a"
    value string "a"
  val e.hcl:1,6-14 start e.hcl:1,6-7 literal tuple [number 1, string "x"]
  key e.hcl:1,16-19 start e.hcl:1,17-18 literal string "b"
    value string "b"
  val e.hcl:1,22-28 start e.hcl:1,22-28 literal unknown dynamic
    e.hcl:1,22-28: error: Variables not allowed; Variables may not be used here. (expr e.hcl:1,22-28)
call - e.hcl:1,1-2: error: Invalid expression; A static function call is required.
abs - e.hcl:1,1-29: error: Invalid expression; A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.
rel - e.hcl:1,1-29: error: Invalid expression; A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.
keyword ""
`)
}

func TestRenderExprOptions(t *testing.T) {
	o := Options{Bytes: true, StaticShift: 1}
	checkText(t, o.RenderExpr(parseNativeExpr(t, `var.list[0]`), EvalContext()), `expr e.hcl:1,1-12@0-11
expr-start e.hcl:1,1-12@0-11
literal unknown dynamic
  e.hcl:1,1-4@0-3: error: Variables not allowed; Variables may not be used here. (expr e.hcl:1,1-12@0-11)
value string "a"
vars
  var.list[number 0] e.hcl:1,1-12@0-11 (e.hcl:1,1-4@0-3 e.hcl:1,4-9@3-8 e.hcl:1,9-12@8-11)
list - e.hcl:1,1-12@0-11: error: Invalid expression; A static list expression is required.
map - e.hcl:1,1-12@0-11: error: Invalid expression; A static map expression is required.
call - e.hcl:1,1-12@0-11: error: Invalid expression; A static function call is required.
abs var.list[number 0] e.hcl:1,2-13@1-12 (e.hcl:1,2-5@1-4 e.hcl:1,5-10@4-9 e.hcl:1,10-13@9-12)
rel .var.list[number 0] e.hcl:1,2-13@1-12 (e.hcl:1,2-5@1-4 e.hcl:1,5-10@4-9 e.hcl:1,10-13@9-12)
keyword ""
`)
}

func TestRenderValue(t *testing.T) {
	bigF := func(s string) cty.Value {
		v, err := cty.ParseNumberVal(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	negZero := new(big.Float).Neg(new(big.Float))
	tests := []struct {
		v    cty.Value
		want string
	}{
		{cty.StringVal("x\"\n"), `string "x\"\n"`},
		{cty.NumberIntVal(1), `number 1`},
		{cty.NumberFloatVal(1.5), `number 1.5 (0x.cp+1)`},
		{bigF("9007199254740993"), `number 9007199254740993`},
		{bigF("123456789012345678901234567890"), `number 123456789012345678901234567890`},
		{cty.NumberVal(negZero), `number -0`},
		{bigF("1e100"), `number 1` + strings.Repeat("0", 100)},
		{cty.PositiveInfinity, `number +Inf`},
		{cty.NegativeInfinity, `number -Inf`},
		{bigF("0.1"), `number 0.1 (0x.cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccdp-3)`},
		{cty.True, `bool true`},
		{cty.False, `bool false`},
		{cty.NullVal(cty.DynamicPseudoType), `null dynamic`},
		{cty.NullVal(cty.List(cty.String)), `null list(string)`},
		{cty.DynamicVal, `unknown dynamic`},
		{cty.UnknownVal(cty.String).RefineNotNull(), `unknown string (notnull)`},
		// cty keeps only the part of a prefix no later character can change.
		{cty.UnknownVal(cty.String).Refine().StringPrefix("ab").NewValue(), `unknown string (prefix "a")`},
		{cty.UnknownVal(cty.Number).Refine().NumberRangeInclusive(cty.NumberIntVal(1), cty.NumberIntVal(3)).NewValue(), `unknown number (>= 1, <= 3)`},
		{cty.UnknownVal(cty.List(cty.Bool)).Refine().CollectionLengthLowerBound(2).NewValue(), `unknown list(bool) (len >= 2)`},
		{cty.StringVal("s").Mark("b").Mark("a"), `marked(a,b) string "s"`},
		{cty.EmptyTupleVal, `tuple []`},
		{cty.TupleVal([]cty.Value{cty.StringVal("a"), cty.NumberIntVal(1).Mark("m")}), `tuple [string "a", marked(m) number 1]`},
		{cty.ListValEmpty(cty.String), `list(string) []`},
		{cty.SetVal([]cty.Value{cty.StringVal("b"), cty.StringVal("a")}), `set(string) [string "a", string "b"]`},
		{cty.MapVal(map[string]cty.Value{"k": cty.NumberIntVal(2)}), `map(number) {"k" = number 2}`},
		{cty.EmptyObjectVal, `object {}`},
		{cty.ObjectVal(map[string]cty.Value{"b": cty.True, "a b": cty.NullVal(cty.Object(map[string]cty.Type{"z": cty.String, "y": cty.Tuple([]cty.Type{cty.Bool})}))}),
			`object {"a b" = null object({"y"=tuple([bool]), "z"=string}), "b" = bool true}`},
		{cty.NilVal, `<nilval>`},
	}
	// Beyond 2^±4096 only the exact binary form is written: a decimal
	// 1e1000000000 would take gigabytes.
	for _, lit := range []string{"-1e1234", "1e-5000", "1e1000000000", "1.5e-900000000"} {
		f := bigF(lit).AsBigFloat()
		want := "number " + f.Text('p', 0)
		tests = append(tests, struct {
			v    cty.Value
			want string
		}{bigF(lit), want})
		if len(want) > 150 {
			t.Errorf("%s renders in %d bytes", lit, len(want))
		}
	}
	for _, tt := range tests {
		if got := RenderValue(tt.v); got != tt.want {
			t.Errorf("RenderValue(%#v)\n got %s\nwant %s", tt.v, got, tt.want)
		}
	}
}

func TestRenderTraversal(t *testing.T) {
	trav := hcl.Traversal{
		hcl.TraverseRoot{Name: "a"},
		hcl.TraverseAttr{Name: "b"},
		hcl.TraverseIndex{Key: cty.NumberIntVal(0)},
		hcl.TraverseIndex{Key: cty.StringVal("k")},
		hcl.TraverseSplat{},
	}
	checkText(t, RenderTraversal(trav), `a.b[number 0][string "k"][*]`)
	checkText(t, RenderTraversal(hcl.Traversal{hcl.TraverseAttr{Name: "x"}}), `.x`)
}

func TestRenderDiags(t *testing.T) {
	subj := hcl.Range{Filename: "t.json", Start: hcl.Pos{Line: 1, Column: 2, Byte: 1}, End: hcl.Pos{Line: 2, Column: 1, Byte: 9}}
	ctxR := hcl.Range{Filename: "t.json", Start: hcl.Pos{Line: 1, Column: 1, Byte: 0}, End: hcl.Pos{Line: 1, Column: 3, Byte: 2}}
	expr := parseNativeExpr(t, "x")
	diags := hcl.Diagnostics{
		{Severity: hcl.DiagError, Summary: "No subject", Detail: "Two\nlines."},
		{Severity: hcl.DiagWarning, Summary: "Warned", Detail: "D.", Subject: &subj, Context: &ctxR},
		{Severity: hcl.DiagError, Summary: "Everything", Detail: "", Subject: &ctxR, Expression: expr, EvalContext: EvalContext(), Extra: 1},
		{Summary: "No severity"},
	}
	want := `-: error: No subject; Two\nlines.
t.json:1,2-2,1: warning: Warned; D. (context t.json:1,1-3)
t.json:1,1-3: error: Everything;  (expr e.hcl:1,1-2) (evalctx) (extra int)
-: invalid: No severity; 
`
	checkText(t, RenderDiags(diags), want)
	wantBytes := strings.Replace(want, "t.json:1,2-2,1:", "t.json:1,2-2,1@1-9:", 1)
	wantBytes = strings.ReplaceAll(wantBytes, "t.json:1,1-3", "t.json:1,1-3@0-2")
	wantBytes = strings.Replace(wantBytes, "e.hcl:1,1-2", "e.hcl:1,1-2@0-1", 1)
	checkText(t, Options{Bytes: true}.RenderDiags(diags), wantBytes)
	masked := Options{Mask: func(r hcl.Range) bool { return r.Filename == "e.hcl" }}
	checkText(t, masked.RenderDiags(diags[2:3]), "t.json:1,1-3: error: Everything;  (expr ~) (evalctx) (extra int)\n")
}

func TestDedupeDiags(t *testing.T) {
	// The same body and schema; the native syntax reports each unsupported
	// argument once, so duplicates are built by decoding a merged body of
	// the same file twice.
	f, _ := hclsyntax.ParseConfig([]byte("x = 1\n"), "t.hcl", hcl.InitialPos)
	merged := hcl.MergeFiles([]*hcl.File{f, f})
	s := MustParseSchema("")
	want := `missing t.hcl:1,1-1
content-missing :0,0-0
diagnostics
  t.hcl:1,1-2: error: Unsupported argument; An argument named "x" is not expected here.
`
	checkText(t, Options{DedupeDiags: true}.RenderBody(merged, s, nil), want)
	twice := strings.Replace(want, "diagnostics\n", "diagnostics\n"+`  t.hcl:1,1-2: error: Unsupported argument; An argument named "x" is not expected here.`+"\n", 1)
	checkText(t, RenderBody(merged, s, nil), twice)
}

func TestEvalContext(t *testing.T) {
	ctx := EvalContext()
	for _, tt := range []struct{ expr, want string }{
		{`var.foo`, `string "foo"`},
		{`var.n`, `number 1`},
		{`var.list`, `list(string) [string "a", string "b"]`},
		{`var.secret`, `marked(sensitive) string "s"`},
		{`local.name`, `string "loc"`},
		{`local.num`, `number 2.5 (0x.ap+2)`},
		{`local.obj`, `object {"a" = string "b"}`},
		{`local.unknown`, `unknown string`},
		{`local.null`, `null string`},
		{`local.any`, `unknown dynamic`},
		{`count.index`, `number 0`},
		{`upper("a")`, `string "A"`},
		{`length(var.list)`, `number 2`},
		{`jsonencode({a = 1})`, `string "{\"a\":1}"`},
	} {
		v, diags := parseNativeExpr(t, tt.expr).Value(ctx)
		if diags.HasErrors() {
			t.Errorf("%s: %s", tt.expr, RenderDiags(diags))
			continue
		}
		if got := RenderValue(v); got != tt.want {
			t.Errorf("%s = %s, want %s", tt.expr, got, tt.want)
		}
	}
	// Each call returns a fresh context.
	EvalContext().Variables["var"] = cty.NullVal(cty.DynamicPseudoType)
	if got := RenderValue(EvalContext().Variables["count"]); got != `object {"index" = number 0}` {
		t.Errorf("count = %s", got)
	}
}

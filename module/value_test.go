package module

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/apparentlymart/go-textseg/v15/textseg"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// TestReadValueRanges reads, in each mode, a JSON string whose escapes
// (\", \\, \n, \u00e9, a surrogate pair) and multi-byte text come before
// what is reported or handed out, and checks every range byte-exact in
// the file: line, column and byte of Start and End, and the bytes they
// span (spec.md D11). The value is a's in "{\n  \"a\": VALUE\n}", on line
// 2 from column 8 (byte 9); an array's first element is read.
func TestReadValueRanges(t *testing.T) {
	for _, tt := range []struct {
		name  string
		mode  schema.Mode
		value string
		want  string
	}{{
		// The reproduction of issue 23 item 13: the end of the text is
		// the closing quote, two bytes after where the unescaped text
		// would put it.
		name:  "native expression ends early",
		mode:  schema.NativeExpr,
		value: `["aws_instance.b[\"k\"].id +"]`,
		want: `diag error Missing expression 2,36,37-2,36,37 ||
expr 2,10,11-2,34,35 |aws_instance.b[\"k\"].id|
var aws_instance.b["k"].id 2,10,11-2,34,35 |aws_instance.b[\"k\"].id|
  step 2,10,11-2,22,23 |aws_instance|
  step 2,22,23-2,24,25 |.b|
  step 2,24,25-2,31,32 |[\"k\"]|
  step 2,31,32-2,34,35 |.id|
`,
	}, {
		name:  "native expression over escaped lines",
		mode:  schema.NativeExpr,
		value: `"{\n  \"\u00e9\" = local.a[\"\ud83d\ude00\"],\n  b = 😀\n}"`,
		want: `diag error Invalid character 2,61,62-2,62,66 |😀|
diag error Invalid expression 2,61,62-2,62,66 |😀|
expr 2,9,10-2,65,69 |{\n  \"\u00e9\" = local.a[\"\ud83d\ude00\"],\n  b = 😀\n}|
var local.a["😀"] 2,27,28-2,52,53 |local.a[\"\ud83d\ude00\"]|
  step 2,27,28-2,32,33 |local|
  step 2,32,33-2,34,35 |.a|
  step 2,34,35-2,52,53 |[\"\ud83d\ude00\"]|
`,
	}, {
		name:  "native expression variables",
		mode:  schema.NativeExpr,
		value: `"\"\u00e9\\\\\" == local.a[\"\ud83d\ude00\"].b"`,
		want: `expr 2,9,10-2,54,55 |\"\u00e9\\\\\" == local.a[\"\ud83d\ude00\"].b|
var local.a["😀"].b 2,27,28-2,54,55 |local.a[\"\ud83d\ude00\"].b|
  step 2,27,28-2,32,33 |local|
  step 2,32,33-2,34,35 |.a|
  step 2,34,35-2,52,53 |[\"\ud83d\ude00\"]|
  step 2,52,53-2,54,55 |.b|
`,
	}, {
		name:  "provider reference with an instance key",
		mode:  schema.ProviderRef,
		value: `"aws.w\u00e9st[each.k\u0065y]"`,
		want: `expr 2,9,10-2,37,38 |aws.w\u00e9st[each.k\u0065y]|
traversal 2,9,10-2,22,23 |aws.w\u00e9st|
  step 2,9,10-2,12,13 |aws|
  step 2,12,13-2,22,23 |.w\u00e9st|
key 2,23,24-2,36,37 |each.k\u0065y|
`,
	}, {
		name:  "provider reference that does not parse",
		mode:  schema.ProviderRef,
		value: `"aws.w\u00e9st[\"\ud83d\ude00\"] + 😀"`,
		want: `diag error Invalid character 2,43,44-2,44,48 |😀|
diag error Invalid expression 2,43,44-2,44,48 |😀|
expr 2,9,10-2,40,41 |aws.w\u00e9st[\"\ud83d\ude00\"]|
var aws.wést["😀"] 2,9,10-2,40,41 |aws.w\u00e9st[\"\ud83d\ude00\"]|
  step 2,9,10-2,12,13 |aws|
  step 2,12,13-2,22,23 |.w\u00e9st|
  step 2,22,23-2,40,41 |[\"\ud83d\ude00\"]|
`,
	}, {
		name:  "type",
		mode:  schema.TypeExpr,
		value: `"object({\n\tn\u00e9 = string,\n\tb = strin})"`,
		want: `diag error Invalid type specification 2,46,47-2,51,52 |strin|
expr 2,8,9-2,54,55 |"object({\n\tn\u00e9 = string,\n\tb = strin})"|
type object
`,
	}, {
		name:  "absolute traversal",
		mode:  schema.AbsTraversal,
		value: `["aws_instance.b[\"k\"].\u00e9"]`,
		want: `expr 2,9,10-2,39,40 |"aws_instance.b[\"k\"].\u00e9"|
traversal 2,10,11-2,38,39 |aws_instance.b[\"k\"].\u00e9|
  step 2,10,11-2,22,23 |aws_instance|
  step 2,22,23-2,24,25 |.b|
  step 2,24,25-2,31,32 |[\"k\"]|
  step 2,31,32-2,38,39 |.\u00e9|
`,
	}, {
		name:  "absolute traversal that does not read",
		mode:  schema.AbsTraversal,
		value: `["aws_instance.b[\"k\"] +"]`,
		want: `diag error Invalid expression 2,9,10-2,34,35 |"aws_instance.b[\"k\"] +"|
expr 2,9,10-2,34,35 |"aws_instance.b[\"k\"] +"|
`,
	}, {
		name:  "relative traversal",
		mode:  schema.RelTraversal,
		value: `["t\u00e4gs[\"\\\\\"].x"]`,
		want: `expr 2,9,10-2,32,33 |"t\u00e4gs[\"\\\\\"].x"|
traversal 2,10,11-2,31,32 |t\u00e4gs[\"\\\\\"].x|
  step 2,10,11-2,19,20 |t\u00e4gs|
  step 2,19,20-2,29,30 |[\"\\\\\"]|
  step 2,29,30-2,31,32 |.x|
`,
	}, {
		name:  "keyword",
		mode:  schema.Keyword,
		value: `"\u0064estroy"`,
		want: `expr 2,8,9-2,22,23 |"\u0064estroy"|
keyword destroy
`,
	}, {
		name:  "literal",
		mode:  schema.Literal,
		value: `"\"\u00e9\\ ${x}"`,
		want: `expr 2,8,9-2,25,26 |"\"\u00e9\\ ${x}"|
var x 2,22,23-2,23,24 |x|
  step 2,22,23-2,23,24 |x|
value "\"é\\ ${x}"
`,
	}, {
		// A template is read when it is evaluated: nothing is
		// reported here, and the expression's own diagnostics are
		// exact (package hcljson).
		name:  "template",
		mode:  schema.Expression,
		value: `"\"\u00e9\\\n😀 ${1 +}"`,
		want: `expr 2,8,9-2,30,34 |"\"\u00e9\\\n😀 ${1 +}"|
evaluated error Invalid expression 2,28,32-2,29,33 |}|
`,
	}} {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte("{\n  \"a\": " + tt.value + "\n}\n")
			f, diags := hcljson.Parse(src, "t.tf.json")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			attrs, _ := f.Body.JustAttributes()
			expr := attrs["a"].Expr
			if list, diags := hcl.ExprList(expr); !diags.HasErrors() {
				expr = list[0]
			}
			v, diags := ReadValue(expr, tt.mode, false)
			got := renderValue(t, src, v, diags)
			if tt.mode == schema.Expression {
				_, ediags := v.Expr.Value(&hcl.EvalContext{})
				for _, d := range ediags {
					got += fmt.Sprintf("evaluated %s\n", renderDiag(t, src, d))
				}
			}
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestReadValueNative reads values of the native syntax in the modes that
// parse JSON strings: the expression itself, OpenTofu's provider
// reference with an instance key taken apart, and a legacy quoted
// reference read as what it holds, with the warning.
func TestReadValueNative(t *testing.T) {
	for _, tt := range []struct {
		mode   schema.Mode
		quoted bool
		value  string
		want   string
	}{
		{mode: schema.NativeExpr, value: `aws_instance.b["k"].id`, want: `expr 1,5,4-1,27,26 |aws_instance.b["k"].id|
var aws_instance.b["k"].id 1,5,4-1,27,26 |aws_instance.b["k"].id|
  step 1,5,4-1,17,16 |aws_instance|
  step 1,17,16-1,19,18 |.b|
  step 1,19,18-1,24,23 |["k"]|
  step 1,24,23-1,27,26 |.id|
`},
		{mode: schema.ProviderRef, value: `aws.west[each.key]`, want: `expr 1,5,4-1,23,22 |aws.west[each.key]|
traversal 1,5,4-1,13,12 |aws.west|
  step 1,5,4-1,8,7 |aws|
  step 1,8,7-1,13,12 |.west|
key 1,14,13-1,22,21 |each.key|
`},
		{mode: schema.ProviderRef, quoted: true, value: `"aws.west"`, want: `diag warning Quoted references are deprecated 1,5,4-1,15,14 |"aws.west"|
expr 1,6,5-1,14,13 |aws.west|
traversal 1,6,5-1,14,13 |aws.west|
  step 1,6,5-1,9,8 |aws|
  step 1,9,8-1,14,13 |.west|
`},
		{mode: schema.Keyword, quoted: true, value: `"destroy"`, want: `diag warning Quoted keywords are deprecated 1,5,4-1,14,13 |"destroy"|
expr 1,6,5-1,13,12 |destroy|
keyword destroy
`},
		{mode: schema.TypeExpr, value: `list`, want: `expr 1,5,4-1,9,8 |list|
type list of dynamic
`},
	} {
		t.Run(tt.mode.String()+" "+tt.value, func(t *testing.T) {
			src := []byte("a = " + tt.value + "\n")
			f, diags := hclsyntax.ParseConfig(src, "t.tf", hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			attrs, _ := f.Body.JustAttributes()
			v, diags := ReadValue(attrs["a"].Expr, tt.mode, tt.quoted)
			if got := renderValue(t, src, v, diags); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestReadValueNotString: a JSON value that is no string holds no native
// expression.
func TestReadValueNotString(t *testing.T) {
	src := []byte(`{"a": 1}`)
	f, _ := hcljson.Parse(src, "t.tf.json")
	attrs, _ := f.Body.JustAttributes()
	for _, mode := range []schema.Mode{schema.NativeExpr, schema.ProviderRef} {
		v, diags := ReadValue(attrs["a"].Expr, mode, false)
		want := `diag error Invalid expression 1,7,6-1,8,7 |1|
`
		if got := renderValue(t, src, v, diags); got != want {
			t.Errorf("%v: got\n%s\nwant\n%s", mode, got, want)
		}
	}
}

// renderValue renders what ReadValue returned, each range with the bytes
// it spans in src.
func renderValue(t *testing.T, src []byte, v Value, diags hcl.Diagnostics) string {
	t.Helper()
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "diag %s\n", renderDiag(t, src, d))
	}
	if v.Expr != nil {
		fmt.Fprintf(&b, "expr %s\n", renderRange(t, src, v.Expr.Range()))
	}
	if (v.Expr != nil) && (v.Traversal == nil) && v.Keyword == "" && v.Type == cty.NilType {
		for _, tr := range v.Expr.Variables() {
			fmt.Fprintf(&b, "var %s %s\n", traversalName(tr), renderRange(t, src, tr.SourceRange()))
			for _, step := range tr {
				fmt.Fprintf(&b, "  step %s\n", renderRange(t, src, step.SourceRange()))
			}
		}
	}
	if v.Traversal != nil {
		fmt.Fprintf(&b, "traversal %s\n", renderRange(t, src, v.Traversal.SourceRange()))
		for _, step := range v.Traversal {
			fmt.Fprintf(&b, "  step %s\n", renderRange(t, src, step.SourceRange()))
		}
	}
	if v.Key != nil {
		fmt.Fprintf(&b, "key %s\n", renderRange(t, src, v.Key.Range()))
	}
	if v.Keyword != "" {
		fmt.Fprintf(&b, "keyword %s\n", v.Keyword)
	}
	if v.Type != cty.NilType {
		fmt.Fprintf(&b, "type %s\n", v.Type.FriendlyName())
	}
	if v.Val != cty.NilVal {
		fmt.Fprintf(&b, "value %q\n", v.Val.AsString())
	}
	return b.String()
}

func renderDiag(t *testing.T, src []byte, d *hcl.Diagnostic) string {
	t.Helper()
	sev := "error"
	if d.Severity == hcl.DiagWarning {
		sev = "warning"
	}
	return fmt.Sprintf("%s %s %s", sev, d.Summary, renderRange(t, src, *d.Subject))
}

// renderRange writes r as LINE,COLUMN,BYTE-LINE,COLUMN,BYTE and the bytes
// it spans between bars, after checking that each position's line and column are
// those of its byte in src (lines counted at '\n', columns in grapheme
// clusters), so that the three agree and the bytes shown are where the
// range points.
func renderRange(t *testing.T, src []byte, r hcl.Range) string {
	t.Helper()
	for _, p := range []hcl.Pos{r.Start, r.End} {
		if p.Byte < 0 || p.Byte > len(src) {
			t.Fatalf("byte %d outside the source", p.Byte)
		}
		lineStart := bytes.LastIndexByte(src[:p.Byte], '\n') + 1
		line := bytes.Count(src[:p.Byte], []byte("\n")) + 1
		col := 1
		for rest := src[lineStart:p.Byte]; len(rest) > 0; col++ {
			n, _, _ := textseg.ScanGraphemeClusters(rest, true)
			rest = rest[n:]
		}
		if p.Line != line || p.Column != col {
			t.Errorf("position %d,%d,%d: byte %d is at line %d, column %d", p.Line, p.Column, p.Byte, p.Byte, line, col)
		}
	}
	return fmt.Sprintf("%d,%d,%d-%d,%d,%d |%s|", r.Start.Line, r.Start.Column, r.Start.Byte, r.End.Line, r.End.Column, r.End.Byte, src[r.Start.Byte:r.End.Byte])
}

// traversalName writes a traversal as source-like text.
func traversalName(tr hcl.Traversal) string {
	var b strings.Builder
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			fmt.Fprintf(&b, "[%q]", s.Key.AsString())
		}
	}
	return b.String()
}

// TestTypeConstraintJSON reads types in JSON strings, valid and not, with
// escapes, the legacy shorthands and defaults: typeConstraint, which
// reads a string's text parsed once as native syntax when that reads it
// without a diagnostic, gives what the JSON expression's own hooks give
// (typeOf of the JSON expression): the type, the defaults and the
// diagnostics.
func TestTypeConstraintJSON(t *testing.T) {
	for _, ty := range []string{
		`"string"`, `"list"`, `"map"`, `"any"`, `"list(string)"`, `"map(any)"`,
		`"object({a=string, b=optional(number, 1), c=optional(list(string), [\"x\"])})"`,
		`"tuple([string, number, bool])"`, `"set(object({x=list(string)}))"`,
		`"strin\u0067"`, `"  list( string )  "`, `"\"string\""`,
		`"stringx"`, `"list("`, `"${string}"`, `"list(string, number)"`, `"optional(string)"`,
		`"object({a=string, a=number})"`, `"string # comment"`, `1`, `["string"]`,
		// Parentheses, which native syntax reads through but the hooks
		// (a traversal for a keyword, a call) do not: an error in both,
		// as OpenTofu reads "(string)"; comments and blanks around a name.
		`"(string)"`, `"((any))"`, `"(list)"`, `"(map)"`, `"list((string))"`, `"(list(string))"`,
		`"string\n"`, `"string /* c */"`, `"\tstring"`, `"string // c"`,
	} {
		t.Run(ty, func(t *testing.T) {
			src := []byte("{\n  \"type\": " + ty + "\n}\n")
			f, diags := hcljson.Parse(src, "t.tf.json")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			attrs, _ := f.Body.JustAttributes()
			expr := attrs["type"].Expr
			render := func(ty cty.Type, defaults *typeexpr.Defaults, diags hcl.Diagnostics) string {
				s := fmt.Sprintf("%#v defaults %#v\n", ty, defaults)
				for _, d := range diags {
					s += renderDiag(t, src, d) + "\n"
				}
				return s
			}
			got, want := render(typeConstraint(expr)), render(typeOf(expr))
			if got != want {
				t.Errorf("got\n%s\nwant (the JSON expression's hooks)\n%s", got, want)
			}
		})
	}
}

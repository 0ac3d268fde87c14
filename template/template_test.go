package template

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/hcljson/hcljson/internal/native"
)

func testCtx() *hcl.EvalContext {
	return &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"var": cty.ObjectVal(map[string]cty.Value{"foo": cty.StringVal("F"), "n": cty.NumberIntVal(2)}),
			"zed": cty.StringVal("Z"),
		},
		Functions: map[string]function.Function{
			"upper":               stdlib.UpperFunc,
			"provider::p::double": stdlib.AddFunc,
		},
	}
}

func TestVariablesExactThroughEscapes(t *testing.T) {
	f := newTestFile("main.tf.json", `{"a": "\n\"x\" ${var.foo} \u00e9 ${bar}"}`)
	tmpl := Parse(f.str(t, 1))
	want := []hcl.Traversal{
		{
			hcl.TraverseRoot{Name: "var", SrcRange: f.rng(t, "var", 0)},
			hcl.TraverseAttr{Name: "foo", SrcRange: f.rng(t, ".foo", 0)},
		},
		{hcl.TraverseRoot{Name: "bar", SrcRange: f.rng(t, "bar", 0)}},
	}
	got := tmpl.Variables()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Variables() =\n%#v\nwant\n%#v", got, want)
	}
	for _, tr := range got {
		for _, r := range traversalRanges(tr) {
			if r.Start.Line != 1 {
				t.Errorf("range %s is not on line 1", r)
			}
		}
	}
	// The columns are where an editor shows them: "var" starts at column 18.
	if r := got[0][0].SourceRange(); r.String() != "main.tf.json:1,18-21" {
		t.Errorf("var range = %s, want main.tf.json:1,18-21", r)
	}
}

func TestParseErrorSubjectExact(t *testing.T) {
	f := newTestFile("e.json", "{\n  \"a\": \"\\\"q\\\" \\u00e9 ${ 1 + }\"\n}")
	tmpl := Parse(f.str(t, 1))
	want := hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Invalid expression",
		Detail:   "Expected the start of an expression, but found an invalid expression token.",
		Subject:  rangePtr(f.rng(t, "}", 0)),
	}}
	got := tmpl.Diagnostics()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Diagnostics() =\n%s\nwant\n%s", fmtDiags(got), fmtDiags(want))
	}
	if got[0].Subject.String() != "e.json:2,29-30" {
		t.Errorf("Subject = %s, want e.json:2,29-30", got[0].Subject)
	}
	val, diags := tmpl.Value(testCtx())
	if val != cty.DynamicVal {
		t.Errorf("Value = %#v, want cty.DynamicVal", val)
	}
	if !reflect.DeepEqual(diags, want) {
		t.Errorf("Value diagnostics =\n%s\nwant\n%s", fmtDiags(diags), fmtDiags(want))
	}
	if vars := tmpl.Variables(); vars != nil {
		t.Errorf("Variables() = %#v, want nil on parse errors", vars)
	}
	if fns := tmpl.Functions(); fns != nil {
		t.Errorf("Functions() = %#v, want nil on parse errors", fns)
	}
}

func TestEvalDiagnosticExact(t *testing.T) {
	f := newTestFile("v.json", `{"a": "\t${var.foo}\u2603${bar}"}`)
	tmpl := Parse(f.str(t, 1))
	ctx := testCtx()
	val, diags := tmpl.Value(ctx)
	if want := cty.UnknownVal(cty.String).RefineNotNull(); !val.RawEquals(want) {
		t.Errorf("Value = %#v, want %#v", val, want)
	}
	if len(diags) != 1 {
		t.Fatalf("got %d diagnostics, want 1:\n%s", len(diags), fmtDiags(diags))
	}
	d := diags[0]
	want := &hcl.Diagnostic{
		Severity:    hcl.DiagError,
		Summary:     "Unknown variable",
		Detail:      `There is no variable named "bar". Did you mean "var"?`,
		Subject:     rangePtr(f.rng(t, "bar", 0)),
		Expression:  d.Expression, // an hclsyntax node: ranges there are not rewritten
		EvalContext: ctx,
	}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("diagnostic =\n%s\nwant\n%s", fmtDiags(hcl.Diagnostics{d}), fmtDiags(hcl.Diagnostics{want}))
	}
	if d.Subject.String() != "v.json:1,28-31" {
		t.Errorf("Subject = %s, want v.json:1,28-31", d.Subject)
	}
}

func TestValueUnwrap(t *testing.T) {
	tests := []struct {
		text string
		want cty.Value
	}{
		{text: "${true}", want: cty.True},
		{text: "${5}", want: cty.NumberIntVal(5)},
		{text: " ${5}", want: cty.StringVal(" 5")},
		{text: "${5} ", want: cty.StringVal("5 ")},
		{text: "${var.n}", want: cty.NumberIntVal(2)},
		{text: "${var}", want: cty.ObjectVal(map[string]cty.Value{"foo": cty.StringVal("F"), "n": cty.NumberIntVal(2)})},
		{text: "${~ 5 ~}", want: cty.NumberIntVal(5)},
		{text: "${null}", want: cty.NullVal(cty.DynamicPseudoType)},
		{text: "${upper(zed)}x", want: cty.StringVal("Zx")},
		{text: "$${x}", want: cty.StringVal("${x}")},
		{text: "%%{if}", want: cty.StringVal("%{if}")},
		{text: "%{if var.n > 1}big%{else}small%{endif}", want: cty.StringVal("big")},
		{text: "plain", want: cty.StringVal("plain")},
	}
	for _, tt := range tests {
		got, diags := Parse(Source{Text: tt.text, Filename: "f", Start: hcl.Pos{Line: 1, Column: 2, Byte: 1}}).Value(testCtx())
		if diags.HasErrors() {
			t.Errorf("%q: %s", tt.text, fmtDiags(diags))
			continue
		}
		if !got.RawEquals(tt.want) {
			t.Errorf("%q: Value = %#v, want %#v", tt.text, got, tt.want)
		}
	}
}

// Parse is the only parse: Value, Variables, Functions and Diagnostics reuse
// it. Literals are never parsed.
func TestParseOnce(t *testing.T) {
	var calls int
	parseTemplate = func(src []byte, filename string, start hcl.Pos) (hclsyntax.Expression, hcl.Diagnostics) {
		calls++
		return hclsyntax.ParseTemplate(src, filename, start)
	}
	readTemplate = func(text, filename string, start hcl.Pos) (hclsyntax.Expression, bool) {
		calls++
		return native.ParseTemplate(text, filename, start)
	}
	defer func() { parseTemplate, readTemplate = hclsyntax.ParseTemplate, native.ParseTemplate }()

	f := newTestFile("p.json", `{"a": "\"${var.foo}\" ${upper( zed )}"}`) // spaces: not on a fast path
	tmpl := Parse(f.str(t, 1))
	expr := tmpl.expr
	for range 3 {
		if v, diags := tmpl.Value(testCtx()); diags.HasErrors() || !v.RawEquals(cty.StringVal(`"F" Z`)) {
			t.Fatalf("Value = %#v, %s", v, fmtDiags(diags))
		}
		_ = tmpl.Variables()
		_ = tmpl.Functions()
		_ = tmpl.Diagnostics()
	}
	if calls != 1 || tmpl.expr != expr {
		t.Errorf("template parsed %d times (expression replaced: %v), want once", calls, tmpl.expr != expr)
	}

	calls = 0
	lit := Parse(Source{Text: "no interpolation $ % { }", Filename: "f"})
	if v, diags := lit.Value(testCtx()); diags != nil || !v.RawEquals(cty.StringVal("no interpolation $ % { }")) {
		t.Errorf("literal Value = %#v, %s", v, fmtDiags(diags))
	}
	if lit.Variables() != nil || lit.Functions() != nil || lit.Diagnostics() != nil {
		t.Errorf("literal has variables, functions or diagnostics")
	}
	if calls != 0 {
		t.Errorf("literal parsed %d times, want 0", calls)
	}
}

func TestFunctions(t *testing.T) {
	f := newTestFile("fn.json", `{"a": "\u00e9\n${upper(provider::p::double(1, var.n))} ${[for s in x: upper(s)]}"}`)
	tmpl := Parse(f.str(t, 1))
	want := []hcl.Traversal{
		{hcl.TraverseRoot{Name: "upper", SrcRange: f.rng(t, "upper", 0)}},
		{hcl.TraverseRoot{Name: "provider::p::double", SrcRange: f.rng(t, "provider::p::double", 0)}},
		{hcl.TraverseRoot{Name: "upper", SrcRange: f.rng(t, "upper", 1)}},
	}
	if got := tmpl.Functions(); !reflect.DeepEqual(got, want) {
		t.Errorf("Functions() =\n%#v\nwant\n%#v", got, want)
	}
}

// Parser failures are reported, not propagated.
func TestParserPanicBecomesDiagnostic(t *testing.T) {
	parseTemplate = func([]byte, string, hcl.Pos) (hclsyntax.Expression, hcl.Diagnostics) {
		panic("boom")
	}
	readTemplate = func(string, string, hcl.Pos) (hclsyntax.Expression, bool) { return nil, false }
	defer func() { parseTemplate, readTemplate = hclsyntax.ParseTemplate, native.ParseTemplate }()
	f := newTestFile("x.json", `{"a": "\n${x}"}`)
	val, diags := Parse(f.str(t, 1)).Value(testCtx())
	want := hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Unparsable string",
		Detail:   "The HCL parser failed on this string (boom). This is a bug in the parser; please report it with the string that triggers it.",
		Subject:  rangePtr(f.rng(t, `\n${x}`, 0)),
	}}
	if val != cty.DynamicVal || !reflect.DeepEqual(diags, want) {
		t.Errorf("Value = %#v,\n%s\nwant cty.DynamicVal,\n%s", val, fmtDiags(diags), fmtDiags(want))
	}
}

// Diagnostics handed out are copies: modifying them does not affect the
// template.
func TestDiagnosticsAreCopies(t *testing.T) {
	tmpl := Parse(Source{Text: "${", Filename: "f", Start: hcl.Pos{Line: 1, Column: 1}})
	d1 := tmpl.Diagnostics()
	before := fmtDiags(d1)
	d1[0].Summary = "changed"
	d1[0].Subject.Start.Byte = 99
	_, d2 := tmpl.Value(nil)
	if got := fmtDiags(d2); got != before {
		t.Errorf("after modifying a copy, Value diagnostics =\n%s\nwant\n%s", got, before)
	}
}

func TestConcurrentUse(t *testing.T) {
	f := newTestFile("c.json", `{"a": "\"${var.foo}\" \u00e9 ${upper(zed)} ${nope}"}`)
	tmpl := Parse(f.str(t, 1))
	want := fmt.Sprint(tmpl.Variables(), tmpl.Functions())
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				_, diags := tmpl.Value(testCtx())
				if len(diags) != 1 || f.slice(*diags[0].Subject) != "nope" {
					t.Errorf("Value diagnostics: %s", fmtDiags(diags))
					return
				}
				if got := fmt.Sprint(tmpl.Variables(), tmpl.Functions()); got != want {
					t.Errorf("Variables/Functions = %s, want %s", got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func rangePtr(r hcl.Range) *hcl.Range { return &r }

func fmtDiags(diags hcl.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "  %v %q %q subject=%v context=%v\n", d.Severity, d.Summary, d.Detail, rangeStr(d.Subject), rangeStr(d.Context))
	}
	return b.String()
}

func rangeStr(r *hcl.Range) string {
	if r == nil {
		return "nil"
	}
	return fmt.Sprintf("%s[%d:%d]", r, r.Start.Byte, r.End.Byte)
}

// A panic in internal/native's reader (a bug there, never expected) sends
// the template to hclsyntax: the same value, and a parse that hclsyntax
// made.
func TestNativePanicFallsBack(t *testing.T) {
	var calls int
	parseTemplate = func(src []byte, filename string, start hcl.Pos) (hclsyntax.Expression, hcl.Diagnostics) {
		calls++
		return hclsyntax.ParseTemplate(src, filename, start)
	}
	readTemplate = func(string, string, hcl.Pos) (hclsyntax.Expression, bool) { panic("boom") }
	defer func() { parseTemplate, readTemplate = hclsyntax.ParseTemplate, native.ParseTemplate }()
	f := newTestFile("x.json", `{"a": "a\n${upper( var.foo )}"}`)
	val, diags := Parse(f.str(t, 1)).Value(testCtx())
	if diags.HasErrors() || !val.RawEquals(cty.StringVal("a\nF")) {
		t.Errorf("Value = %#v, %s", val, fmtDiags(diags))
	}
	if calls != 1 {
		t.Errorf("hclsyntax parsed %d times, want 1", calls)
	}
}

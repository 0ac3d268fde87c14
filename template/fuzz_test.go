package template

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/internal/nesting"
)

// FuzzTemplate takes the raw content of a JSON string and checks that
// nothing panics, that a fast path (traversal, parts, calls) that takes
// the text, and internal/native's reader where it reads it, build
// hclsyntax's very AST, that values equal hclsyntax's, and
// that every range handed out is the exact image in the file of
// hclsyntax's range in the unescaped text.
func FuzzTemplate(f *testing.F) {
	for _, s := range escapedTemplates {
		f.Add(s)
	}
	for _, s := range []string{"foo.bar", `\tfoo[\"k\"]`, `list(\"a\", b)`, `f(\n`, `\ud83d\ude00${x}`, `\r${x}`, `\ud800${x}`} {
		f.Add(s)
	}
	// Many lines (folded before parsing), and the fast paths.
	many := strings.Repeat(`l\n`, manyLines)
	for _, s := range []string{
		many + `${x ~}\n \n` + many + `\n%{~ if true ~}\n` + many + `\r\n%{ endif }`,
		many + `${<<EOT\n` + many + `EOT\n}` + many + `\u001f\n\n${~ nope}`,
		// Many lines inside the sequences only: not folded.
		`${[\n` + strings.Repeat(`a,\n`, manyLines+2) + `]}x\n%{ if b }\n` + strings.Repeat(`c ? d : e\n`, manyLines) + `%{ endif }`,
		`${var.list[0][\"k\"].x-y}`, `${a[01]}`,
		// The parts fast path: text, escapes and interpolations.
		`web-${var.env}-${count.index}`, `home/$${aws:username}/*`, `$$${a}%%%{b}$${~c}`, `e\u0301$\u0301${a}\u0301`,
		`\"${a}\"\t$${b}${c[\"}\"]}}`,
		// Calls on the fast path, and near it.
		`${upper(var.foo)}`, `x-${upper(\"a\")}-${zed}`, `${f(a, 1.5, true, g(\"\"), null, 10)}`, `${upper(zed)}${nope(1)}$`,
		`${upper(var.foo, )}`, `${upper(a...)}`, `${provider::p::double(1,2)}`, `${f(\"\\n\", 1e3)}`, `\u00e9${upper(zed)}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var text string
		if !utf8.ValidString(raw) || json.Unmarshal([]byte(`"`+raw+`"`), &text) != nil {
			return // not the content of a valid JSON string token
		}
		file := newTestFile("fuzz.json", `{"k": "`+raw+`"}`)
		src := Source{Text: text, Filename: file.name, Start: file.pos(7), Pos: file.pos}
		if strings.Contains(raw, `\`) {
			src.Raw = file.bytes[7 : 7+len(raw)]
		}
		if !utf8.ValidString(text) {
			return // the scanner rejects what would decode to invalid UTF-8
		}

		// Past the nesting limit hclsyntax is not asked (spec.md
		// §syntax-limits, a deliberate difference): ours is the error
		// "Nesting too deep", and nothing else is compared.
		if nesting.Check([]byte(text), nesting.Template, file.name, hcl.Pos{Line: 1, Column: 1}) != nil {
			diags := Parse(src).Diagnostics()
			if len(diags) != 1 || diags[0].Summary != nesting.Summary {
				t.Fatalf("nested past the limit: diagnostics %s, want one %q", fmtDiags(diags), nesting.Summary)
			}
			return
		}

		ref, refDiags := hclsyntax.ParseTemplate([]byte(text), file.name, hcl.Pos{Line: 1, Column: 1})

		// The fast paths build hclsyntax's very AST.
		if lit, ascii := scan(text); !lit {
			plain := Source{Text: text, Filename: file.name, Start: hcl.Pos{Line: 1, Column: 1}}
			var fast *Template
			if ascii {
				fast = parseTraversalTemplate(plain)
			}
			if fast == nil {
				fast = parsePartsTemplate(plain, ascii)
			}
			if fast != nil && (!reflect.DeepEqual(fast.expr, ref) || refDiags != nil) {
				t.Errorf("fast path AST\n%#v\nhclsyntax (%s)\n%#v", fast.expr, fmtDiags(refDiags), ref)
			}
			// So does internal/native's reader where it reads the text.
			if expr, ok := native.ParseTemplate(text, file.name, hcl.Pos{Line: 1, Column: 1}); ok && (!reflect.DeepEqual(expr, ref) || refDiags != nil) {
				t.Errorf("internal/native AST\n%#v\nhclsyntax (%s)\n%#v", expr, fmtDiags(refDiags), ref)
			}
		}

		tmpl := Parse(src)
		checkDiags(t, file, src, "parse", tmpl.Diagnostics(), refDiags)
		val, diags := tmpl.Value(testCtx())
		refVal, refValDiags := cty.DynamicVal, refDiags
		if !refDiags.HasErrors() {
			var d hcl.Diagnostics
			refVal, d = ref.Value(testCtx())
			refValDiags = append(refValDiags, d...)
			checkTraversals(t, file, src, "variable", tmpl.Variables(), ref.Variables())
			checkTraversals(t, file, src, "function", tmpl.Functions(), functions(ref, nil))
		}
		if !val.RawEquals(refVal) {
			t.Errorf("Value = %#v, hclsyntax %#v", val, refVal)
		}
		checkDiags(t, file, src, "Value", diags, refValDiags)

		tr, trDiags := ParseTraversal(src)
		refTr, refTrDiags := hclsyntax.ParseTraversalAbs([]byte(text), file.name, hcl.Pos{Line: 1, Column: 1})
		checkTraversals(t, file, src, "traversal", []hcl.Traversal{tr}, []hcl.Traversal{refTr})
		checkDiags(t, file, src, "traversal", trDiags, refTrDiags)

		call, callDiags := StaticCall(src)
		// Read as an expression the text may nest past the limit where
		// the template does not (a run of operators is a level each).
		if nesting.Check([]byte(text), nesting.Expression, file.name, hcl.Pos{Line: 1, Column: 1}) != nil {
			if call != nil || len(callDiags) != 1 || callDiags[0].Summary != nesting.Summary {
				t.Fatalf("StaticCall nested past the limit: %#v, diagnostics %s, want one %q", call, fmtDiags(callDiags), nesting.Summary)
			}
			return
		}
		refExpr, refCallDiags := hclsyntax.ParseExpression([]byte(text), file.name, hcl.Pos{Line: 1, Column: 1})
		var refCall *hcl.StaticCall
		if !refCallDiags.HasErrors() {
			var d hcl.Diagnostics
			refCall, d = hcl.ExprCall(refExpr)
			refCallDiags = append(refCallDiags, d...)
		}
		checkDiags(t, file, src, "call", callDiags, refCallDiags)
		if (call == nil) != (refCall == nil) {
			t.Fatalf("StaticCall = %#v, hcl.ExprCall %#v", call, refCall)
		}
		if call != nil {
			if call.Name != refCall.Name || len(call.Arguments) != len(refCall.Arguments) {
				t.Errorf("StaticCall = %#v, hcl.ExprCall %#v", call, refCall)
			}
			checkRange(t, file, src, "NameRange", call.NameRange, refCall.NameRange)
			checkRange(t, file, src, "ArgsRange", call.ArgsRange, refCall.ArgsRange)
			for i := range min(len(call.Arguments), len(refCall.Arguments)) {
				checkRange(t, file, src, "argument", call.Arguments[i].Range(), refCall.Arguments[i].Range())
			}
		}
	})
}

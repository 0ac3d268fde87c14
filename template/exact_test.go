package template

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// jsonFile places text (the raw content of a JSON string) in a small
// multi-line JSON document and returns the file and the string's Source.
func jsonFile(t testing.TB, raw string) (*testFile, Source) {
	t.Helper()
	f := newTestFile("t.tf.json", "{\n  \"locals\": {\n    \"k\": \""+raw+"\"\n  }\n}\n")
	return f, f.str(t, 2)
}

// escapedTemplates are string contents with escapes before, inside and
// after interpolations, directives and errors.
var escapedTemplates = []string{
	`\n\"x\" ${var.foo} \u00e9 ${bar}`,
	`\t${upper(\"a\")}${nope}`,
	`\u00e9\u20ac\ud83d\ude00 ${var.foo[\"k\"]} ${ 1 + }`,
	`${\"\\n\"}${x.y[0]}`,
	`%{if var.n > 1}\"big\"%{else}${nope}%{endif}`,
	`line1\nline2\n${unclosed`,
	`\/\b\f ${var.foo.nope}`,
	`${upper(var.n, 2)}`,
	`${provider::p::double(\"a\", 1)} ${provider::q::f()}`,
	`e\u0301${nope}\u0301${var.nope}`,
	`\"${[for s in var: upper(s) if s != \"\"]}\"`,
	`${var.foo} %{ for x in [1] }${x}%{ endfor } ${nope`,
	`\\${not an interpolation}\\$${x}`,
	`\u0024{var.foo} \u0025{if true}y%{endif}`,
	`é ${nope} ü ${var.foo} 😀 ${ 1 + }`,
	`${ "x" }`,
	`${}`,
	`${a b}`,
	`%{ endif }`,
	`${<<EOT\nhello ${nope}\nEOT\n}`,
	`\ufeff${nope}`,
	"\ufeff${nope} ${var.foo.x}", // a verbatim U+FEFF, which hclsyntax skips
	`\u00e9${nope}`,
}

// checkRange asserts that ours, a range handed out by this package, is the
// exact image in the file of theirs, the range hclsyntax gives when it
// parses the unescaped text at byte 0.
func checkRange(t *testing.T, f *testFile, src Source, what string, ours, theirs hcl.Range) {
	t.Helper()
	rawLen := len(src.Text)
	if src.Raw != nil {
		rawLen = len(src.Raw)
	}
	switch {
	case ours.Filename != f.name:
		t.Errorf("%s: filename %q, want %q", what, ours.Filename, f.name)
	case ours.Start.Byte < src.Start.Byte || ours.End.Byte > src.Start.Byte+rawLen || ours.End.Byte < ours.Start.Byte:
		t.Errorf("%s: range %s [%d:%d] is outside the string [%d:%d]", what, ours, ours.Start.Byte, ours.End.Byte, src.Start.Byte, src.Start.Byte+rawLen)
	case ours.Start != f.pos(ours.Start.Byte) || ours.End != f.pos(ours.End.Byte):
		t.Errorf("%s: range %#v has lines/columns that disagree with its bytes (%#v, %#v)", what, ours, f.pos(ours.Start.Byte), f.pos(ours.End.Byte))
	default:
		got := unescapeRaw(t, f.slice(ours))
		want := src.Text[theirs.Start.Byte:theirs.End.Byte]
		if got != want {
			t.Errorf("%s: range %s covers %q (%q unescaped), want %q", what, ours, f.slice(ours), got, want)
		}
	}
}

func checkDiags(t *testing.T, f *testFile, src Source, what string, ours, theirs hcl.Diagnostics) {
	t.Helper()
	if len(ours) != len(theirs) {
		t.Errorf("%s: %d diagnostics, hclsyntax has %d:\n%s\nhclsyntax:\n%s", what, len(ours), len(theirs), fmtDiags(ours), fmtDiags(theirs))
		return
	}
	for i := range ours {
		o, h := ours[i], theirs[i]
		if o.Severity != h.Severity || o.Summary != h.Summary || withoutRanges(o.Detail) != withoutRanges(h.Detail) || (o.Subject == nil) != (h.Subject == nil) || (o.Context == nil) != (h.Context == nil) {
			t.Errorf("%s: diagnostic %d =\n%s\nhclsyntax:\n%s", what, i, fmtDiags(ours[i:i+1]), fmtDiags(theirs[i:i+1]))
			continue
		}
		if o.Subject != nil {
			checkRange(t, f, src, fmt.Sprintf("%s diagnostic %d Subject", what, i), *o.Subject, *h.Subject)
		}
		if o.Context != nil {
			checkRange(t, f, src, fmt.Sprintf("%s diagnostic %d Context", what, i), *o.Context, *h.Context)
		}
	}
}

func checkTraversals(t *testing.T, f *testFile, src Source, what string, ours, theirs []hcl.Traversal) {
	t.Helper()
	if len(ours) != len(theirs) {
		t.Errorf("%s: %d traversals, hclsyntax has %d", what, len(ours), len(theirs))
		return
	}
	for i := range ours {
		if len(ours[i]) != len(theirs[i]) {
			t.Errorf("%s %d: %d steps, hclsyntax has %d", what, i, len(ours[i]), len(theirs[i]))
			continue
		}
		for j := range ours[i] {
			o, h := ours[i][j], theirs[i][j]
			if reflect.TypeOf(o) != reflect.TypeOf(h) {
				t.Errorf("%s %d step %d: %T, hclsyntax has %T", what, i, j, o, h)
				continue
			}
			checkRange(t, f, src, fmt.Sprintf("%s %d step %d", what, i, j), o.SourceRange(), h.SourceRange())
		}
	}
}

// Every range handed out for a string with escapes is exact.
func TestTemplateRangesExact(t *testing.T) {
	for _, raw := range escapedTemplates {
		t.Run(raw, func(t *testing.T) {
			f, src := jsonFile(t, raw)
			ref, refDiags := hclsyntax.ParseTemplate([]byte(src.Text), f.name, hcl.Pos{Line: 1, Column: 1})
			tmpl := Parse(src)
			checkDiags(t, f, src, "parse", tmpl.Diagnostics(), refDiags)
			_, diags := tmpl.Value(testCtx())
			refValDiags := refDiags
			if !refDiags.HasErrors() {
				_, d := ref.Value(testCtx())
				refValDiags = append(refValDiags, d...)
			}
			checkDiags(t, f, src, "Value", diags, refValDiags)
			if refDiags.HasErrors() {
				return
			}
			checkTraversals(t, f, src, "variable", tmpl.Variables(), ref.Variables())
			checkTraversals(t, f, src, "function", tmpl.Functions(), functions(ref, nil))
		})
	}
}

// Without escapes (and, for the untouched fast path, in ASCII) Template
// gives exactly what hclsyntax gives when parsing at the same start.
func TestTemplateEqualsHclsyntaxWithoutEscapes(t *testing.T) {
	texts := []string{
		"${var.foo}", "a ${var.foo} b ${upper(zed)}", "${nope}", "${", "${ 1 + }", "%{if var.n > 1}a%{endif}",
		"${var.foo.bar}", "${ [for x in var: x] }", "%{for k, v in var}${k}=${v}%{endfor}", "${provider::p::double(1, 2)}",
		"${true}", "${5}", " ${5}", "$${x}", "${upper()}", "${ zed ~}", "%{ else }",
		"é ${nope} ü ${var.x}", "😀${bad syntax +}", "日本語 ${var.foo}", "${upper(zed)}é${nope}",
	}
	for _, text := range texts {
		t.Run(text, func(t *testing.T) {
			f, src := jsonFile(t, text)
			if src.Raw != nil {
				t.Fatalf("%q has escapes", text)
			}
			tmpl := Parse(src)
			if ascii := !strings.ContainsFunc(text, func(r rune) bool { return r > 127 }); ascii != (tmpl.m == nil) {
				t.Errorf("ASCII %v, but source map in use: %v", ascii, tmpl.m != nil)
			}
			ref, refDiags := hclsyntax.ParseTemplate([]byte(text), f.name, src.Start)
			if got, want := fmtDiags(tmpl.Diagnostics()), fmtDiags(refDiags); got != want {
				t.Errorf("parse diagnostics =\n%s\nhclsyntax:\n%s", got, want)
			}
			val, diags := tmpl.Value(testCtx())
			if refDiags.HasErrors() {
				return
			}
			refVal, refValDiags := ref.Value(testCtx())
			if !val.RawEquals(refVal) {
				t.Errorf("Value = %#v, hclsyntax: %#v", val, refVal)
			}
			if got, want := fmtDiags(diags), fmtDiags(refValDiags); got != want {
				t.Errorf("Value diagnostics =\n%s\nhclsyntax:\n%s", got, want)
			}
			if got, want := tmpl.Variables(), ref.Variables(); !reflect.DeepEqual(got, want) {
				t.Errorf("Variables() =\n%#v\nhclsyntax:\n%#v", got, want)
			}
		})
	}
}

// hclsyntax counts grapheme clusters token by token; a cluster that
// straddles a token boundary ("}" + U+0301) makes its columns drift from
// the JSON scanner's. Template follows the file.
func TestStraddlingClusterFollowsFile(t *testing.T) {
	f, src := jsonFile(t, "${var.foo}\u0301${nope}")
	_, diags := Parse(src).Value(testCtx())
	want := f.rng(t, "nope", 0)
	if len(diags) != 1 || *diags[0].Subject != want {
		t.Fatalf("diagnostics:\n%s\nwant one with Subject %s", fmtDiags(diags), want)
	}
	expr, _ := hclsyntax.ParseTemplate([]byte(src.Text), f.name, src.Start)
	_, refDiags := expr.Value(testCtx())
	if len(refDiags) != 1 || refDiags[0].Subject.Start.Column != want.Start.Column+1 {
		t.Logf("hclsyntax no longer drifts here (%s); the source map for non-ASCII text may be unnecessary", fmtDiags(refDiags))
	}
}

var (
	detailRangeRE      = regexp.MustCompile(`[^ ]*:\d+,\d+-(\d+,)?\d+`)
	detailSuggestionRE = regexp.MustCompile(` Did you mean .*\?$`)
)

// withoutRanges blanks the ranges some Details print (checked separately
// in TestDetailRanges) and drops hcl's suggestions, which pick among equally
// close names in map order.
func withoutRanges(detail string) string {
	return detailSuggestionRE.ReplaceAllString(detailRangeRE.ReplaceAllString(detail, "<range>"), "")
}

// Directive errors print the opening directive's range in their Detail;
// that range is rewritten too.
func TestDetailRanges(t *testing.T) {
	tests := []struct {
		raw, directive, want string
	}{
		{
			raw:       `\"q\" %{ if var.n }x`,
			directive: `%{ if var.n }`,
			want:      "The if directive at %s is missing its corresponding endif directive.",
		},
		{
			raw:       `\u00e9\n%{for x in var}${x}%{endif}`,
			directive: `%{for x in var}`,
			want:      "Expecting an endfor directive corresponding to the for directive at %s.",
		},
		{
			raw:       `\t%{if true}a%{else}b%{else}c%{endif}`,
			directive: `%{if true}`,
			want:      "Already in the else clause for the if started at %s.",
		},
	}
	for _, tt := range tests {
		f, src := jsonFile(t, tt.raw)
		diags := Parse(src).Diagnostics()
		want := fmt.Sprintf(tt.want, f.rng(t, tt.directive, 0))
		if len(diags) == 0 || diags[0].Detail != want {
			t.Errorf("%s: diagnostics\n%s\nwant Detail %q", tt.raw, fmtDiags(diags), want)
		}
	}
	// Through ParseExpression, in a quoted template.
	f, src := jsonFile(t, `\"%{ if x }\"`)
	_, diags := ParseExpression(src)
	want := fmt.Sprintf("The if directive at %s is missing its corresponding endif directive.", f.rng(t, "%{ if x }", 0))
	if len(diags) == 0 || diags[0].Detail != want {
		t.Errorf("ParseExpression: diagnostics\n%s\nwant Detail %q", fmtDiags(diags), want)
	}
}

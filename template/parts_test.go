package template

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Templates that must take the parts fast path and templates that must
// not (they are literal, "${traversal}" alone, or need the parser).
var (
	fastParts = []string{
		// Text and interpolations.
		"${a}${b}", "x${a}", "${a}x", "x${a}y", "${a} ~", "~ ${a}", "${a}~", "~${a}", "a~b${c}~d",
		"web-${var.env}-${count.index}", "arn:aws:s3:::${var.bucket}/*", `${a["}"]}}`, "}${a}{", "{${a}}",
		"${a}$", "${a}%", "${a}$$", "${a}%%", "$${a}${b}", "${a}$${b}", "%%{a}${b}", "$x${a}%y", "$ {${a}",
		"${a}${b}${c}${d}${e}${f}${g}", "a${b}c${d}e${f}g${h}i", "${a.b.c.d.e}-${f.g.h.i.j}", `x${a[0]["k"].b}`,
		"\t${a}\t", "\x00${a}\x7f", "\\${a}\\", `"${a}"`, "'${a}'", "#${a}//", "/*${a}*/",
		// Unicode text, clusters straddling hclsyntax's tokens.
		"é${a}ü", "${a}e\u0301", "e\u0301${a}", "${a}\u0301", "$\u0301${a}", "%\u0301${a}", "日本語 $${x} ${var.region}",
		"👍🏽${a}", "${a}👨‍👩‍👧", "x\ufeff${a}", "\u00a0${a}\u2028",
		// Text whose only template syntax is escapes.
		"$${a}", "%%{if}", "$${", "%%{", "a$${", "$$${", "$$${a}", "$$$${a}", "%%%{a}", "%%%%{a}", "$$%%{", "%$${",
		"$${~a}", "$${a~}", "%%{~ x ~}", "home/$${aws:username}/*", "%%{ not a directive }", "x$${a}$", "$${a}$${b}",
		"$${\u0301", "$${~\u0301", "é$${x}", "\t$${x}\t", "$${${a}", "${a}$$${b}",
		// Calls (see call_test.go).
		"x${a()}", "${f(a)}", "$${x}${f(a, \"b\")}-${c}",
	}
	slowParts = []string{
		"${a}", "${a.b[0]}", "", "abc", "a$b%c", "$", "%", "{}", "é", // one interpolation, or literal
		"${a}\n", "\r${a}", "x\r\n${a}", "$${a}\n", "%%{\r}", "\n$${a}", // line breaks
		"%{if a}x%{endif}", "${a} %{if a}x%{endif}", "%{a}", "x%{a}", "%${a}%{", // directives
		"x${ a }", "x${a.0}", "x${~a}", "x${a~}", "${a}${true}", "x${null}", "x${a[*]}", `x${"a"}`,
		"x${a + 1}", "x${", "x%{", "x${a", "${a}${", "x${}", "x${a}}${",
		"\ufeffx${a}", "\ufeff$${a}", "x\xff${a}", "\xff$${", "$${\xc3", // U+FEFF first, invalid UTF-8
	}
)

// wantParts reports, from hclsyntax's own result, whether text should take
// the parts fast path: hclsyntax builds a TemplateExpr of literal text and
// traversals, each written as the traversal fast path would accept it, and
// the text has no line breaks and needs parsing at all; or, in ASCII,
// hclsyntax builds one of the call fast path (see wantCalls).
func wantParts(text string, start hcl.Pos, ref hclsyntax.Expression, diags hcl.Diagnostics) bool {
	if wantCalls(text, start, ref, diags) {
		return true
	}
	tmpl, ok := ref.(*hclsyntax.TemplateExpr)
	if !ok || diags != nil || IsLiteral(text) || strings.ContainsAny(text, "\r\n") ||
		!utf8.ValidString(text) || strings.HasPrefix(text, bom) {
		return false
	}
	for _, p := range tmpl.Parts {
		switch p := p.(type) {
		case *hclsyntax.LiteralValueExpr:
			// Text, not a literal interpolated ("${true}"): it starts the
			// template or follows an interpolation.
			if from := p.SrcRange.Start.Byte - start.Byte; from != 0 && text[from-1] != '}' {
				return false
			}
		case *hclsyntax.ScopeTraversalExpr:
			from, to := p.SrcRange.Start.Byte-start.Byte-2, p.SrcRange.End.Byte-start.Byte+1
			if from < 0 || to > len(text) || !inFastGrammar(text[from:to]) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// genParts returns n deterministic templates near the parts grammar: with
// interpolations or, when escapesOnly, with escapes and none.
func genParts(n int, escapesOnly bool) []string {
	r := rand.New(rand.NewPCG(7, 11))
	text := []string{
		"web-", "-", "arn:aws:s3:::", "/*", " ", "a b", "x", "{", "}", "{}", "~", "\t", "\\", `"`, "'", "#",
		"é", "e\u0301", "\u0301", "日本", "👍🏽", "\ufeff", "\x00", "$", "%", "$$", "%%", "$x", "%x", "$ {", "$$$", "~}",
	}
	escapes := []string{"$${", "%%{", "$$${", "%%%{", "$$$${", "$${~", "%%{~", "$${a}", "%%{ if x }", "$${~ a ~}", "$$%%{"}
	bad := []string{"\n", "\r", "%{if x}", "${ a }", "${a.0}", "${~a}", "${a~}", "\xff", "${", "%{", "${true}", "\r\n"}
	interps := append(append(append([]string(nil), fastTraversals...), genTraversals(300)...), fastCalls...)
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		if r.IntN(40) == 0 {
			b.WriteString(bom)
		}
		hasEscape, hasInterp := false, false
		pieces := 1 + r.IntN(6)
		for k := 0; k < pieces || (escapesOnly && !hasEscape) || (!escapesOnly && !hasInterp); k++ {
			switch x := r.IntN(20); {
			case x == 0:
				b.WriteString(bad[r.IntN(len(bad))])
			case x < 6:
				b.WriteString(escapes[r.IntN(len(escapes))])
				hasEscape = true
			case x < 12 && !escapesOnly:
				b.WriteString(interps[r.IntN(len(interps))])
				hasInterp = true
			default:
				b.WriteString(text[r.IntN(len(text))])
			}
		}
		out[i] = b.String()
	}
	return out
}

// The parts fast path builds exactly hclsyntax's AST, and does so for
// every template of its form; a Template built on it answers Value,
// Variables, Functions and Diagnostics as one built by the parser.
func TestPartsTemplateEqualsHclsyntax(t *testing.T) {
	starts := []hcl.Pos{{}, {Line: 1, Column: 1}, {Line: 12, Column: 30, Byte: 4711}}
	escOnly, mixed := genParts(700, true), genParts(1300, false)
	texts := append(append(append(append([]string(nil), fastParts...), slowParts...), escOnly...), mixed...)
	var fastEscapes, fastMixed int
	for i, text := range texts {
		start := starts[i%len(starts)]
		src := Source{Text: text, Filename: "parts.tf.json", Start: start}
		ref, refDiags := hclsyntax.ParseTemplate([]byte(text), src.Filename, start)
		lit, ascii := scan(text)
		var got hclsyntax.Expression
		if !lit {
			if tmpl := parsePartsTemplate(src, ascii); tmpl != nil {
				got = tmpl.expr
			}
		}
		if got != nil {
			if !reflect.DeepEqual(got, ref) || refDiags != nil {
				t.Errorf("%q: fast path AST\n%#v\nhclsyntax (%s)\n%#v", text, got, fmtDiags(refDiags), ref)
			}
			if len(ref.Variables()) == 0 {
				fastEscapes++
			} else {
				fastMixed++
			}
		}
		if want := wantParts(text, start, ref, refDiags); (got != nil) != want {
			t.Errorf("%q: on the fast path: %v, want %v", text, got != nil, want)
		}
		switch {
		case i < len(fastParts):
			if got == nil {
				t.Errorf("%q: not on the fast path", text)
			}
		case i < len(fastParts)+len(slowParts):
			if got != nil {
				t.Errorf("%q: on the fast path", text)
			}
		}
		tmpl := Parse(src)
		checkSameTemplate(t, text, tmpl, parseSlow(src, ascii))

		// The shortcuts Template takes for plain templates agree with
		// hclsyntax, on whichever path the template was built.
		if vars, ok := plainVariables(ref); ok && !reflect.DeepEqual(vars, ref.Variables()) {
			t.Errorf("%q: plainVariables = %#v\nhclsyntax %#v", text, vars, ref.Variables())
		}
		if isPlain(ref) && functions(ref, nil) != nil {
			t.Errorf("%q: plain, with functions %#v", text, functions(ref, nil))
		}
		if refDiags.HasErrors() {
			continue
		}
		for _, ctx := range []*hcl.EvalContext{traversalCtx(), nil} {
			val, diags := tmpl.Value(ctx)
			refVal, refValDiags := ref.Value(ctx)
			if !val.RawEquals(refVal) || ascii && fmtDiagsLoose(diags) != fmtDiagsLoose(refValDiags) {
				t.Errorf("%q: Value = %#v\n%s\nhclsyntax %#v\n%s", text, val, fmtDiags(diags), refVal, fmtDiags(refValDiags))
			}
		}
		if ascii { // hclsyntax's ranges are exact
			if got, want := tmpl.Variables(), ref.Variables(); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: Variables() = %#v\nhclsyntax %#v", text, got, want)
			}
		}
	}
	t.Logf("fast path: %d escape-only and %d mixed of %d templates", fastEscapes, fastMixed, len(texts))
	if fastEscapes < 500 || fastMixed < 500 {
		t.Errorf("fast path: only %d escape-only and %d mixed templates", fastEscapes, fastMixed)
	}
}

// checkSameTemplate compares a template from the fast path with one from
// the parser: both answer the same.
func checkSameTemplate(t *testing.T, text string, got, want *Template) {
	t.Helper()
	if g, w := fmtDiags(got.Diagnostics()), fmtDiags(want.Diagnostics()); g != w {
		t.Errorf("%q: Diagnostics\n%s\nparser\n%s", text, g, w)
	}
	for _, ctx := range []*hcl.EvalContext{traversalCtx(), nil} {
		val, diags := got.Value(ctx)
		wantVal, wantDiags := want.Value(ctx)
		if !val.RawEquals(wantVal) || fmtDiagsLoose(diags) != fmtDiagsLoose(wantDiags) {
			t.Errorf("%q: Value = %#v\n%s\nparser %#v\n%s", text, val, fmtDiags(diags), wantVal, fmtDiags(wantDiags))
		}
	}
	if g, w := got.Variables(), want.Variables(); !reflect.DeepEqual(g, w) {
		t.Errorf("%q: Variables() = %#v\nparser %#v", text, g, w)
	}
	if g, w := got.Functions(), want.Functions(); !reflect.DeepEqual(g, w) {
		t.Errorf("%q: Functions() = %#v\nparser %#v", text, g, w)
	}
}

// What the parts fast path makes of some templates, written out: values,
// parts and their ranges.
func TestPartsTemplateValues(t *testing.T) {
	// r is a range of the AST, with hclsyntax's columns.
	r := func(fromCol, fromByte, toCol, toByte int) hcl.Range {
		return hcl.Range{
			Filename: "f",
			Start:    hcl.Pos{Line: 1, Column: fromCol, Byte: fromByte},
			End:      hcl.Pos{Line: 1, Column: toCol, Byte: toByte},
		}
	}
	for _, tt := range []struct {
		text  string
		val   cty.Value
		parts []hcl.Range
		vars  []string
	}{
		{text: "$$${a}", val: cty.StringVal("$${a}"), parts: []hcl.Range{r(1, 0, 7, 6)}},
		{text: "$$$${a}", val: cty.StringVal("$$${a}"), parts: []hcl.Range{r(1, 0, 8, 7)}},
		{text: "%%%{a}", val: cty.StringVal("%%{a}"), parts: []hcl.Range{r(1, 0, 7, 6)}},
		{text: "$${~a}", val: cty.StringVal("${~a}"), parts: []hcl.Range{r(1, 0, 7, 6)}},
		{text: "home/$${aws:username}/*", val: cty.StringVal("home/${aws:username}/*"), parts: []hcl.Range{r(1, 0, 24, 23)}},
		{text: "é$${x}", val: cty.StringVal("é${x}"), parts: []hcl.Range{r(1, 0, 7, 7)}},
		// hclsyntax counts "e\u0301", "$" and "\u0301" apart: three columns.
		{text: "e\u0301$\u0301${a}", val: cty.StringVal("é$\u03011"), parts: []hcl.Range{r(1, 0, 4, 6), r(6, 8, 7, 9)}, vars: []string{"a"}},
		{text: "x${a}$${b}${c.d}", val: cty.StringVal("x1${b}2"), parts: []hcl.Range{r(1, 0, 2, 1), r(4, 3, 5, 4), r(6, 5, 11, 10), r(13, 12, 16, 15)}, vars: []string{"a", "c"}},
	} {
		src := Source{Text: tt.text, Filename: "f", Start: hcl.Pos{Line: 1, Column: 1}}
		lit, ascii := scan(tt.text)
		if lit {
			t.Fatalf("%q is literal", tt.text)
		}
		tmpl := parsePartsTemplate(src, ascii)
		if tmpl == nil {
			t.Errorf("%q: not on the fast path", tt.text)
			continue
		}
		var got []hcl.Range
		for _, p := range tmpl.expr.(*hclsyntax.TemplateExpr).Parts {
			got = append(got, p.Range())
		}
		if !reflect.DeepEqual(got, tt.parts) {
			t.Errorf("%q: part ranges %v, want %v", tt.text, got, tt.parts)
		}
		ctx := &hcl.EvalContext{Variables: map[string]cty.Value{
			"a": cty.NumberIntVal(1),
			"c": cty.ObjectVal(map[string]cty.Value{"d": cty.StringVal("2")}),
		}}
		if tt.vars == nil {
			ctx = nil
		}
		if val, diags := tmpl.Value(ctx); !val.RawEquals(tt.val) || diags != nil {
			t.Errorf("%q: Value = %#v, %s; want %#v", tt.text, val, fmtDiags(diags), tt.val)
		}
		var names []string
		for _, tr := range tmpl.Variables() {
			names = append(names, tr.RootName())
		}
		if !reflect.DeepEqual(names, tt.vars) {
			t.Errorf("%q: variables %v, want %v", tt.text, names, tt.vars)
		}
	}
}

// In a JSON file, with escapes and non-ASCII text before, between and
// after the interpolations, the fast path's ranges are exact like any
// other's.
func TestPartsTemplateThroughEscapes(t *testing.T) {
	f, src := jsonFile(t, `\"\u00e9\"-${local.tags[\"Name\"].x}\t$${y}-${var.list[5]} e\u0301$`)
	tmpl := Parse(src)
	if _, ok := tmpl.expr.(*hclsyntax.TemplateExpr); !ok || tmpl.m == nil {
		t.Fatalf("expr %T, source map %v", tmpl.expr, tmpl.m)
	}
	want := []hcl.Traversal{
		{
			hcl.TraverseRoot{Name: "local", SrcRange: f.rng(t, "local", 1)}, // 0 is in "locals"
			hcl.TraverseAttr{Name: "tags", SrcRange: f.rng(t, ".tags", 0)},
			hcl.TraverseIndex{Key: cty.StringVal("Name"), SrcRange: f.rng(t, `[\"Name\"]`, 0)},
			hcl.TraverseAttr{Name: "x", SrcRange: f.rng(t, ".x", 0)},
		},
		{
			hcl.TraverseRoot{Name: "var", SrcRange: f.rng(t, "var", 0)},
			hcl.TraverseAttr{Name: "list", SrcRange: f.rng(t, ".list", 0)},
			hcl.TraverseIndex{Key: cty.MustParseNumberVal("5"), SrcRange: f.rng(t, "[5]", 0)},
		},
	}
	if got := tmpl.Variables(); !reflect.DeepEqual(got, want) {
		t.Errorf("Variables() =\n%#v\nwant\n%#v", got, want)
	}
	_, diags := tmpl.Value(traversalCtx())
	wantDiags := hcl.Diagnostics{
		{
			Severity: hcl.DiagError,
			Summary:  "Unsupported attribute",
			Detail:   `Can't access attributes on a primitive-typed value (string).`,
			Subject:  rangePtr(f.rng(t, ".x", 0)),
		},
		{
			Severity: hcl.DiagError,
			Summary:  "Invalid index",
			Detail:   "The given key does not identify an element in this collection value.",
			Subject:  rangePtr(f.rng(t, "[5]", 0)),
		},
	}
	if got, want := fmtDiags(diags), fmtDiags(wantDiags); got != want {
		t.Errorf("Value diagnostics =\n%s\nwant\n%s", got, want)
	}
	checkSameTemplate(t, src.Text, tmpl, parseSlow(src, false))

	// Every raw string of the generated sets, written into a JSON file,
	// agrees with the parser.
	for _, text := range append(genParts(150, true), genParts(150, false)...) {
		if !utf8.ValidString(text) {
			continue
		}
		q := jsonQuote(text)
		raw := q[1 : len(q)-1]
		_, src := jsonFile(t, raw)
		_, ascii := scan(src.Text)
		checkSameTemplate(t, raw, Parse(src), parseSlow(src, ascii))
	}
}

// jsonQuote writes s as a JSON string with every escape it can use.
func jsonQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < ' ' || r >= utf8.RuneSelf && i%2 == 0:
			units := []rune{r}
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				units = []rune{hi, lo}
			}
			for _, u := range units {
				b.WriteString(`\u`)
				for _, shift := range []int{12, 8, 4, 0} {
					b.WriteByte("0123456789abcdef"[u>>shift&0xf])
				}
			}
		case r == '/' && i%3 == 0:
			b.WriteString(`\/`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// The parts fast path costs one allocation for the Template and its nodes,
// one per literal part (cty boxes its string), one per traversal step, one
// for the unescaped text of all literal parts with escapes, and one for
// the source map of a string with escapes. Value and Variables of a
// template without interpolations allocate nothing.
func TestPartsTemplateAllocs(t *testing.T) {
	for _, tt := range []struct {
		raw  string
		want float64
	}{
		{raw: "web-${var.env}-${count.index}", want: 7},
		{raw: "arn:aws:s3:::${var.bucket}/*", want: 5},
		{raw: "${var.a}${var.b}", want: 5},
		{raw: "home/$${aws:username}/*", want: 3},
		{raw: "$${a}-${b}-$${c}", want: 5},
		{raw: `\"${var.a}\"`, want: 6},
		{raw: "${a}${b}${c}${d}${e}${f}", want: 1 + 2 + 6},         // parts and scopes overflow
		{raw: "a${b}c${d}e${f}g${h.i.j.k.l}", want: 1 + 4 + 4 + 8}, // all four arrays overflow
	} {
		_, src := jsonFile(t, tt.raw)
		if n := testing.AllocsPerRun(100, func() { Parse(src) }); n != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.raw, n, tt.want)
		}
	}
	_, src := jsonFile(t, "home/$${aws:username}/*")
	tmpl := Parse(src)
	if n := testing.AllocsPerRun(100, func() { tmpl.Value(nil); tmpl.Variables(); tmpl.Functions() }); n != 0 {
		t.Errorf("escape-only Value, Variables, Functions: %v allocations, want 0", n)
	}
}

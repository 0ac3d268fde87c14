package template

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// evalHclsyntax evaluates s the way the oracle does, straight through
// hclsyntax.
func evalHclsyntax(s string) (cty.Value, hcl.Diagnostics, []hcl.Traversal) {
	expr, diags := hclsyntax.ParseTemplate([]byte(s), "f", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return cty.DynamicVal, diags, nil
	}
	val, evalDiags := expr.Value(testCtx())
	return val, append(diags, evalDiags...), expr.Variables()
}

var literals = []string{
	"", "plain", "$", "%", "$$", "%%", "a$", "a%", "$}", "%}", "~}", "}", "{", "{$", "$ {", "% {",
	"$$", "$x{", "%$", "\\", `\"`, `"`, "\n", "\r\n", "\r", "\t", "\x00", "\x7f", "\u2028",
	"é", "e\u0301", "😀", "🇫🇷", "a\ufeffb", "<<EOT\nx\nEOT", "#", "//", "/*", "*/",
	"$\n{", "%\r\n{", "ends with $", "ends with %", "${", "%{",
}

func TestIsLiteralMatchesHclsyntax(t *testing.T) {
	for _, s := range literals {
		if strings.Contains(s, "${") || strings.Contains(s, "%{") {
			continue
		}
		if !IsLiteral(s) {
			t.Errorf("IsLiteral(%q) = false, want true", s)
			continue
		}
		checkLiteral(t, s)
	}
}

func checkLiteral(t *testing.T, s string) {
	t.Helper()
	want := cty.StringVal(s)
	val, diags, vars := evalHclsyntax(s)
	if !val.RawEquals(want) || diags != nil || vars != nil {
		t.Errorf("hclsyntax on literal %q: %#v, %s, variables %v; want %#v, no diagnostics, no variables", s, val, fmtDiags(diags), vars, want)
	}
	got, diags := Parse(Source{Text: s, Filename: "f"}).Value(testCtx())
	if !got.RawEquals(want) || diags != nil {
		t.Errorf("Value of literal %q = %#v, %s; want %#v", s, got, fmtDiags(diags), want)
	}
}

func TestIsLiteralFalse(t *testing.T) {
	for _, s := range []string{
		"${x}", "%{if true}a%{endif}", "$${x}", "%%{x}", "a${", "a%{", "${", "%{",
		"\ufeffabc",     // hclsyntax drops a leading U+FEFF
		"\xff", "a\xc0", // hclsyntax rejects invalid UTF-8
	} {
		if IsLiteral(s) {
			t.Errorf("IsLiteral(%q) = true, want false", s)
		}
	}
}

// randomStrings returns deterministic strings built from the pieces that
// matter to templates.
func randomStrings(n int) []string {
	pieces := []string{"$", "%", "{", "}", "~", "a", " ", "\n", "\r", "é", "e\u0301", "\ufeff", "\x00", "\\", "\"", "${x}", "$${", "%%{"}
	r := rand.New(rand.NewPCG(1, 2))
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range r.IntN(9) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		out[i] = b.String()
	}
	return out
}

func TestIsLiteralRandom(t *testing.T) {
	for _, s := range randomStrings(3000) {
		if IsLiteral(s) {
			checkLiteral(t, s)
		}
	}
}

func TestEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{in: "", want: ""},
		{in: "plain $ % { }", want: "plain $ % { }"},
		{in: "${x}", want: "$${x}"},
		{in: "%{if}", want: "%%{if}"},
		{in: "$${x}", want: "$$${x}"},
		{in: "%%{x}", want: "%%%{x}"},
		{in: "a${b}%{c}${", want: "a$${b}%%{c}$${"},
		{in: "$", want: "$"},
		{in: "\ufeffa", want: "\ufeff\ufeffa"},
		{in: "a\ufeff", want: "a\ufeff"},
	}
	for _, tt := range tests {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(AppendEscape([]byte("pre:"), tt.in)); got != "pre:"+tt.want {
			t.Errorf("AppendEscape(pre:, %q) = %q, want %q", tt.in, got, "pre:"+tt.want)
		}
	}
}

// Escape(s), evaluated as a template, gives s back (strings with a lone
// carriage return are checked in TestLoneCarriageReturn).
func TestEscapeRoundTrip(t *testing.T) {
	for _, s := range append(randomStrings(3000), literals...) {
		if hasLoneCR(s) {
			continue
		}
		want := cty.StringVal(s)
		got, diags := Parse(Source{Text: Escape(s), Filename: "f"}).Value(testCtx())
		if diags.HasErrors() || !got.RawEquals(want) {
			t.Errorf("Escape(%q) = %q evaluates to %#v %s, want %#v", s, Escape(s), got, fmtDiags(diags), want)
		}
		hval, hdiags, _ := evalHclsyntax(Escape(s))
		if hdiags.HasErrors() || !hval.RawEquals(want) {
			t.Errorf("hclsyntax: Escape(%q) = %q evaluates to %#v %s, want %#v", s, Escape(s), hval, fmtDiags(hdiags), want)
		}
	}
}

func TestLiteralAllocs(t *testing.T) {
	s := strings.Repeat("a plain literal with $ and % but no braces ", 4)
	buf := make([]byte, 0, 2*len(s))
	for name, f := range map[string]func(){
		"IsLiteral":   func() { _ = IsLiteral(s) },
		"IsLiteral é": func() { _ = IsLiteral("caf\u00e9 $5") },
		"Escape":      func() { _ = Escape(s) },
		"AppendEscape": func() {
			_ = AppendEscape(buf[:0], "${x} and %{y}")
		},
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}

func hasLoneCR(s string) bool {
	return strings.Contains(strings.ReplaceAll(s, "\r\n", ""), "\r")
}

// After a carriage return that is not followed by a line feed, hclsyntax
// reads the rest of a template as one literal: interpolations are not
// evaluated and only "$${"/"%%{" are unescaped. Escape still round-trips
// everything except an even run of '$' or '%' before '{', which that mode
// cannot express.
func TestLoneCarriageReturn(t *testing.T) {
	tests := []struct {
		text string
		want string // Value of Parse(text)
	}{
		{text: "a\r${zed}", want: "a\r${zed}"},
		{text: "${zed}\r${zed}", want: "Z\r${zed}"},
		{text: "\r$${x}", want: "\r${x}"},
		{text: "\r$$${x}", want: "\r$$${x}"},
		{text: "\r\n${zed}", want: "\r\nZ"},
	}
	for _, tt := range tests {
		got, diags := Parse(Source{Text: tt.text, Filename: "f"}).Value(testCtx())
		if diags.HasErrors() || !got.RawEquals(cty.StringVal(tt.want)) {
			t.Errorf("Value of %q = %#v %s, want %q", tt.text, got, fmtDiags(diags), tt.want)
		}
		hval, _, _ := evalHclsyntax(tt.text)
		if !hval.RawEquals(got) {
			t.Errorf("hclsyntax gives %#v for %q, Template gives %#v", hval, tt.text, got)
		}
	}
	for _, s := range []string{"\r${x}", "a\r%{if}", "\r$$${x}", "\r$", "\r%%%{"} {
		got, diags := Parse(Source{Text: Escape(s), Filename: "f"}).Value(testCtx())
		if diags.HasErrors() || !got.RawEquals(cty.StringVal(s)) {
			t.Errorf("Escape(%q) = %q evaluates to %#v %s, want %q", s, Escape(s), got, fmtDiags(diags), s)
		}
	}
	// The inexpressible case: "\r$${" comes back with one '$' too many.
	got, _ := Parse(Source{Text: Escape("\r$${"), Filename: "f"}).Value(testCtx())
	if !got.RawEquals(cty.StringVal("\r$$${")) {
		t.Errorf("Escape(\"\\r$${\") evaluates to %#v; if hclsyntax changed, update the Escape documentation", got)
	}
}

// A literal costs the Template and the boxed string; a parsed template
// costs hclsyntax's allocations plus the Template.
func TestParseAllocs(t *testing.T) {
	ctx := testCtx()
	_, lit := jsonFile(t, "a literal string")
	if n := testing.AllocsPerRun(100, func() { Parse(lit).Value(ctx) }); n > 2 {
		t.Errorf("literal Parse+Value: %v allocations, want at most 2", n)
	}
	_, src := jsonFile(t, "${var.foo}-web-${var.n}")
	ours := testing.AllocsPerRun(100, func() { Parse(src).Value(ctx) })
	theirs := testing.AllocsPerRun(100, func() {
		expr, _ := hclsyntax.ParseTemplate([]byte(src.Text), src.Filename, src.Start)
		expr.Value(ctx)
	})
	if ours > theirs+1 {
		t.Errorf("Parse+Value: %v allocations, hclsyntax %v; want at most one more", ours, theirs)
	}
}

// scanBytewise is scan one byte at a time, as it was written before it
// read eight at a time: the reference TestScanWords compares it with.
func scanBytewise(s string) (literal, ascii bool) {
	literal, ascii = true, true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '$' || c == '%':
			if i+1 < len(s) && s[i+1] == '{' {
				literal = false
			}
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	if literal && !ascii {
		literal = utf8.ValidString(s) && !strings.HasPrefix(s, bom)
	}
	return literal, ascii
}

// TestScanWords checks scan, which reads eight bytes at a time, and
// IsLiteral, which looks for each '{', against the bytewise reading on
// strings where "${", "%{", non-ASCII bytes and their neighbours fall at
// every offset of a word and across words.
func TestScanWords(t *testing.T) {
	pieces := []string{"${", "%{", "$", "%", "{", "é", "\xff", "\ufeff", "#", "$$", "%%", "a"}
	check := func(s string) {
		t.Helper()
		l1, a1 := scan(s)
		l2, a2 := scanBytewise(s)
		if l1 != l2 || a1 != a2 {
			t.Errorf("scan(%q) = %v, %v; bytewise %v, %v", s, l1, a1, l2, a2)
		}
		if lit := IsLiteral(s); lit != l2 {
			t.Errorf("IsLiteral(%q) = %v; bytewise %v", s, lit, l2)
		}
	}
	for pad := 0; pad < 20; pad++ {
		for _, p := range pieces {
			for _, q := range pieces {
				prefix := strings.Repeat("x", pad)
				check(prefix + p)
				check(prefix + p + q)
				check(prefix + p + strings.Repeat("y", pad) + q)
				check(p + prefix + q + "tail text")
			}
		}
	}
	for _, s := range randomStrings(5000) {
		check(s)
	}
}

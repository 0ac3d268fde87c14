package template

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/internal/native"
)

// templateGen builds random templates with many lines: literal text of
// every awkward kind, interpolations with strip markers, quoted and
// heredoc templates inside them, if and for directives nesting more
// literal lines, and broken sequences.
type templateGen struct {
	r *rand.Rand
	b strings.Builder
}

var genWords = []string{
	"word", "a b", " ", "  ", "\t", "}", "a{", "$", "%", "~", "$$", "%%", "$${x}", "%%{y}", "$}", "x$", "x%",
	"é", "日本", "e\u0301x", "😀", "#", "//", "/*", "\"", "\\", "\\n", "\x1f", "\x1e", "\x01", "\x00", "\r\n", "EOT",
}

var genExprs = []string{
	"x", "var.foo", "var.n", "zed", "nope", "5", "true", "null", `"s"`, `"a\nb"`, `"${x} \n ${nope}"`,
	"upper(zed)", `upper("a\n")`, "var.n > 1 ? \"big\" : \"small\"", `[for s in ["a", "b"]: upper(s)]`,
	"{a = 1, b = x}", "x # comment\n", "x /* c\nd */", "[\n1,\n2\n]",
	"<<EOT\nline ${x}\nline\nEOT\n", "<<-EOT\n    a\n      ${zed}\n    EOT\n", `"%{if true}q%{endif}"`,
	"x.y", "var[\"foo\"]", "nope.attr",
}

var genBroken = []string{"", "a b", "1 +", "(", "\"open", "x:", "[1,", "{", "<<EOT\nx\n"}

func (g *templateGen) literal(lines int) {
	for i := 0; i < lines; i++ {
		for n := g.r.IntN(4); n > 0; n-- {
			g.b.WriteString(genWords[g.r.IntN(len(genWords))])
		}
		switch g.r.IntN(60) {
		case 0:
			g.b.WriteString("\r") // lone: hclsyntax takes the rest as literal
		case 1:
			g.b.WriteString("\r\n")
		default:
			g.b.WriteString("\n")
		}
	}
}

func (g *templateGen) open(verb string) {
	g.b.WriteString(verb)
	if g.r.IntN(3) == 0 {
		g.b.WriteString("~")
	}
	g.b.WriteString(" ")
}

func (g *templateGen) close() {
	switch g.r.IntN(3) {
	case 0:
		g.b.WriteString(" ~}")
	default:
		g.b.WriteString(" }")
	}
}

func (g *templateGen) body(depth, parts int) {
	for i := 0; i < parts; i++ {
		switch k := g.r.IntN(24); {
		case k < 10:
			g.literal(g.r.IntN(12))
		case k < 18:
			g.open("${")
			if g.r.IntN(8) == 0 {
				g.b.WriteString(genBroken[g.r.IntN(len(genBroken))])
			} else {
				g.b.WriteString(genExprs[g.r.IntN(len(genExprs))])
			}
			if g.r.IntN(30) != 0 { // sometimes unclosed
				g.close()
			}
		case k < 21 && depth < 3:
			g.open("%{")
			g.b.WriteString("if var.n > 1")
			g.close()
			g.body(depth+1, 1+g.r.IntN(3))
			if g.r.IntN(2) == 0 {
				g.open("%{")
				g.b.WriteString("else")
				g.close()
				g.body(depth+1, 1+g.r.IntN(3))
			}
			if g.r.IntN(15) != 0 {
				g.open("%{")
				g.b.WriteString("endif")
				g.close()
			}
		case k < 23 && depth < 3:
			g.open("%{")
			g.b.WriteString(`for i, s in ["p", "q"]`)
			g.close()
			g.body(depth+1, 1+g.r.IntN(3))
			if g.r.IntN(15) != 0 {
				g.open("%{")
				g.b.WriteString("endfor")
				g.close()
			}
		default:
			g.b.WriteString([]string{"%{ endif }", "%{ else }", "%{ bogus }", "%{ for }", "${}", "%{}"}[g.r.IntN(6)])
		}
	}
}

// foldCtx is testCtx with x.
func foldCtx() *hcl.EvalContext {
	ctx := testCtx()
	ctx.Variables["x"] = cty.StringVal("X")
	return ctx
}

func genTemplates(n int) []string {
	g := &templateGen{r: rand.New(rand.NewPCG(7, 11))}
	out := make([]string, n)
	for i := range out {
		g.b.Reset()
		g.literal(g.r.IntN(40))
		g.body(0, 1+g.r.IntN(6))
		g.literal(g.r.IntN(40))
		out[i] = g.b.String()
	}
	return out
}

// Folding the lines of literal text changes nothing that hclsyntax would
// give: with no file behind the Source, values, variables and diagnostics
// (ranges and Details included) equal hclsyntax's, parsing the same text
// at the same start.
func TestFoldedEqualsHclsyntax(t *testing.T) {
	ctx := foldCtx()
	folded := 0
	for i, text := range genTemplates(600) {
		if strings.Count(text, "\n") <= manyLines {
			text = strings.Repeat("line\n", manyLines) + text
		}
		if foldLines([]byte(text), Source{Text: text}) != nil {
			folded++
		}
		start := hcl.Pos{Line: 3, Column: 7, Byte: 40}
		src := Source{Text: text, Filename: "g.tf", Start: start}
		tmpl := Parse(src)
		ref, refDiags := hclsyntax.ParseTemplate([]byte(text), src.Filename, start)

		if got, want := fmtDiags(tmpl.Diagnostics()), fmtDiags(refDiags); got != want {
			t.Errorf("%d %q: parse diagnostics =\n%s\nhclsyntax:\n%s", i, text, got, want)
			continue
		}
		val, diags := tmpl.Value(ctx)
		if refDiags.HasErrors() {
			continue
		}
		refVal, refValDiags := ref.Value(ctx)
		if !val.RawEquals(refVal) {
			t.Errorf("%d %q: Value = %#v, hclsyntax %#v", i, text, val, refVal)
		}
		if got, want := fmtDiags(diags), fmtDiags(append(refDiags, refValDiags...)); got != want {
			t.Errorf("%d %q: Value diagnostics =\n%s\nhclsyntax:\n%s", i, text, got, want)
		}
		if got, want := tmpl.Variables(), ref.Variables(); !reflect.DeepEqual(got, want) {
			t.Errorf("%d %q: Variables() =\n%#v\nhclsyntax:\n%#v", i, text, got, want)
		}
		if got, want := tmpl.Functions(), functions(ref, nil); !reflect.DeepEqual(got, want) {
			t.Errorf("%d %q: Functions() =\n%#v\nhclsyntax:\n%#v", i, text, got, want)
		}
	}
	if folded < 500 {
		t.Errorf("only %d of 600 templates were folded", folded)
	}
}

// In a JSON file, where the newlines are escapes, a folded template's
// ranges are the exact images of hclsyntax's.
func TestFoldedRangesExact(t *testing.T) {
	for i, text := range genTemplates(150) {
		quoted, err := json.Marshal(text)
		if err != nil {
			t.Fatal(err)
		}
		f, src := jsonFile(t, string(quoted[1:len(quoted)-1]))
		if src.Text != text {
			t.Fatalf("%d: %q did not round-trip through JSON: %q", i, text, src.Text)
		}
		ref, refDiags := hclsyntax.ParseTemplate([]byte(text), f.name, hcl.Pos{Line: 1, Column: 1})
		tmpl := Parse(src)
		checkDiags(t, f, src, "parse", tmpl.Diagnostics(), refDiags)
		if refDiags.HasErrors() {
			continue
		}
		_, diags := tmpl.Value(foldCtx())
		_, refValDiags := ref.Value(foldCtx())
		checkDiags(t, f, src, "Value", diags, append(refDiags, refValDiags...))
		checkTraversals(t, f, src, "variable", tmpl.Variables(), ref.Variables())
	}
}

// When every placeholder byte already occurs in the text, the newlines are
// put back by position.
func TestFoldedWithPlaceholdersInText(t *testing.T) {
	text := placeholders + "\n" + strings.Repeat("a"+placeholders+"\n\n", 40) +
		"${\"" + placeholders + "\"}\n" + strings.Repeat(placeholders[:3]+"\n", 40) +
		"%{if true~}\n \n" + strings.Repeat(" "+placeholders[5:]+"\n", 40) + "%{~endif}" + placeholders
	f := foldLines([]byte(text), Source{Text: text})
	if f == nil || !f.ambiguous {
		t.Fatalf("foldLines = %+v, want an ambiguous fold", f)
	}
	want, diags := hclsyntax.ParseTemplate([]byte(text), "p", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		t.Fatal(fmtDiags(diags))
	}
	wantVal, _ := want.Value(nil)
	got, diags := Parse(Source{Text: text, Filename: "p", Start: hcl.Pos{Line: 1, Column: 1}}).Value(nil)
	if diags != nil || !got.RawEquals(wantVal) {
		t.Errorf("Value = %#v, %s\nwant %#v", got, fmtDiags(diags), wantVal)
	}
}

// A 1 MB template of 25,000 lines reaches the parser as two literal tokens
// and one interpolation (the first newline and the last are kept), and
// comes out as one literal part holding every line.
func TestManyLinesFold(t *testing.T) {
	const lines = 25000
	line := strings.Repeat("x", 39) + "\n"
	text := strings.Repeat(line, lines) + "${x}"
	buf := []byte(text)
	f := foldLines(buf, Source{Text: text, Filename: "m"})
	if f == nil || len(f.at) != lines-2 {
		t.Fatalf("folded %v newlines, want %d", f, lines-2)
	}
	toks, _ := hclsyntax.LexTemplate(buf, "m", hcl.Pos{Line: 1, Column: 1})
	var kinds []string
	for _, tok := range toks {
		kinds = append(kinds, tok.Type.String())
	}
	wantKinds := []string{"TokenStringLit", "TokenStringLit", "TokenTemplateInterp", "TokenIdent", "TokenTemplateSeqEnd", "TokenEOF"}
	if !reflect.DeepEqual(kinds, wantKinds) {
		t.Errorf("folded text lexes as %v, want %v", kinds, wantKinds)
	}

	_, src := jsonFile(t, strings.Repeat(strings.Repeat("x", 39)+`\n`, lines)+"${x}")
	tmpl := Parse(src)
	expr, ok := tmpl.expr.(*hclsyntax.TemplateExpr)
	if !ok || len(expr.Parts) != 2 {
		t.Fatalf("expression %#v, want a TemplateExpr with 2 parts", tmpl.expr)
	}
	lit, ok := expr.Parts[0].(*hclsyntax.LiteralValueExpr)
	if !ok || !lit.Val.RawEquals(cty.StringVal(strings.Repeat(line, lines))) {
		t.Errorf("first part is not the literal lines")
	}
	val, diags := tmpl.Value(foldCtx())
	if diags != nil || !val.RawEquals(cty.StringVal(strings.Repeat(line, lines)+"X")) {
		t.Errorf("Value: %s", fmtDiags(diags))
	}
	// The variable is on the JSON string's line, far to the right.
	vars := tmpl.Variables()
	wantCol := src.Start.Column + lines*41 + 2
	if len(vars) != 1 || vars[0][0].SourceRange().Start.Line != 3 || vars[0][0].SourceRange().Start.Column != wantCol {
		t.Errorf("Variables() = %#v, want x at 3,%d", vars, wantCol)
	}
}

// Strip markers see the same tokens as without folding: "~}" strips the
// first line after it, "${~" the last one before it.
func TestFoldedStripMarkers(t *testing.T) {
	many := strings.Repeat("l\n", 40)
	for _, text := range []string{
		many + "${x ~}  \n  \n" + many + "  \n \n${~ x}" + many,
		many + "%{ if true ~}\n\n" + many + "\n\n%{~ endif ~}\n" + many,
		many + "%{ for s in [\"a\"] ~}\n" + many + " \t\n%{~ endfor}" + many,
		"${x ~}" + many + "${~ x}",
		many + "${x~}\r\n\n" + many + "\n\r\n${~x}",
	} {
		want, diags := hclsyntax.ParseTemplate([]byte(text), "s", hcl.Pos{Line: 1, Column: 1})
		if diags.HasErrors() {
			t.Fatal(fmtDiags(diags))
		}
		wantVal, _ := want.Value(foldCtx())
		got, diags := Parse(Source{Text: text, Filename: "s", Start: hcl.Pos{Line: 1, Column: 1}}).Value(foldCtx())
		if diags != nil || !got.RawEquals(wantVal) {
			t.Errorf("%q: Value = %#v, %s\nwant %#v", text, got, fmtDiags(diags), wantVal)
		}
	}
}

// Without a Pos function, lines and columns are counted from Start across
// the newlines of the text, as hclsyntax counts them.
func TestPositionWithoutPosCountsLines(t *testing.T) {
	m := mustSourceMap(Source{Text: "ab\ncé\r\nd", Filename: "f", Start: hcl.Pos{Line: 2, Column: 5, Byte: 10}})
	for _, tt := range []struct {
		d    int
		want hcl.Pos
	}{
		{0, hcl.Pos{Line: 2, Column: 5, Byte: 10}},
		{2, hcl.Pos{Line: 2, Column: 7, Byte: 12}},
		{3, hcl.Pos{Line: 3, Column: 1, Byte: 13}},
		{6, hcl.Pos{Line: 3, Column: 3, Byte: 16}},
		{8, hcl.Pos{Line: 4, Column: 1, Byte: 18}},
		{9, hcl.Pos{Line: 4, Column: 2, Byte: 19}},
	} {
		if got := m.position(tt.d); got != tt.want {
			t.Errorf("position(%d) = %#v, want %#v", tt.d, got, tt.want)
		}
	}
}

// A template whose many lines are inside its interpolations and directives
// is not folded (nor lexed for folding): its literal runs are short. One
// whose braces only the scanner can match (quoted strings, comments,
// heredocs inside a sequence) is lexed as before, and folded when its
// literal text has many lines.
func TestTopLevelNewlines(t *testing.T) {
	many := strings.Repeat("\n", manyLines+1)
	for _, tt := range []struct {
		text   string
		n      int
		ok     bool
		folded bool
	}{
		{"${[\n" + strings.Repeat("  a,\n", manyLines+5) + "]}", 0, true, false},
		{"${merge(local.a, {\n" + strings.Repeat("  k = v\n", manyLines+5) + "})}", 0, true, false},
		{"%{ if a }" + many + "%{ endif }", manyLines + 1, true, true},
		{"x" + many + "${a}" + many, 2 * (manyLines + 1), true, true},
		{"$${" + many + "}", manyLines + 1, true, true},
		{"%%{" + many + "}", manyLines + 1, true, true},
		{"${a}\n${b}\n", 2, true, false},
		{"${\"}\"}" + many, 0, false, true},
		{"${a # }\n}" + many, 0, false, true},
		{"${a // }\n}" + many, 0, false, true},
		{"${a /* } */}" + many, 0, false, true},
		{"${<<EOT\n}\nEOT\n}" + many, 0, false, true},
		{"${é}" + many, 0, false, true},
		{"${a / b}" + many, manyLines + 1, true, true},
		{"${a}" + strings.Repeat("\n", manyLines), manyLines, true, false},
		{"${ a" + many, 0, true, false}, // unclosed: the rest is in the sequence
	} {
		n, ok := topLevelNewlines(tt.text)
		if ok != tt.ok || ok && n != tt.n {
			t.Errorf("topLevelNewlines(%q) = %d, %v, want %d, %v", tt.text, n, ok, tt.n, tt.ok)
		}
		buf := []byte(tt.text)
		f := foldLines(buf, Source{Text: tt.text, Filename: "t"})
		if (f != nil) != tt.folded {
			t.Errorf("foldLines(%q) folded: %v, want %v", tt.text, f != nil, tt.folded)
		}
		// Folded or not, the template is what hclsyntax makes of it.
		want, wantDiags := generalValue(tt.text, foldCtx())
		got, gotDiags := Parse(Source{Text: tt.text, Filename: "t", Start: hcl.InitialPos}).Value(foldCtx())
		if wantDiags.HasErrors() != gotDiags.HasErrors() || !wantDiags.HasErrors() && !got.RawEquals(want) {
			t.Errorf("Parse(%q).Value = %#v, %v; hclsyntax: %#v, %v", tt.text, got, gotDiags, want, wantDiags)
		}
	}
}

// The folding tests again with internal/native's reader switched off: the
// templates it reads (most of theirs) go through the fold and hclsyntax,
// as those it does not read do.
func TestFoldedWithoutNative(t *testing.T) {
	readTemplate = func(string, string, hcl.Pos) (hclsyntax.Expression, bool) { return nil, false }
	defer func() { readTemplate = native.ParseTemplate }()
	t.Run("EqualsHclsyntax", TestFoldedEqualsHclsyntax)
	t.Run("RangesExact", TestFoldedRangesExact)
	t.Run("WithPlaceholdersInText", TestFoldedWithPlaceholdersInText)
	t.Run("ManyLinesFold", TestManyLinesFold)
	t.Run("StripMarkers", TestFoldedStripMarkers)
}

package template

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// Templates with calls that must take the fast path, and templates that
// must not.
var (
	fastCalls = []string{
		"${f()}", "${length(var.v1)}", "${upper(local.l1)}", "${var.v}-${length(var.v)}", "x${a()}", "${a()}y",
		`${lookup(var.tags, "Name", "x")}`, `${format("%s-%03d", var.env, 1)}`, `${join(",", var.l)}`, `${f("")}`,
		`${f("a$")}`, `${f("$")}`, `${f("%")}`, `${f("a%")}`, `${f("~")}`, `${f("}")}`, `${f("{")}`, `${f(")")}`,
		`${f("(")}`, `${f(",")}`, `${f("'")}`, `${f(" ")}`, `${f("$$")}`, `${f("%%")}`, `${f("#")}`, `${f("//")}`,
		"${f(0)}", "${f(9)}", "${f(10)}", "${f(007)}", "${f(1.5)}", "${f(0.25)}", "${f(10.0)}", "${f(00.00)}",
		"${f(123456789012345678901234567890.123456789)}", "${f(true)}", "${f(false)}", "${f(null)}",
		"${f(a,b)}", "${f(a, b)}", "${f(a,b, c)}", "${f(g(x))}", "${f(g(h(i())))}", "${f(g(), h())}",
		"${true()}", "${null(a)}", "${for(in)}", "${a-b(c-d)}", "${a-(b)}", "${_(_)}", "${Z9(z9)}",
		`${f(a.b[0]["k"].c)}`, "${f(a.true, a.null)}", "${f(True)}", "${f(a[10][2])}", `${f(a["x y"])}`,
		"${f(a)}${g(b)}", "${a}${f(b)}${c}", "$${x}${f(y)}", "${f(y)}%%{x}", "a$b%c${f(x)}", "${f(x)}$", "${f(x)}%", "${f(a)}}", "{${f(a)}",
		"${f(a,b,c,d,e,f,g,h,i,j)}", "${f(f(f(f(f(f(f(f())))))))}",
		`${cidrsubnet(var.cidr, 8, count.index)}`, `${element(var.azs, count.index)}`, `arn:aws:s3:::${lower(var.b)}/*`,
		`${coalesce(var.a, "x")}-${max(1, 2.5)}`,
	}
	slowCalls = []string{
		"${ f() }", "${f( )}", "${f( a)}", "${f(a )}", "${f(a ,b)}", "${f(a,  b)}", "${f(a,\tb)}", "${f(a,\nb)}",
		"${f\n()}", "${f ()}", "${f(a,)}", "${f(a, )}", "${f(,)}", "${f(a...)}", "${f(a, b...)}", "${f(a[*])}",
		"${f(a.*.b)}", "${f(a)[0]}", "${f(a).b}", "${f(a)[*]}", "${p::f()}", "${provider::p::f(a)}", "${a.f()}",
		"${~f()}", "${f()~}", "${f(a)}\n", "\r${f(a)}", `${f("\n")}`, `${f("\"")}`, `${f("${a}")}`, `${f("%{a}")}`,
		`${f("$${a}")}`, `${f("%%{a}")}`, `${f("é")}`, "${f(é)}", "é${f(a)}", "${é()}", "${f(\"\t\")}", `${f('a')}`,
		"${f(1.)}", "${f(.5)}", "${f(1e3)}", "${f(1E3)}", "${f(-1)}", "${f(1.5.2)}", "${f(0x1)}", "${f(1a)}", "${f(!a)}",
		"${f(a+b)}", "${f(a?b:c)}", "${f([a])}", "${f({})}", "${f((a))}", "${f(a)(b)}", "${f(a.0)}", "${f(a[b])}",
		"${f(a", "${f(a)", "${f(a,", "${f(", "${f}", "${f(a))}", "${f(()}", "${f(\"a)}", "${f(a\"b)}",
		"${f(f(f(f(f(f(f(f(f()))))))))}", "%{if f()}x%{endif}", "${f()}%{if a}x%{endif}", "${f(a # c)}",
		"\ufeff${f()}", "${f(a)} ${ g }",
	}
)

// identRE is an ASCII identifier; plainArgRE is an argument other than a
// call and a traversal: a quoted literal, a number or a keyword.
var (
	identRE    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)
	plainArgRE = regexp.MustCompile(`^("[ !#-\[\]-~]*"|[0-9]+(\.[0-9]+)?|true|false|null)$`)
)

// fastCall reports, from hclsyntax's own AST and the text its ranges cut,
// whether the call is of the fast path's grammar: an ASCII name right
// before "(", arguments right after it and before ")", separated by ","
// or ", ", each a call of the grammar (maxCallDepth levels in all), a traversal
// of the traversal fast path's grammar, a quoted literal of one part, a
// decimal number or a keyword.
func fastCall(text string, start hcl.Pos, call *hclsyntax.FunctionCallExpr, depth int) bool {
	cut := func(from, to int) (string, bool) {
		from, to = from-start.Byte, to-start.Byte
		if from < 0 || to > len(text) || from > to {
			return "", false
		}
		return text[from:to], true
	}
	if depth >= maxCallDepth || call.ExpandFinal || !identRE.MatchString(call.Name) ||
		call.NameRange.End.Byte != call.OpenParenRange.Start.Byte {
		return false
	}
	if name, ok := cut(call.NameRange.Start.Byte, call.NameRange.End.Byte); !ok || name != call.Name {
		return false
	}
	if call.Args == nil {
		return call.CloseParenRange.Start.Byte == call.OpenParenRange.End.Byte
	}
	prev := call.OpenParenRange.End.Byte
	for i, arg := range call.Args {
		r := arg.Range()
		if sep, ok := cut(prev, r.Start.Byte); !ok || i == 0 && sep != "" || i > 0 && sep != "," && sep != ", " {
			return false
		}
		prev = r.End.Byte
		argText, ok := cut(r.Start.Byte, r.End.Byte)
		if !ok {
			return false
		}
		switch arg := arg.(type) {
		case *hclsyntax.FunctionCallExpr:
			if !fastCall(text, start, arg, depth+1) {
				return false
			}
		case *hclsyntax.ScopeTraversalExpr:
			if !inFastGrammar("${" + argText + "}") {
				return false
			}
		case *hclsyntax.TemplateExpr:
			if len(arg.Parts) != 1 || !plainArgRE.MatchString(argText) || argText[0] != '"' ||
				strings.Contains(argText, "${") || strings.Contains(argText, "%{") {
				return false
			}
		case *hclsyntax.LiteralValueExpr:
			if !plainArgRE.MatchString(argText) || argText[0] == '"' {
				return false
			}
		default:
			return false
		}
	}
	return call.CloseParenRange.Start.Byte == prev
}

// wantCalls reports, from hclsyntax's own result, whether text should take
// the call fast path: it is ASCII on one line, and hclsyntax builds either
// one interpolation of a fast call, or a TemplateExpr of text, traversals
// of the traversal fast path's grammar and fast calls, at least one.
func wantCalls(text string, start hcl.Pos, ref hclsyntax.Expression, diags hcl.Diagnostics) bool {
	if diags != nil || strings.ContainsAny(text, "\r\n") {
		return false
	}
	for i := range len(text) {
		if text[i] >= 0x80 {
			return false
		}
	}
	// interp reports whether part is written "${" part "}".
	interp := func(part hclsyntax.Expression) bool {
		from, to := part.Range().Start.Byte-start.Byte-2, part.Range().End.Byte-start.Byte+1
		return from >= 0 && to <= len(text) && text[from:from+2] == "${" && text[to-1] == '}'
	}
	switch ref := ref.(type) {
	case *hclsyntax.TemplateWrapExpr:
		call, ok := ref.Wrapped.(*hclsyntax.FunctionCallExpr)
		return ok && interp(call) && call.Range().Start.Byte-start.Byte == 2 && call.Range().End.Byte-start.Byte == len(text)-1 &&
			fastCall(text, start, call, 0)
	case *hclsyntax.TemplateExpr:
		calls := 0
		for _, p := range ref.Parts {
			switch p := p.(type) {
			case *hclsyntax.LiteralValueExpr:
				if from := p.SrcRange.Start.Byte - start.Byte; from != 0 && text[from-1] != '}' {
					return false
				}
			case *hclsyntax.ScopeTraversalExpr:
				from, to := p.SrcRange.Start.Byte-start.Byte-2, p.SrcRange.End.Byte-start.Byte+1
				if from < 0 || to > len(text) || !inFastGrammar(text[from:to]) {
					return false
				}
			case *hclsyntax.FunctionCallExpr:
				if !interp(p) || !fastCall(text, start, p, 0) {
					return false
				}
				calls++
			default:
				return false
			}
		}
		return calls > 0
	}
	return false
}

// callCtx has the variables of traversalCtx and some functions.
func callCtx() *hcl.EvalContext {
	ctx := traversalCtx()
	ctx.Functions = map[string]function.Function{
		"upper":    stdlib.UpperFunc,
		"lower":    stdlib.LowerFunc,
		"length":   stdlib.LengthFunc,
		"format":   stdlib.FormatFunc,
		"join":     stdlib.JoinFunc,
		"lookup":   stdlib.LookupFunc,
		"coalesce": stdlib.CoalesceFunc,
		"max":      stdlib.MaxFunc,
		"concat":   stdlib.ConcatFunc,
	}
	return ctx
}

// genCalls returns n deterministic templates with calls near the fast
// path's grammar: most of them in it, some one edit away.
func genCalls(n int) []string {
	r := rand.New(rand.NewPCG(13, 17))
	pick := func(good, bad []string) string {
		if r.IntN(14) == 0 {
			return bad[r.IntN(len(bad))]
		}
		return good[r.IntN(len(good))]
	}
	names := []string{"upper", "lower", "length", "format", "join", "lookup", "coalesce", "max", "concat", "f", "a-b", "_", "true", "for"}
	badNames := []string{"provider::p::f", "p::f", "é", "0f", "a.b", "", "f ", " f", "upper~"}
	quoted := []string{"", "a", "%s-%s", "a$", "$", "%", "~", "x y", "}", "{", "(", ")", ",", "'", "$$", "%%", "Name", ", ", "#"}
	badQuoted := []string{`\"`, `\\n`, "${x}", "%{ if x }", "é", "\t", "$${", "%%{", "\n", `\u0041`, "~}"}
	numbers := []string{"0", "7", "42", "1.5", "0.25", "007", "10.0", "123456789012345678901234567890.5", "3"}
	badNumbers := []string{"1.", ".5", "1e3", "-1", "1.5.2", "0x1", "1_000", "1 "}
	seps := []string{",", ", "}
	badSeps := []string{" ,", ",  ", ",\n", " ", ";", ",\t", "\n,", ",,"}
	suffixes := []string{"...", ",", ", ", "[*]", ".x", "[0]", " ", "\n", "~", ")", "("}
	travs := []string{"a", "var.region", "var.list[0]", `local.tags["Name"]`, "a.b", "var.m[\"k\"].x[3]", "count.index", "for"}
	badTravs := []string{"a.0", "a[*]", "a.*.b", "a[b]", "é", "a[ 0 ]", "a ", "a.", "!a", "-a", "(a)", "[a]"}
	text := []string{"web-", "-", "arn:aws:s3:::", "/*", " ", "x", "{", "}", "~", "$", "%", "$${x}", "%%{y}", "é", "\n", "'", `"`}

	var call func(depth int) string
	arg := func(depth int) string {
		switch x := r.IntN(10); {
		case x < 3:
			return pick(travs, badTravs)
		case x < 5:
			return `"` + pick(quoted, badQuoted) + `"`
		case x < 7:
			return pick(numbers, badNumbers)
		case x < 8:
			return []string{"true", "false", "null"}[r.IntN(3)]
		default:
			if depth >= 3 {
				return pick(travs, badTravs)
			}
			return call(depth + 1)
		}
	}
	call = func(depth int) string {
		var b strings.Builder
		b.WriteString(pick(names, badNames))
		b.WriteString("(")
		for k := range r.IntN(4) {
			if k > 0 {
				b.WriteString(pick(seps, badSeps))
			}
			b.WriteString(arg(depth))
		}
		if r.IntN(25) == 0 {
			b.WriteString(suffixes[r.IntN(len(suffixes))])
		}
		b.WriteString(")")
		return b.String()
	}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteString("${" + call(0) + "}")
		} else {
			for k := 1 + r.IntN(4); k > 0; k-- {
				switch r.IntN(4) {
				case 0:
					b.WriteString(text[r.IntN(len(text))])
				case 1:
					b.WriteString("${" + travs[r.IntN(len(travs))] + "}")
				default:
					b.WriteString("${" + call(0) + "}")
				}
			}
		}
		s := b.String()
		if r.IntN(10) == 0 { // one edit away
			j := r.IntN(len(s))
			s = s[:j] + []string{" ", "~", ".", ",", "(", ")", "\"", "::", "...", "\n", "é", "}"}[r.IntN(12)] + s[j:]
		}
		out[i] = s
	}
	return out
}

// The call fast path builds exactly hclsyntax's AST, and does so for every
// template of its form; a Template built on it answers Value, Variables,
// Functions and Diagnostics as one built by the parser.
func TestCallTemplateEqualsHclsyntax(t *testing.T) {
	starts := []hcl.Pos{{}, {Line: 1, Column: 1}, {Line: 12, Column: 30, Byte: 4711}}
	texts := append(append(append([]string(nil), fastCalls...), slowCalls...), genCalls(1500)...)
	var fastWraps, fastMixed int
	for i, text := range texts {
		start := starts[i%len(starts)]
		src := Source{Text: text, Filename: "calls.tf.json", Start: start}
		ref, refDiags := hclsyntax.ParseTemplate([]byte(text), src.Filename, start)
		lit, ascii := scan(text)
		var got hclsyntax.Expression
		if !lit {
			if tmpl := parsePartsTemplate(src, ascii); tmpl != nil && !isPlain(tmpl.expr) {
				got = tmpl.expr
			}
		}
		if got != nil {
			if !reflect.DeepEqual(got, ref) || refDiags != nil {
				t.Errorf("%q: fast path AST\n%#v\nhclsyntax (%s)\n%#v", text, got, fmtDiags(refDiags), ref)
			}
			if _, ok := got.(*hclsyntax.TemplateWrapExpr); ok {
				fastWraps++
			} else {
				fastMixed++
			}
		}
		if want := wantCalls(text, start, ref, refDiags); (got != nil) != want {
			t.Errorf("%q: on the fast path: %v, want %v", text, got != nil, want)
		}
		switch {
		case i < len(fastCalls):
			if got == nil {
				t.Errorf("%q: not on the fast path", text)
			}
		case i < len(fastCalls)+len(slowCalls):
			if got != nil {
				t.Errorf("%q: on the fast path", text)
			}
		}
		tmpl := Parse(src)
		checkSameTemplate(t, text, tmpl, parseSlow(src, ascii))
		if refDiags.HasErrors() {
			continue
		}
		for _, ctx := range []*hcl.EvalContext{callCtx(), traversalCtx(), nil} {
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
			if got, want := tmpl.Functions(), functions(ref, nil); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: Functions() = %#v\nhclsyntax %#v", text, got, want)
			}
		}
	}
	t.Logf("fast path: %d wrapped and %d mixed of %d templates", fastWraps, fastMixed, len(texts))
	if fastWraps < 400 || fastMixed < 250 {
		t.Errorf("fast path: only %d wrapped and %d mixed templates", fastWraps, fastMixed)
	}
}

// In a JSON file, a call template with escapes has exact ranges like any
// other, and so do the generated ones.
func TestCallTemplateThroughEscapes(t *testing.T) {
	f, src := jsonFile(t, `${lookup(local.tags, \"Name\", \"x\")}\/${upper(var.region)}`)
	tmpl := Parse(src)
	if _, ok := tmpl.expr.(*hclsyntax.TemplateExpr); !ok || tmpl.m == nil || isPlain(tmpl.expr) {
		t.Fatalf("expr %T, source map %v", tmpl.expr, tmpl.m)
	}
	want := []hcl.Traversal{
		{hcl.TraverseRoot{Name: "lookup", SrcRange: f.rng(t, "lookup", 0)}},
		{hcl.TraverseRoot{Name: "upper", SrcRange: f.rng(t, "upper", 0)}},
	}
	if got := tmpl.Functions(); !reflect.DeepEqual(got, want) {
		t.Errorf("Functions() =\n%#v\nwant\n%#v", got, want)
	}
	if got := tmpl.Variables(); len(got) != 2 || got[1][1].SourceRange() != f.rng(t, ".region", 0) {
		t.Errorf("Variables() = %#v", got)
	}
	val, diags := tmpl.Value(callCtx())
	if !val.RawEquals(cty.StringVal("web/EU-WEST-1")) || diags != nil {
		t.Errorf("Value = %#v, %s", val, fmtDiags(diags))
	}
	checkSameTemplate(t, src.Text, tmpl, parseSlow(src, false))
	for _, text := range genCalls(300) {
		q := jsonQuote(text)
		raw := q[1 : len(q)-1]
		_, src := jsonFile(t, raw)
		_, ascii := scan(src.Text)
		checkSameTemplate(t, raw, Parse(src), parseSlow(src, ascii))
	}
}

// The call fast path costs one allocation for the Template and its nodes
// (one slice more for each kind of node that does not fit), one per
// traversal step, one per quoted literal and text part (cty boxes their
// strings), one for the source map of a string with escapes, and those of
// cty.ParseNumberVal for a number of more than one digit; none for a
// keyword or a digit.
func TestCallTemplateAllocs(t *testing.T) {
	for _, tt := range []struct {
		raw  string
		want float64
	}{
		{raw: "${f()}", want: 1},
		{raw: "${length(var.v1)}", want: 3},
		{raw: "${upper(local.l1)}", want: 3},
		{raw: "${var.v1}-${length(var.v1)}", want: 6},
		{raw: `${lookup(var.tags, \"Name\", null)}`, want: 5}, // the source map, and the key's string
		{raw: "${element(var.azs, 0)}", want: 3},
		{raw: `${format(\"%s-%03d\", var.env, 10)}`, want: 1 + 1 + 1 + 2 + 3}, // the source map, the string, cty.ParseNumberVal("10")
		{raw: "${f(a, b, c, d)}", want: 1 + 1 + 4},                            // scopes overflow
		{raw: "${f(g(a, b), 1, true)}", want: 1 + 2 + 2},                      // calls and arguments overflow
	} {
		_, src := jsonFile(t, tt.raw)
		if n := testing.AllocsPerRun(100, func() { Parse(src) }); n != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.raw, n, tt.want)
		}
	}
}

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
)

// Templates that must take the fast path (hclsyntax builds a
// ScopeTraversalExpr for each) and templates that must not.
var (
	fastTraversals = []string{
		"${var.region}", "${aws_instance.web.id}", `${local.tags["Name"]}`, "${var.list[0]}",
		"${a}", "${_}", "${A_9}", "${a-b.c-d}", "${a-}", "${a--b}", "${_-_}", "${a[10][2][\"x y\"]}",
		`${a[""]}`, `${a["a$"]}`, `${a["$"]}`, `${a["%"]}`, `${a["}"]}`, `${a["{"]}`, `${a["~"]}`,
		`${a["$$"]}`, `${a["#"]}`, `${a["//"]}`, `${a[" "]}`, `${a["'"]}`, `${a["$ {"]}`, `${a["{$"]}`,
		"${a.true}", "${a.null}", "${a.for}", "${for}", "${in}", "${if}", "${endif}", "${True}", "${NULL}",
		"${a[12345678901234567890123]}", "${a[9]}", "${a[10]}", "${a[0][0][0][0][0]}",
		"${module.vpc.private_subnets[1]}", "${data.aws_ami.ubuntu.id}", "${count.index}", "${each.value.name}",
		`${path.module}`, `${self.private_ip}`, `${var.m["k"].x[3]}`, "${a.b-1}",
	}
	slowTraversals = []string{
		"${a.0}", "${a.0.b}", "${a[*]}", "${a[*].b}", "${a.*.b}", "${a.b()}", "${a()}", "${a::b()}", "${ a }",
		"${a }", "${ a}", "${a}b", "b${a}", "${a}${b}", "${true}", "${false}", "${null}", `${a["x${y}"]}`,
		`${a["%{if x}"]}`, `${a["$${x}"]}`, `${a["%%{x}"]}`, `${a["x\"]}`, `${a["x\n"]}`, "${a[\"\t\"]}",
		"${a[-1]}", "${a[01]}", "${a[00]}", "${a[1.5]}", "${a[1e3]}", "${a[0x1]}", "${a[ 0 ]}", "${a[0 ]}",
		"${é}", "${aé}", "${a.é}", `${a["é"]}`, "${a\u0301}", "${~a}", "${a~}", "${~ a ~}", "${a.}", "${a..b}",
		"${.a}", "${a[]}", `${a[""}`, `${a["]}`, "${a[0}", "${a[0]", "${a", "${}", "${1}", "${-a}", "${!a}",
		"${a # c}", "${a /* c */}", "${a\t}", "${a\n}", "${a+b}", "${a?b:c}", "${a[b]}", "${a[b.c]}",
		"%{a}", "$${a}", "${{}}", "${[a]}", `${"a"}`, "${a}}", "${a}.b}", "\ufeff${a}",
		"${a.b[\"c\"].d[0]}x", "${a[\"\x7f\"]}", "${a[0]]}", "${a[[0]]}",
	}
)

// fastGrammar is the fast path's grammar, less the exclusions that
// inFastGrammar adds.
var fastGrammar = regexp.MustCompile(`^\$\{[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*|\[(0|[1-9][0-9]*)\]|\["[ !#-\[\]-~]*"\])*\}$`)

// inFastGrammar reports whether text should take the fast path.
func inFastGrammar(text string) bool {
	if !fastGrammar.MatchString(text) || strings.Contains(text[2:], "${") || strings.Contains(text[2:], "%{") {
		return false
	}
	root := text[2 : 2+strings.IndexAny(text[2:], ".[}")]
	return root != "true" && root != "false" && root != "null"
}

// traversalCtx has values for the roots the tests use.
func traversalCtx() *hcl.EvalContext {
	return &hcl.EvalContext{Variables: map[string]cty.Value{
		"var": cty.ObjectVal(map[string]cty.Value{
			"region": cty.StringVal("eu-west-1"),
			"list":   cty.TupleVal([]cty.Value{cty.StringVal("l0"), cty.NumberIntVal(1)}),
			"m":      cty.MapVal(map[string]cty.Value{"k": cty.ObjectVal(map[string]cty.Value{"x": cty.ListVal([]cty.Value{cty.True, cty.True, cty.True, cty.False})})}),
		}),
		"local": cty.ObjectVal(map[string]cty.Value{"tags": cty.MapVal(map[string]cty.Value{"Name": cty.StringVal("web")})}),
		"a": cty.ObjectVal(map[string]cty.Value{
			"true": cty.StringVal("t"),
			"b":    cty.NumberIntVal(7),
		}),
		"for": cty.StringVal("f"),
	}}
}

// genTraversals returns n deterministic templates near the fast path's
// grammar: most of them in it, some one edit away.
func genTraversals(n int) []string {
	r := rand.New(rand.NewPCG(3, 5))
	// pick returns one of good, or now and then one of bad.
	pick := func(good, bad []string) string {
		if r.IntN(12) == 0 {
			return bad[r.IntN(len(bad))]
		}
		return good[r.IntN(len(good))]
	}
	idents := []string{"a", "var", "_x", "aws_instance", "web-1", "Z9", "a-", "for", "b_", "x-9"}
	badIdents := []string{"true", "null", "é", "0a", "-a", ""}
	indexes := []string{"0", "7", "42", "10", "9", "123456789012345678901234567890"}
	badIndexes := []string{"01", "-1", "1.5", "*", " 3", "1e3", ""}
	keys := []string{"", "Name", "x y", "a$", "%", "}", "{", "$$", "~", "#"}
	badKeys := []string{"${", "%{", "\\n", "é", "\"", "a\\\"b", "\t"}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		b.WriteString("${")
		b.WriteString(pick(idents, badIdents))
		for k := r.IntN(7); k > 0; k-- {
			switch r.IntN(4) {
			case 0, 1:
				b.WriteString(".")
				b.WriteString(pick(idents, badIdents))
			case 2:
				b.WriteString("[")
				b.WriteString(pick(indexes, badIndexes))
				b.WriteString("]")
			default:
				b.WriteString(`["`)
				b.WriteString(pick(keys, badKeys))
				b.WriteString(`"]`)
			}
		}
		b.WriteString("}")
		s := b.String()
		if r.IntN(8) == 0 { // one edit away
			j := r.IntN(len(s))
			s = s[:j] + []string{" ", "~", ".", "[", "]", "\"", "(", ")", "0", "}"}[r.IntN(10)] + s[j:]
		}
		out[i] = s
	}
	return out
}

// The fast path builds exactly hclsyntax's AST, and only for templates
// where hclsyntax builds a traversal.
func TestTraversalTemplateEqualsHclsyntax(t *testing.T) {
	starts := []hcl.Pos{{}, {Line: 1, Column: 1}, {Line: 12, Column: 30, Byte: 4711}}
	texts := append(append(append([]string(nil), fastTraversals...), slowTraversals...), genTraversals(400)...)
	fast := 0
	for i, text := range texts {
		start := starts[i%len(starts)]
		src := Source{Text: text, Filename: "tr.tf.json", Start: start}
		ref, refDiags := hclsyntax.ParseTemplate([]byte(text), src.Filename, start)
		var got hclsyntax.Expression
		if _, ascii := scan(text); ascii {
			if tmpl := parseTraversalTemplate(src); tmpl != nil {
				got = tmpl.expr
			}
		}
		if got != nil {
			fast++
			if !reflect.DeepEqual(got, ref) || refDiags != nil {
				t.Errorf("%q: fast path AST\n%#v\nhclsyntax (%s)\n%#v", text, got, fmtDiags(refDiags), ref)
			}
		}
		if want := inFastGrammar(text); (got != nil) != want {
			t.Errorf("%q: on the fast path: %v, want %v", text, got != nil, want)
		}
		if i < len(fastTraversals) && got == nil {
			t.Errorf("%q: not on the fast path", text)
		}
		if i >= len(fastTraversals) && i < len(fastTraversals)+len(slowTraversals) && got != nil {
			t.Errorf("%q: on the fast path", text)
		}

		// Whichever way it went, Template agrees with hclsyntax.
		tmpl := Parse(src)
		if got, want := fmtDiags(tmpl.Diagnostics()), fmtDiags(refDiags); got != want {
			t.Errorf("%q: diagnostics\n%s\nhclsyntax\n%s", text, got, want)
		}
		if refDiags.HasErrors() {
			continue
		}
		ctx := traversalCtx()
		val, diags := tmpl.Value(ctx)
		refVal, refValDiags := ref.Value(ctx)
		if !val.RawEquals(refVal) || fmtDiagsLoose(diags) != fmtDiagsLoose(refValDiags) {
			t.Errorf("%q: Value = %#v\n%s\nhclsyntax %#v\n%s", text, val, fmtDiags(diags), refVal, fmtDiags(refValDiags))
		}
		if _, ascii := scan(text); ascii {
			if got, want := tmpl.Variables(), ref.Variables(); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: Variables() = %#v\nhclsyntax %#v", text, got, want)
			}
		}
	}
	t.Logf("%d of %d templates took the fast path", fast, len(texts))
	if fast < 250 {
		t.Errorf("only %d of %d templates took the fast path", fast, len(texts))
	}
}

// In a JSON file, a fast-path template with escapes ("[\"Name\"]") has exact
// ranges like any other.
func TestTraversalTemplateThroughEscapes(t *testing.T) {
	f, src := jsonFile(t, `${local.tags[\"Name\"].x}`)
	tmpl := Parse(src)
	if _, ok := tmpl.expr.(*hclsyntax.TemplateWrapExpr); !ok || tmpl.m == nil {
		t.Fatalf("expr %T, source map %v", tmpl.expr, tmpl.m)
	}
	want := []hcl.Traversal{{
		hcl.TraverseRoot{Name: "local", SrcRange: f.rng(t, "local", 1)}, // 0 is in "locals"
		hcl.TraverseAttr{Name: "tags", SrcRange: f.rng(t, ".tags", 0)},
		hcl.TraverseIndex{Key: cty.StringVal("Name"), SrcRange: f.rng(t, `[\"Name\"]`, 0)},
		hcl.TraverseAttr{Name: "x", SrcRange: f.rng(t, ".x", 0)},
	}}
	if got := tmpl.Variables(); !reflect.DeepEqual(got, want) {
		t.Errorf("Variables() =\n%#v\nwant\n%#v", got, want)
	}
	_, diags := tmpl.Value(traversalCtx())
	wantDiags := hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Unsupported attribute",
		Detail:   `Can't access attributes on a primitive-typed value (string).`,
		Subject:  rangePtr(f.rng(t, ".x", 0)),
	}}
	if got, want := fmtDiags(diags), fmtDiags(wantDiags); got != want {
		t.Errorf("Value diagnostics =\n%s\nwant\n%s", got, want)
	}
}

// The fast path costs one allocation for the Template and its nodes, and
// one per traversal step (hcl.Traverser boxes each).
func TestTraversalTemplateAllocs(t *testing.T) {
	for _, tt := range []struct {
		raw  string
		want float64
	}{
		{raw: "${var.region}", want: 3},
		{raw: "${aws_instance.web[0].id}", want: 5},
		{raw: "${a.b.c.d.e.f}", want: 8},
		{raw: `${local.tags[\"Name\"]}`, want: 6}, // the source map, and the key's string in its cty.Value
	} {
		_, src := jsonFile(t, tt.raw)
		if n := testing.AllocsPerRun(100, func() { Parse(src) }); n != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.raw, n, tt.want)
		}
	}
}

// fmtDiagsLoose is fmtDiags without hcl's suggestions, which pick among
// equally close names in map order.
func fmtDiagsLoose(diags hcl.Diagnostics) string {
	loose := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		c := *d
		c.Detail = detailSuggestionRE.ReplaceAllString(c.Detail, "")
		loose[i] = &c
	}
	return fmtDiags(loose)
}

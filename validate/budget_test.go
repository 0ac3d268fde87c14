package validate

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/template"
	"github.com/hcljson/hcljson/tojson"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// budgetCase is a module that evaluation cannot finish under the budget
// (spec.md V17), from the reproductions of issue 29: the warning is on
// the expression of the local named at, or, for a chain of locals d0, d1,
// ... each doubling the one before, on the first whose value's size
// (size(k), in units) passes the budget, or the one before it (what an
// expression charges is about its value's size, a little more).
type budgetCase struct {
	name string
	src  string
	at   string
	size func(k int) float64
	// warnings is how many warnings the module gets, 1 unless said: a
	// chain of tuples or objects doubling unknown values passes the
	// budget again twenty locals after the first warning.
	warnings int
}

// doubling is a chain of n locals, d0 = first, dK = step(dK-1).
func doubling(first string, step func(prev string) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "locals {\n  d0 = %s\n", first)
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "  d%d = %s\n", i, step(fmt.Sprintf("local.d%d", i-1)))
	}
	b.WriteString("}\n\noutput \"last\" {\n  value = local.d40\n}\n")
	return b.String()
}

func budgetCases() []budgetCase {
	pow := func(k int) float64 { return math.Pow(2, float64(k)) }
	var chain strings.Builder
	chain.WriteString("locals {\n  l0 = 1\n")
	for i := 1; i < 10000; i++ {
		fmt.Fprintf(&chain, "  l%d = [local.l%d]\n", i, i-1)
	}
	chain.WriteString("  eq = local.l9999 == local.l9999\n}\n")
	return []budgetCase{
		{name: "strings", src: doubling(`"x"`, func(p string) string { return fmt.Sprintf(`"${%s}${%s}"`, p, p) }),
			size: func(k int) float64 { return pow(k) / stringUnit }},
		{name: "lists", src: doubling(`["x"]`, func(p string) string { return fmt.Sprintf("concat(%s, %s)", p, p) }),
			size: func(k int) float64 { return pow(k) }},
		{name: "tuples", src: doubling(`"x"`, func(p string) string { return fmt.Sprintf("[%s, %s]", p, p) }),
			size: func(k int) float64 { return pow(k + 1) }, warnings: 2},
		{name: "objects", src: doubling(`"x"`, func(p string) string { return fmt.Sprintf("{ a = %s, b = %s }", p, p) }),
			size: func(k int) float64 { return pow(k + 1) }, warnings: 2},
		{name: "flatten", src: doubling(`["x"]`, func(p string) string { return fmt.Sprintf("flatten([%s, [%s]])", p, p) }),
			size: func(k int) float64 { return pow(k) }},
		{name: "join", src: doubling(`"x"`, func(p string) string { return fmt.Sprintf(`join("", [%s, %s])`, p, p) }),
			size: func(k int) float64 { return pow(k) / stringUnit }},
		{name: "for-nested", at: "n", src: "locals {\n  n = length([for i in range(1000) : [for j in range(1000) : [for k in range(1000) : k]]])\n}\n"},
		{name: "for-locals", at: "n", src: "locals {\n  r = range(1000)\n  n = length([for i in local.r : [for j in local.r : [for k in local.r : k]]])\n}\n"},
		{name: "setproduct", at: "n", src: "locals {\n  r = range(1000)\n  n = length(setproduct(local.r, local.r, local.r))\n}\n"},
		{name: "indent", at: "n", src: "locals {\n  s = replace(format(\"%1000000s\", \"\"), \" \", \"\\n\")\n  n = length(indent(1000000, local.s))\n}\n"},
		{name: "formatlist", at: "n", src: "locals {\n  n = length(formatlist(\"%1000000d\", range(1000)))\n}\n"},
		{name: "equal-deep", at: "eq", src: chain.String()},
		{name: "replace", at: "n", src: "locals {\n  l = replace(format(\"%1000s\", \"\"), \" \", \"a\")\n  n = length(replace(replace(replace(replace(local.l, \"a\", local.l), \"a\", local.l), \"a\", local.l), \"a\", local.l))\n}\n"},
		// From FuzzEvalBudget: go-cty unifies the types of a tuple's
		// elements converted to a list by comparing every pair, and
		// distinct compares every pair of elements.
		{name: "tolist-unify", at: "n", src: "locals {\n  r = [for i in range(1000) : { k = i, v = [i] }]\n  n = length(tolist(concat(local.r, local.r)))\n}\n"},
		{name: "distinct", at: "n", src: "locals {\n  r = [for i in range(1000) : { k = i, v = [i] }]\n  n = length(distinct(local.r))\n}\n"},
		{name: "splat", at: "n", src: "locals {\n  r = [for i in range(1000) : { a = i }]\n  n = length(flatten([for x in local.r : [for y in local.r : local.r[*].a]]))\n}\n"},
	}
}

// TestBudget checks each reproduction, and its JSON twin (main.tf.json,
// the same module converted by tojson): one warning, on the expression
// that goes past the budget, no error, no panic text.
func TestBudget(t *testing.T) {
	dump := os.Getenv("HCLJSON_BUDGET_DUMP") // write the modules, to measure hcljson check on them
	for _, c := range budgetCases() {
		c.warnings = max(1, c.warnings)
		for _, file := range []string{"main.tf", "main.tf.json"} {
			t.Run(c.name+"/"+file, func(t *testing.T) {
				testBudgetCase(t, c, file, dump)
			})
		}
	}
}

func testBudgetCase(t *testing.T, c budgetCase, file, dump string) {
	dir := t.TempDir()
	if dump != "" {
		dir = filepath.Join(dump, c.name)
		if file != "main.tf" {
			dir += "-json"
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	src := []byte(c.src)
	if file != "main.tf" {
		var diags hcl.Diagnostics
		src, diags = tojson.Convert(src, "main.tf", tojson.Options{}, gen.Options{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, file), src, 0o644); err != nil {
		t.Fatal(err)
	}
	diags := Dir(dir, Options{})
	if len(diags) == 0 || len(diags) > c.warnings {
		t.Fatalf("want %d warning(s) at most, got %d: %v", max(1, c.warnings), len(diags), diags)
	}
	for _, d := range diags {
		if d.Severity != hcl.DiagWarning || d.Summary != "Expression too large to evaluate offline" {
			t.Fatalf("want the budget's warning, got %v", d)
		}
		if want := fmt.Sprintf("more than the %d units", exprBudget); !strings.Contains(d.Detail, want) {
			t.Errorf("detail %q does not say %q", d.Detail, want)
		}
	}
	d := diags[0]
	ranges := localRanges(t, src, filepath.Join(dir, file))
	var want []string
	if c.at != "" {
		want = []string{c.at}
	} else {
		k := 1
		for c.size(k) <= exprBudget {
			k++
		}
		for j := max(1, k-5); j <= k; j++ {
			want = append(want, fmt.Sprintf("d%d", j))
		}
	}
	for _, name := range want {
		if *d.Subject == ranges[name] {
			return
		}
	}
	t.Errorf("warning on %v, want the expression of %v", d.Subject, want)
}

// localRanges reads the expression range of each local of src, the
// file called filename, native or JSON.
func localRanges(t *testing.T, src []byte, filename string) map[string]hcl.Range {
	parse := hclsyntax.ParseConfig
	if strings.HasSuffix(filename, ".json") {
		parse = func(src []byte, filename string, _ hcl.Pos) (*hcl.File, hcl.Diagnostics) {
			return hcljson.Parse(src, filename)
		}
	}
	f, diags := parse(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	content, _, diags := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "locals"}}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out := map[string]hcl.Range{}
	for _, b := range content.Blocks {
		attrs, diags := b.Body.JustAttributes()
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for name, a := range attrs {
			out[name] = a.Expr.Range()
		}
	}
	return out
}

// FuzzEvalBudget evaluates random expressions over random values: a
// module of locals v0..v3 (values of every kind, large ones included)
// and of expressions combining them with operators, for expressions,
// splats, templates and functions that build large results, each read
// from the fuzz bytes. Validation must end without a panic, and no
// diagnostic may quote a Go stack or a recovered panic.
func FuzzEvalBudget(f *testing.F) {
	f.Add([]byte("\x00\x01\x02\x03\x04\x05"))
	f.Add([]byte("\x07\x13\x21\x08\x09\x10\x11\x12\x30\x31"))
	f.Add([]byte("\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3"))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := fuzzModule(data)
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, d := range Dir(dir, Options{}) {
			if strings.Contains(d.Detail, "goroutine ") || strings.Contains(d.Detail, "panic in function implementation") || strings.Contains(d.Detail, ".go:") {
				t.Fatalf("%s\n%s: %s\n%s", src, d.Summary, d.Subject, d.Detail)
			}
		}
	})
}

// fuzzModule builds a module from data: each byte picks the next piece.
func fuzzModule(data []byte) string {
	i := 0
	next := func() int {
		if i >= len(data) {
			return 0
		}
		i++
		return int(data[i-1])
	}
	values := []string{`"a"`, `1`, `true`, `null`, `["a", "b"]`, `{ a = 1, b = "x" }`, `range(1000)`,
		`replace(format("%1000s", ""), " ", "a")`, `[for i in range(1000) : { k = i, v = [i] }]`,
		`{ for i in range(500) : tostring(i) => i }`, `var.x`, `toset(["a", "b"])`, `[[[[[[1]]]]]]`, `-1`, `1e300`}
	var exprs []func(a, b string) string
	exprs = append(exprs,
		func(a, b string) string { return fmt.Sprintf("[%s, %s]", a, b) },
		func(a, b string) string { return fmt.Sprintf("{ x = %s, y = %s }", a, b) },
		func(a, b string) string { return fmt.Sprintf(`"${%s}${%s}"`, a, b) },
		func(a, b string) string { return fmt.Sprintf("%s == %s", a, b) },
		func(a, b string) string { return fmt.Sprintf("[for x in %s : %s]", a, b) },
		func(a, b string) string { return fmt.Sprintf("{ for k, x in %s : tostring(k) => %s }", a, b) },
		func(a, b string) string { return fmt.Sprintf("%s[*].k", a) },
		func(a, b string) string { return fmt.Sprintf("concat(%s, %s)", a, b) },
		func(a, b string) string { return fmt.Sprintf("flatten([%s, %s])", a, b) },
		func(a, b string) string { return fmt.Sprintf(`join(",", %s)`, a) },
		func(a, b string) string { return fmt.Sprintf("setproduct(%s, %s)", a, b) },
		func(a, b string) string { return fmt.Sprintf("indent(100000, %s)", a) },
		func(a, b string) string { return fmt.Sprintf(`formatlist("%%1000d", %s)`, a) },
		func(a, b string) string { return fmt.Sprintf(`replace(%s, "a", %s)`, a, b) },
		func(a, b string) string { return fmt.Sprintf("length(%s)", a) },
		func(a, b string) string { return fmt.Sprintf("merge(%s, %s)", a, b) },
		func(a, b string) string { return fmt.Sprintf("jsonencode(%s)", a) },
		func(a, b string) string { return fmt.Sprintf("try(%s, %s)", a, b) },
		func(a, b string) string { return fmt.Sprintf("%s ? %s : %s", a, a, b) },
		func(a, b string) string { return fmt.Sprintf(`format("%%10000s%%v", %s, %s)`, a, b) },
		func(a, b string) string { return fmt.Sprintf("%s[0]", a) },
		func(a, b string) string { return fmt.Sprintf("tolist(%s)", a) },
		func(a, b string) string { return fmt.Sprintf("strrev(%s)", a) },
		func(a, b string) string { return fmt.Sprintf("%s + %s", a, b) },
		func(a, b string) string { return fmt.Sprintf(`"%%{ for x in %s }${x}%%{ endfor }"`, a) },
	)
	var b strings.Builder
	b.WriteString("variable \"x\" {\n  type = list(string)\n}\n\nlocals {\n")
	n := 4 + next()%8
	for k := range n {
		if k < 4 {
			fmt.Fprintf(&b, "  v%d = %s\n", k, values[next()%len(values)])
			continue
		}
		e := exprs[next()%len(exprs)]
		a, c := fmt.Sprintf("local.v%d", next()%k), fmt.Sprintf("local.v%d", next()%k)
		if next()%3 == 0 {
			a = e(a, c)
			e = exprs[next()%len(exprs)]
		}
		fmt.Fprintf(&b, "  v%d = %s\n", k, e(a, c))
	}
	b.WriteString("}\n\noutput \"o\" {\n  value = [")
	for k := range n {
		fmt.Fprintf(&b, "local.v%d, ", k)
	}
	b.WriteString("]\n}\n")
	return b.String()
}

// TestBudgetPanic checks that a function that panics stops its
// expression with a warning that names it and quotes the panic's first
// line, not go-cty's error, which quotes the Go stack.
func TestBudgetPanic(t *testing.T) {
	boom := function.New(&function.Spec{
		Params: []function.Parameter{{Name: "s", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			panic("strings: Replace output overflow\nsecond line")
		},
	})
	b := newBudget()
	b.start()
	ctx := &hcl.EvalContext{Functions: map[string]function.Function{"boom": meteredFunction("boom", boom, b)}}
	e, diags := hclsyntax.ParseExpression([]byte(`upper("${boom("x")}")`), "main.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if _, diags := meterExpr(e, b).Value(ctx); !diags.HasErrors() {
		t.Fatal("no error from the panic")
	}
	if !b.stopped() {
		t.Fatal("the panic did not stop the expression")
	}
	w := b.warning(e.Range())
	want := `Function "boom" failed unexpectedly inside hcljson (strings: Replace output overflow), so this expression is left unknown`
	if w.Severity != hcl.DiagWarning || w.Summary != "Expression not evaluated offline" || !strings.HasPrefix(w.Detail, want) {
		t.Errorf("got %s: %s, want the warning %q", w.Summary, w.Detail, want)
	}
	if *w.Subject != e.Range() {
		t.Errorf("warning on %v, want %v", w.Subject, e.Range())
	}
}

// TestBudgetLocalSizes checks that a value built of locals referred to
// whole is measured from their recorded sizes, without walking them: a
// chain of locals each holding the one before twice, in a tuple and in
// an object, has its exact size and depth, and only the first local's
// value is walked.
func TestBudgetLocalSizes(t *testing.T) {
	for _, form := range []string{"[local.l%d, (local.l%[1]d)]", `{ a = local.l%d, "b" = local.l%[1]d }`} {
		b := newBudget()
		b.localsOK = true
		v := cty.NumberIntVal(1)
		b.remember("l0", nil, v)
		for i := 1; i <= 19; i++ {
			e, diags := hclsyntax.ParseExpression(fmt.Appendf(nil, form, i-1), "main.tf", hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if form[0] == '[' {
				v = cty.TupleVal([]cty.Value{v, v})
			} else {
				v = cty.ObjectVal(map[string]cty.Value{"a": v, "b": v})
			}
			b.start()
			b.measure(e, meterExpr(e, b), v)
			b.remember(fmt.Sprintf("l%d", i), e, v)
			if want := (sized{size: 1<<(i+1) - 1, depth: int64(i + 1)}); b.last != want || b.locals[fmt.Sprintf("l%d", i)] != want {
				t.Fatalf("%s: l%d measured %+v, recorded %+v, want %+v", form, i, b.last, b.locals[fmt.Sprintf("l%d", i)], want)
			}
		}
		if b.walked != 1 || b.stopped() {
			t.Errorf("%s: walked %d values, stopped %v; want 1, false", form, b.walked, b.stopped())
		}
		// Where "local" is not the module's (a dynamic block's iterator
		// named so), the value is walked.
		b.localsOK = false
		b.start()
		e, _ := hclsyntax.ParseExpression([]byte("[local.l3]"), "main.tf", hcl.InitialPos)
		b.measure(e, e, cty.TupleVal([]cty.Value{cty.True}))
		if want := (sized{size: 2, depth: 2}); b.last != want {
			t.Errorf("%s: with local an iterator, measured %+v, want %+v", form, b.last, want)
		}
	}
}

// TestWholeLocal checks wholeLocal, sizeJSON's reading of a JSON string
// that refers to a local whole without the parsers, against the parsers'
// reading (the template's one interpolation, parsed as a traversal
// local.NAME): where it decides, the two name the same local, and it
// decides the plain forms.
func TestWholeLocal(t *testing.T) {
	parsed := func(text string) (string, bool) {
		tpl := template.Parse(template.Source{Text: text, Filename: "a.tf.json", Start: hcl.InitialPos})
		in, ok := tpl.Interpolation()
		if !ok {
			return "", false
		}
		tr, diags := hclsyntax.ParseTraversalAbs([]byte(strings.TrimSpace(in)), "", hcl.InitialPos)
		if diags.HasErrors() || len(tr) != 2 || tr.RootName() != "local" {
			return "", false
		}
		a, ok := tr[1].(hcl.TraverseAttr)
		return a.Name, ok
	}
	for _, tc := range []struct {
		text    string
		decides bool
	}{
		{"${local.l}", true},
		{"${local.l3}", true},
		{"${ local.a_b-c }", true},
		{"${local.Name9}", true},
		{"${local.a-1}", true},
		{"${local.}", false},
		{"${local}", false},
		{"${local.l}x", false},
		{"x${local.l}", false},
		{"${local.l}${local.m}", false},
		{"${local.l[0]}", false},
		{"${local.l.a}", false},
		{"${local[\"l\"]}", false},
		{"${~local.l~}", false},
		{"${local.l + 1}", false},
		{"${upper(local.l)}", false},
		{"${local._l}", false},
		{"${local.1}", false},
		{"${local.é}", false},
		{"$${local.l}", false},
		{"%{if local.l}x%{endif}", false},
		{"local.l", false},
		{"${\nlocal.l\n}", false},
	} {
		name, ok := wholeLocal(tc.text)
		if ok != tc.decides {
			t.Errorf("wholeLocal(%q) decides %v, want %v", tc.text, ok, tc.decides)
			continue
		}
		if !ok {
			continue
		}
		want, wok := parsed(tc.text)
		if !wok || name != want {
			t.Errorf("wholeLocal(%q) = %q, the parsers read %q, %v", tc.text, name, want, wok)
		}
	}
}

// TestMayBeLocal checks mayBeLocal against the parsers' reading of a
// JSON string's one interpolation as local.NAME: wherever they read one,
// it says the text may be one.
func TestMayBeLocal(t *testing.T) {
	for _, text := range []string{
		"${local.l}", "${ local.a_b-c }", "${local . l}", "${local .l }", "${/* c */ local.l}",
		"${local.l # c\n}", "${local.l // c\n}", "${local.l[\"(\"]}", "${upper(local.l)}",
		"${(local.l)}", "${local.l}", "${var.l}", "${local}", "${ locals.l }", "${ local.l.m }",
	} {
		tpl := template.Parse(template.Source{Text: text, Filename: "a.tf.json", Start: hcl.InitialPos})
		in, ok := tpl.Interpolation()
		if !ok {
			t.Fatalf("%q: not one interpolation", text)
		}
		in = strings.TrimSpace(in)
		tr, diags := hclsyntax.ParseTraversalAbs([]byte(in), "", hcl.InitialPos)
		local := !diags.HasErrors() && len(tr) == 2 && tr.RootName() == "local"
		if local {
			_, local = tr[1].(hcl.TraverseAttr)
		}
		if local && !mayBeLocal(in) {
			t.Errorf("%q is local.NAME, mayBeLocal says it cannot be", text)
		}
	}
}

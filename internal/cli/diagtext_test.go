package cli

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/zclconf/go-cty/cty"
)

// diagSources are files whose diagnostics TestDiagTextMatchesHCL prints:
// native and JSON syntax, CRLF and lone CR line breaks, blank lines,
// non-ASCII text, no final newline.
var diagSources = map[string]string{
	"a.tf":      "resource \"a\" \"b\" {\n  x = \n}\n\nlocals {\n  é = \"ça\"\n}\n",
	"b.tf.json": "{\n  \"resource\": {\n    \"a\": 1,\n  }\n}\n",
	"crlf.tf":   "a = 1\r\n\r\nb = \r\nc = \"x\"\r\n",
	"cr.tf":     "a = 1\rb = 2\r\nc = 3\n\rd",
	"bare.json": "{\"a\": [1, 2,\n3]}",
	"empty.tf":  "",
}

// TestDiagTextMatchesHCL checks that diagText writes what
// hcl.NewDiagnosticTextWriter writes: on the parsers' own diagnostics,
// and on random subjects and contexts, in colour and without. The one
// difference on these sources is the lone carriage return, which hcl
// writes raw and diagText as \x0d.
func TestDiagTextMatchesHCL(t *testing.T) {
	files := map[string]*hcl.File{}
	var diags hcl.Diagnostics
	for name, src := range diagSources {
		var f *hcl.File
		var more hcl.Diagnostics
		if strings.HasSuffix(name, ".json") {
			f, more = hcljson.Parse([]byte(src), name)
		} else {
			f, more = hclsyntax.ParseConfig([]byte(src), name, hcl.InitialPos)
		}
		files[name] = f
		diags = append(diags, more...)
	}
	if len(diags) < 3 {
		t.Fatalf("only %d diagnostics from the parsers", len(diags))
	}
	r := rand.New(rand.NewPCG(3, 4))
	for name, src := range diagSources {
		for range 500 {
			diags = append(diags, randomDiag(r, name, len(src)))
		}
	}
	// A diagnostic that names the values of its expression's variables.
	expr, _ := hclsyntax.ParseExpression([]byte("var.a == local.b"), "a.tf", hcl.InitialPos)
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{
		"var":   cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("x")}),
		"local": cty.ObjectVal(map[string]cty.Value{"b": cty.ListValEmpty(cty.String)}),
	}}
	for _, name := range []string{"a.tf", "nope.tf"} {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError, Summary: "Values", Detail: "See the values.",
			Subject:    &hcl.Range{Filename: name, Start: hcl.Pos{Line: 2, Column: 3, Byte: 21}, End: hcl.Pos{Line: 2, Column: 4, Byte: 22}},
			Expression: expr, EvalContext: ctx,
		})
	}
	diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "No subject", Detail: "Nothing to show."},
		&hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Unknown file", Subject: &hcl.Range{Filename: "nope.tf"}})
	for _, color := range []bool{false, true} {
		for i, d := range diags {
			var want, got bytes.Buffer
			if err := hcl.NewDiagnosticTextWriter(&want, files, diagWidth, color).WriteDiagnostic(d); err != nil {
				t.Fatal(err)
			}
			if err := newDiagText(&got, files, color).write(hcl.Diagnostics{d}); err != nil {
				t.Fatal(err)
			}
			if w := strings.ReplaceAll(want.String(), "\r", `\x0d`); got.String() != w {
				t.Fatalf("diagnostic %d (%v, colour %v):\ngot:\n%q\nwant:\n%q", i, d.Subject, color, got.String(), w)
			}
		}
	}
}

// randomDiag returns a diagnostic about file name, of size n, whose
// subject and context are random ranges, often empty, sometimes past the
// end.
func randomDiag(r *rand.Rand, name string, n int) *hcl.Diagnostic {
	rng := func() *hcl.Range {
		a := r.IntN(n + 3)
		b := a + r.IntN(8)
		if r.IntN(4) == 0 {
			b = a
		}
		return &hcl.Range{Filename: name, Start: hcl.Pos{Byte: a, Line: 1 + a/5, Column: 1}, End: hcl.Pos{Byte: b, Line: 1 + b/5, Column: 1}}
	}
	d := &hcl.Diagnostic{Severity: hcl.DiagnosticSeverity(1 + r.IntN(2)), Summary: "Something", Detail: strings.Repeat("word ", r.IntN(40)), Subject: rng()}
	if r.IntN(2) == 0 {
		d.Context = rng()
	}
	return d
}

// TestLineStarts checks where lines start and how they are numbered on
// the line breaks that bufio.ScanLines and hcl.RangeScanner treat
// differently, for offsets in any order, repeated, and past the end.
func TestLineStarts(t *testing.T) {
	src := []byte("a\r\nb\rc\n\nd\r")
	got := lineStarts(src, []int{12, 0, 4, 3, 7, 8, 1, 2, 4, 99})
	want := map[int]lineStart{
		0: {0, 1}, 1: {0, 1}, 2: {0, 1}, 3: {3, 2}, 4: {3, 2},
		7: {7, 4}, 8: {8, 5}, 12: {8, 5}, 99: {8, 5},
	}
	if len(got) != len(want) {
		t.Errorf("got %d offsets, want %d: %v", len(got), len(want), got)
	}
	for off, w := range want {
		if got[off] != w {
			t.Errorf("offset %d: got %+v, want %+v", off, got[off], w)
		}
	}
}

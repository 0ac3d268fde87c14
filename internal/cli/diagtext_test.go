package cli

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
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
// and on random subjects and contexts, in colour and without.
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
			if got.String() != want.String() {
				t.Fatalf("diagnostic %d (%v, colour %v):\ngot:\n%q\nwant:\n%q", i, d.Subject, color, got.String(), want.String())
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

// TestSplitSrcLines checks the line table on the line breaks that
// bufio.ScanLines and hcl.RangeScanner treat differently.
func TestSplitSrcLines(t *testing.T) {
	got := splitSrcLines([]byte("a\r\nb\rc\n\nd\r"))
	want := []srcLine{{0, 1, 1}, {3, 6, 2}, {7, 7, 4}, {8, 9, 5}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

package hcljson_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/json"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/scanner"
	"github.com/zclconf/go-cty/cty"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse). The functions of the
// oracle's API do what the oracle does with nil and empty input (empty
// input is a syntax error; nil bodies and expressions are not this
// package's), apart from the deliberate differences, which each case
// names; a nil *scanner.Error is a programmer's error, and so is a Source
// that SourceOf did not make, or a node index outside its tape.
func TestMisuse(t *testing.T) {
	const missing = ":1,1-1: error: Missing value; The JSON data ends prematurely.\n"
	// The oracle's result, then ours.
	same := func(t *testing.T, oracle, ours hcl.Diagnostics, wantOracle, wantOurs string) {
		t.Helper()
		if got := hcltest.RenderDiags(oracle); got != wantOracle {
			t.Errorf("oracle:\n%s\nwant\n%s", got, wantOracle)
		}
		if got := hcltest.RenderDiags(ours); got != wantOurs {
			t.Errorf("hcljson:\n%s\nwant\n%s", got, wantOurs)
		}
	}
	// empty renders the body of f as the schema-less content it has.
	empty := func(t *testing.T, f *hcl.File, wantMissing string) {
		t.Helper()
		attrs, diags := f.Body.JustAttributes()
		if len(attrs) != 0 || diags.HasErrors() {
			t.Errorf("JustAttributes = %v, %v", attrs, diags)
		}
		if got := f.Body.MissingItemRange().String(); got != wantMissing {
			t.Errorf("MissingItemRange = %s, want %s", got, wantMissing)
		}
	}
	src := func() *hcljson.Source {
		f, _ := hcljson.Parse([]byte(`{"a": [1, "x"]}`), "f.json") // 5 nodes
		s, _ := hcljson.SourceOf(f)
		return s
	}
	const outOfRange = "runtime error: index out of range [5] with length 5"
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Parse", Name: "nil input", Call: func(t *testing.T) {
			of, od := json.Parse(nil, "")
			f, d := hcljson.Parse(nil, "")
			// D7: no "Root value must be object" after a syntax error.
			same(t, od, d, missing+":1,1-1: error: Root value must be object; The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.\n", missing)
			empty(t, of, ":0,0-0")
			empty(t, f, ":1,1-1") // D14: the placeholder body is at the start position
		}},
		{Func: "ParseWithStartPos", Name: "nil input, zero position", Call: func(t *testing.T) {
			of, od := json.ParseWithStartPos(nil, "", hcl.Pos{})
			f, d := hcljson.ParseWithStartPos(nil, "", hcl.Pos{})
			m := strings.ReplaceAll(missing, "1,1-1", "0,0-0")
			same(t, od[:1], d, m, m)
			empty(t, of, ":0,0-0")
			empty(t, f, ":0,0-0")
		}},
		{Func: "ParseExpression", Name: "nil input", Call: func(t *testing.T) {
			oe, od := json.ParseExpression(nil, "")
			e, d := hcljson.ParseExpression(nil, "")
			same(t, od, d, missing, missing)
			if got, want := hcltest.RenderExpr(e, nil), hcltest.RenderExpr(oe, nil); got != want {
				t.Errorf("expression:\n%s\nwant (the oracle's)\n%s", got, want)
			}
		}},
		{Func: "ParseExpressionWithStartPos", Name: "nil input, zero position", Call: func(t *testing.T) {
			oe, od := json.ParseExpressionWithStartPos(nil, "", hcl.Pos{})
			e, d := hcljson.ParseExpressionWithStartPos(nil, "", hcl.Pos{})
			m := strings.ReplaceAll(missing, "1,1-1", "0,0-0")
			same(t, od, d, m, m)
			if got, want := hcltest.RenderExpr(e, nil), hcltest.RenderExpr(oe, nil); got != want {
				t.Errorf("expression:\n%s\nwant (the oracle's)\n%s", got, want)
			}
		}},
		{Func: "ParseFile", Name: "empty name", Call: func(t *testing.T) {
			of, od := json.ParseFile("")
			f, d := hcljson.ParseFile("")
			if of != nil || f != nil {
				t.Errorf("files %v, %v; want nil", of, f)
			}
			// D16: our error has a Subject.
			same(t, od, d, "-: error: Failed to open file; The file \"\" could not be opened.\n",
				":1,1-1: error: Failed to open file; The file \"\" could not be opened.\n")
		}},
		{Func: "IsJSONBody", Name: "nil", Call: func(t *testing.T) {
			if json.IsJSONBody(nil) || hcljson.IsJSONBody(nil) {
				t.Error("IsJSONBody(nil) = true")
			}
		}},
		{Func: "IsJSONExpression", Name: "nil", Call: func(t *testing.T) {
			if json.IsJSONExpression(nil) || hcljson.IsJSONExpression(nil) {
				t.Error("IsJSONExpression(nil) = true")
			}
		}},
		{Func: "ValueWith", Name: "nil expression", Panic: "hcljson: ValueWith of a nil expression", Call: func(t *testing.T) {
			hcljson.ValueWith(nil, nil, nil)
		}},
		{Func: "ValueWith", Name: "nil context, nil wrap", Call: func(t *testing.T) {
			f, _ := hcljson.Parse([]byte(`{"a": ["${x}", 1]}`), "f.json")
			attrs, _ := f.Body.JustAttributes()
			v, diags := hcljson.ValueWith(attrs["a"].Expr, nil, nil)
			if want := cty.TupleVal([]cty.Value{cty.StringVal("${x}"), cty.NumberIntVal(1)}); !v.RawEquals(want) || diags != nil {
				t.Errorf("ValueWith = %#v, %v", v, diags)
			}
		}},
		{Func: "RepeatedNames", Name: "nil, foreign and placeholder bodies", Call: func(t *testing.T) {
			of, _ := json.Parse([]byte(`{"a": {}, "a": {}}`), "f.json")
			empty, _ := hcljson.Parse(nil, "f.json")
			for _, b := range []hcl.Body{nil, of.Body, empty.Body} {
				if got := hcljson.RepeatedNames(b); got != nil {
					t.Errorf("RepeatedNames(%T) = %q", b, got)
				}
			}
		}},
		{Func: "StringSource", Name: "nil, foreign and not a string", Call: func(t *testing.T) {
			oe, _ := json.ParseExpression([]byte(`"a"`), "f.json")
			ne, _ := hcljson.ParseExpression([]byte(`1`), "f.json")
			for _, e := range []hcl.Expression{nil, oe, ne} {
				if s, ok := hcljson.StringSource(e); ok || s.Text != "" || s.Raw != nil || s.Filename != "" || s.Start != (hcl.Pos{}) || s.Pos != nil {
					t.Errorf("StringSource(%T) = %+v, %v", e, s, ok)
				}
			}
		}},
		{Func: "SyntaxErrorSummary", Name: "nil error", Panic: "hcljson: SyntaxErrorSummary of a nil *scanner.Error", Call: func(t *testing.T) {
			hcljson.SyntaxErrorSummary(nil)
		}},
		{Func: "SyntaxErrorSummary", Name: "zero error", Call: func(t *testing.T) {
			if got := hcljson.SyntaxErrorSummary(&scanner.Error{}); got != "Invalid JSON" {
				t.Errorf("got %q", got)
			}
		}},
		{Func: "SyntaxErrorDetail", Name: "nil error", Panic: "hcljson: SyntaxErrorDetail of a nil *scanner.Error", Call: func(t *testing.T) {
			hcljson.SyntaxErrorDetail(nil)
		}},
		{Func: "SourceOf", Name: "nil and foreign files", Call: func(t *testing.T) {
			of, _ := json.Parse([]byte(`{}`), "f.json")
			for _, f := range []*hcl.File{nil, {}, of} {
				if s, ok := hcljson.SourceOf(f); s != nil || ok {
					t.Errorf("SourceOf(%v) = %v, %v", f, s, ok)
				}
			}
		}},
		{Func: "Source.Template", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { src().Template(5) }},
		{Func: "Source.Template", Name: "not a string", Panic: "hcljson: Source.Template of number node 3", Call: func(t *testing.T) { src().Template(3) }},
		{Func: "Source.Template", Name: "zero Source", Panic: "hcljson: Source.Template of a Source that SourceOf did not make", Call: func(t *testing.T) {
			(&hcljson.Source{}).Template(0)
		}},
		{Func: "Source.Template", Name: "nil receiver", Panic: "hcljson: Source.Template of a Source that SourceOf did not make", Call: func(t *testing.T) { (*hcljson.Source)(nil).Template(0) }},
		{Func: "Source.Expression", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { src().Expression(5, nil) }},
		{Func: "Source.Expression", Name: "negative index", Panic: "runtime error: index out of range [-1]", Call: func(t *testing.T) { src().Expression(-1, nil) }},
		{Func: "Source.Expression", Name: "zero Source", Panic: "hcljson: Source.Expression of a Source that SourceOf did not make", Call: func(t *testing.T) {
			(&hcljson.Source{}).Expression(0, nil)
		}},
		{Func: "Source.Pos", Name: "offsets outside", Call: func(t *testing.T) {
			s := src()
			if got := [2]hcl.Pos{s.Pos(-1), s.Pos(99)}; got != [2]hcl.Pos{{Line: 1, Column: 1, Byte: 0}, {Line: 1, Column: 16, Byte: 15}} {
				t.Errorf("got %v", got)
			}
		}},
		{Func: "Source.Pos", Name: "zero Source", Panic: "hcljson: Source.Pos of a Source that SourceOf did not make", Call: func(t *testing.T) {
			(&hcljson.Source{}).Pos(0)
		}},
		{Func: "Source.Range", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { src().Range(5) }},
		{Func: "Source.Range", Name: "zero Source", Panic: "hcljson: Source.Range of a Source that SourceOf did not make", Call: func(t *testing.T) {
			(&hcljson.Source{}).Range(0)
		}},
		{Func: "Source.Kind", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) { src().Kind(5) }},
		{Func: "Source.Kind", Name: "zero Source", Panic: "hcljson: Source.Kind of a Source that SourceOf did not make", Call: func(t *testing.T) {
			(&hcljson.Source{}).Kind(0)
		}},
		{Func: "Source.BodyObjects", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) {
			var diags hcl.Diagnostics
			src().BodyObjects(5, "x", &diags)
		}},
		{Func: "Source.BodyObjects", Name: "nil diags", Panic: "hcljson: Source.BodyObjects with nil diags", Call: func(t *testing.T) {
			src().BodyObjects(0, "x", nil)
		}},
		{Func: "Source.BodyObjects", Name: "zero Source", Panic: "hcljson: Source.BodyObjects of a Source that SourceOf did not make", Call: func(t *testing.T) {
			var diags hcl.Diagnostics
			(&hcljson.Source{}).BodyObjects(0, "x", &diags)
		}},
		{Func: "Source.Blocks", Name: "index out of range", Panic: outOfRange, Call: func(t *testing.T) {
			var diags hcl.Diagnostics
			src().Blocks(5, "x", nil, &diags)
		}},
		{Func: "Source.Blocks", Name: "nil diags", Panic: "hcljson: Source.Blocks with nil diags", Call: func(t *testing.T) {
			src().Blocks(0, "x", nil, nil)
		}},
		{Func: "Source.Blocks", Name: "zero Source", Panic: "hcljson: Source.Blocks of a Source that SourceOf did not make", Call: func(t *testing.T) {
			var diags hcl.Diagnostics
			(&hcljson.Source{}).Blocks(0, "x", nil, &diags)
		}},
		{Func: "Source.Blocks", Name: "nil labels", Call: func(t *testing.T) {
			var diags hcl.Diagnostics
			n := 0
			for range src().Blocks(0, "x", nil, &diags) {
				n++
			}
			if n != 1 || len(diags) != 0 {
				t.Errorf("%d blocks, diagnostics %v; want the root object as one block without labels", n, diags)
			}
		}},
	})
}

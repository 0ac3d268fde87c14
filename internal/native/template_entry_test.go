package native

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// checkTemplate parses text with ParseTemplate and with
// hclsyntax.ParseTemplate at start, and reports a test error when the
// reader returns an expression that is not hclsyntax's (deeply, every
// field, and what it answers: Range, StartRange, Variables, the value
// without a context), or one where hclsyntax reports diagnostics. It
// returns whether the reader read text.
func checkTemplate(t testing.TB, text string, start hcl.Pos) bool {
	t.Helper()
	return checkParsed(t, text, "t.tf.json", start, ParseTemplate, hclsyntax.ParseTemplate)
}

// checkParsed is checkTemplate and checkExpression: ours, the reader's
// entry point, beside theirs, hclsyntax's.
func checkParsed(t testing.TB, text, filename string, start hcl.Pos,
	ours func(string, string, hcl.Pos) (hclsyntax.Expression, bool),
	theirs func([]byte, string, hcl.Pos) (hclsyntax.Expression, hcl.Diagnostics)) bool {
	t.Helper()
	got, ok := ours(text, filename, start)
	if !ok {
		if got != nil {
			t.Errorf("%q: an expression and false", text)
		}
		return false
	}
	want, diags := theirs([]byte(text), filename, start)
	if len(diags) > 0 {
		t.Errorf("%q: the reader read text on which hclsyntax reports %v", text, diags)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		d := diff(reflect.ValueOf(got), reflect.ValueOf(want), "Expr")
		if d == "" {
			d = "reflect.DeepEqual is false"
		}
		t.Errorf("%q at %v: the reader's tree differs from hclsyntax's: %s", text, start, d)
		return true
	}
	if got.Range() != want.Range() || got.StartRange() != want.StartRange() {
		t.Errorf("%q: Range %v %v, want %v %v", text, got.Range(), got.StartRange(), want.Range(), want.StartRange())
	}
	if !reflect.DeepEqual(got.Variables(), want.Variables()) {
		t.Errorf("%q: Variables differ", text)
	}
	gv, gd := got.Value(nil)
	wv, wd := want.Value(nil)
	if !gv.RawEquals(wv) || len(gd) != len(wd) {
		t.Errorf("%q: Value %#v (%d diagnostics), want %#v (%d)", text, gv, len(gd), wv, len(wd))
	}
	return true
}

// templateShapes are templates, each with whether the reader reads it.
var templateShapes = []struct {
	text string
	read bool
}{
	{"${var.x}", true},
	{"${~var.x~}", true},
	{"a-${var.x}-b", true},
	{"${a}${b}", true},
	{"${a} ", true},
	{"x\ny\n${z}\n", true},
	{"x\r\ny${z}\r\n", true},
	{"  a  \n  ${~ b ~}  \n  c  ", true},
	{"a\n   %{~ if x ~}  \n  y  \n %{~ else ~} z %{ endif ~}\n", true},
	{"%{ for k, v in var.m }${k}=${v}\n%{ endfor }", true},
	{"%{for x in y}%{if x}a%{endif}%{endfor}", true},
	{"%{ if a }%{ else }%{ endif }", true},
	{"${[for s in var.l : upper(s) if s != \"\"]}", true},
	{"${{for k, v in var.m : k => v...}}", true},
	{"${try(var.a.b, null)}", true},
	{"${var.l[*].id}", true},
	{"${var.l.*.id}", true},
	{"${templatefile(\"${path.module}/t.tpl\", { a = 1, b = [2, 3], })}", true},
	{"${jsonencode({\n  a = 1 # one\n  b = 2 // two\n  /* three */ c = 3\n})}", true},
	{"${a ? b : c}-${!d}-${-e}-${(f + g) * h % i}", true},
	{"${a == b && c != d || e >= f}", true},
	{"$${literal} %%{literal} $$x %%y $ % $x %x", true},
	{"$${~x}", true},
	{"%%{~x}", true},
	{"ends with $", true},
	{"ends with %", true},
	{"ends with $$", true},
	{"é ${x} ü\n日本 ${y}", true},
	{"e\u0301 ${x}", true},
	{"👍🏽 ${x} 👨‍👩‍👧", true},
	{"${\"é\"}${x}", true},
	{"${join(\"\\n\", var.l)}", true},
	{"${\"a\\\"b\\u00e9\"}", true},
	{"${provider::aws::arn_parse(x)}", true},
	{"${f(x...)}", true},
	{"${<<EOT\nhello ${x}\nEOT\n}", true},
	{"line one\nline two\n\n\nline five ${x}", true},

	// hclsyntax decides these.
	{"\ufeff${x}", false},
	{"a\rb${x}", false},
	{"${x", false},
	{"${}", false},
	{"%{ if x }", false},
	{"%{ endif }", false},
	{"%{ bogus }", false},
	{"${x y}", false},
	{"$$$x", false},
	{"${\"\\q\"}", false},
	{"bad \xff ${x}", false},
}

// TestParseTemplateShapes compares ParseTemplate with
// hclsyntax.ParseTemplate on templates of every form, at the start of a
// file and in the middle of a line, and checks which the reader reads.
func TestParseTemplateShapes(t *testing.T) {
	starts := []hcl.Pos{hcl.InitialPos, {Line: 7, Column: 13, Byte: 200}}
	for _, tc := range templateShapes {
		for _, start := range starts {
			if read := checkTemplate(t, tc.text, start); read != tc.read {
				t.Errorf("%q: read %v, want %v", tc.text, read, tc.read)
			}
		}
	}
}

// jsonTemplates returns the strings of the .tf.json files under dir that
// are templates (hold "${" or "%{"), keys included.
func jsonTemplates(t testing.TB, dir string) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if strings.Contains(v, "${") || strings.Contains(v, "%{") {
				out = append(out, v)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				walk(k)
				walk(e)
			}
		}
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(path, ".tf.json") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var v any
		if json.Unmarshal(src, &v) == nil {
			walk(v)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// templateCorpora are the directories whose .tf.json strings
// TestParseTemplateCorpus reads: the corpora of TestCorpus, and the
// real-world corpus converted to JSON when HCLJSON_REALWORLD_JSON names
// it (see hcljson's BenchmarkLoadRealWorld).
func templateCorpora() []string {
	dirs := corpora()
	if d := os.Getenv("HCLJSON_REALWORLD_JSON"); d != "" {
		dirs = append(dirs, d)
	}
	return dirs
}

// TestParseTemplateCorpus compares ParseTemplate with
// hclsyntax.ParseTemplate on every template string of the JSON corpora,
// and logs how many the reader reads.
func TestParseTemplateCorpus(t *testing.T) {
	total, read := 0, 0
	for _, dir := range templateCorpora() {
		for _, s := range jsonTemplates(t, dir) {
			total++
			if checkTemplate(t, s, hcl.Pos{Line: 3, Column: 10, Byte: 57}) {
				read++
			}
		}
	}
	if total == 0 {
		t.Skip("no JSON templates found")
	}
	t.Logf("%d templates, %d read", total, read)
}

// FuzzParseTemplate: for any text and start, ParseTemplate either falls
// back or builds exactly hclsyntax's expression (and then hclsyntax
// reports no diagnostic). The seeds are the shapes of
// TestParseTemplateShapes and a sample of the corpora's JSON templates.
func FuzzParseTemplate(f *testing.F) {
	for _, tc := range templateShapes {
		f.Add(tc.text, uint8(1))
	}
	for _, dir := range corpora() {
		for i, s := range jsonTemplates(f, dir) {
			if len(s) <= 2<<10 && i%4 == 0 {
				f.Add(s, uint8(i))
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string, col uint8) {
		if templatePanics(text) {
			t.Skip("hclsyntax panics")
		}
		checkTemplate(t, text, hcl.Pos{Line: 2, Column: int(col) + 1, Byte: 100})
	})
}

// templatePanics reports whether hclsyntax.ParseTemplate panics on text.
func templatePanics(text string) (panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	hclsyntax.ParseTemplate([]byte(text), "t.tf.json", hcl.InitialPos)
	return false
}

// checkExpression is checkTemplate for ParseExpression and
// hclsyntax.ParseExpression.
func checkExpression(t testing.TB, text string, start hcl.Pos) bool {
	t.Helper()
	return checkParsed(t, text, "e.tf.json", start, ParseExpression, hclsyntax.ParseExpression)
}

// expressionShapes are expressions, each with whether the reader reads
// it.
var expressionShapes = []struct {
	text string
	read bool
}{
	{"aws_instance.web", true},
	{"  aws_instance.web[0].id  ", true},
	{"map(object({\n  a = string\n  b = optional(number, 1)\n}))", true},
	{"list(string) # a comment", true},
	{"/* c */ var.x /* d */", true},
	{"var.a\n+\nvar.b", true},
	{"[for s in var.l : s\n if s != \"\"]", true},
	{"provider::aws::arn_parse(var.arn).account", true},
	{"\"${var.x}-é\"", true},
	{"<<EOT\nhello\nEOT\n", true},
	{"a ? b : c", true},
	{"var.x.*.id", true},

	// hclsyntax decides these.
	{"", false},
	{"   ", false},
	{"a b", false},
	{"a +", false},
	{"\ufeffa", false},
	{"(a", false},
}

// TestParseExpressionShapes compares ParseExpression with
// hclsyntax.ParseExpression, and checks which the reader reads.
func TestParseExpressionShapes(t *testing.T) {
	starts := []hcl.Pos{hcl.InitialPos, {Line: 7, Column: 13, Byte: 200}}
	for _, tc := range expressionShapes {
		for _, start := range starts {
			if read := checkExpression(t, tc.text, start); read != tc.read {
				t.Errorf("%q: read %v, want %v", tc.text, read, tc.read)
			}
		}
	}
}

// TestParseExpressionCorpus compares ParseExpression with
// hclsyntax.ParseExpression on the JSON corpora's templates, each read as
// an expression (most are not one: then both must fail alike) and, with
// its sequences' brackets dropped, as the expression inside
// ("${var.x}" as "var.x").
func TestParseExpressionCorpus(t *testing.T) {
	total, read := 0, 0
	for _, dir := range templateCorpora() {
		for _, s := range jsonTemplates(t, dir) {
			total++
			checkExpression(t, s, hcl.Pos{Line: 3, Column: 10, Byte: 57})
			if inner, ok := strings.CutPrefix(s, "${"); ok && strings.HasSuffix(inner, "}") {
				if checkExpression(t, inner[:len(inner)-1], hcl.Pos{Line: 3, Column: 12, Byte: 59}) {
					read++
				}
			}
		}
	}
	if total == 0 {
		t.Skip("no JSON templates found")
	}
	t.Logf("%d templates, %d inner expressions read", total, read)
}

// FuzzParseExpression: for any text and start, ParseExpression either
// falls back or builds exactly hclsyntax's expression.
func FuzzParseExpression(f *testing.F) {
	for _, tc := range expressionShapes {
		f.Add(tc.text, uint8(1))
	}
	for _, tc := range templateShapes {
		f.Add(strings.TrimSuffix(strings.TrimPrefix(tc.text, "${"), "}"), uint8(3))
	}
	f.Fuzz(func(t *testing.T, text string, col uint8) {
		if expressionPanics(text) {
			t.Skip("hclsyntax panics")
		}
		checkExpression(t, text, hcl.Pos{Line: 2, Column: int(col) + 1, Byte: 100})
	})
}

// expressionPanics reports whether hclsyntax.ParseExpression panics on
// text.
func expressionPanics(text string) (panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	hclsyntax.ParseExpression([]byte(text), "e.tf.json", hcl.InitialPos)
	return false
}

// BenchmarkParseTemplate measures ParseTemplate beside
// hclsyntax.ParseTemplate on the template strings of the JSON corpora
// (templateCorpora), all of them one operation.
func BenchmarkParseTemplate(b *testing.B) {
	var texts []string
	size := 0
	for _, dir := range templateCorpora() {
		for _, s := range jsonTemplates(b, dir) {
			texts = append(texts, s)
			size += len(s)
		}
	}
	if len(texts) == 0 {
		b.Skip("no JSON templates found")
	}
	b.Run("hclsyntax", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range texts {
				hclsyntax.ParseTemplate([]byte(s), "t.tf.json", hcl.InitialPos)
			}
		}
	})
	b.Run("native", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range texts {
				if _, ok := ParseTemplate(s, "t.tf.json", hcl.InitialPos); !ok {
					hclsyntax.ParseTemplate([]byte(s), "t.tf.json", hcl.InitialPos)
				}
			}
		}
	})
}

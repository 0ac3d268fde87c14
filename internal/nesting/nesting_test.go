package nesting_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/hcljson/hcljson/internal/nesting"
)

// shape is one way to nest: open X close adds weight levels.
type shape struct {
	name        string
	open, close string
	weight      int
}

var shapes = []shape{
	{"paren", "(", ")", 1},
	{"tuple", "[", "]", 1},
	{"object", "{a = ", "}", 1},
	{"call", "abs(", ")", 1},
	{"try", "try(", ")", 1},
	{"type", "list(", ")", 1},
	{"not", "!", "", 1},
	{"neg", "-", "", 1},
	{"plus", "1 + ", "", 1},
	{"and", "true && ", "", 1},
	{"cond", "true ? ", " : 1", 1},
	{"else", "true ? 1 : ", "", 1},
	{"index", "local.y[", "]", 1},
	{"template", `"${`, `}"`, 2},
	{"for", "[for v in [1] : ", "]", 2},
	{"if", `"%{if true}${`, `}%{endif}"`, 3},
	{"heredoc", "<<EOT\n${", "}\nEOT\n", 2},
}

// build nests the shapes of seq (indexes into shapes) around 1 in
// "x = ...", and returns the source and its depth.
func build(seq []int) (string, int) {
	var b, closes strings.Builder
	b.WriteString("x = ")
	depth := 0
	cl := make([]string, 0, len(seq))
	for _, i := range seq {
		s := shapes[i]
		b.WriteString(s.open)
		cl = append(cl, s.close)
		depth += s.weight
	}
	b.WriteString("1")
	for i := len(cl) - 1; i >= 0; i-- {
		closes.WriteString(cl[i])
	}
	b.WriteString(closes.String())
	b.WriteString("\n")
	return b.String(), depth
}

// TestLimit nests each shape exactly to Max and one level past it: the
// first parses as hclsyntax parses it, the second is the error at the
// token that goes past Max.
func TestLimit(t *testing.T) {
	for i, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			n := nesting.Max / s.weight
			seq := make([]int, n)
			for j := range seq {
				seq[j] = i
			}
			// Fill up to exactly Max with parentheses.
			src, depth := build(seq)
			for depth < nesting.Max {
				seq = append([]int{0}, seq...)
				src, depth = build(seq)
			}
			if d := nesting.Check([]byte(src), nesting.Config, "a.tf", hcl.InitialPos); d != nil {
				t.Fatalf("at the limit: %s: %s", d.Subject, d.Summary)
			}
			if _, diags := nesting.ParseConfig([]byte(src), "a.tf", hcl.InitialPos); diags.HasErrors() {
				t.Fatalf("at the limit: %s", diags.Error())
			}
			past, _ := build(append([]int{0}, seq...))
			d := nesting.Check([]byte(past), nesting.Config, "a.tf", hcl.InitialPos)
			if d == nil {
				t.Fatalf("one past the limit: no error")
			}
			if d.Severity != hcl.DiagError || d.Summary != "Nesting too deep" || d.Detail != nesting.Detail {
				t.Errorf("diagnostic %q %q", d.Summary, d.Detail)
			}
			// The innermost level is the one too deep; its first token
			// is where the last shape's opening starts.
			inner := strings.LastIndex(past, shapes[i].open)
			if shapes[i].name == "else" {
				inner = strings.LastIndex(past, "?")
			}
			if d.Subject.Filename != "a.tf" || d.Subject.Start.Byte < inner || d.Subject.Start.Byte >= inner+len(shapes[i].open) {
				t.Errorf("Subject %s (byte %d), want a token of the last %q at byte %d", d.Subject, d.Subject.Start.Byte, shapes[i].open, inner)
			}
			f, diags := nesting.ParseConfig([]byte(past), "a.tf", hcl.InitialPos)
			if len(diags) != 1 || diags[0] != d && diags[0].Summary != d.Summary {
				t.Errorf("ParseConfig: %v", diags)
			}
			if body, ok := f.Body.(*hclsyntax.Body); !ok || len(body.Attributes) != 0 {
				t.Errorf("ParseConfig's body %#v", f.Body)
			}
		})
	}
}

// TestSubject checks the exact range of the error.
func TestSubject(t *testing.T) {
	src := "locals {\n  # (((\n  s = \"(((\"\n  x = " + strings.Repeat("(", nesting.Max) + "1" + strings.Repeat(")", nesting.Max) + "\n}\n"
	d := nesting.Check([]byte(src), nesting.Config, "m.tf", hcl.InitialPos)
	if d == nil {
		t.Fatal("no error")
	}
	// The block is level 1, so the 1000th parenthesis is level 1001.
	want := hcl.Range{Filename: "m.tf", Start: hcl.Pos{Line: 4, Column: 7 + 999, Byte: 35 + 999}, End: hcl.Pos{Line: 4, Column: 8 + 999, Byte: 36 + 999}}
	if *d.Subject != want {
		t.Errorf("Subject %#v, want %#v", *d.Subject, want)
	}
}

// TestSeparators checks that items, arguments and lines each start again
// at their level: long lists, long argument lists and many lines are not
// deep.
func TestSeparators(t *testing.T) {
	for name, src := range map[string]string{
		"list":      "x = [" + strings.Repeat(`"a", -1, !true, `, 2000) + "]\n",
		"args":      "x = f(" + strings.Repeat("1 + 1, ", 2000) + ")\n",
		"lines":     strings.Repeat("x = 1 + 2 * 3 > 4 ? 5 : 6\n", 2000),
		"object":    "x = {\n" + strings.Repeat("  a = 1 + 1\n", 2000) + "}\n",
		"template":  "x = \"" + strings.Repeat("${a}%{if b}c%{endif}", 2000) + "\"\n",
		"heredoc":   "x = <<EOT\n" + strings.Repeat("${a + b} (((\n", 2000) + "EOT\n",
		"comments":  strings.Repeat("# ((((((((((\n/* [[[[[[[[ */\n", 2000),
		"strings":   "x = [" + strings.Repeat(`"((((", `, 2000) + "]\n",
		"escapes":   "x = \"" + strings.Repeat(`$${(((((%%{`, 2000) + "\"\n",
		"blocks":    strings.Repeat("a {\n b = [1, 2]\n}\n", 2000),
		"for lines": "x = {for k, v in m :\n" + strings.Repeat("k => v\n", 1) + "}\n",
	} {
		if d := nesting.Check([]byte(src), nesting.Config, "a.tf", hcl.InitialPos); d != nil {
			t.Errorf("%s: %s %s", name, d.Subject, d.Summary)
		}
	}
	// A "for" object keeps its expression across lines, so its lines
	// do not start again.
	src := "x = {for k, v in m : k =>\n" + strings.Repeat("true ?\n", nesting.Max) + "1" + strings.Repeat(" : 2", nesting.Max) + "}\n"
	if d := nesting.Check([]byte(src), nesting.Config, "a.tf", hcl.InitialPos); d == nil {
		t.Errorf("a for expression of %d conditions on as many lines: no error", nesting.Max)
	}
}

// TestModes checks expressions and templates, as JSON strings are read.
func TestModes(t *testing.T) {
	deep := strings.Repeat("(", nesting.Max+1) + "1" + strings.Repeat(")", nesting.Max+1)
	if d := nesting.Check([]byte(deep), nesting.Expression, "", hcl.InitialPos); d == nil || d.Subject.Start.Byte != nesting.Max {
		t.Errorf("expression: %v", d)
	}
	x, diags := nesting.ParseExpression([]byte(deep), "", hcl.InitialPos)
	if len(diags) != 1 || x == nil {
		t.Errorf("ParseExpression: %v %v", x, diags)
	}
	tmpl := strings.Repeat("%{if true}", nesting.Max+1) + "a" + strings.Repeat("%{endif}", nesting.Max+1)
	if d := nesting.Check([]byte(tmpl), nesting.Template, "", hcl.InitialPos); d == nil || d.Subject.Start.Byte != 10*nesting.Max {
		t.Errorf("template: %v", d)
	}
	ok := strings.Repeat("%{if true}", nesting.Max) + "a" + strings.Repeat("%{endif}", nesting.Max)
	if d := nesting.Check([]byte(ok), nesting.Template, "", hcl.InitialPos); d != nil {
		t.Errorf("template at the limit: %v", d)
	}
	if _, diags := nesting.ParseTemplate([]byte(ok), "", hcl.InitialPos); diags.HasErrors() {
		t.Errorf("template at the limit: %v", diags)
	}
}

func ExampleCheck() {
	src := "x = " + strings.Repeat("[", 1001) + strings.Repeat("]", 1001) + "\n"
	d := nesting.Check([]byte(src), nesting.Config, "main.tf", hcl.InitialPos)
	fmt.Println(d.Subject, d.Summary)
	// Output: main.tf:1,1005-1006 Nesting too deep
}

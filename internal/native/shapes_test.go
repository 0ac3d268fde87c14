package native

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// readShapes are sources the reader must read (not fall back on), each
// giving exactly hclsyntax's tree.
var readShapes = []struct{ name, src string }{
	{"empty", ""},
	{"blank lines", "\n\n  \n"},
	{"comment only", "# c\n// d\n/* e */"},
	{"attribute", "a = 1\n"},
	{"attribute at EOF", "a = 1"},
	{"attributes", "a = 1\nb = 2.5\nc = 1e3\nd = 1.5E-2\n"},
	{"bools and null", "a = true\nb = false\nc = null\n"},
	{"block", "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n}\n"},
	{"block ident labels", "a b c {\n}\n"},
	{"block empty one line", "locals {}\n"},
	{"block single attribute", "variable \"x\" { default = 1 }\n"},
	{"nested blocks", "a {\n  b {\n    c = 1\n  }\n  b {\n  }\n}\n"},
	{"label escapes", "a \"x\\\"y\\\\z$${w}\\u00e9\" {\n}\n"},
	{"comments", "# top\na = 1 # trailing\n/* block */ b = 2 // line\nc {\n  # inner\n}\n"},
	{"CRLF", "a = 1\r\nb {\r\n  c = \"x\"\r\n}\r\n"},
	{"tabs", "a\t=\t1\nb {\n\tc = 2\n}\n"},
	{"string escapes", `a = "x\ny\tz\"q\\r\r$${x}%%{y}\u00e9\U0001F600$$ $a %b $ %"` + "\n"},
	{"empty string", "a = \"\"\nb = [\"\", \"\"]\n"},
	{"interpolation", "a = \"${var.x}\"\nb = \"x-${var.y}-${local.z[0]}\"\nc = \"${a}${b}\"\n"},
	{"interpolation over lines", "a = \"${f(\n  x,\n  y\n)}z\"\n"},
	{"nested templates", "a = \"${\"${b}\"}\"\n"},
	{"traversals", "a = var.x.y[0][\"k\"].z\nb = aws_instance.web[count.index].id\nc = a.0.b\n"},
	{"index expressions", "a = b[c]\nd = e[\"${f}\"]\ng = h[-1]\ni = f()[0]\n"},
	{"splats", "a = b[*].c\nd = e.*.f\ng = h[*]\ni = j.*\nk = l[*].m[0].n\no = p.*.q.0\nr = s.*[0]\n"},
	{"tuples", "a = []\nb = [1, 2, 3]\nc = [\n  1,\n  2,\n]\n"},
	{"objects", "a = {}\nb = { x = 1, y = 2 }\nc = {\n  x = 1\n  \"y\" = 2\n  (z) = 3\n  w: 4,\n}\n"},
	{"calls", "a = f()\nb = f(1, 2)\nc = f(x...)\nd = provider::p::f(1)\ne = f(\n  1,\n  2,\n)\n"},
	{"operators", "a = 1 + 2 * 3 - 4 / 5 % 6\nb = x == y && z != w || !v\nc = -x\nd = a < b\ne = a <= b\nf = a > b\ng = a >= b\nh = 1 - 2 - 3\n"},
	{"precedence", "a = 1 * 2 + 3 * 4 - 5 / 6 < 7 == 8 && 9 || 10 != 11 >= 12 % 13\nb = 1 || 2 && 3 == 4 < 5 + 6 * 7\nc = 1 * 2 + 3 < 4 == 5 && 6 || 7\nd = 1 + 2 * 3 + 4 * 5 * 6 - 7 == 8 + 9\ne = !a && -b[0].c * -2 || x ? y + 1 : z\n"},
	{"conditional", "a = x ? 1 : 2\nb = x ? y ? 1 : 2 : z ? 3 : 4\n"},
	{"parentheses", "a = (1 + 2) * 3\nb = (\n  x\n)\n"},
	{"for", "a = [for x in y : x]\nb = [for i, x in y : x if i > 0]\nc = {for k, v in m : k => v}\nd = {for k, v in m : v => k...}\ne = {for k, v in m : k => v if v != null}\n"},
	{"comments in expressions", "a = [\n  1, # one\n  /* two */ 2,\n]\nb = {\n  x = 1 # x\n  // y\n  y = 2\n}\n"},
	{"start of ranges", "\n\n# c\nx = 1\n"},
	{"non-ASCII comment", "# é\na = 1\n"},
	{"directives", "a = \"%{if var.enabled}Bonjour%{else}Au revoir%{endif}, ${title(var.project)}!\"\nb = \"%{if x}%{endif}\"\nc = \"%{for i, v in xs}${i}=${v},%{endfor}\"\nd = \"%{for v in xs}%{endfor}x\"\ne = \"%{ if a }%{ if b }x%{ else }%{ endif }%{ endif }\"\n"},
	{"strip markers", "a = \"  x  ${~y~}  z \\n ${~ w ~}\\t\"\nb = \"${~x~}\"\nc = \"%{ if x ~}  y  %{~ else ~}  z  %{~ endif }\"\nd = \" $ ${~x~} $ \"\n"},
	{"strip markers in heredoc", "a = <<-EOT\n  #!/bin/bash\n  %{ for p in var.ports ~}\n    open ${p}\n  %{ endfor ~}\n  x\n   \n  ${~y}\n  EOT\nb = <<EOT\nfoo\n   \n${~x~}\n  bar\n%{~ if z ~}\n\n%{~ endif ~}\nEOT\n"},
	{"strip marker before line start", "a = <<-EOT\n    foo\n  ${~x}\n    bar\nEOT\n"},
	{"heredoc directives", "a = <<-EOT\n  %{ for x in y }\n    ${x}\n  %{ endfor }\n  %{if z}z%{endif}\n  EOT\n"},
	{"non-ASCII string", "a = \"é\"\nb = \"Étoile ⭐ café-日本-🚀 ⚠️ e\u0301\" # ⚠️\n"},
	{"non-ASCII around interpolations", "a = \"é${x}ü${y}🚀\"\nb = [\"⚠️\", \"日本\", x]\n"},
	{"non-ASCII after dollar", "a = \"$é%ü$$é %%{ü $${é}\u0301\"\n"},
	{"mark after escaped tilde", "a = \"$${~\u0301x %%{~\u0301\"\nb = <<EOT\n$${~\u0301 %%{~\u0301\nEOT\n"},
	{"block comments over lines", "a = /* one\n two\n three */ 1\n/* x\r\n  y */ b = [1, /*\n*/ 2]\nc = {\n  /*\n\n*/ d = 3 /* e\n f */\n}\n/* end\n*/"},
	{"non-ASCII end comment", "a = 1 /* é */"},
	{"non-ASCII block comment", "a = /* é\n ü */ 1 /* 🚀 */ + 2\n"},
	{"non-ASCII identifiers", "Propriétaire = 1\nb = { Équipe = \"x\", ça = var.déjà }\nc \"é\" ü {\n}\n"},
	{"non-ASCII label", "resource \"aws_s3\" \"café-🚀\" {\n  x = \"é\"\n}\n"},
	{"non-ASCII heredoc", "a = <<EOT\nGénérer ${x} ⚠️ ${y}\n🚀\nEOT\nb = <<-EOT\n  é\n    ü${z}é\n  EOT\n"},
	{"heredoc", "a = <<EOT\nx\n  y\nEOT\nb = 1\n"},
	{"heredoc empty", "a = <<EOT\nEOT\n"},
	{"heredoc indented marker", "a = <<EOT\nx\n    EOT\n"},
	{"heredoc interpolation", "a = <<EOT\n${x}\nv=${var.y} $${z} %%{w} $$ %% $ %\n${f(\n1)} end\nEOT\n"},
	{"heredoc flush", "a {\n  b = <<-EOT\n    x\n      y\n\n   \n    ${z}\n  EOT\n}\n"},
	{"heredoc flush interpolation first", "a = <<-EOT\n${z}\n    x\nEOT\n"},
	{"heredoc flush blank only", "a = <<-EOT\n\n  \nEOT\n"},
	{"heredoc flush empty", "a = <<-EOT\nEOT\n"},
	{"heredoc CRLF", "a = <<EOT\r\nx\r\n  y\r\nEOT\r\n"},
	{"heredoc in call", "a = f(<<EOT\nx\nEOT\n, 1)\n"},
	{"heredoc marker in text", "a = <<EOT\nEOTX\nx EOT\n$EOT\nEOT\n"},
}

// fallShapes are sources the reader must not read, with the reason.
var fallShapes = []struct {
	name, src string
	why       reason
}{
	{"error", "a = \n", reasonSyntax},
	{"duplicate", "a = 1\na = 2\n", reasonDup},
	{"heredoc unterminated", "a = <<EOT\nx\nEOT", reasonString},
	{"heredoc no marker", "a = <<\nx\n", reasonToken},
	{"combining mark in identifier", "e\u0301 = 1\n", reasonToken},
	{"identifier beyond Latin", "日本 = 1\n", reasonToken},
	{"BOM", "\ufeffa = 1\n", reasonToken},
	{"invalid UTF-8", "a = \"\xff\"\n", reasonToken},
	{"invalid UTF-8 in comment", "#\xed0\n", reasonToken}, // hclsyntax's segmentation swallows the line break (fuzz)
	{"invalid UTF-8 in end comment", "a = 1 /* \xff */ \n", reasonToken},
	{"flush heredoc space beyond ASCII", "a = <<-EOT\n  \u00a0x\nEOT\n", reasonToken},
	{"directive unclosed", "a = \"%{if x}y\"\n", reasonSyntax},
	{"else in for", "a = \"%{for x in y}a%{else}b%{endfor}\"\n", reasonSyntax},
	{"unknown directive", "a = \"%{when x}y%{endif}\"\n", reasonSyntax},
	{"dollars", "a = \"$$${x}\"\n", reasonString},
	{"newline in string", "a = \"x\ny\"\n", reasonString},
	{"bad escape", "a = \"\\q\"\n", reasonString},
	{"surrogate", "a = \"\\ud800\"\n", reasonString},
	{"legacy index with dot", "a = b.0.1\n", reasonNumber},
	{"single quote", "a = 'x'\n", reasonToken},
	{"lone CR before heredoc marker", "A=<<T\n\rT\n", reasonString}, // read as the marker line (fuzz)
	{"tilde", "a = ~b\n", reasonToken},
	{"strip marker closing a brace", "a = { b = 1 ~}\n", reasonSyntax},
	{"deep", "a = " + repeat("[", 300) + repeat("]", 300) + "\n", reasonDepth},
	{"long chain", "a = 1" + repeat(" + 1", 300) + "\n", reasonDepth},
	{"for in tuple with key", "a = [for k, v in m : k => v]\n", reasonFor},
}

func repeat(s string, n int) string {
	b := make([]byte, 0, len(s)*n)
	for range n {
		b = append(b, s...)
	}
	return string(b)
}

func TestReadShapes(t *testing.T) {
	for _, tc := range readShapes {
		t.Run(tc.name, func(t *testing.T) {
			if why := check(t, "shapes.tf", []byte(tc.src)); why != "" {
				t.Errorf("fell back (%s), want read", why)
			}
		})
	}
}

func TestFallShapes(t *testing.T) {
	for _, tc := range fallShapes {
		t.Run(tc.name, func(t *testing.T) {
			if why := check(t, "shapes.tf", []byte(tc.src)); why != tc.why {
				t.Errorf("reason %q, want %q", why, tc.why)
			}
		})
	}
}

// TestStartPos reads at a start that is not the initial position, as
// tojson's pieces are.
func TestStartPos(t *testing.T) {
	src := []byte("a = \"x${y}\"\nb {\n  c = [1, f(2)]\n}\n")
	for _, start := range []hcl.Pos{{Line: 1, Column: 1}, {Line: 12, Column: 1, Byte: 300}, {Line: 3, Column: 7, Byte: 40}, {}} {
		want, diags := hclsyntax.ParseConfig(src, "start.tf", start)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		got, why := parse(src, "start.tf", start)
		if got == nil {
			t.Fatalf("%v: fell back (%s)", start, why)
		}
		if d := sameFile(got, want); d != "" {
			t.Errorf("%v: %s", start, d)
		}
	}
}

// TestParseConfigFallback: ParseConfig gives hclsyntax's diagnostics
// when the reader falls back, and nesting's beyond its bound.
func TestParseConfigFallback(t *testing.T) {
	f, diags := ParseConfig([]byte("a = \n"), "f.tf", hcl.InitialPos)
	if len(diags) != 1 || diags[0].Summary != "Invalid expression" || f == nil {
		t.Errorf("diagnostics %v, want hclsyntax's Invalid expression", diags)
	}
	f, diags = ParseConfig([]byte("a = "+repeat("(", 1200)+"1"+repeat(")", 1200)+"\n"), "f.tf", hcl.InitialPos)
	if len(diags) != 1 || diags[0].Summary != "Nesting too deep" || f == nil {
		t.Errorf("diagnostics %v, want Nesting too deep", diags)
	}
	f, diags = ParseConfig([]byte("a = 1\n"), "f.tf", hcl.InitialPos)
	if diags != nil || f.Body.(*hclsyntax.Body).Attributes["a"] == nil {
		t.Errorf("ParseConfig(a = 1) = %v, %v", f, diags)
	}
}

// TestAllocs pins what the reader is for: on a configuration of every
// common shape, it allocates less than a quarter of what hclsyntax does,
// node for node the same tree.
func TestAllocs(t *testing.T) {
	// Each shape in a block of its own, its names apart.
	var doc []byte
	for i := range 20 {
		for j, tc := range readShapes {
			doc = append(doc, fmt.Sprintf("shape%d_%d {\n", i, j)...)
			doc = append(doc, strings.ReplaceAll(tc.src, "\r\n", "\n")...)
			doc = append(doc, "\n}\n"...)
		}
	}
	if f, why := parse(doc, "allocs.tf", hcl.InitialPos); f == nil {
		t.Fatalf("fell back (%s)", why)
	}
	ref := testing.AllocsPerRun(5, func() { hclsyntax.ParseConfig(doc, "allocs.tf", hcl.InitialPos) })
	got := testing.AllocsPerRun(5, func() { ParseConfig(doc, "allocs.tf", hcl.InitialPos) })
	t.Logf("%d bytes: %.0f allocations, hclsyntax %.0f", len(doc), got, ref)
	if got > ref/4 {
		t.Errorf("%.0f allocations, hclsyntax %.0f: want less than a quarter", got, ref)
	}
}

// TestConcurrent parses from several goroutines at once, as tojson's
// pieces are: the parsers' reused scratch memory is never shared.
func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 50 {
				tc := readShapes[(g*7+i)%len(readShapes)]
				want, _ := hclsyntax.ParseConfig([]byte(tc.src), "c.tf", hcl.InitialPos)
				got, why := parse([]byte(tc.src), "c.tf", hcl.InitialPos)
				if got == nil {
					t.Errorf("%s: fell back (%s)", tc.name, why)
					continue
				}
				if d := sameFile(got, want); d != "" {
					t.Errorf("%s: %s", tc.name, d)
				}
			}
		})
	}
	wg.Wait()
}

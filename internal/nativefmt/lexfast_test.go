package nativefmt

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// lexSamples are values fastLex reads (the first group) and values it
// leaves to hclsyntax (the second), each after "x = ".
var lexSamples = []string{
	`var.x`, `"a \"b\" \\ c é"`, `1.5`, `-1`, `a-b`, `foo(a, b...)`, `{ a = 1 }`,
	"{\n  Name = \"web-${count.index}\"\n  Env  = var.env\n}", "[\r\n  1,\r\n  2,\r\n]",
	`"${a.b[0]}"`, `"x${y.z[12].w}y"`, `"a$b%c$"`, `"$"`, `"%"`, `"${a}${b}"`, `"50% of $x"`,
	`a => b`, `a == b && c != d || !e`, `a <= b ? c >= d : e < f`, `x % 2`, `provider::a::b(1)`,
	`[for k, v in var.m : k if v != null]`, "{\n}\n", `""`,
	"<<-EOT\n    #!/bin/bash\n    echo \"hello ${var.name}\"\n    %{ for p in var.ports ~}\n    open ${p.from}\n    %{ endfor ~}\n  EOT",
	"<<EOT\nx\n\nEOT\n", "<<EOT\r\nx\r\nEOT", "<<EOT\n${a.b}\n${c}EOT\nEOT\n", "<<EOT\n  EOT  \n", "<<EOT\nEOTX\nEOT", "<<EOT\n%{if a}x%{endif}\nEOT",
	"<<EOT\n", "[<<EOT\na\nEOT\n, 1]", "<<EOT\n\ttab\nEOT",
	// Left to hclsyntax.
	`"$${x}"`, `"%%{x}"`, `"%{if a}b%{endif}"`, `"${a + b}"`, `"${a.0}"`, `"${~a}"`, `a # c`, `a // c`,
	`a /* c */`, "a\t+ b", `1e5`, `1.x`, `é`, `aé`, "\"a\nb\"", "a\rb", `"\u0041"`,
	`"unterminated`, `a ~ b`, `a & b`, `"${a"`, "\"\xff\"",
	"<<EOT\na$b\nEOT", "<<EOT\n50%\nEOT", "<<EOT\n${~a}\nEOT", "<<EOT\n%{~if a}\nEOT", "<<EOT\né\nEOT", "<<EOT x\n", "<<\nEOT", "<<EOT\n${a+b}\nEOT",
	"<<EOT\n%{if a == b}x%{endif}\nEOT",
}

// hclsyntaxTokens returns the tokens of src as lex makes them.
func hclsyntaxTokens(src []byte) []token {
	f := &formatter{src: src}
	f.lex()
	return f.toks
}

// checkFastLex reports whether fastLex read src, and fails t if the
// tokens it made differ from hclsyntax's.
func checkFastLex(t *testing.T, src []byte) bool {
	t.Helper()
	f := &formatter{src: src}
	if _, ok := fastLex(src, nil); !ok {
		return false
	}
	f.lexFast()
	if want := hclsyntaxTokens(src); !slices.Equal(f.toks, want) {
		t.Errorf("fastLex(%q):\n got %v\nwant %v", src, f.toks, want)
	}
	return true
}

// TestFastLex checks fastLex's tokens against hclsyntax's on the
// samples, and that it reads the first group and leaves the second.
func TestFastLex(t *testing.T) {
	split := slices.Index(lexSamples, `"$${x}"`)
	for i, v := range lexSamples {
		read := checkFastLex(t, []byte(valuePrefix+v))
		if want := i < split; read != want {
			t.Errorf("fastLex read %q: %v, want %v", v, read, want)
		}
	}
}

// TestFastLexFiles compares fastLex with hclsyntax on the value of every
// argument in the repository's .tf files and the real-world corpus
// (HCLJSON_REALWORLD), and the layout of the values through both.
func TestFastLexFiles(t *testing.T) {
	roots := []string{"../.."}
	if d := os.Getenv("HCLJSON_REALWORLD"); d != "" {
		roots = append(roots, d)
	}
	values, read := 0, 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == ".terraform") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".tf") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f, diags := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
			if diags.HasErrors() {
				return nil
			}
			hclsyntax.VisitAll(f.Body.(*hclsyntax.Body), func(n hclsyntax.Node) hcl.Diagnostics {
				a, ok := n.(*hclsyntax.Attribute)
				if !ok {
					return nil
				}
				r := a.Expr.Range()
				v := src[r.Start.Byte:r.End.Byte]
				values++
				if checkFastLex(t, append([]byte(valuePrefix), v...)) {
					read++
					checkLayout(t, path, v)
				}
				return nil
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if read < 500 || read < values/2 {
		t.Fatalf("fastLex read only %d of %d values", read, values)
	}
	t.Logf("fastLex read %d of %d values", read, values)
}

// checkLayout fails t if Value lays v out differently through fastLex
// than through hclsyntax's tokens, or maps an offset differently.
func checkLayout(t *testing.T, path string, v []byte) {
	t.Helper()
	for _, depth := range []int{0, 2} {
		got, gm := Value(v, depth)
		want, wm := valueLexedBy(v, depth)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: Value(%q, %d) = %q, through hclsyntax %q", path, v, depth, got, want)
			continue
		}
		for off := 0; off <= len(v); off++ {
			if g, w := gm.Offset(off), wm.Offset(off); g != w {
				t.Errorf("%s: Value(%q, %d): offset %d maps to %d, through hclsyntax %d", path, v, depth, off, g, w)
				break
			}
		}
	}
}

// valueLexedBy is Value through hclsyntax's tokens.
func valueLexedBy(v []byte, depth int) ([]byte, *Map) {
	fastLexOn = false
	defer func() { fastLexOn = true }()
	return Value(v, depth)
}

// FuzzFastLex: where fastLex reads a value, its tokens are hclsyntax's
// and the layout is the same.
func FuzzFastLex(f *testing.F) {
	for _, v := range lexSamples {
		f.Add([]byte(v))
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		if checkFastLex(t, append([]byte(valuePrefix), v...)) {
			checkLayout(t, "fuzz", v)
		}
	})
}

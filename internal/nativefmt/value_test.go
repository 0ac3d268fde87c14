package nativefmt

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclwrite"
)

var values = []string{
	"var.x",
	"aws_instance.web[0].id",
	"module.m[*].out",
	"a+b",
	"foo( a,b )",
	"{a=1,bb=2}",
	"{\na=1\nbb=2\n}",
	"[\n1,\n[2,\n3],\n]",
	"merge(\n      var.a,\n    var.b,\n  )",
	"var.on ? 1 :   2",
	"<<EOT\n  text ${ var.x }\nEOT",
	"-1",
	"[for k,v in var.m: k=>v if v!=null]",
	"\"${ var.x }-%{ if a }b%{ endif }\"",
	"foo( # comment\n  a, # two\n  bb,   # three\n)",
	"{\n  for k, v in x :\n  k => v\n}",
	"(\n  a\n)",
	"\"a\" # trailing",
	"1.5e3",
	"x.0",
}

// TestAppendValue compares with hclwrite.Format on "x = value" inside
// depth blocks.
func TestAppendValue(t *testing.T) {
	for _, v := range values {
		for depth := range 3 {
			var doc strings.Builder
			for range depth {
				doc.WriteString("b {\n")
			}
			doc.WriteString("x = " + v + "\n")
			var closing strings.Builder
			for d := depth - 1; d >= 0; d-- {
				closing.WriteString(strings.Repeat("  ", d) + "}\n")
			}
			doc.WriteString(closing.String())
			formatted := string(hclwrite.Format([]byte(doc.String())))
			// Cut the header lines, the indentation, "x = ", and the
			// closing lines and the newline before them.
			rest := formatted
			for range depth {
				rest = rest[strings.IndexByte(rest, '\n')+1:]
			}
			rest = strings.TrimLeft(rest, " ")
			if !strings.HasPrefix(rest, "x = ") {
				t.Fatalf("%q at depth %d: formatted %q", v, depth, formatted)
			}
			rest = strings.TrimPrefix(rest, "x = ")
			want := strings.TrimSuffix(rest, "\n"+closing.String())
			want = strings.TrimSuffix(want, "\n") // depth 0
			got, assign := AppendValue(nil, []byte(v), depth)
			if string(got) != want {
				t.Errorf("AppendValue(%q, %d)\n got %q\nwant %q", v, depth, got, want)
			}
			wantAssign := !strings.Contains(want, "\n") || strings.HasPrefix(v, "<<")
			if assign != wantAssign {
				t.Errorf("AppendValue(%q, %d): assign %v, want %v", v, depth, assign, wantAssign)
			}
		}
	}
}

func TestPlainReference(t *testing.T) {
	for v, want := range map[string]bool{
		"var.x": true, "a.b[0].c": true, "m[*].o": true, "x.0": true, "a-b": true,
		"": false, "1": false, "a[b]": false, "a[]": false, "[0]": false, "a + b": false, "a[0": false, "f(x)": false,
	} {
		if got := plainReference([]byte(v)); got != want {
			t.Errorf("plainReference(%q) = %v, want %v", v, got, want)
		}
		if want {
			if f := hclwrite.Format([]byte("x = " + v)); !bytes.Equal(f, []byte("x = "+v)) {
				t.Errorf("%q is not left as it is by hclwrite.Format: %q", v, f)
			}
		}
	}
}

package nativefmt

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclwrite"
)

// samples are layouts that exercise each rule.
var samples = []string{
	"a=1\nbb   =  2\n\n  ccc = 3 # c\nd = 4   # dd\n",
	"resource \"a\" \"b\" {\ncount=1\n  tags = {\n a = 1\n bbb= \"x\"\n }\n}\n",
	"locals {\n  pick = var.on ? 1 :   2\n  both = merge(\n      var.a,\n    var.b,\n  )\n}\n",
	"x = [for  k,v  in var.m :  k  if v!=null]\ny = {for k in [ 1,2 ]: k => -k}\n",
	"a = -1\nb = 1 - 1\nc = x[0] - -y\nd = !var.x && var.y||z\ne = (a)-1\n",
	"a = \"${ var.x } and %{ if true }y%{ endif }\"\nb = \"${ {a=1} }\"\n",
	"h = <<EOT\n  keep   this\n  ${ var.x }\nEOT\nbb = 2\n",
	"h = <<-EOT\n    indented\n    EOT\n",
	"f = provider::aws::arn_parse( var.x )\ng = foo(a,b ...)\n",
	"x = [[\n1],\n[2\n]]\ny = 1\n",
	"a = [ # start\n  1, # one\n  22, # twenty-two\n]\n",
	"/* block */ a = 1\nb = 2 /* inline */\n",
	"a = \"ünïcødé\" # é\nbbbb = \"x\" # y\n",
	"b {\n}\nc {}\nd { x = 1 }\n",
	"a\t=\t1\r\nbb = 2\r\n",
	"x = a.b[0].c[*].d\ny = a[\"k\"]\nz = 0. 0\n",
	"a = 1   ",
	"",
	"x = {\n  a = 1\n  bb = {\n    c = 1\n    ddd = 2\n  }\n}\n",
	"x = foo(\n  a, b\n)[0]\n",
	"a = 1\n# comment\nbb = 2\n\nccc = 3\n",
	"a = in\nb = [for in in x: in]\n",
}

func TestFormatSamples(t *testing.T) {
	for _, s := range samples {
		want := hclwrite.Format([]byte(s))
		if got := Format([]byte(s)); !bytes.Equal(got, want) {
			t.Errorf("Format(%q)\n got %q\nwant %q", s, got, want)
		}
	}
}

// TestFormatFiles compares with hclwrite.Format on every .tf and .hcl file
// of the repository, and on the real-world corpus when
// HCLJSON_REALWORLD names it.
func TestFormatFiles(t *testing.T) {
	roots := []string{"../.."}
	if d := os.Getenv("HCLJSON_REALWORLD"); d != "" {
		roots = append(roots, d)
	}
	n := 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == ".terraform") {
				return filepath.SkipDir
			}
			if d.IsDir() || !(strings.HasSuffix(path, ".tf") || strings.HasSuffix(path, ".hcl") || strings.HasSuffix(path, ".tofu")) {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			want := hclwrite.Format(src)
			if got := Format(src); !bytes.Equal(got, want) {
				t.Errorf("%s: differs from hclwrite.Format at byte %d", path, firstDiff(got, want))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 20 {
		t.Fatalf("only %d files compared", n)
	}
	t.Logf("%d files compared", n)
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestFormatUnchanged: input laid out already comes back as the same
// slice.
func TestFormatUnchanged(t *testing.T) {
	src := []byte("a  = 1\nbb = 2\n")
	if out := Format(src); &out[0] != &src[0] {
		t.Errorf("laid-out input was copied")
	}
}

func TestValueMap(t *testing.T) {
	src := []byte("foo( x,1 )  +   bar")
	out, m := Value(src, 0)
	if want := "foo(x, 1) + bar"; string(out) != want {
		t.Fatalf("got %q, want %q", out, want)
	}
	for _, tc := range []struct{ in, want int }{
		{0, 0},   // foo
		{2, 2},   // inside foo keeps its distance
		{3, 3},   // (
		{4, 4},   // the space after ( maps to its end
		{5, 4},   // x
		{6, 5},   // ,
		{7, 7},   // 1
		{8, 8},   // the space after 1 maps to its end
		{9, 8},   // )
		{10, 9},  // the space after ) maps to its end
		{12, 10}, // +
		{13, 11}, // the spaces after + map to its end
		{16, 12}, // bar
		{17, 13}, // inside bar
		{19, 15}, // the end
	} {
		if got := m.Offset(tc.in); got != tc.want {
			t.Errorf("Offset(%d) = %d, want %d (%q)", tc.in, got, tc.want, src[min(tc.in, len(src)):])
		}
	}
	if out, m := Value([]byte("foo(x, 1) + bar"), 0); m != nil || string(out) != "foo(x, 1) + bar" {
		t.Errorf("a value laid out already: got %q and a map", out)
	}
}

// FuzzFormat compares with hclwrite.Format on any input.
func FuzzFormat(f *testing.F) {
	for _, s := range samples {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		want := hclwrite.Format(src)
		if got := Format(src); !bytes.Equal(got, want) {
			t.Errorf("Format(%q)\n got %q\nwant %q", src, got, want)
		}
	})
}

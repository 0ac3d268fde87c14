package tojson

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/convtest"
	"github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/internal/nesting"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// allCuts returns every offset at which parsePieces may cut src.
func allCuts(src []byte) []int {
	var cuts []int
	for c := nextCut(src, 0); c >= 0; c = nextCut(src, c) {
		cuts = append(cuts, c)
	}
	return cuts
}

// checkParse checks that parsing src in pieces gives exactly what
// hclsyntax.ParseConfig gives: cut at each single cut point, cut at all of
// them, and through parseNative with 2 and 5 pieces. It returns how many
// of the cut sets tried were joined (the rest fell back).
func checkParse(t *testing.T, name string, src []byte) (joined, tried int) {
	t.Helper()
	want, wantDiags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	check := func(how string, got *hcl.File, gotDiags hcl.Diagnostics) {
		t.Helper()
		if !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Errorf("%s: %s: diagnostics differ:\ngot:  %v\nwant: %v", name, how, gotDiags, wantDiags)
		}
		if !reflect.DeepEqual(got.Body, want.Body) {
			t.Errorf("%s: %s: body differs from ParseConfig's", name, how)
			return
		}
		if string(got.Bytes) != string(src) {
			t.Errorf("%s: %s: Bytes is %q, not the source", name, how, got.Bytes)
		}
		if !reflect.DeepEqual(got.Nav, want.Nav) {
			t.Errorf("%s: %s: Nav differs from ParseConfig's", name, how)
		}
		if got.Nav.(interface{ ContextString(int) string }).ContextString(len(src)/2) !=
			want.Nav.(interface{ ContextString(int) string }).ContextString(len(src)/2) {
			t.Errorf("%s: %s: Nav.ContextString differs", name, how)
		}
	}
	cuts := allCuts(src)
	sets := [][]int{cuts}
	for _, c := range cuts {
		sets = append(sets, []int{c})
	}
	for _, set := range sets {
		if len(set) == 0 {
			continue
		}
		tried++
		f, ok := parsePieces(src, name, set, 2)
		if !ok {
			continue
		}
		joined++
		check(fmt.Sprint("cut at ", set), f, nil)
	}
	for _, n := range []int{2, 5} {
		f, diags := parseNative(src, name, n, 3)
		check(fmt.Sprint("parseNative in ", n), f, diags)
	}
	f, diags := ParseNative(src, name)
	check("ParseNative", f, diags)
	return joined, tried
}

// TestParseNativeFixtures parses every fixture of testdata/native in
// pieces.
func TestParseNativeFixtures(t *testing.T) {
	for _, path := range convtest.NativeFixtures(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkParse(t, filepath.Base(path), src)
	}
}

// TestParseNativeDoc parses the benchmark document in pieces: every cut is
// at a top-level boundary, so every cut set is joined.
func TestParseNativeDoc(t *testing.T) {
	src := convtest.NativeDoc(8 << 10)
	joined, tried := checkParse(t, "bench.tf", src)
	if tried < 10 || joined != tried {
		t.Errorf("joined %d of %d cut sets, want all of at least 10", joined, tried)
	}
	crlf := []byte(strings.ReplaceAll(string(src), "\n", "\r\n"))
	joined, tried = checkParse(t, "crlf.tf", crlf)
	if tried < 10 || joined != tried {
		t.Errorf("CRLF: joined %d of %d cut sets, want all of at least 10", joined, tried)
	}
}

// TestParseNativeLarge parses a file large enough to be cut by
// ParseNative itself, once as it is and once with a syntax error in the
// middle (where the pieces are dropped and hclsyntax's diagnostics come
// out).
func TestParseNativeLarge(t *testing.T) {
	src := convtest.NativeDoc(parallelMin + 384<<10)
	cuts := shallowCuts(src)
	if len(cuts) < 4 {
		t.Fatalf("cut in %d pieces", len(cuts)+1)
	}
	for i, prev := 0, 0; i <= len(cuts); i++ {
		end := len(src)
		if i < len(cuts) {
			end = cuts[i]
		}
		if nesting.Suspect(src[prev:end]) {
			t.Errorf("piece %d (bytes %d to %d) may nest too deep: nesting.Check would lex it", i, prev, end)
		}
		prev = end
	}
	if _, ok := parsePieces(src, "big.tf", cuts, 2); !ok {
		t.Error("pieces of the benchmark document not joined")
	}
	mid := len(src) / 2
	broken := append(append(append([]byte(nil), src[:mid]...), "\n}\n"...), src[mid:]...)
	for name, src := range map[string][]byte{"big.tf": src, "broken.tf": broken} {
		want, wantDiags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
		got, gotDiags := ParseNative(src, name)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: file differs from ParseConfig's", name)
		}
		if !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Errorf("%s: diagnostics differ:\ngot:  %v\nwant: %v", name, gotDiags, wantDiags)
		}
		if name == "broken.tf" && !wantDiags.HasErrors() {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestParseNativeCuts covers sources where a line "}" is not the end of a
// top-level block, or where pieces that parse cleanly must not be joined.
// joined is how many of the cut sets checkParse tries (all cuts at once,
// then each alone) are joined; the others fall back to a whole parse.
func TestParseNativeCuts(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		joined    int
	}{
		{"blocks", "a {\n}\nb \"x\" {\n  c = 1\n}\nd {\n}\n", 3},
		{"no trailing newline", "a {\n}\nb {\n}\nc = 1", 3},
		{"no trailing newline after brace", "a {\n}\nb {\n}", 2},
		{"comments around", "# top\na {\n}\n# between\n\n/* x */ b {\n}\n// end", 3},
		{"first line", "}\na {\n}\nb = 1\n", 0},
		{"object constructor", "a = {\n}\nb = {\n  c = 1\n}\nd = 2\n", 3},
		{"heredoc", "x {\n}\na = <<EOT\n}\nEOT\nb {\n}\nc = 1\n", 2},
		{"indented heredoc", "x {\n}\na = <<-EOT\n  x\n}\n  EOT\nb {\n}\nc = 1\n", 2},
		{"heredoc interpolation", "x {\n}\na = <<EOT\n${\n{\n}\n}\nEOT\nb {\n}\nc = 1\n", 2},
		{"heredoc directive", "x {\n}\na = <<EOT\n%{ if true }\n}\n%{ endif }\nEOT\nb {\n}\nc = 1\n", 2},
		{"block comment", "x {\n}\n/*\n}\n*/\nb {\n}\nc = 1\n", 2},
		{"block comment with blocks", "x {\n}\n/*\ny {\n}\nz {\n}\n*/\nb {\n}\nc = 1\n", 2},
		{"quoted string", "x {\n}\na = \"\n}\n\"\nb {\n}\n", 0},
		{"quoted interpolation", "x {\n}\na = \"${\n{\n}\n}\"\nb {\n}\nc = 1\n", 2},
		{"parentheses", "x {\n}\na = (\n{\n}\n)\nb {\n}\nc = 1\n", 2},
		{"brackets", "x {\n}\na = [\n{\n}\n]\nb {\n}\nc = 1\n", 2},
		{"for expression", "x {\n}\na = [for k, v in {\n}\n: k]\nb {\n}\nc = 1\n", 2},
		{"call", "x {\n}\na = f({\n}\n, 1)\nb {\n}\nc = 1\n", 2},
		{"nested block at column 1", "x {\n  y {\n}\n}\nb {\n}\nc = 1\n", 2},
		{"deeply nested", "x {\n  y {\n    z {\n}\n}\n}\nb = 1\n", 1},
		{"duplicate attribute", "a = 1\nx {\n}\na = 2\n", 0},
		{"duplicate attribute, later pieces", "a = 0\nx {\n}\nb = 1\ny {\n}\nb = 2\n", 0},
		{"duplicate block", "x {\n}\nx {\n}\nx {\n}\n", 3},
		{"syntax error before", "x {\n  a = \n}\nb {\n}\nc = 1\n", 0},
		{"syntax error after", "x {\n}\nb {\n  = 1\n}\nc = 1\n", 0},
		{"stray brace", "x {\n}\n}\nb {\n}\n", 0},
		{"operator on next line", "a = {\n}\n+ 1\nb {\n}\n", 0},
		{"conditional on next line", "a = {\n}\n? 1 : 2\nb {\n}\n", 0},
		{"attribute access on next line", "a = {\n}\n.b\nc {\n}\n", 0},
		{"CRLF", "a {\r\n}\r\nb {\r\n  c = 1\r\n}\r\nd = 2\r\n", 3},
		{"lone CR", "a {\r\n}\r\r\nb {\r\n}\r\n", 0},
		{"trailing space", "a {\n} \nb {\n}\nc = 1\n", 2},
		{"BOM", "\ufeffa {\n}\nb {\n}\nc = 1\n", 3},
		{"BOM after a cut", "a {\n}\n\ufeffb {\n}\nc = 1\n", 0},
		{"tabs", "a {\n\tb = 1\n}\nc {\n}\nd = 1\n", 3},
		{"invalid UTF-8 in comment", "# \xff\xfe\na {\n}\n/* \xc3\n\xe2\x82 */\nb {\n}\nc = 1\n", 3},
		{"invalid UTF-8", "a = \"\xff\"\nb {\n}\nc = 1\n", 0},
		{"combining mark after cut", "a {\n}\n\u0301b {\n}\nc = 1\n", 0},
		{"wide characters", "a {\n  b = \"👩‍👩‍👧‍👦 ЖЖ\"\n}\nc = \"e\u0301\"\nd {\n}\ne = 1\n", 3},
		{"single-line block", "a { b = 1 }\nc {\n}\nd { e = 1 }\n", 2},
		{"empty pieces", "a {\n}\n\n\n\nb {\n}\n\n", 3},
		{"only comments after", "a {\n}\n# c\n", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			joined, _ := checkParse(t, "t.tf", []byte(tt.src))
			if joined != tt.joined {
				t.Errorf("joined %d cut sets, want %d", joined, tt.joined)
			}
		})
	}
}

// TestCutPoints checks where a source is cut.
func TestCutPoints(t *testing.T) {
	src := "a {\n}\nb {\n}\nc {\n}\r\nd {\n}\n"
	for _, tt := range []struct {
		n    int
		want []int
	}{
		{1, nil},
		{2, []int{len("a {\n}\nb {\n}\nc {\n}\r\n")}},
		{3, []int{len("a {\n}\nb {\n}\n"), len("a {\n}\nb {\n}\nc {\n}\r\n")}},
		{100, []int{len("a {\n}\n"), len("a {\n}\nb {\n}\n"), len("a {\n}\nb {\n}\nc {\n}\r\n")}},
	} {
		if got := cutPoints([]byte(src), tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("cutPoints(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
	if got := cutPoints([]byte("a {\n}\n\ufeffb {\n}\n"), 4); got != nil {
		t.Errorf("cut before a byte order mark: %v", got)
	}
}

// FuzzParseNative checks that parsing in pieces gives what ParseConfig
// gives, for any source.
func FuzzParseNative(f *testing.F) {
	f.Add([]byte("a {\n}\nb = <<EOT\n}\nEOT\nc {\n}\n"))
	f.Add([]byte("a = 1\nx {\n}\n/*\n}\n*/\na = 2\n"))
	f.Add(convtest.NativeDoc(2 << 10))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkParse(t, "f.tf", src)
	})
}

// TestParseNativeNesting checks that parsing in pieces keeps spec.md C20:
// a source nested more than nesting.Max deep, inside one piece or across
// cuts that fall inside a heredoc, nested blocks or brackets, gives
// exactly nesting.ParseConfig's file and "Nesting too deep", and one
// nested exactly to the limit is parsed.
func TestParseNativeNesting(t *testing.T) {
	blocks := string(convtest.NativeDoc(64 << 10)) // many pieces around the deep part
	deep := nesting.Max + 1
	for _, tt := range []struct {
		name, src string
		tooDeep   bool
	}{
		{"parentheses in one block", blocks + "x {\n  a = " + strings.Repeat("(", deep) + "1" + strings.Repeat(")", deep) + "\n}\n" + blocks, true},
		{"parentheses at the limit", blocks + "a = " + strings.Repeat("(", nesting.Max) + "1" + strings.Repeat(")", nesting.Max) + "\n" + blocks, false},
		{"directives in a heredoc across cuts", blocks + "a = <<EOT\n" + strings.Repeat("%{ if true }\n}\n", deep) + strings.Repeat("%{ endif }\n", deep) + "EOT\n" + blocks, true},
		{"nested blocks closed at column 1", blocks + strings.Repeat("x {\n", deep) + strings.Repeat("}\n", deep) + blocks, true},
		{"brackets across cuts", blocks + "a = " + strings.Repeat("[{\n}\n,", deep) + strings.Repeat("]", deep) + "\n" + blocks, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			if len(shallowCuts(src)) < 4 {
				t.Fatalf("cut in %d pieces, want more", len(shallowCuts(src))+1)
			}
			want, wantDiags := nesting.ParseConfig(src, "t.tf", hcl.InitialPos)
			got, gotDiags := ParseNative(src, "t.tf")
			if !reflect.DeepEqual(gotDiags, wantDiags) {
				t.Errorf("diagnostics differ:\ngot:  %v\nwant: %v", gotDiags, wantDiags)
			}
			if !reflect.DeepEqual(got.Body, want.Body) {
				t.Error("body differs from nesting.ParseConfig's")
			}
			tooDeep := len(gotDiags) == 1 && gotDiags[0].Summary == nesting.Summary
			if tooDeep != tt.tooDeep {
				t.Errorf("Nesting too deep: %v, want %v (diagnostics %v)", tooDeep, tt.tooDeep, gotDiags)
			}
		})
	}
}

// parseNative is ParseNative with src cut into at most n pieces of about
// equal size (cutPoints), parsed by workers goroutines: the tests try
// parsePieces on other cuts than ParseNative's shallow ones.
func parseNative(src []byte, filename string, n, workers int) (*hcl.File, hcl.Diagnostics) {
	if f, ok := parsePieces(src, filename, cutPoints(src, n), workers); ok {
		return f, nil
	}
	return native.ParseConfig(src, filename, hcl.InitialPos)
}

// cutPoints returns the offsets, in increasing order, at which src is cut
// into at most n pieces of about equal size: each is just after the line
// break that ends a line that is exactly "}" (or "}\r"), and none is at
// the start or the end of src, or just before a UTF-8 byte order mark
// (which hclsyntax ignores at the start of what it parses, but rejects
// anywhere else).
func cutPoints(src []byte, n int) []int {
	var cuts []int
	last := 0
	for k := 1; k < n; k++ {
		from := max(len(src)*k/n, last)
		c := nextCut(src, from)
		if c < 0 {
			break
		}
		cuts = append(cuts, c)
		last = c
	}
	return cuts
}

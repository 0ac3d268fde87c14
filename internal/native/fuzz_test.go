package native

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzNative: for any source, the reader either falls back or builds
// exactly hclsyntax's tree (and then hclsyntax reports no diagnostic).
// The seeds are the shapes of the table tests, the module's test data and
// the smaller files of the real-world corpus.
func FuzzNative(f *testing.F) {
	for _, tc := range readShapes {
		f.Add([]byte(tc.src))
	}
	for _, tc := range fallShapes {
		f.Add([]byte(tc.src))
	}
	n := 0
	for _, dir := range corpora() {
		for _, name := range corpusFiles(f, dir) {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			// Small files only, and a sample of the real-world ones.
			if len(src) > 4<<10 || filepath.Base(filepath.Dir(dir)) == "hcljson" && n%8 != 0 {
				n++
				continue
			}
			n++
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if hclsyntaxPanics(src) {
			t.Skip("hclsyntax panics")
		}
		if hugeExponent(src) {
			// cty parses such a number slowly, in both parsers and in
			// the check's evaluation (seconds for 2.5e-49445): the
			// fuzzing engine would take it for a hang of the reader.
			t.Skip("a number with an exponent of four digits or more")
		}
		check(t, "fuzz.tf", src)
	})
}

// hugeExponent reports whether src holds a digit followed by an exponent
// of four digits or more (1e1000, 2.5e-49445), wherever it stands.
func hugeExponent(src []byte) bool {
	for i := 1; i < len(src); i++ {
		if src[i] != 'e' && src[i] != 'E' || src[i-1] < '0' || src[i-1] > '9' {
			continue
		}
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		k := j
		for k < len(src) && src[k] >= '0' && src[k] <= '9' {
			k++
		}
		if k-j >= 4 {
			return true
		}
	}
	return false
}

func TestHugeExponent(t *testing.T) {
	for src, want := range map[string]bool{
		"a = 2.5e-49445":  true,
		"a = 1E1000":      true,
		"A=0.5e-49097%1":  true,
		"a = 1e999":       false,
		"a = 1e+123":      false,
		"a = \"e12345\"":  false, // no digit before the e
		"a = 12345":       false,
		"a = 1e":          false,
		"x = var.e1234":   false,
		"a = 3e-1234 + 1": true,
		"a = 3e+\n1234":   false,
	} {
		if got := hugeExponent([]byte(src)); got != want {
			t.Errorf("hugeExponent(%q) = %v, want %v", src, got, want)
		}
	}
}

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
		check(t, "fuzz.tf", src)
	})
}

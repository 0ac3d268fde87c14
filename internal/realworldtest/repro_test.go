package realworldtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
)

// reproDir holds the minimal reproductions of what the real-world tests
// found, each with a header comment saying what it checks: a file NAME.tf
// is a module of one file, a directory NAME a module tree (for what needs
// several files, such as overrides).
//
// The provider schema of a reproduction is inferred from its own native
// text, as TestRealWorld infers the corpus's, unless NAME.schema.json is
// there: some behaviours show only with the shapes that real providers
// give and inference cannot (an argument of type list of objects that
// configurations write as blocks, as legacy providers allow), and that
// file then holds the part of the real schema that matters.
const reproDir = "../../testdata/repro"

// openBug returns the reason given on a line "# Open: REASON" of the
// reproduction in path: a bug that is reported and not fixed yet, which
// TestRepro skips, saying so.
func openBug(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return hcltest.OpenBug(b)
}

// TestRepro runs each reproduction through what TestRealWorld does to a
// module: the native, JSON and round-tripped copies, the fixed point, and
// inspect's equality over the three copies. It needs nothing outside the
// repository. HCLJSON_REPRO names another directory to run the same way
// (to try a candidate reproduction).
func TestRepro(t *testing.T) {
	dir := reproDir
	if d := os.Getenv("HCLJSON_REPRO"); d != "" {
		dir = d
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		var src string
		var files, companions []string
		name := e.Name()
		switch {
		case e.IsDir():
			src = filepath.Join(dir, name)
			files = nativeFiles(t, src)
			companions = companionFiles(t, src)
		case strings.HasSuffix(name, ".tf"):
			name = strings.TrimSuffix(name, ".tf")
			src, files = dir, []string{e.Name()}
		default:
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			if len(files) == 0 {
				t.Fatalf("no .tf file in %s", src)
			}
			if reason := openBug(t, filepath.Join(src, files[0])); reason != "" {
				t.Skip("open, not fixed yet: " + reason)
			}
			var schemaFile string
			if given := filepath.Join(dir, name+".schema.json"); fileExists(given) {
				schemaFile, err = filepath.Abs(given)
				if err != nil {
					t.Fatal(err)
				}
			} else {
				schemaFile = writeSchema(t, "repro-"+name+".providers", inferFiles(t, map[string][]string{src: files}))
			}
			r := checkTree(t, "repro-"+name, src, files, companions, schemaFile)
			for _, f := range r.failures {
				t.Errorf("%s", f)
			}
			if len(r.failures) == 0 && (r.fixedPoint != len(files) || r.inspectEqual != r.dirs || r.checkClean != r.dirs) {
				t.Errorf("%d of %d files at a fixed point, %d of %d directories inspect the same, %d check clean",
					r.fixedPoint, len(files), r.inspectEqual, r.dirs, r.checkClean)
			}
		})
	}
	if n == 0 {
		t.Fatalf("no reproduction in %s", dir)
	}
}

func fileExists(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

package native

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// corpora are the directories of native files the differential tests
// read: the module's test data, the shared corpus, and the real-world
// corpus of internal/realworldtest when it has been fetched.
func corpora() []string {
	dirs := []string{"../../testdata", "../../tojson/testdata/native", "../../tojson/testdata/terraform", "../../tonative/testdata/terraform", "../../tonative/testdata/fixedpoint", "/work/shared/corpus"}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".cache", "hcljson", "realworld"))
	}
	return dirs
}

// nativeFile reports whether name is a file of native syntax.
func nativeFile(name string) bool {
	for _, ext := range []string{".tf", ".tofu", ".tfvars", ".hcl"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// corpusFiles returns the native files under dir, or nil when dir is
// absent.
func corpusFiles(t testing.TB, dir string) []string {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && nativeFile(d.Name()) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return files
}

// check parses src with the reader and with hclsyntax and reports a test
// error when the reader returns a tree that is not hclsyntax's, or
// returns one where hclsyntax reports diagnostics. It returns the reason
// the reader fell back, or "".
func check(t testing.TB, name string, src []byte) reason {
	start := hcl.InitialPos
	want, wantDiags := hclsyntax.ParseConfig(src, name, start)
	got, why := parse(src, name, start)
	if got == nil {
		if why == "" {
			t.Errorf("%s: no file and no reason", name)
		}
		return why
	}
	if len(wantDiags) > 0 {
		t.Errorf("%s: the reader parsed a file on which hclsyntax reports %v", name, wantDiags)
		return ""
	}
	if d := sameFile(got, want); d != "" {
		t.Errorf("%s: the reader's tree differs from hclsyntax's: %s", name, d)
	}
	return ""
}

// TestCorpus compares the reader with hclsyntax on every native file of
// the corpora, and logs how many the reader reads and why it falls back
// on the others.
func TestCorpus(t *testing.T) {
	for _, dir := range corpora() {
		files := corpusFiles(t, dir)
		if len(files) == 0 {
			t.Logf("%s: no native files (absent?): skipped", dir)
			continue
		}
		reasons := map[reason]int{}
		var bytesFast, bytesAll int
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			why := check(t, name, src)
			reasons[why]++
			bytesAll += len(src)
			if why == "" {
				bytesFast += len(src)
			}
		}
		var keys []reason
		for k := range reasons {
			if k != "" {
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, func(a, b reason) int { return reasons[b] - reasons[a] })
		var sb strings.Builder
		for _, k := range keys {
			sb.WriteString(" " + string(k) + "=")
			sb.WriteString(itoa(reasons[k]))
		}
		t.Logf("%s: %d files, %d read (%d of %d bytes), %d fell back:%s", dir, len(files), reasons[""], bytesFast, bytesAll, len(files)-reasons[""], sb.String())
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// hclsyntaxPanics reports whether hclsyntax.ParseConfig panics on src
// (the oracle has its own bugs, which are not the reader's).
func hclsyntaxPanics(src []byte) (panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	hclsyntax.ParseConfig(src, "fuzz.tf", hcl.InitialPos)
	return false
}

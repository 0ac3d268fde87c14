//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFileKeys checks that fileKeys.key names every kind of path as
// fileKey does: files and missing files in real and linked directories,
// links to files, broken links, files in missing directories, relative
// paths, the root; asked twice, so that the remembered directories
// answer too.
func TestFileKeys(t *testing.T) {
	dir := t.TempDir()
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("a = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(to, p string) {
		if err := os.Symlink(to, filepath.Join(dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	mk("real/sub")
	write("real/a.tf")
	write("real/sub/b.tf")
	link("real", "linkdir")
	link("real/a.tf", "linkfile.tf")
	link("sub/b.tf", "real/rel.tf")
	link("missing.tf", "broken.tf")
	link("linkdir/sub", "real/chain")
	paths := []string{
		"real/a.tf", "real/sub/b.tf", "real/none.tf", "linkdir/a.tf", "linkdir/none.tf",
		"linkdir/sub/b.tf", "linkfile.tf", "real/rel.tf", "broken.tf", "nodir/x.tf",
		"nodir/deeper/x.tf", "real/chain/b.tf", "real/chain", "linkdir", "real/./sub/../a.tf",
		"real/a.tf/x", "",
	}
	var all []string
	for _, p := range paths {
		all = append(all, filepath.Join(dir, p))
	}
	all = append(all, "/", "relative/x.tf", ".", "..")
	keys := &fileKeys{}
	for range 2 {
		for _, p := range all {
			if got, want := keys.key(p), fileKey(p); got != want {
				t.Errorf("key(%q) = %q, fileKey says %q", p, got, want)
			}
		}
	}
	// Inside the tree, with relative paths.
	t.Chdir(filepath.Join(dir, "linkdir"))
	keys = &fileKeys{}
	for _, p := range []string{"a.tf", "sub/b.tf", "none.tf", "../real/a.tf", "../linkfile.tf", "chain/b.tf", "../nodir/x.tf"} {
		if got, want := keys.key(p), fileKey(p); got != want {
			t.Errorf("in linkdir: key(%q) = %q, fileKey says %q", p, got, want)
		}
	}
}

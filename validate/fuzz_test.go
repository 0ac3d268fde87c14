package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/module"
	"golang.org/x/tools/txtar"
)

// FuzzDir validates a module of one file, native or JSON syntax, of any
// content, for both programs: the model must not panic, and every
// diagnostic with a source range must point into that file. The seeds are
// the files of testdata/*.txtar. The seeds run with go test; a campaign
// (go test -fuzz) runs outside it.
func FuzzDir(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range paths {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".tf") {
				f.Add(file.Data, false)
			} else if strings.HasSuffix(file.Name, ".tf.json") {
				f.Add(file.Data, true)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, json bool) {
		dir := t.TempDir()
		name := "main.tf"
		if json {
			name = "main.tf.json"
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, p := range []module.Program{module.OpenTofu, module.Terraform} {
			for _, d := range Dir(dir, Options{Program: p}) {
				if d.Subject != nil && d.Subject.Filename != "" && filepath.Base(d.Subject.Filename) != name {
					t.Errorf("%s: %q points into %q", p, d.Summary, d.Subject.Filename)
				}
			}
		}
	})
}

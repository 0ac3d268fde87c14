package convtest

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/schema"
)

// NativeFixtures returns the native files under tojson/testdata/native
// (the fixtures of the way to JSON, read by tojson's and tonative's tests).
func NativeFixtures(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join("..", "tojson", "testdata", "native"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(path); !d.IsDir() && (ext == ".tf" || ext == ".hcl") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	return files
}

// TestProviders returns the Terraform language with the provider
// schemas of schema/testdata/providers.
func TestProviders(t *testing.T) *schema.Language {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "schema", "testdata", "providers", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := schema.ReadProviderSchemas(data)
	if err != nil {
		t.Fatal(err)
	}
	lang, err := schema.Terraform.WithProviders(ps)
	if err != nil {
		t.Fatal(err)
	}
	return lang
}

// CommentsFixture reports whether the fixture at path is one whose
// comments are converted (it is under a directory named "comments").
func CommentsFixture(path string) bool {
	return slices.Contains(strings.Split(filepath.ToSlash(path), "/"), "comments")
}

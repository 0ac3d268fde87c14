package inspect

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
)

// FuzzFiles checks that any file, read as native syntax and as JSON,
// gives a representation that marshals, with errors that point into the
// file, and never a panic. Child modules are not read (ReadDir returns
// nothing).
func FuzzFiles(f *testing.F) {
	for _, dir := range []string{nativeDir, jsonDir, builtinDir, builtinJSONDir} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(`{"resource": {"a_b": {"c": {"dynamic": {"x": {"content": {"dynamic": 1}}}}}}}`))
	f.Add([]byte("resource \"a_b\" \"c\" {\n  provider = x.y[each.key]\n  lifecycle {\n    ignore_changes = all\n  }\n}\n"))
	noRead := Options{ReadDir: func(string) ([]*hcl.File, hcl.Diagnostics) { return nil, nil }}
	f.Fuzz(func(t *testing.T, src []byte) {
		native, _ := hclsyntax.ParseConfig(src, "f.tf", hcl.InitialPos)
		js, _ := hcljson.Parse(src, "f.tf.json")
		for _, file := range []*hcl.File{native, js} {
			cfg, diags := Files(filepath.Join(os.TempDir(), "inspect-fuzz-no-such-dir"), []*hcl.File{file}, noRead)
			var out bytes.Buffer
			if err := WriteJSON(&out, cfg, false); err != nil {
				t.Fatalf("WriteJSON: %v", err)
			}
			if err := WriteText(&out, cfg); err != nil {
				t.Fatalf("WriteText: %v", err)
			}
			for _, d := range diags {
				if d.Subject != nil && !strings.HasPrefix(d.Subject.Filename, "f.tf") {
					t.Errorf("diagnostic %q points at %q", d.Summary, d.Subject.Filename)
				}
			}
		}
	})
}

package module

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// TestOracle checks that every file Load parses in testdata reads as
// hclparse reads it (hashicorp/hcl/v2/json for ".json" names, hclsyntax for
// the others, as Terraform's and OpenTofu's LoadHCLFile choose): the same
// diagnostics and, for files without errors, the same body under a variable
// schema (after a syntax error the recovered trees differ by design: spec.md
// D7).
func TestOracle(t *testing.T) {
	schema := hcltest.MustParseSchema("partial\nblock variable name {\n  attr default\n}")
	for _, dir := range []string{"order", "twins", "tofuonly", "parse"} {
		m, _ := Load(filepath.Join("testdata", dir), Options{})
		for _, f := range m.Files {
			p := hclparse.NewParser()
			var want *hcl.File
			var wantDiags hcl.Diagnostics
			if strings.HasSuffix(f.Path, ".json") {
				want, wantDiags = p.ParseJSON(f.Bytes, f.Path)
			} else {
				want, wantDiags = p.ParseHCL(f.Bytes, f.Path)
			}
			_, gotDiags := Parse(f.Bytes, f.Path)
			if got, want := hcltest.RenderDiags(gotDiags), hcltest.RenderDiags(wantDiags); got != want {
				t.Errorf("%s: diagnostics\n%s\nwant\n%s", f.Path, got, want)
			}
			if !bytes.Equal(f.File.Bytes, f.Bytes) {
				t.Errorf("%s: File.Bytes differ from Bytes", f.Path)
			}
			if wantDiags.HasErrors() {
				continue
			}
			if got, want := hcltest.RenderBody(f.File.Body, schema, nil), hcltest.RenderBody(want.Body, schema, nil); got != want {
				t.Errorf("%s: body\n%s\nwant\n%s", f.Path, got, want)
			}
		}
	}
}

package module

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// TestReadingsAsLoad checks that the reading a Readings gives for each
// program is what module.Load reads for it, in directories that the
// programs read alike and in those they read differently (.tofu twins,
// .tofutest files, a lock file that names a program, no configuration
// file, a file that does not parse, a special file).
func TestReadingsAsLoad(t *testing.T) {
	base := writeDir(t, map[string]string{
		"plain/main.tf":             "variable \"v\" {}\n",
		"plain/b_override.tf.json":  `{"variable": {"v": {"default": 1}}}`,
		"plain/t.tftest.hcl":        "run \"r\" {}\n",
		"plain/u.tofutest.hcl":      "run \"r\" {}\n",
		"twin/main.tf":              "variable \"v\" {}\n",
		"twin/main.tofu":            "variable \"w\" {}\n",
		"tofuonly/x.tofu.json":      `{"variable": {"v": {}}}`,
		"lock/main.tf":              "variable \"v\" {}\n",
		"lock/.terraform.lock.hcl":  "provider \"registry.opentofu.org/hashicorp/null\" {\n  version = \"3.2.0\"\n}\n",
		"lockt/main.tf":             "variable \"v\" {}\n",
		"lockt/.terraform.lock.hcl": "provider \"registry.terraform.io/hashicorp/null\" {\n  version = \"3.2.0\"\n}\n",
		"broken/main.tf":            "variable \"v\" {\n",
		"broken/ok.tf.json":         `{"locals": {"a": 1}}`,
		"empty/README.md":           "nothing\n",
		"special/main.tf":           "variable \"v\" {}\n",
	})
	if err := mkfifo(filepath.Join(base, "special", "pipe.tofu")); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if err := os.Mkdir(filepath.Join(base, "none"), 0o755); err != nil {
		t.Fatal(err)
	}
	dirs := []string{"plain", "twin", "tofuonly", "lock", "lockt", "broken", "empty", "special", "none", "missing"}
	for _, first := range []Program{Auto, Terraform, OpenTofu} {
		rs := NewReadings(false)
		for _, d := range dirs {
			dir := filepath.Join(base, d)
			for _, p := range []Program{first, Auto, Terraform, OpenTofu} {
				mod, diags := rs.read(dir, p, TreeOptions{})
				want, wantDiags := Load(dir, Options{Program: p})
				if g, w := describeModule(mod, diags), describeModule(want, wantDiags); g != w {
					t.Errorf("%s for %v (after %v):\n%s\nwant (module.Load)\n%s", d, p, first, g, w)
				}
			}
		}
	}
}

// describeModule writes down what a reading holds, for comparisons.
func describeModule(m *Module, diags hcl.Diagnostics) string {
	var b strings.Builder
	fmt.Fprintf(&b, "dir %s program %v\n", m.Dir, m.Program)
	for _, f := range m.Files {
		fmt.Fprintf(&b, "file %s override %v %q\n", f.Path, f.Override, f.Bytes)
	}
	fmt.Fprintf(&b, "tests %q hidden %v ignored %q\n", m.Tests, m.Hidden, m.Ignored)
	b.WriteString(hcltest.RenderDiags(diags))
	return b.String()
}

package inspect

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/module"
)

// TestFromTree checks that inspecting one module.Tree twice reads each
// module directory once: the root calls child twice, child calls grand,
// and the second inspection reads them all again. The configuration is
// the one Module gives.
func TestFromTree(t *testing.T) {
	base := writeModule(t, map[string]string{
		"root/main.tf": "module \"a\" {\n  source = \"../child\"\n  x      = 1\n}\n\nmodule \"b\" {\n  source = \"../child\"\n  x      = 2\n}\n",
		"child/main.tf": "variable \"x\" {}\n\nmodule \"g\" {\n  source = \"../grand\"\n}\n\n" +
			"output \"y\" {\n  value = module.g.z\n}\n",
		"grand/main.tf":     "output \"z\" {\n  value = 1\n}\n",
		"grand/override.tf": "output \"z\" {\n  value = 2\n}\n",
	})
	reads := map[string]int{}
	tr, diags := module.LoadTree(filepath.Join(base, "root"), module.TreeOptions{Loaded: func(dir string) { reads[filepath.Base(dir)]++ }})
	if len(diags) != 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	cfg, diags := FromTree(tr, Options{})
	if len(diags) != 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	if again, diags := FromTree(tr, Options{}); len(diags) != 0 || jsonOf(t, again) != jsonOf(t, cfg) {
		t.Fatalf("second FromTree differs: %v", hcltest.RenderDiags(diags))
	}
	if len(reads) != 3 || reads["root"] != 1 || reads["child"] != 1 || reads["grand"] != 1 {
		t.Errorf("directories read: %v, want root, child and grand once", reads)
	}
	got := strings.ReplaceAll(jsonOf(t, cfg), base, "DIR")
	// grand's output as the override file sets it, in each of the
	// four modules of the tree.
	if n := strings.Count(got, `"z":{"expression":{"constant_value":2},"range":{"filename":"DIR/grand/main.tf","line":1,"column":1}}`); n != 2 {
		t.Errorf("grand's output z appears %d times, want 2:\n%s", n, got)
	}
	if n := strings.Count(got, `"source":"../child"`); n != 2 {
		t.Errorf("%d calls of child, want 2:\n%s", n, got)
	}
	want, _ := Module(filepath.Join(base, "root"), Options{})
	if w := strings.ReplaceAll(jsonOf(t, want), base, "DIR"); got != w {
		t.Errorf("FromTree:\n%s\nModule:\n%s", got, w)
	}
}

// TestChildProgram checks that the modules called are read for the
// root's program, as validation reads them: under module.Auto a root
// without .tofu files reads a child as Terraform does (its .tofu file
// skipped), a root with one as OpenTofu does (x.tofu hiding x.tf).
func TestChildProgram(t *testing.T) {
	child := map[string]string{
		"child/main.tf":  "output \"a\" {\n  value = 1\n}\n",
		"child/x.tf":     "output \"b\" {\n  value = \"tf\"\n}\n",
		"child/x.tofu":   "output \"b\" {\n  value = \"tofu\"\n}\n",
		"root/main.tf":   "module \"c\" {\n  source = \"../child\"\n}\n",
		"tofu/main.tofu": "module \"c\" {\n  source = \"../child\"\n}\n",
	}
	base := writeModule(t, child)
	for _, tt := range []struct{ root, want string }{
		{root: "root", want: `"outputs":{"a":{"expression":{"constant_value":1},"range":{"filename":"DIR/child/main.tf","line":1,"column":1}},"b":{"expression":{"constant_value":"tf"},"range":{"filename":"DIR/child/x.tf","line":1,"column":1}}}`},
		{root: "tofu", want: `"outputs":{"a":{"expression":{"constant_value":1},"range":{"filename":"DIR/child/main.tf","line":1,"column":1}},"b":{"expression":{"constant_value":"tofu"},"range":{"filename":"DIR/child/x.tofu","line":1,"column":1}}}`},
	} {
		cfg, diags := Module(filepath.Join(base, tt.root), Options{})
		if len(diags) != 0 {
			t.Fatal(hcltest.RenderDiags(diags))
		}
		if got := strings.ReplaceAll(jsonOf(t, cfg), base, "DIR"); !strings.Contains(got, tt.want) {
			t.Errorf("%s: got\n%s\nwant a part\n%s", tt.root, got, tt.want)
		}
	}
}

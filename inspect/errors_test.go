package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// writeModule writes files (path → content) under a new directory and
// returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// renderDiags renders diagnostics with dir replaced by "DIR".
func renderDiags(diags hcl.Diagnostics, dir string) string {
	return strings.ReplaceAll(hcltest.RenderDiags(diags), dir, "DIR")
}

func TestModuleErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{
			name:  "no configuration files",
			files: map[string]string{"README.md": "# not a module\n"},
			want:  "-: error: No configuration files; The directory DIR contains no OpenTofu or Terraform configuration files (.tf, .tf.json, .tofu or .tofu.json).\n",
		},
		{
			name: "native and JSON syntax errors",
			files: map[string]string{
				"a.tf":      "variable \"x\" {\n  default = \n}\n",
				"b.tf.json": `{"variable": {"y": {"default": 1,}}}`,
			},
			want: "DIR/a.tf:2,13-3,1: error: Invalid expression; Expected the start of an expression, but found an invalid expression token.\n" +
				"DIR/b.tf.json:1,33-34: error: Trailing comma in object; JSON does not permit a trailing comma after the final property in an object.\n",
		},
		{
			name: "missing local module",
			files: map[string]string{
				"main.tf": "module \"net\" {\n  source = \"./modules/net\"\n}\n",
			},
			want: "DIR/main.tf:2,12-27: error: Failed to read module directory; Module directory DIR/modules/net does not exist or cannot be read.\n",
		},
		{
			name: "module calling itself",
			files: map[string]string{
				"main.tf": "module \"self\" {\n  source = \"./\"\n}\n",
			},
			want: "DIR/main.tf:2,12-16: error: Module calls itself; The module in DIR is already being read: module self would contain itself.\n",
		},
		{
			name: "unknown block and duplicate resource",
			files: map[string]string{
				"main.tf": "resorce \"a\" \"b\" {}\nresource \"null_resource\" \"x\" {}\nresource \"null_resource\" \"x\" {}\n",
			},
			want: "DIR/main.tf:1,1-8: error: Unsupported block type; Blocks of type \"resorce\" are not expected here. Did you mean \"resource\"?\n" +
				"DIR/main.tf:3,1-29: error: Duplicate resource; null_resource.x was already declared at DIR/main.tf:2,1-29. Each must have a unique name in its module; this one is left out.\n",
		},
		{
			name: "override file without original",
			files: map[string]string{
				"main.tf":            "variable \"x\" {}\n",
				"override.tf":        "variable \"x\" {\n  default = 1\n}\nvariable \"y\" {}\n",
				"b_override.tf.json": `{"resource": {"null_resource": {"n": {"depends_on": ["null_resource.m"]}}}}`,
			},
			want: "DIR/b_override.tf.json:1,38-39: error: Missing resource to override; There is no null_resource resource named \"n\". An override file can only override a resource block defined in a primary configuration file.\n" +
				"DIR/override.tf:4,1-13: error: Missing base variable declaration to override; There is no variable named \"y\". An override file can only override a variable that was already declared in a primary configuration file.\n",
		},
		{
			name: "override file changing the default type",
			files: map[string]string{
				"main.tf":     "variable \"x\" {\n  type = number\n  default = 1\n}\n",
				"override.tf": "variable \"x\" {\n  default = \"one\"\n}\n",
			},
			want: "DIR/override.tf:2,13-18: error: Invalid default value for variable; This default value is not compatible with the variable's type constraint: a number is required.\n",
		},
		{
			name: "literal with a reference",
			files: map[string]string{
				"main.tf": "variable \"x\" {\n  description = \"about ${var.y}\"\n}\n",
			},
			want: "DIR/main.tf:2,26-29: error: Variables not allowed; Variables may not be used here. (expr DIR/main.tf:2,26-31)\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeModule(t, tt.files)
			_, diags := Module(dir, Options{})
			if got := renderDiags(diags, dir); got != tt.want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestMissingDirectory(t *testing.T) {
	cfg, diags := Module("testdata/nope", Options{})
	want := "-: error: Module directory does not exist; The module directory testdata/nope does not exist.\n"
	if got := hcltest.RenderDiags(diags); got != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
	}
	if cfg == nil || cfg.RootModule == nil || cfg.ProviderConfig != nil {
		t.Errorf("config = %+v, want an empty root module", cfg)
	}
}

// TestPartialResult checks that what can be read is returned along with
// the errors: the good file's variable and the module call whose source
// is missing, without a module.
func TestPartialResult(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"good.tf": "variable \"x\" {\n  default = 1\n}\nmodule \"m\" {\n  source = \"./m\"\n  x = var.x\n}\n",
		"bad.tf":  "variable {\n",
	})
	cfg, diags := Module(dir, Options{})
	if !diags.HasErrors() {
		t.Fatal("no errors")
	}
	got := strings.ReplaceAll(jsonOf(t, cfg), dir, "DIR")
	want := `{"root_module":{"module_calls":{"m":{"source":"./m","expressions":{"x":{"references":["var.x"]}},"range":{"filename":"DIR/good.tf","line":4,"column":1}}},` +
		`"variables":{"x":{"default":1,"range":{"filename":"DIR/good.tf","line":1,"column":1}}}}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestTofuHidesTf checks that x.tofu hides x.tf and the other files stay.
func TestTofuHidesTf(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"main.tf":        "variable \"from_tf\" {}\n",
		"main.tofu":      "variable \"from_tofu\" {}\n",
		"other.tf.json":  `{"variable": {"from_json": {}}}`,
		".hidden.tf":     "variable \"hidden\" {}\n",
		"backup.tf~":     "variable \"backup\" {}\n",
		"sub/nested.tf":  "variable \"nested\" {}\n",
		"notes.tfvars":   "x = 1\n",
		"other.tofu.txt": "",
	})
	cfg, diags := Module(dir, Options{})
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	got := strings.Join(sortedKeys(cfg.RootModule.Variables), " ")
	if want := "from_json from_tofu"; got != want {
		t.Errorf("variables %q, want %q", got, want)
	}
}

// TestFiles checks the entry point for files already parsed: module
// sources are read from the given directory.
func TestFiles(t *testing.T) {
	dir := writeModule(t, map[string]string{"child/main.tf": "variable \"v\" {}\noutput \"o\" {\n  value = var.v\n}\n"})
	src := []byte("module \"c\" {\n  source = \"./child\"\n  v = 1\n  w = 2\n}\n")
	f, diags := hclsyntax.ParseConfig(src, "root.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cfg, diags := Files(dir, []*hcl.File{f}, Options{})
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	got := strings.ReplaceAll(jsonOf(t, cfg), dir, "DIR")
	want := `{"root_module":{"module_calls":{"c":{"source":"./child","expressions":{"v":{"constant_value":1}},"module":{` +
		`"outputs":{"o":{"expression":{"references":["var.v"]},"range":{"filename":"DIR/child/main.tf","line":2,"column":1}}},` +
		`"variables":{"v":{"required":true,"range":{"filename":"DIR/child/main.tf","line":1,"column":1}}}},` +
		`"range":{"filename":"root.tf","line":1,"column":1}}}}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

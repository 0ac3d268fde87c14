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

// variableSchema picks the variable blocks out of a file, so that the
// rendering shows which file was read.
var variableSchema = &hcl.BodySchema{
	Blocks: []hcl.BlockHeaderSchema{{Type: "variable", LabelNames: []string{"name"}}},
}

// render prints what Load found in dir, one line per item, with paths
// relative to dir and "/" as separator:
//
//	file b.tf [b]
//	override override.tf [b]
//	test main.tftest.hcl
//	hidden main.tf by main.tofu
//	ignored .x
//
// followed by the diagnostics as hcltest.RenderDiags prints them, dir
// written as $DIR.
func render(m *Module, diags hcl.Diagnostics) string {
	var b strings.Builder
	rel := func(path string) string {
		r, err := filepath.Rel(m.Dir, path)
		if err != nil {
			return "?" + path
		}
		return filepath.ToSlash(r)
	}
	for _, f := range m.Files {
		word := "file"
		if f.Override {
			word = "override"
		}
		fmt.Fprintf(&b, "%s %s %v\n", word, rel(f.Path), variables(f.File))
	}
	for _, p := range m.Tests {
		fmt.Fprintf(&b, "test %s\n", rel(p))
	}
	for _, h := range m.Hidden {
		fmt.Fprintf(&b, "hidden %s by %s\n", rel(h.Path), rel(h.By))
	}
	for _, p := range m.Ignored {
		fmt.Fprintf(&b, "ignored %s\n", rel(p))
	}
	b.WriteString(renderDiags(m.Dir, diags))
	return b.String()
}

// renderDiags is hcltest.RenderDiags with dir written as $DIR.
func renderDiags(dir string, diags hcl.Diagnostics) string {
	out := hcltest.RenderDiags(diags)
	out = strings.ReplaceAll(out, dir+string(filepath.Separator), "$DIR/")
	return strings.ReplaceAll(out, dir, "$DIR")
}

// variables lists the names of the variable blocks of f.
func variables(f *hcl.File) []string {
	content, _, _ := f.Body.PartialContent(variableSchema)
	names := []string{}
	for _, b := range content.Blocks {
		names = append(names, b.Labels[0])
	}
	return names
}

func TestLoad(t *testing.T) {
	tests := []struct {
		name string
		dir  string
		prog Program
		want string
	}{
		{
			name: "order/OpenTofu",
			dir:  "order",
			prog: OpenTofu,
			want: `file B.tf [upper]
file a.tf.json [a]
file b.tf [b]
file c.tf [c]
file main.tofu [tofu_only]
file myoverride.tf.json []
file overrides.tf []
override a_override.tf [a]
override override.tf [b]
override z_override.tf.json [c]
test json.tftest.json
test main.tftest.hcl
test tofu.tofutest.hcl
`,
		},
		{
			name: "order/Terraform",
			dir:  "order",
			prog: Terraform,
			want: `file B.tf [upper]
file a.tf.json [a]
file b.tf [b]
file c.tf [c]
file myoverride.tf.json []
file overrides.tf []
override a_override.tf [a]
override override.tf [b]
override z_override.tf.json [c]
test json.tftest.json
test main.tftest.hcl
`,
		},
		{
			name: "twins/OpenTofu",
			dir:  "twins",
			prog: OpenTofu,
			want: `file main.tofu [from_tofu]
file net.tf.json [net_json]
file net.tofu [net_native]
file vars.tofu.json [from_tofu_json]
override x_override.tofu [from_tofu]
test t.tofutest.hcl
test u.tftest.json
test u.tofutest.hcl
hidden main.tf by main.tofu
hidden t.tftest.hcl by t.tofutest.hcl
hidden vars.tf.json by vars.tofu.json
hidden x_override.tf by x_override.tofu
`,
		},
		{
			name: "twins/Terraform",
			dir:  "twins",
			prog: Terraform,
			want: `file main.tf [from_tf]
file net.tf.json [net_json]
file vars.tf.json [from_tf_json]
override x_override.tf [from_tf]
test t.tftest.hcl
test u.tftest.json
`,
		},
		{
			name: "tofuonly/OpenTofu",
			dir:  "tofuonly",
			prog: OpenTofu,
			want: `file main.tofu [x]
file vars.tofu.json [y]
test t.tofutest.hcl
`,
		},
		{
			name: "tofuonly/Terraform",
			dir:  "tofuonly",
			prog: Terraform,
			want: `-: error: No configuration files; The directory $DIR contains no Terraform configuration files (.tf or .tf.json). It holds 2 .tofu files, which only OpenTofu reads.
`,
		},
		{
			name: "parse",
			dir:  "parse",
			prog: OpenTofu,
			want: `file bad.tf [broken]
file bad.tf.json [broken_json]
file good.tf [native]
file good.tf.json [json]
$DIR/bad.tf:2,12-3,1: error: Invalid expression; Expected the start of an expression, but found an invalid expression token.
$DIR/bad.tf.json:1,42-43: error: Missing JSON value; A JSON value must start with a brace, a bracket, a number, a string, or a keyword.
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join("testdata", tt.dir)
			m, diags := Load(dir, Options{Program: tt.prog})
			if got := render(m, diags); got != tt.want {
				t.Errorf("Load(%s, %s):\n%s\nwant:\n%s", dir, tt.prog, got, tt.want)
			}
			primary, override, tests, ldiags := ConfigFiles(dir, Options{Program: tt.prog})
			if got, want := renderDiags(dir, ldiags), renderDiags(dir, diags); !strings.HasPrefix(want, got) {
				t.Errorf("ConfigFiles diagnostics:\n%s\nnot a prefix of Load's:\n%s", got, want)
			}
			var loaded []string
			for _, f := range m.Files {
				loaded = append(loaded, f.Path)
			}
			if got, want := fmt.Sprint(append(primary, override...)), fmt.Sprint(loaded); got != want {
				t.Errorf("ConfigFiles: primary+override %s, Load's files %s", got, want)
			}
			if got, want := fmt.Sprint(tests), fmt.Sprint(m.Tests); got != want {
				t.Errorf("ConfigFiles: tests %s, Load's %s", got, want)
			}
		})
	}
}

func TestHCLFiles(t *testing.T) {
	dir := filepath.Join("testdata", "twins")
	m, _ := Load(dir, Options{})
	files := m.HCLFiles()
	var got []string
	for _, f := range m.Files {
		if files[f.Path] != f.File {
			t.Errorf("HCLFiles()[%q] is not the file's File", f.Path)
		}
		got = append(got, filepath.Base(f.Path))
	}
	if want := "[main.tofu net.tf.json net.tofu vars.tofu.json x_override.tofu]"; fmt.Sprint(got) != want || len(files) != len(got) {
		t.Errorf("HCLFiles has %d files for %s, want %s", len(files), got, want)
	}
	var nilModule *Module
	if files := nilModule.HCLFiles(); files != nil {
		t.Errorf("nil Module: HCLFiles() = %v, want nil", files)
	}
}

// TestReadFileListed checks readFile for a file that the listing gave as
// regular (no Stat before the open) against ReadFile, under limits of 16
// and 50 bytes and none: the same bytes (an empty file read as an empty,
// non-nil slice) for a regular file, whether empty, of exactly the limit,
// with CRLF or of mode 000, and the same refusals for what replaced one
// since the listing (a named pipe, which the open does not wait for, a
// directory, a symbolic link to a file, to a directory or dangling) or
// what is too large or gone.
func TestReadFileListed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const limit = 16
	exact := write("exact.tf", strings.Repeat("#", limit))
	paths := []string{
		write("a.tf", "locals {\n  a = 1\n}\n"), write("big.tf", strings.Repeat("#\n", 100)), filepath.Join(dir, "gone.tf"),
		write("empty.tf", ""), exact, write("over.tf", strings.Repeat("#", limit+1)), write("crlf.tf", "a = 1\r\n"),
	}
	closed := write("closed.tf", "a = 1\n")
	if err := os.Chmod(closed, 0); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, closed)
	if err := os.Mkdir(filepath.Join(dir, "d.tf"), 0o755); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, filepath.Join(dir, "d.tf"))
	if err := mkfifo(filepath.Join(dir, "pipe.tf")); err == nil {
		paths = append(paths, filepath.Join(dir, "pipe.tf"))
	}
	for name, target := range map[string]string{"tolink.tf": exact, "todir.tf": filepath.Join(dir, "d.tf"), "dangling.tf": filepath.Join(dir, "none")} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err == nil {
			paths = append(paths, filepath.Join(dir, name))
		}
	}
	msg := func(err error) string {
		if err == nil {
			return "nil"
		}
		return errText(err)
	}
	for _, lim := range []int64{limit, 50, 0} {
		for _, p := range paths {
			want, _, wantErr := ReadFile(p, lim)
			got, _, err := readFile(p, lim, true)
			if string(got) != string(want) || (got == nil) != (want == nil) || msg(err) != msg(wantErr) {
				t.Errorf("%s, limit %d: %q (nil %v), %v; want (ReadFile) %q (nil %v), %v",
					filepath.Base(p), lim, got, got == nil, err, want, want == nil, wantErr)
			}
		}
	}
}

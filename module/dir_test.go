package module

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// writeDir creates a directory in t.TempDir holding the given files (name
// to content, a slash-separated name making its directories); a name
// ending "/" is a subdirectory.
func writeDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		var err error
		if strings.HasSuffix(name, "/") {
			err = os.Mkdir(path, 0o755)
		} else if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			err = os.WriteFile(path, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadIgnored(t *testing.T) {
	dir := writeDir(t, map[string]string{
		"main.tf":             `variable "main" {}`,
		".hidden.tf":          `variable "hidden" {}`,
		".terraform.lock.hcl": ``,
		"main.tf~":            `variable "backup" {}`,
		"#main.tf#":           `variable "autosave" {}`,
		"#main.tf":            `variable "hash_start" {}`,
		"main#.tf":            `variable "hash_inside" {}`,
		// An ignored or directory twin hides nothing.
		"x.tf":            `variable "x_tf" {}`,
		"#x.tofu#":        `variable "x_autosave" {}`,
		"y.tf":            `variable "y_tf" {}`,
		"y.tofu/":         ``,
		".terraform/":     ``,
		"sub.tf/":         ``,
		"notes.txt":       ``,
		"t.tftest.hcl~":   ``,
		".t.tofutest.hcl": ``,
	})
	m, diags := Load(dir, Options{})
	want := `file #main.tf [hash_start]
file main#.tf [hash_inside]
file main.tf [main]
file x.tf [x_tf]
file y.tf [y_tf]
ignored #main.tf#
ignored #x.tofu#
ignored .hidden.tf
ignored .t.tofutest.hcl
ignored .terraform.lock.hcl
ignored main.tf~
ignored t.tftest.hcl~
`
	if got := render(m, diags); got != want {
		t.Errorf("Load:\n%s\nwant:\n%s", got, want)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		dir  func(t *testing.T) string
		prog Program
		want string
	}{
		{
			name: "missing",
			dir:  func(*testing.T) string { return filepath.Join("testdata", "missing") },
			want: "-: error: Module directory does not exist; The module directory $DIR does not exist.\n",
		},
		{
			name: "file",
			dir:  func(*testing.T) string { return filepath.Join("testdata", "parse", "good.tf") },
			want: "-: error: Module path is not a directory; $DIR is a file; a module is a directory of configuration files.\n",
		},
		{
			name: "under a file",
			dir:  func(*testing.T) string { return filepath.Join("testdata", "parse", "good.tf", "x") },
			want: "-: error: Failed to read module directory; The module directory $DIR cannot be read: not a directory.\n",
		},
		{
			name: "empty",
			dir:  func(t *testing.T) string { return t.TempDir() },
			want: "-: error: No configuration files; The directory $DIR contains no OpenTofu or Terraform configuration files (.tf, .tf.json, .tofu or .tofu.json).\n",
		},
		{
			name: "empty/OpenTofu",
			dir:  func(t *testing.T) string { return t.TempDir() },
			prog: OpenTofu,
			want: "-: error: No configuration files; The directory $DIR contains no OpenTofu configuration files (.tf, .tf.json, .tofu or .tofu.json).\n",
		},
		{
			name: "empty/Terraform",
			dir:  func(t *testing.T) string { return t.TempDir() },
			prog: Terraform,
			want: "-: error: No configuration files; The directory $DIR contains no Terraform configuration files (.tf or .tf.json).\n",
		},
		{
			name: "tests and other files only",
			dir: func(t *testing.T) string {
				return writeDir(t, map[string]string{
					"a.tftest.hcl":   `run "a" {}`,
					"README.md":      ``,
					".main.tf":       ``,
					"sub/":           ``,
					"b.tofutest.hcl": ``,
				})
			},
			prog: Terraform,
			want: `test a.tftest.hcl
ignored .main.tf
-: error: No configuration files; The directory $DIR contains no Terraform configuration files (.tf or .tf.json).
`,
		},
		{
			name: "one tofu file/Terraform",
			dir: func(t *testing.T) string {
				return writeDir(t, map[string]string{"main.tofu": ``, "t.tofutest.hcl": ``})
			},
			prog: Terraform,
			want: "-: error: No configuration files; The directory $DIR contains no Terraform configuration files (.tf or .tf.json). It holds 1 .tofu file, which only OpenTofu reads.\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.dir(t)
			m, diags := Load(dir, Options{Program: tt.prog})
			if got := render(m, diags); got != tt.want {
				t.Errorf("Load:\n%s\nwant:\n%s", got, tt.want)
			}
			if m.Dir != dir {
				t.Errorf("Dir = %q, want %q", m.Dir, dir)
			}
		})
	}
}

// TestLoadUnreadable checks that a file that cannot be read is reported
// with its path as Subject and still listed, with an empty body.
func TestLoadUnreadable(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := writeDir(t, map[string]string{"main.tf": `variable "main" {}`, "sub/": ``})
	if err := os.Symlink("nowhere.tf", filepath.Join(dir, "broken.tf")); err != nil {
		t.Fatal(err)
	}
	// Like Terraform and OpenTofu, a link is classified by its own name.
	if err := os.Symlink("sub", filepath.Join(dir, "linked.tf.json")); err != nil {
		t.Fatal(err)
	}
	m, diags := Load(dir, Options{})
	want := `file broken.tf []
file linked.tf.json []
file main.tf [main]
$DIR/broken.tf:1,1-1: error: Failed to read file; The file "$DIR/broken.tf" could not be read: no such file or directory.
$DIR/linked.tf.json:1,1-1: error: Failed to read file; The file "$DIR/linked.tf.json" could not be read: is a directory.
`
	if got := render(m, diags); got != want {
		t.Errorf("Load:\n%s\nwant:\n%s", got, want)
	}
	for _, f := range m.Files[:2] {
		if f.Bytes != nil || f.File == nil || f.File.Body == nil {
			t.Errorf("%s: Bytes %q, File %v: want nil bytes and an empty body", f.Path, f.Bytes, f.File)
		}
	}
}

package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/zclconf/go-cty/cty"
)

// writeTree writes files (by slash-separated name) under a new
// directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// counting returns options whose Loaded hook counts the reads of each
// directory, by its path relative to base.
func counting(t *testing.T, base string, reads map[string]int) Options {
	return Options{Loaded: func(dir string) {
		rel, err := filepath.Rel(base, dir)
		if err != nil {
			t.Errorf("read %s, outside %s", dir, base)
		}
		reads[filepath.ToSlash(rel)]++
	}}
}

// callTwice is a root module that calls the local module child twice;
// child calls grand, whose default is overridden.
var callTwice = map[string]string{
	"root/main.tf": `module "a" {
  source = "../child"
  x      = 1
}

module "b" {
  source = "../child"
  x      = 2
}

output "o" {
  value = module.a.y
}
`,
	"child/main.tf": `variable "x" {
  type = number
}

module "g" {
  source = "../grand"
}

output "y" {
  value = var.nope
}
`,
	"grand/main.tf":     "variable \"v\" {\n  default = 1\n}\n",
	"grand/override.tf": "variable \"v\" {\n  default = 2\n}\n",
}

// TestModelOneReading checks that a Model reads and parses each module
// directory once, however many calls and callers ask for it: the root
// calls child twice, validation reads child and grand, and ReadDir and
// Module ask for them again under other names.
func TestModelOneReading(t *testing.T) {
	base := writeTree(t, callTwice)
	reads := map[string]int{}
	opts := counting(t, base, reads)
	root := filepath.Join(base, "root")
	md, diags := Load(root, opts)
	if len(diags) != 0 {
		t.Fatalf("Load: %v", diags)
	}
	if md.Root().Dir != root || len(md.Root().Files) != 1 || md.Program() != module.Auto {
		t.Errorf("root %q, %d files, program %v; want %q, 1 file, auto", md.Root().Dir, len(md.Root().Files), md.Program(), root)
	}
	got, files := md.Validate()
	const want = "child/main.tf:10,11-10,19: error: Reference to undeclared input variable; An input variable with the name \"nope\" has not been declared. This variable can be declared with a variable \"nope\" {} block.\n"
	if r := render(base, got); r != want {
		t.Errorf("Validate:\n%s\nwant:\n%s", r, want)
	}
	// Validation used the model's readings: its files are those the
	// model holds.
	held := md.Sources()
	for _, name := range []string{"child/main.tf", "grand/main.tf", "grand/override.tf"} {
		p := filepath.Join(base, filepath.FromSlash(name))
		if files[p] == nil || held[p] == nil || files[p] != held[p].File {
			t.Errorf("Validate's file %s is not the model's", name)
		}
	}
	// Validating again, and asking for the directories by other names,
	// reads nothing more.
	md.Validate()
	if m, d := md.Module(filepath.Join(root, "..", "child")); len(d) != 0 || m == nil || len(m.Files) != 1 {
		t.Errorf("Module(child): %v, %v", m, d)
	}
	if m, _ := md.Module(root + "/."); m != md.Root() {
		t.Errorf("Module(root) is not the root")
	}
	for _, dir := range []string{"child", "./child/", "grand"} {
		if _, d := md.ReadDir(filepath.Join(base, dir)); len(d) != 0 {
			t.Errorf("ReadDir(%s): %v", dir, d)
		}
	}
	wantReads := map[string]int{"root": 1, "child": 1, "grand": 1}
	if len(reads) != len(wantReads) {
		t.Errorf("directories read: %v, want %v", reads, wantReads)
	}
	for dir, n := range wantReads {
		if reads[dir] != n {
			t.Errorf("%s read %d times, want %d (all: %v)", dir, reads[dir], n, reads)
		}
	}
	// The wrappers give the same diagnostics, reading again since
	// they make models of their own.
	if r := render(base, Dir(root, Options{})); r != want {
		t.Errorf("Dir:\n%s\nwant:\n%s", r, want)
	}
	if r := render(base, Validate(md.Root(), Options{})); r != want {
		t.Errorf("Validate:\n%s\nwant:\n%s", r, want)
	}
}

// TestModelReadDir checks ReadDir's answer: override files merged into
// one file whose arguments keep their own ranges, the same answer on
// every call.
func TestModelReadDir(t *testing.T) {
	base := writeTree(t, callTwice)
	md, _ := Load(filepath.Join(base, "root"), Options{})
	grand := filepath.Join(base, "grand")
	files, diags := md.ReadDir(grand)
	if len(diags) != 0 || len(files) != 1 {
		t.Fatalf("ReadDir: %d files, %v; want one merged file", len(files), diags)
	}
	content, diags := files[0].Body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "variable", LabelNames: []string{"name"}}}})
	if len(diags) != 0 || len(content.Blocks) != 1 {
		t.Fatalf("content: %v", diags)
	}
	attrs, _ := content.Blocks[0].Body.JustAttributes()
	def := attrs["default"]
	v, _ := def.Expr.Value(nil)
	if !v.RawEquals(cty.NumberIntVal(2)) || def.Range.Filename != filepath.Join(grand, "override.tf") || def.Range.Start.Line != 2 {
		t.Errorf("default = %#v at %v, want 2 at override.tf line 2", v, def.Range)
	}
	again, _ := md.ReadDir(grand + "/")
	if len(again) != 1 || again[0] != files[0] {
		t.Errorf("second ReadDir gave other files")
	}
	root, _ := md.ReadDir(filepath.Join(base, "root"))
	if len(root) != 1 || root[0] != md.Root().Files[0].File {
		t.Errorf("ReadDir(root) is not the root's parsed file")
	}
}

// TestModelSelfCalls checks that modules calling themselves, directly or
// through another name of their directory, terminate and are read once.
func TestModelSelfCalls(t *testing.T) {
	base := writeTree(t, map[string]string{
		"main.tf": "module \"self\" {\n  source = \"./\"\n}\n\nmodule \"c\" {\n  source = \"./c\"\n}\n",
		"c/main.tf": "module \"again\" {\n  source = \"../c\"\n}\n\nmodule \"up\" {\n  source = \"../\"\n}\n\n" +
			"output \"o\" {\n  value = module.again.nope\n}\n",
	})
	reads := map[string]int{}
	md, diags := Load(base, counting(t, base, reads))
	if len(diags) != 0 {
		t.Fatalf("Load: %v", diags)
	}
	got, _ := md.Validate()
	const want = "c/main.tf:10,23-10,28: error: Unsupported attribute; This object does not have an attribute named \"nope\".\n"
	if r := render(base, got); r != want {
		t.Errorf("Validate:\n%s\nwant:\n%s", r, want)
	}
	if len(reads) != 2 || reads["."] != 1 || reads["c"] != 1 {
		t.Errorf("reads: %v, want . and c once", reads)
	}
}

// TestModelBadInput checks that what cannot be read gets diagnostics, not
// a panic: a missing root, a missing child, a child whose only file is
// a broken link.
func TestModelBadInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	md, diags := Load(missing, Options{})
	if r := render("", diags); !strings.HasPrefix(r, "-: error: Module directory does not exist;") {
		t.Errorf("Load(missing): %q", r)
	}
	if md.Root() == nil || md.Root().Dir != missing || md.Program() != module.Auto {
		t.Errorf("Load(missing): root %v, program %v", md.Root(), md.Program())
	}
	if files, d := md.ReadDir(missing); len(files) != 0 || render("", d) != render("", diags) {
		t.Errorf("ReadDir(missing): %d files, %v", len(files), d)
	}
	if d, _ := md.Validate(); len(d) != 0 {
		t.Errorf("Validate of a missing directory: %v", d)
	}

	base := writeTree(t, map[string]string{
		"main.tf": "module \"gone\" {\n  source = \"./gone\"\n}\n\nmodule \"broken\" {\n  source = \"./broken\"\n  x      = 1\n}\n",
	})
	if err := os.Mkdir(filepath.Join(base, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere.tf", filepath.Join(base, "broken", "main.tf")); err != nil {
		t.Fatal(err)
	}
	md, diags = Load(base, Options{})
	if len(diags) != 0 {
		t.Fatalf("Load: %v", diags)
	}
	// A local module directory that does not exist is what init
	// reports; one that exists but whose files cannot be read is not
	// known (its own check says why).
	if d, _ := md.Validate(); render(base, d) != `main.tf:2,12-2,20: error: Unreadable module directory; The directory ./gone could not be read for module "gone": stat gone: no such file or directory.`+"\n" {
		t.Errorf("Validate: %q", render(base, d))
	}
	_, d := md.Module(filepath.Join(base, "broken"))
	if r := render(base, d); !strings.HasPrefix(r, "broken/main.tf:1,1-1,1: error: Failed to read file;") {
		t.Errorf("Module(broken): %q", r)
	}
}

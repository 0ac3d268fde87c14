package validate

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar (review them before committing)")

// TestFixtures validates the module of each testdata/*.txtar file (its
// files but "want", "program" and "providers") and compares the
// diagnostics, rendered "file:line,col-line,col: severity: summary",
// with its "want" section. "program" holds opentofu or terraform (by
// default opentofu); "providers" the output of providers schema -json.
// A fixture with a "check" section is checked as Dir checks it
// (Model.Check: the files against their language, then the validation);
// the others are validated (loadAndValidate).
func TestFixtures(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			opts := Options{Program: module.OpenTofu}
			want, wantAt := "", -1
			check := false
			for i, f := range ar.Files {
				switch f.Name {
				case "check":
					check = true
				case "want":
					want, wantAt = string(f.Data), i
				case "program":
					p, err := schema.ParseProgram(strings.TrimSpace(string(f.Data)))
					if err != nil {
						t.Fatal(err)
					}
					opts.Program = p
				case "providers":
					ps, err := schema.ReadProviderSchemas(f.Data)
					if err != nil {
						t.Fatal(err)
					}
					opts.Providers = ps
				default:
					p := filepath.Join(dir, filepath.FromSlash(f.Name))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			run := loadAndValidate
			if check {
				run = Dir
			}
			got := render(dir, run(dir, opts))
			if *update {
				if wantAt < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantAt = len(ar.Files) - 1
				}
				ar.Files[wantAt].Data = []byte(got)
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// loadAndValidate loads the module in dir and, when that finds no
// error, validates it: the validation alone, without the check of the
// files against their language that Dir adds (Model.Check), so that a
// fixture shows what the model finds, even in a file whose language
// check would stop the programs first. TestCheckMatchesCommand compares
// Dir with the command over the same fixtures.
func loadAndValidate(dir string, opts Options) hcl.Diagnostics {
	md, diags := Load(dir, opts)
	if diags.HasErrors() {
		return diags
	}
	vd, _ := md.Validate()
	return append(diags, vd...)
}

// render writes diags one a line, file names relative to dir (in the
// details too: try's error quotes the ranges of its arguments' errors).
func render(dir string, diags hcl.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		where := "-"
		if d.Subject != nil {
			r := *d.Subject
			name, err := filepath.Rel(dir, r.Filename)
			if err != nil {
				name = r.Filename
			}
			where = fmt.Sprintf("%s:%d,%d-%d,%d", filepath.ToSlash(name), r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
		}
		detail := d.Detail
		if dir != "" {
			detail = strings.ReplaceAll(detail, dir+string(filepath.Separator), "")
		}
		fmt.Fprintf(&b, "%s: %s: %s; %s\n", where, sev, d.Summary, detail)
	}
	return b.String()
}

// TestSpecSections checks that every V section of spec.md's
// {#validate} part has a fixture quoting its heading, and that every
// fixture quotes one.
func TestSpecSections(t *testing.T) {
	doc, err := os.ReadFile("../spec.md")
	if err != nil {
		t.Fatal(err)
	}
	heads := regexp.MustCompile(`(?m)^### (V\d+)\. (.+)$`).FindAllStringSubmatch(string(doc), -1)
	if len(heads) == 0 {
		t.Fatal("spec.md has no V sections")
	}
	quoted := map[string]bool{}
	paths, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range paths {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`(?m)^> (V\d+)\b`).FindStringSubmatch(string(ar.Comment))
		if m == nil {
			t.Errorf("%s quotes no V section of spec.md", path)
			continue
		}
		quoted[m[1]] = true
	}
	for _, h := range heads {
		if !quoted[h[1]] {
			t.Errorf("spec.md %s %q has no fixture in testdata/", h[1], h[2])
		}
	}
}

// TestBadInput checks that what cannot be validated gets a diagnostic,
// not a panic: a missing directory, a file that does not parse (the
// model is then not built: the programs stop at parse errors).
func TestBadInput(t *testing.T) {
	missing := render("", Dir(filepath.Join(t.TempDir(), "nope"), Options{}))
	if !strings.HasPrefix(missing, "-: error: Module directory does not exist;") {
		t.Errorf("missing directory: %q", missing)
	}
	dir := t.TempDir()
	files := map[string]string{
		"bad.tf.json": `{"output": {"a": {"value": "${var.nope}"`,
		"main.tf":     "output \"b\" {\n  value = var.nope\n}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := render(dir, Dir(dir, Options{}))
	if !strings.HasPrefix(got, "bad.tf.json:1,") || strings.Contains(got, "undeclared") {
		t.Errorf("unparsable file: got\n%s", got)
	}
}

// TestBadProviderSchemas checks that provider schemas that cannot extend
// the language get a diagnostic, not a panic.
func TestBadProviderSchemas(t *testing.T) {
	ps, err := schema.ReadProviderSchemas([]byte(`{"format_version": "1.0", "provider_schemas": {"registry.opentofu.org/x/y": {
  "resource_schemas": {"y_t": {"version": 0, "block": {"block_types": {"b": {"nesting_mode": "weird", "block": {}}}}}}}}}`))
	if err != nil {
		t.Logf("ReadProviderSchemas refuses it: %v", err)
		return
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("resource \"y_t\" \"a\" {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := render(dir, Dir(dir, Options{Providers: ps}))
	if !strings.HasPrefix(got, "-: error: Invalid provider schemas;") {
		t.Errorf("got\n%s", got)
	}
}

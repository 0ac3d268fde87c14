package validate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/tfgentest"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"golang.org/x/tools/txtar"
)

// TestCheckOnCoresAsInTurn checks that Model.Check reports the same,
// in the same order, whether it checks the root's files on several
// goroutines with the validation running beside them (a Model of its
// own: see speculation) or one after the other and then validates (a
// Model with Options.Readings, as check -recursive makes them): on the
// module of 100 files, valid (for OpenTofu, and for either program),
// with a file error (the validation's
// findings dropped) and with validation errors only (its findings kept),
// and on every fixture that Dir checks; and that the Model validates
// afterwards (Model.Validate, reading what the check's validation left
// in its analysis, or nothing of an abandoned one) as a fresh Model does.
func TestCheckOnCoresAsInTurn(t *testing.T) {
	type tree struct {
		name string
		dir  string
		opts Options
	}
	var trees []tree
	gen := func(name string, edit func(dir string)) {
		dir := t.TempDir()
		if err := tfgentest.WriteModule(dir, 100); err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			edit(dir)
		}
		trees = append(trees, tree{name, dir, Options{Program: module.OpenTofu}})
	}
	appendTo := func(dir, name, text string) {
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
	}
	gen("100 files", nil)
	gen("100 files, either program", nil)
	trees[len(trees)-1].opts.Program = module.Auto
	gen("100 files, file errors", func(dir string) {
		appendTo(dir, "f010.tf", "\nresource \"terraform_data\" \"bad\" {\n  nosuch = 1\n}\n")
		appendTo(dir, "f090.tf", "\nvariable \"w\" {\n  typo = 1\n}\n\noutput \"x\" {\n  value = var.undeclared\n}\n")
	})
	gen("100 files, validation errors", func(dir string) {
		appendTo(dir, "f020.tf", "\noutput \"x\" {\n  value = var.undeclared\n}\n")
		appendTo(dir, "f070.tf", "\nlocals {\n  bad = upper(1, 2)\n}\n")
	})
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(ar.Files, func(f txtar.File) bool { return f.Name == "check" }) {
			continue
		}
		dir := t.TempDir()
		opts := Options{Program: module.OpenTofu}
		for _, f := range ar.Files {
			switch f.Name {
			case "check", "want":
			case "program":
				if opts.Program, err = schema.ParseProgram(strings.TrimSpace(string(f.Data))); err != nil {
					t.Fatal(err)
				}
			case "providers":
				if opts.Providers, err = schema.ReadProviderSchemas(f.Data); err != nil {
					t.Fatal(err)
				}
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
		trees = append(trees, tree{strings.TrimSuffix(filepath.Base(path), ".txtar"), dir, opts})
	}
	if len(trees) < 6 {
		t.Fatalf("%d trees", len(trees))
	}
	for _, tr := range trees {
		t.Run(tr.name, func(t *testing.T) {
			md, _ := Load(tr.dir, tr.opts)
			cores := md.Check(CheckOptions{})
			inTurn := tr.opts
			inTurn.Readings = NewReadings(false)
			md2, _ := Load(tr.dir, inTurn)
			turn := md2.Check(CheckOptions{})
			got, want := renderLines(cores.Diagnostics), renderLines(turn.Diagnostics)
			if !slices.Equal(got, want) {
				t.Errorf("on cores:\n%s\nin turn:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if cores.Validated != turn.Validated || cores.Checked != turn.Checked || len(cores.Files) != len(turn.Files) {
				t.Errorf("on cores validated %v, %d checked, %d files; in turn %v, %d, %d",
					cores.Validated, cores.Checked, len(cores.Files), turn.Validated, turn.Checked, len(turn.Files))
			}
			after, _ := md.Validate()
			fresh, _ := Load(tr.dir, tr.opts)
			again, _ := fresh.Validate()
			if a, f := renderLines(after), renderLines(again); !slices.Equal(a, f) {
				t.Errorf("validated after the check:\n%s\nby a fresh Model:\n%s", strings.Join(a, "\n"), strings.Join(f, "\n"))
			}
			switch tr.name {
			case "100 files":
				if len(got) != 0 || !cores.Validated {
					t.Errorf("valid module: %d diagnostics, validated %v", len(got), cores.Validated)
				}
			case "100 files, file errors":
				if len(got) != 2 || cores.Validated {
					t.Errorf("file errors: %d diagnostics, validated %v; want the 2 errors of the files, not validated", len(got), cores.Validated)
				}
				// What the abandoned validation would have found (the
				// undeclared variable) is found by Validate.
				if len(after) != 1 || after[0].Summary != "Reference to undeclared input variable" {
					t.Errorf("file errors, validated after: %v", renderLines(after))
				}
			case "100 files, validation errors":
				if len(got) != 2 || !cores.Validated {
					t.Errorf("validation errors: %d diagnostics, validated %v; want the 2 errors of the validation", len(got), cores.Validated)
				}
			}
		})
	}
}

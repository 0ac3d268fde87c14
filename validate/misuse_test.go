package validate

import (
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): a nil module is a
// module without files, with nothing to report; a directory that does
// not exist is an error; a Model that Load or ModelOf did not make, and a
// Program out of range, panic.
func TestMisuse(t *testing.T) {
	const noDir = "-: error: Module directory does not exist; The module directory testdata/no-such-dir does not exist.\n"
	const notMade = " of a Model that Load or ModelOf did not make"
	diags := func(t *testing.T, got hcl.Diagnostics, want string) {
		t.Helper()
		if s := hcltest.RenderDiags(got); s != want {
			t.Errorf("diagnostics\n%s\nwant\n%s", s, want)
		}
	}
	model := func() *Model {
		md, _ := Load("testdata/no-such-dir", Options{})
		return md
	}
	var nilModel *Model
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Dir", Name: "no such directory", Call: func(t *testing.T) { diags(t, Dir("testdata/no-such-dir", Options{MaxFileSize: -1}), noDir) }},
		{Func: "Dir", Name: "program out of range", Panic: "module: unknown Program(3)", Call: func(t *testing.T) { Dir(".", Options{Program: 3}) }},
		{Func: "Load", Name: "no such directory", Call: func(t *testing.T) {
			md, d := Load("testdata/no-such-dir", Options{})
			diags(t, d, noDir)
			if md.Root().Dir != "testdata/no-such-dir" || md.Program() != module.Auto {
				t.Errorf("model of %q for %v", md.Root().Dir, md.Program())
			}
		}},
		{Func: "Validate", Name: "nil module", Call: func(t *testing.T) { diags(t, Validate(nil, Options{}), "") }},
		{Func: "ValidateFiles", Name: "nil module", Call: func(t *testing.T) {
			d, files := ValidateFiles(nil, Options{})
			if d != nil || files != nil {
				t.Errorf("ValidateFiles(nil) = %v, %v", d, files)
			}
		}},
		{Func: "ModelOf", Name: "nil module", Call: func(t *testing.T) {
			md := ModelOf(nil, Options{})
			d, files := md.Validate()
			if root := md.Root(); root == nil || len(root.Files) != 0 || d != nil || len(files) != 0 {
				t.Errorf("ModelOf(nil): root %v, Validate = %v, %v", root, d, files)
			}
		}},
		{Func: "Model.Module", Name: "no such directory", Call: func(t *testing.T) {
			m, d := model().Module("testdata/no-such-dir/child")
			diags(t, d, "-: error: Module directory does not exist; The module directory testdata/no-such-dir/child does not exist.\n")
			if m == nil || len(m.Files) != 0 {
				t.Errorf("module %v", m)
			}
		}},
		{Func: "Model.Module", Name: "zero Model", Panic: "validate: Model.Module" + notMade, Call: func(t *testing.T) { (&Model{}).Module(".") }},
		{Func: "Model.Program", Name: "nil receiver", Panic: "validate: Model.Program" + notMade, Call: func(t *testing.T) { nilModel.Program() }},
		{Func: "Model.ReadDir", Name: "zero Model", Panic: "validate: Model.ReadDir" + notMade, Call: func(t *testing.T) { (&Model{}).ReadDir(".") }},
		{Func: "Model.ReadDir", Name: "no such directory", Call: func(t *testing.T) {
			files, d := model().ReadDir("testdata/no-such-dir/child")
			if len(files) != 0 {
				t.Errorf("files %v", files)
			}
			diags(t, d, "-: error: Module directory does not exist; The module directory testdata/no-such-dir/child does not exist.\n")
		}},
		{Func: "Model.Tree", Name: "zero Model", Panic: "validate: Model.Tree" + notMade, Call: func(t *testing.T) { (&Model{}).Tree() }},
		{Func: "Model.Root", Name: "zero Model", Panic: "validate: Model.Root" + notMade, Call: func(t *testing.T) { (&Model{}).Root() }},
		{Func: "Model.Sources", Name: "nil receiver", Panic: "validate: Model.Sources" + notMade, Call: func(t *testing.T) { nilModel.Sources() }},
		{Func: "Model.Validate", Name: "zero Model", Panic: "validate: Model.Validate" + notMade, Call: func(t *testing.T) { (&Model{}).Validate() }},
		{Func: "Model.ValidateAs", Name: "zero Model", Panic: "validate: Model.ValidateAs" + notMade, Call: func(t *testing.T) { (&Model{}).ValidateAs(module.OpenTofu) }},
		{Func: "Model.VariableValues", Name: "zero Model", Panic: "validate: Model.VariableValues" + notMade, Call: func(t *testing.T) { (&Model{}).VariableValues(nil) }},
		{Func: "Model.VariableValues", Name: "nil files", Call: func(t *testing.T) {
			diags(t, model().VariableValues([]*hcl.File{nil, {}}), "")
		}},
		{Func: "Model.ValidateAs", Name: "program out of range", Panic: "schema: unknown Program(3)", Call: func(t *testing.T) { model().ValidateAs(3) }},
		{Func: "Load", Name: "zero Readings", Panic: "validate: Options.Readings is a Readings that NewReadings did not make", Call: func(t *testing.T) {
			Load("testdata/no-such-dir", Options{Readings: &Readings{}})
		}},
		{Func: "NewReadings", Name: "both namings", Call: func(t *testing.T) {
			for _, relative := range []bool{false, true} {
				md, d := Load("testdata/no-such-dir", Options{Readings: NewReadings(relative)})
				want := "testdata/no-such-dir"
				if !relative {
					want, _ = filepath.Abs(want)
				}
				diags(t, d, "-: error: Module directory does not exist; The module directory "+want+" does not exist.\n")
				if md.Root().Dir != want {
					t.Errorf("NewReadings(%v): root read as %q, want %q", relative, md.Root().Dir, want)
				}
			}
		}},
		{Func: "CheckFile", Name: "nil file", Call: func(t *testing.T) { diags(t, CheckFile(nil, schema.OpenTofu, FileOptions{}), "") }},
		{Func: "CheckFile", Name: "nil language", Call: func(t *testing.T) { diags(t, CheckFile(&hcl.File{Body: hcl.EmptyBody()}, nil, FileOptions{}), "") }},
		{Func: "Model.Check", Name: "zero Model", Panic: "validate: Model.Check" + notMade, Call: func(t *testing.T) { (&Model{}).Check(CheckOptions{}) }},
		{Func: "Model.Check", Name: "no such directory", Call: func(t *testing.T) {
			r := model().Check(CheckOptions{})
			diags(t, r.Diagnostics, noDir)
			if r.Validated || r.Checked != 0 || len(r.Files) != 0 {
				t.Errorf("Check of no directory: validated %v, %d checked, files %v", r.Validated, r.Checked, r.Files)
			}
		}},
		{Func: "Either", Name: "nil", Call: func(t *testing.T) { diags(t, Either(nil, nil), "") }},
	})
}

package module

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): a nil Module is a
// module without files, nil input an empty file, empty names name no
// configuration file, a directory that does not exist is an error; a
// Program out of range, a nil file given to Merge, a "what" that
// Unquoted does not know, and a nil expression or a mode out of range
// given to ReadValue panic.
func TestMisuse(t *testing.T) {
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	const badProgram = "module: unknown Program(3)"
	const noDir = "-: error: Module directory does not exist; The module directory  does not exist.\n"
	diags := func(t *testing.T, got hcl.Diagnostics, want string) {
		t.Helper()
		if s := hcltest.RenderDiags(got); s != want {
			t.Errorf("diagnostics\n%s\nwant\n%s", s, want)
		}
	}
	is := func(t *testing.T, got bool) {
		t.Helper()
		if got {
			t.Error("true for an empty name")
		}
	}
	file := func(src string) *hcl.File {
		f, _ := Parse([]byte(src), "a.tf")
		return f
	}
	bad := Options{Program: 3}
	const notMade = " of a Tree that LoadTree or TreeOf did not make"
	var nilTree *Tree
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "ConfigFiles", Name: "empty directory name", Call: func(t *testing.T) {
			p, o, tests, d := ConfigFiles("", Options{})
			if p != nil || o != nil || tests != nil {
				t.Errorf("files %v %v %v", p, o, tests)
			}
			diags(t, d, noDir)
		}},
		{Func: "ConfigFiles", Name: "program out of range", Panic: badProgram, Call: func(t *testing.T) { ConfigFiles(".", bad) }},
		{Func: "Load", Name: "empty directory name", Call: func(t *testing.T) {
			m, d := Load("", Options{MaxFileSize: -1})
			if m == nil || m.Dir != "" || len(m.Files) != 0 || m.Program != Auto {
				t.Errorf("module %+v", m)
			}
			diags(t, d, noDir)
		}},
		{Func: "Load", Name: "program out of range", Panic: badProgram, Call: func(t *testing.T) { Load(".", bad) }},
		{Func: "EncodingError", Name: "nil input", Call: func(t *testing.T) {
			if d := EncodingError(nil, ""); d != nil {
				t.Errorf("EncodingError(nil) = %v", d)
			}
		}},
		{Func: "IsConfigFile", Name: "empty name", Call: func(t *testing.T) { is(t, IsConfigFile("", Options{})) }},
		{Func: "IsConfigFile", Name: "program out of range", Panic: badProgram, Call: func(t *testing.T) { IsConfigFile("a.tofu", bad) }},
		{Func: "IsOverride", Name: "empty name", Call: func(t *testing.T) { is(t, IsOverride("", Options{})) }},
		{Func: "IsOverride", Name: "program out of range", Panic: badProgram, Call: func(t *testing.T) { IsOverride("override.tf", bad) }},
		{Func: "IsTestFile", Name: "empty name", Call: func(t *testing.T) { is(t, IsTestFile("", Options{})) }},
		{Func: "IsTestFile", Name: "program out of range", Panic: badProgram, Call: func(t *testing.T) { IsTestFile("a.tftest.hcl", bad) }},
		{Func: "IsLocalSource", Name: "empty source", Call: func(t *testing.T) { is(t, IsLocalSource("")) }},
		{Func: "LoadTree", Name: "empty directory name", Call: func(t *testing.T) {
			tr, d := LoadTree("", TreeOptions{})
			if m := tr.Root(); m == nil || m.Dir != "" || len(m.Files) != 0 || tr.Program() != Auto {
				t.Errorf("root %+v, program %v", m, tr.Program())
			}
			diags(t, d, noDir)
		}},
		{Func: "LoadTree", Name: "program out of range", Panic: badProgram, Call: func(t *testing.T) { LoadTree(".", TreeOptions{Program: 3}) }},
		{Func: "LoadTree", Name: "zero Readings", Panic: "module: TreeOptions.Readings is a Readings that NewReadings did not make", Call: func(t *testing.T) {
			LoadTree("testdata/no-such-dir", TreeOptions{Readings: &Readings{}})
		}},
		{Func: "NewReadings", Name: "both namings", Call: func(t *testing.T) {
			for _, relative := range []bool{false, true} {
				tr, d := LoadTree("testdata/no-such-dir", TreeOptions{Readings: NewReadings(relative)})
				want, _ := filepath.Abs("testdata/no-such-dir")
				if relative {
					want = filepath.Join("testdata", "no-such-dir")
				}
				if tr.Root().Dir != want || len(d) != 1 {
					t.Errorf("NewReadings(%v): root read as %q (%d diagnostics), want %q", relative, tr.Root().Dir, len(d), want)
				}
			}
		}},
		{Func: "TreeOf", Name: "nil module", Call: func(t *testing.T) {
			tr := TreeOf(nil, TreeOptions{})
			if m := tr.Root(); m == nil || m.Dir != "" || len(m.Files) != 0 {
				t.Errorf("TreeOf(nil): root %+v", m)
			}
		}},
		{Func: "TreeOf", Name: "program out of range", Panic: badProgram, Call: func(t *testing.T) { TreeOf(nil, TreeOptions{Program: 3}) }},
		{Func: "Tree.CallDir", Name: "zero Tree", Panic: "module: Tree.CallDir" + notMade, Call: func(t *testing.T) { (&Tree{}).CallDir(".", nil, "./a") }},
		{Func: "Tree.CallDir", Name: "empty source, nil path", Call: func(t *testing.T) {
			if dir, ok := TreeOf(nil, TreeOptions{}).CallDir("", nil, ""); ok || dir != "" {
				t.Errorf("CallDir = %q, %v", dir, ok)
			}
		}},
		{Func: "Tree.Key", Name: "nil receiver", Panic: "module: Tree.Key" + notMade, Call: func(t *testing.T) { nilTree.Key(".") }},
		{Func: "Tree.Key", Name: "empty name", Call: func(t *testing.T) {
			if k := TreeOf(nil, TreeOptions{}).Key(""); k != "" {
				t.Errorf("Key(\"\") = %q", k)
			}
		}},
		{Func: "Tree.Module", Name: "zero Tree", Panic: "module: Tree.Module" + notMade, Call: func(t *testing.T) { (&Tree{}).Module(".") }},
		{Func: "Tree.Module", Name: "empty directory name", Call: func(t *testing.T) {
			// The empty name is the root's of TreeOf(nil).
			m, d := TreeOf(nil, TreeOptions{}).Module("")
			if m == nil || len(m.Files) != 0 || len(d) != 0 {
				t.Errorf("Module(\"\") = %+v, %v", m, d)
			}
		}},
		{Func: "Tree.Program", Name: "nil receiver", Panic: "module: Tree.Program" + notMade, Call: func(t *testing.T) { nilTree.Program() }},
		{Func: "Tree.ReadDir", Name: "zero Tree", Panic: "module: Tree.ReadDir" + notMade, Call: func(t *testing.T) { (&Tree{}).ReadDir(".") }},
		{Func: "Tree.ReadDir", Name: "no such directory", Call: func(t *testing.T) {
			files, d := TreeOf(nil, TreeOptions{}).ReadDir("testdata/no-such-dir")
			if len(files) != 0 {
				t.Errorf("files %v", files)
			}
			diags(t, d, "-: error: Module directory does not exist; The module directory testdata/no-such-dir does not exist.\n")
		}},
		{Func: "Tree.Root", Name: "zero Tree", Panic: "module: Tree.Root" + notMade, Call: func(t *testing.T) { (&Tree{}).Root() }},
		{Func: "Tree.Sources", Name: "nil receiver", Panic: "module: Tree.Sources" + notMade, Call: func(t *testing.T) { nilTree.Sources() }},
		{Func: "Tree.Walk", Name: "zero Tree", Panic: "module: Tree.Walk" + notMade, Call: func(t *testing.T) { (&Tree{}).Walk(0) }},
		{Func: "Walk.Root", Name: "zero Walk", Panic: "module: Walk.Root of a Walk that Tree.Walk did not make", Call: func(t *testing.T) { (&Walk{}).Root() }},
		{Func: "Walk.Call", Name: "nil parent", Panic: "module: Walk.Call with a nil parent", Call: func(t *testing.T) { TreeOf(nil, TreeOptions{}).Walk(0).Call(nil, "a", "./a", nil) }},
		{Func: "Walk.Call", Name: "empty source", Call: func(t *testing.T) {
			w := TreeOf(nil, TreeOptions{}).Walk(-1)
			root, _, _ := w.Root()
			if n, files, d := w.Call(root, "", "", nil); n != nil || files != nil || d != nil {
				t.Errorf("Call = %v, %v, %v", n, files, d)
			}
		}},
		{Func: "DecodeRequirement", Name: "nil expression", Panic: nilDeref, Call: func(t *testing.T) { DecodeRequirement("", nil) }},
		{Func: "Requirements", Name: "nil block", Panic: nilDeref, Call: func(t *testing.T) { Requirements(nil) }},
		{Func: "RequirementBlocks", Name: "nil block", Panic: nilDeref, Call: func(t *testing.T) { RequirementBlocks(nil) }},
		{Func: "Requirement.Item", Name: "zero Requirement", Call: func(t *testing.T) {
			if e := (&Requirement{}).Item(""); e != nil {
				t.Errorf("Item = %v", e)
			}
		}},
		{Func: "Requirement.Source", Name: "zero Requirement", Call: func(t *testing.T) {
			if s := (&Requirement{}).Source(); s != "" {
				t.Errorf("Source = %q", s)
			}
		}},
		{Func: "ObjectKey", Name: "nil expression", Panic: nilDeref, Call: func(t *testing.T) { ObjectKey(nil) }},
		{Func: "ProviderConfig.String", Name: "zero ProviderConfig", Call: func(t *testing.T) {
			if s := (ProviderConfig{}).String(); s != "" {
				t.Errorf("String = %q", s)
			}
		}},
		{Func: "ProviderRef", Name: "nil expression", Panic: "module: ReadValue of a nil hcl.Expression", Call: func(t *testing.T) { ProviderRef(nil) }},
		{Func: "ResourceProvider", Name: "empty type, no argument", Call: func(t *testing.T) {
			if c, d := ResourceProvider("", nil); c != (ProviderConfig{}) || d != nil {
				t.Errorf("ResourceProvider = %v, %v", c, d)
			}
		}},
		{Func: "Declare", Name: "nil body", Panic: "module: Declare with a nil body or root schema", Call: func(t *testing.T) { Declare(nil, schema.Terraform.Root) }},
		{Func: "Declare", Name: "nil root", Panic: "module: Declare with a nil body or root schema", Call: func(t *testing.T) { Declare(hcl.EmptyBody(), nil) }},
		{Func: "Decls.First", Name: "zero Decls", Call: func(t *testing.T) {
			if _, ok := (&Decls{}).First(&hcl.Block{Type: "variable", Labels: []string{"a"}}); !ok {
				t.Error("a block is not the first in an empty index")
			}
		}},
		{Func: "Decls.First", Name: "nil block", Panic: nilDeref, Call: func(t *testing.T) { (&Decls{}).First(nil) }},
		{Func: "Decls.FirstLocal", Name: "zero Decls", Call: func(t *testing.T) {
			if prev, ok := (&Decls{}).FirstLocal(&hcl.Attribute{Name: "a"}); prev != nil || !ok {
				t.Errorf("FirstLocal = %v, %v", prev, ok)
			}
		}},
		{Func: "Decls.FirstLocal", Name: "nil attribute", Panic: nilDeref, Call: func(t *testing.T) { (&Decls{}).FirstLocal(nil) }},
		{Func: "ProviderAlias", Name: "nil block", Panic: nilDeref, Call: func(t *testing.T) { ProviderAlias(nil) }},
		{Func: "Resource.Addr", Name: "zero Resource", Call: func(t *testing.T) {
			if a := (&Resource{}).Addr(); a != ".." {
				t.Errorf("Addr = %q", a)
			}
		}},
		{Func: "Tree.Decls", Name: "zero Tree", Panic: "module: Tree.Decls" + notMade, Call: func(t *testing.T) { (&Tree{}).Decls(".") }},
		{Func: "Tree.Decls", Name: "no such directory", Call: func(t *testing.T) {
			d := TreeOf(nil, TreeOptions{}).Decls("testdata/no-such-dir")
			if len(d.Blocks) != 0 || len(d.Diags) != 0 || len(d.MergeDiags) != 0 {
				t.Errorf("Decls = %+v", d)
			}
		}},
		{Func: "DirKey", Name: "empty name", Call: func(t *testing.T) {
			if k := DirKey(""); k != "" {
				t.Errorf("DirKey(\"\") = %q, want \"\"", k)
			}
		}},
		{Func: "DirKey", Name: "missing directory", Call: func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "missing")
			if k := DirKey(dir); k != dir || k == DirKey(filepath.Dir(dir)) {
				t.Errorf("DirKey(%q) = %q, want the path", dir, k)
			}
		}},
		{Func: "IsIgnored", Name: "empty name", Call: func(t *testing.T) { is(t, IsIgnored("")) }},
		{Func: "Kind", Name: "regular file", Call: func(t *testing.T) {
			if got := Kind(0) + ", " + Kind(fs.ModeIrregular); got != "a regular file, a special file" {
				t.Errorf("got %q", got)
			}
		}},
		{Func: "Merge", Name: "no files", Call: func(t *testing.T) {
			body, d := Merge(nil, nil, nil)
			attrs, d2 := body.JustAttributes()
			if len(attrs) != 0 || d != nil || d2 != nil {
				t.Errorf("Merge(nil, nil, nil) = %v, %v, %v", attrs, d, d2)
			}
		}},
		{Func: "Merge", Name: "nil primary file", Panic: "module: Merge: primary file 0 is nil or has no Body", Call: func(t *testing.T) {
			Merge([]*hcl.File{nil}, nil, nil)
		}},
		{Func: "Merge", Name: "override file without a body", Panic: "module: Merge: override file 0 is nil or has no Body", Call: func(t *testing.T) {
			Merge([]*hcl.File{file("a = 1")}, []*hcl.File{{}}, nil)
		}},
		{Func: "Parse", Name: "nil input", Call: func(t *testing.T) {
			f, d := Parse(nil, "")
			attrs, _ := f.Body.JustAttributes()
			if len(attrs) != 0 || d != nil {
				t.Errorf("Parse(nil) = %v, %v", attrs, d)
			}
		}},
		{Func: "ReadFile", Name: "empty path", Call: func(t *testing.T) {
			b, fi, err := ReadFile("", -1)
			if b != nil || fi != nil || err == nil || err.Error() != "stat : no such file or directory" {
				t.Errorf("ReadFile(\"\") = %q, %v, %v", b, fi, err)
			}
		}},
		{Func: "Syntax", Name: "nil body", Call: func(t *testing.T) {
			attrs, blocks, d, ok := Syntax(nil)
			if attrs != nil || blocks != nil || d != nil || ok {
				t.Errorf("Syntax(nil) = %v, %v, %v, %v", attrs, blocks, d, ok)
			}
		}},
		{Func: "Unquoted", Name: "nil expression", Call: func(t *testing.T) {
			if e, d := Unquoted(nil, "keywords"); e != nil || d != nil {
				t.Errorf("Unquoted(nil) = %v, %v", e, d)
			}
		}},
		{Func: "Unquoted", Name: "unknown what", Panic: `module: Unquoted of "": want "references" or "keywords"`, Call: func(t *testing.T) {
			Unquoted(nil, "")
		}},
		{Func: "ReadValue", Name: "nil expression", Panic: "module: ReadValue of a nil hcl.Expression", Call: func(t *testing.T) {
			ReadValue(nil, schema.Literal, false)
		}},
		{Func: "ReadValue", Name: "mode out of range", Panic: "module: ReadValue in unknown Mode(200)", Call: func(t *testing.T) {
			ReadValue(hcl.StaticExpr(cty.True, hcl.Range{}), 200, false)
		}},
		{Func: "ReadText", Name: "mode out of range", Panic: "module: ReadValue in unknown Mode(200)", Call: func(t *testing.T) {
			ReadText("x", 200)
		}},
		{Func: "ReadText", Name: "empty text", Call: func(t *testing.T) {
			v, diags := ReadText("", schema.NativeExpr)
			if got, want := hcltest.RenderDiags(diags), ":1,2-2: error: Missing expression; Expected the start of an expression, but found the end of the file.\n"; got != want || v.Expr == nil {
				t.Errorf("ReadText(\"\") = %v,\n%s\nwant\n%s", v.Expr, got, want)
			}
		}},
		{Func: "ReadText", Name: "not UTF-8", Call: func(t *testing.T) {
			// Written as JSON writes it, \ufffd (six bytes), which is no
			// native syntax.
			_, diags := ReadText("\xff", schema.NativeExpr)
			want := ":1,2-8: error: Invalid character; This character is not used within the language.\n" +
				":1,2-8: error: Invalid expression; Expected the start of an expression, but found an invalid expression token.\n"
			if got := hcltest.RenderDiags(diags); got != want {
				t.Errorf("ReadText of a byte that is not UTF-8:\n%s\nwant\n%s", got, want)
			}
		}},
		{Func: "ResolveProgram", Name: "out of range", Panic: badProgram, Call: func(t *testing.T) { ResolveProgram(3, ".") }},
		{Func: "ResolveProgram", Name: "no such directory", Call: func(t *testing.T) {
			if p := ResolveProgram(Auto, "testdata/no-such-dir"); p != Auto {
				t.Errorf("ResolveProgram = %v", p)
			}
		}},
		{Func: "Module.Body", Name: "nil receiver", Call: func(t *testing.T) {
			body, d := (*Module)(nil).Body(nil)
			attrs, _ := body.JustAttributes()
			if len(attrs) != 0 || d != nil {
				t.Errorf("Body = %v, %v", attrs, d)
			}
		}},
		{Func: "Module.HCLFiles", Name: "nil receiver", Call: func(t *testing.T) {
			if files := (*Module)(nil).HCLFiles(); files != nil {
				t.Errorf("HCLFiles = %v", files)
			}
		}},
		{Func: "Module.SplitFiles", Name: "nil receiver", Call: func(t *testing.T) {
			if p, o := (*Module)(nil).SplitFiles(); p != nil || o != nil {
				t.Errorf("SplitFiles = %v, %v", p, o)
			}
		}},
		{Func: "Module.SplitFiles", Name: "nil file", Panic: "module: Module.SplitFiles: Files[1] is nil", Call: func(t *testing.T) {
			(&Module{Files: []*File{{File: file("")}, nil}}).SplitFiles()
		}},
		{Func: "SizeError.Error", Name: "zero", Call: func(t *testing.T) {
			if got := (&SizeError{}).Error(); got != "it has 0 bytes, more than the limit of 0" {
				t.Errorf("got %q", got)
			}
		}},
		{Func: "SizeError.Error", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { _ = (*SizeError)(nil).Error() }},
	})
}

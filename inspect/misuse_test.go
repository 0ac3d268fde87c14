package inspect

import (
	"bytes"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): a nil Config (and a
// nil entry in one) is no configuration, written null and summarized as
// nothing; every MarshalJSON writes null for nil; an absent Expression is
// empty; a value that cannot be marshalled is MarshalJSON's error; a
// directory that does not exist is an error; a nil writer, expression,
// file or model panics.
func TestMisuse(t *testing.T) {
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	marshal := func(t *testing.T, m interface{ MarshalJSON() ([]byte, error) }, want string) {
		t.Helper()
		b, err := m.MarshalJSON()
		if err != nil || string(b) != want {
			t.Errorf("MarshalJSON = %s, %v; want %s", b, err, want)
		}
	}
	marshalErr := func(t *testing.T, m interface{ MarshalJSON() ([]byte, error) }, want string) {
		t.Helper()
		b, err := m.MarshalJSON()
		if b != nil || err == nil || err.Error() != want {
			t.Errorf("MarshalJSON = %s, %v; want the error %q", b, err, want)
		}
	}
	write := func(t *testing.T, f func(*bytes.Buffer) error, want string) {
		t.Helper()
		var b bytes.Buffer
		if err := f(&b); err != nil || b.String() != want {
			t.Errorf("wrote %q, %v; want %q", b.String(), err, want)
		}
	}
	withNils := &Config{
		ProviderConfig: map[string]*ProviderConfig{"aws": nil},
		RootModule: &ModuleConfig{
			Outputs: map[string]*Output{"o": nil}, Resources: []*Resource{nil}, ModuleCalls: map[string]*ModuleCall{"m": nil},
			Variables: map[string]*Variable{"v": nil}, Locals: map[string]*Local{"l": nil},
		},
	}
	noRead := Options{ReadDir: func(string) ([]*hcl.File, hcl.Diagnostics) { return nil, nil }, Language: schema.Terraform}
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "WriteJSON", Name: "nil writer", Panic: "inspect: WriteJSON with a nil io.Writer", Call: func(t *testing.T) { WriteJSON(nil, &Config{}, false) }},
		{Func: "WriteJSON", Name: "nil config", Call: func(t *testing.T) {
			write(t, func(b *bytes.Buffer) error { return WriteJSON(b, nil, true) }, "null\n")
		}},
		{Func: "WriteJSON", Name: "nil entries", Call: func(t *testing.T) {
			write(t, func(b *bytes.Buffer) error { return WriteJSON(b, withNils, false) },
				`{"provider_config":{"aws":null},"root_module":{"outputs":{"o":null},"resources":[null],"module_calls":{"m":null},"variables":{"v":null},"locals":{"l":null}}}`+"\n")
		}},
		{Func: "WriteText", Name: "nil writer", Panic: "inspect: WriteText with a nil io.Writer", Call: func(t *testing.T) { WriteText(nil, &Config{}) }},
		{Func: "WriteText", Name: "nil config", Call: func(t *testing.T) {
			write(t, func(b *bytes.Buffer) error { return WriteText(b, nil) }, "")
		}},
		{Func: "WriteText", Name: "nil entries", Call: func(t *testing.T) {
			write(t, func(b *bytes.Buffer) error { return WriteText(b, withNils) },
				"provider configurations\nmodule (root)\n  variables\n  outputs\n  locals\n  resources\n  module calls\n")
		}},
		{Func: "References", Name: "nil", Panic: "inspect: References of a nil hcl.Expression", Call: func(t *testing.T) { References(nil) }},
		{Func: "NewExpression", Name: "nil", Panic: "inspect: NewExpression of a nil hcl.Expression", Call: func(t *testing.T) { NewExpression(nil) }},
		{Func: "Files", Name: "no files", Call: func(t *testing.T) {
			cfg, diags := Files("dir", nil, noRead)
			if diags != nil {
				t.Errorf("diagnostics %v", diags)
			}
			write(t, func(b *bytes.Buffer) error { return WriteJSON(b, cfg, false) }, `{"root_module":{}}`+"\n")
		}},
		{Func: "Files", Name: "nil file", Panic: "inspect: Files: file 1 is nil or has no Body", Call: func(t *testing.T) {
			Files("dir", []*hcl.File{{Body: hcl.EmptyBody()}, nil}, noRead)
		}},
		{Func: "Files", Name: "file without a body", Panic: "inspect: Files: file 0 is nil or has no Body", Call: func(t *testing.T) {
			Files("dir", []*hcl.File{{}}, noRead)
		}},
		{Func: "FromTree", Name: "nil tree", Panic: "inspect: FromTree with a nil *module.Tree", Call: func(t *testing.T) { FromTree(nil, Options{}) }},
		{Func: "FromTree", Name: "zero tree", Panic: "module: Tree.Program of a Tree that LoadTree or TreeOf did not make", Call: func(t *testing.T) {
			FromTree(&module.Tree{}, Options{Language: schema.Terraform})
		}},
		{Func: "Module", Name: "no such directory", Call: func(t *testing.T) {
			cfg, diags := Module("testdata/no-such-dir", Options{MaxModuleCalls: -1, MaxFileSize: -1})
			if got, want := hcltest.RenderDiags(diags), "-: error: Module directory does not exist; The module directory testdata/no-such-dir does not exist.\n"; got != want {
				t.Errorf("diagnostics\n%s\nwant\n%s", got, want)
			}
			write(t, func(b *bytes.Buffer) error { return WriteJSON(b, cfg, false) }, `{"root_module":{}}`+"\n")
		}},
		{Func: "Module", Name: "program out of range", Panic: "module: unknown Program(3)", Call: func(t *testing.T) {
			Module("testdata/native", Options{Program: module.Program(3)})
		}},
		{Func: "Expression.Empty", Name: "nil", Call: func(t *testing.T) {
			if !(*Expression)(nil).Empty() || !(&Expression{}).Empty() {
				t.Error("a nil or zero Expression is not empty")
			}
		}},
		{Func: "Expression.MarshalJSON", Name: "nil and zero", Call: func(t *testing.T) {
			marshal(t, (*Expression)(nil), "null")
			marshal(t, &Expression{}, "{}")
		}},
		{Func: "Expressions.MarshalJSON", Name: "nil and zero", Call: func(t *testing.T) {
			marshal(t, (*Expressions)(nil), "null")
			marshal(t, &Expressions{}, "{}")
		}},
		{Func: "IgnoreChanges.MarshalJSON", Name: "nil and zero", Call: func(t *testing.T) {
			marshal(t, (*IgnoreChanges)(nil), "null")
			marshal(t, &IgnoreChanges{}, "[]")
		}},
		{Func: "NestedBlocks.MarshalJSON", Name: "nil and zero", Call: func(t *testing.T) {
			marshal(t, (*NestedBlocks)(nil), "null")
			marshal(t, &NestedBlocks{}, "{}")
		}},
		{Func: "NestedBlocks.MarshalJSON", Name: "map nesting without keys", Call: func(t *testing.T) {
			marshalErr(t, &NestedBlocks{Nesting: schema.NestingMap, Blocks: []*Expressions{{}}}, "inspect: NestedBlocks of map nesting with 1 blocks and 0 keys")
		}},
		{Func: "NestedBlocks.MarshalJSON", Name: "nesting out of range", Call: func(t *testing.T) {
			marshalErr(t, &NestedBlocks{Nesting: 99}, "inspect: NestedBlocks with Nesting(99)")
		}},
		{Func: "Variable.MarshalJSON", Name: "nil and zero", Call: func(t *testing.T) {
			marshal(t, (*Variable)(nil), "null")
			marshal(t, &Variable{}, `{"required":true}`)
		}},
		{Func: "Variable.Required", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Variable)(nil).Required() }},
	})
}

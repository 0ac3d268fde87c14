package schema

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/misusetest"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): the zero Body is a
// closed body with nothing in it, a nil one has no nested bodies, a nil
// set of provider schemas adds none, empty names have no ending or
// language, an enumeration out of range prints as Type(n); nil hcl
// bodies and blocks, and the methods of nil pointers, panic.
func TestMisuse(t *testing.T) {
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	var nilBody *Body
	eq := func(t *testing.T, got, want any) {
		t.Helper()
		if got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	}
	empty := hcl.EmptyBody()
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "ParseProgram", Name: "empty", Call: func(t *testing.T) {
			if p, err := ParseProgram(""); p != ProgramAuto || err != nil {
				t.Errorf("ParseProgram(\"\") = %v, %v", p, err)
			}
		}},
		{Func: "Program.String", Name: "out of range", Call: func(t *testing.T) { eq(t, Program(3).String(), "Program(3)") }},
		{Func: "Program.ConfigLanguage", Name: "out of range", Panic: "schema: unknown Program(3)", Call: func(t *testing.T) { Program(3).ConfigLanguage() }},
		{Func: "Program.Language", Name: "out of range", Panic: "schema: unknown Program(3)", Call: func(t *testing.T) { Program(3).Language("a.tf") }},
		{Func: "Program.Language", Name: "empty name", Call: func(t *testing.T) {
			if l := ProgramAuto.Language(""); l != nil {
				t.Errorf("Language(\"\") = %v", l.Name)
			}
		}},
		{Func: "InSourceOrder", Name: "nil diagnostics, no subjects, empty summary", Call: func(t *testing.T) {
			if got := InSourceOrder(nil, ""); got != nil {
				t.Errorf("InSourceOrder(nil) = %v", got)
			}
			// Diagnostics without a subject stay where they are, whatever
			// their summary.
			a := &hcl.Diagnostic{Summary: "Unsupported argument", Detail: "a"}
			b := &hcl.Diagnostic{Summary: "Unsupported argument", Detail: "b"}
			got := InSourceOrder(hcl.Diagnostics{a, b}, "Unsupported argument")
			if len(got) != 2 || got[0] != a || got[1] != b {
				t.Errorf("InSourceOrder without subjects = %v", got)
			}
		}},
		{Func: "ImpliedProvider", Name: "empty type", Call: func(t *testing.T) { eq(t, ImpliedProvider(""), "") }},
		{Func: "BuiltinProviderSchemas", Name: "no argument", Call: func(t *testing.T) {
			if ps := BuiltinProviderSchemas(); ps == nil || len(ps.Schemas) != 1 {
				t.Errorf("BuiltinProviderSchemas = %v", ps)
			}
		}},
		{Func: "ReadProviderSchemas", Name: "nil input", Call: func(t *testing.T) {
			ps, err := ReadProviderSchemas(nil)
			if ps != nil || err == nil || err.Error() != "schema: reading provider schemas: at byte 0: unexpected end of JSON input" {
				t.Errorf("ReadProviderSchemas(nil) = %v, %v", ps, err)
			}
		}},
		{Func: "Evidence.Add", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Evidence)(nil).Add("resource", "t", nil, "x", WrittenBlock) }},
		{Func: "Evidence.Len", Name: "nil receiver", Call: func(t *testing.T) { eq(t, (*Evidence)(nil).Len(), 0) }},
		{Func: "Evidence.Lookup", Name: "nil receiver", Call: func(t *testing.T) { eq(t, (*Evidence)(nil).Lookup("resource", "t", nil, "x"), Written(0)) }},
		{Func: "Evidence.Provider", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Evidence)(nil).Provider("resource", "t", "google") }},
		{Func: "Evidence.Source", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Evidence)(nil).Source("google", "hashicorp/google") }},
		{Func: "KnownName", Name: "unknown kind, provider and empty names", Call: func(t *testing.T) {
			eq(t, KnownName("google", "module", "google_compute_instance", nil, "boot_disk"), Written(0))
			eq(t, KnownName("nosuch", "resource", "nosuch_x", nil, "x"), Written(0))
			eq(t, KnownName("", "", "", nil, ""), Written(0))
			eq(t, KnownName("../google", "resource", "google_compute_instance", nil, "boot_disk"), Written(0))
		}},
		{Func: "KnownProviders", Name: "no arguments", Call: func(t *testing.T) {
			if len(KnownProviders()) == 0 {
				t.Error("no providers")
			}
		}},
		{Func: "Language.WithEvidence", Name: "nil receiver", Call: func(t *testing.T) { eq(t, (*Language)(nil).WithEvidence(&Evidence{}), (*Language)(nil)) }},
		{Func: "Language.WithEvidence", Name: "nil evidence", Call: func(t *testing.T) { eq(t, Terraform.WithEvidence(nil), Terraform) }},
		{Func: "EndingOf", Name: "empty name", Call: func(t *testing.T) { eq(t, EndingOf(""), Ending{}) }},
		{Func: "LanguageFor", Name: "empty name", Call: func(t *testing.T) { eq(t, LanguageFor(""), (*Language)(nil)) }},
		{Func: "Endings", Name: "no argument", Call: func(t *testing.T) { eq(t, len(Endings()), 15) }},
		{Func: "Attribute.AllowsKeyword", Name: "zero Attribute", Call: func(t *testing.T) { eq(t, (&Attribute{}).AllowsKeyword(""), false) }},
		{Func: "Attribute.AllowsKeyword", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Attribute)(nil).AllowsKeyword("") }},
		{Func: "Block.BodyFor", Name: "zero Block", Call: func(t *testing.T) { eq(t, (&Block{}).BodyFor(""), nilBody) }},
		{Func: "Block.BodyFor", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Block)(nil).BodyFor("") }},
		{Func: "Body.Argument", Name: "zero Body", Call: func(t *testing.T) {
			arg, ok := (&Body{}).Argument("x")
			eq(t, arg, Argument{})
			eq(t, ok, false)
		}},
		{Func: "Body.Argument", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.Argument("x") }},
		{Func: "Body.Attribute", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.Attribute("x") }},
		{Func: "Body.Block", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.Block("x") }},
		{Func: "Body.BlocksArgument", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.BlocksArgument("x") }},
		{Func: "Body.Lookup", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.Lookup("x") }},
		{Func: "Body.Lookup", Name: "zero Body", Call: func(t *testing.T) { eq(t, (&Body{}).Lookup("x"), nil) }},
		{Func: "Body.Find", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.Find("x") }},
		{Func: "Body.Find", Name: "no names", Call: func(t *testing.T) { eq(t, Terraform.Root.Find(), nil) }},
		{Func: "Body.HCL", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.HCL() }},
		{Func: "Body.NestedBody", Name: "nil receiver", Call: func(t *testing.T) { eq(t, nilBody.NestedBody("x"), nilBody) }},
		{Func: "Body.Validate", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.Validate() }},
		{Func: "Body.Validate", Name: "zero Body", Call: func(t *testing.T) { eq(t, (&Body{}).Validate(), nil) }},
		{Func: "Body.Validate", Name: "mode out of range", Call: func(t *testing.T) {
			err := (&Body{Attributes: []Attribute{{Name: "a", Mode: 99}}}).Validate()
			if err == nil || err.Error() != "schema: root: a: invalid mode Mode(99)" {
				t.Errorf("Validate = %v", err)
			}
		}},
		{Func: "Body.Content", Name: "nil hcl.Body", Panic: "schema: Body.Content of a nil hcl.Body", Call: func(t *testing.T) { Terraform.Root.Content(nil) }},
		{Func: "Body.Content", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.Content(empty) }},
		{Func: "Contents.Content", Name: "nil hcl.Body", Panic: "schema: Contents.Content of a nil hcl.Body", Call: func(t *testing.T) { (&Contents{}).Content(Terraform.Root, nil) }},
		{Func: "Contents.Content", Name: "nil schema body", Panic: nilDeref, Call: func(t *testing.T) { (&Contents{}).Content(nilBody, empty) }},
		{Func: "Contents.Content", Name: "nil receiver", Call: func(t *testing.T) {
			// Decodes every time, as Body.Content does.
			c1, _, _ := (*Contents)(nil).Content(Terraform.Root, empty)
			c2, _, _ := (*Contents)(nil).Content(Terraform.Root, empty)
			if c1 == nil || c1 == c2 {
				t.Errorf("nil Contents: %p, %p", c1, c2)
			}
		}},
		{Func: "Body.CheckContent", Name: "nil hcl.Body", Panic: "schema: Body.CheckContent of a nil hcl.Body", Call: func(t *testing.T) { Terraform.Root.CheckContent(nil) }},
		{Func: "Body.CheckStructure", Name: "nil hcl.Body", Panic: "schema: Body.CheckStructure of a nil hcl.Body", Call: func(t *testing.T) { Terraform.Root.CheckStructure(nil) }},
		{Func: "Body.CheckStructure", Name: "zero Body, empty body", Call: func(t *testing.T) {
			if diags := (&Body{}).CheckStructure(empty); diags != nil {
				t.Errorf("diagnostics %v", diags)
			}
		}},
		{Func: "Body.CheckBlock", Name: "nil block", Panic: "schema: Body.CheckBlock of a nil *hcl.Block", Call: func(t *testing.T) { Terraform.Root.CheckBlock(nil) }},
		{Func: "Body.CheckBlock", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { nilBody.CheckBlock(&hcl.Block{Body: empty}) }},
		{Func: "Language.WithProviders", Name: "nil schemas", Call: func(t *testing.T) {
			l, err := Terraform.WithProviders(nil)
			eq(t, l, Terraform)
			eq(t, err, nil)
		}},
		{Func: "Language.WithProviders", Name: "zero Language", Call: func(t *testing.T) {
			l, err := (&Language{}).WithProviders(nil)
			if l != nil || err == nil || err.Error() != "schema: the language has no root body" {
				t.Errorf("WithProviders = %v, %v", l, err)
			}
		}},
		{Func: "Language.WithProviders", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Language)(nil).WithProviders(nil) }},
		{Func: "Mode.String", Name: "out of range", Call: func(t *testing.T) { eq(t, Mode(99).String(), "Mode(99)") }},
		{Func: "Mode.Syntax", Name: "out of range", Call: func(t *testing.T) { eq(t, Mode(99).Syntax(), false) }},
		{Func: "Nesting.String", Name: "out of range", Call: func(t *testing.T) { eq(t, Nesting(99).String(), "Nesting(99)") }},
		{Func: "Shape.String", Name: "out of range", Call: func(t *testing.T) { eq(t, Shape(99).String(), "Shape(99)") }},
	})
}

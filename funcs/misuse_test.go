package funcs

import (
	"testing"

	"github.com/hcljson/hcljson/internal/misusetest"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): an empty name names
// no function; a Program out of range panics, except in String and
// Version, which describe it.
func TestMisuse(t *testing.T) {
	const unknown = "funcs: unknown Program(3)"
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Evaluated", Name: "empty name", Call: func(t *testing.T) {
			if Evaluated(OpenTofu, "") {
				t.Error(`Evaluated(OpenTofu, "") = true`)
			}
		}},
		{Func: "Evaluated", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Evaluated(3, "length") }},
		{Func: "Lookup", Name: "empty name", Call: func(t *testing.T) {
			if sig, ok := Lookup(Terraform, ""); ok || sig.Params != nil || sig.VarParam != nil {
				t.Errorf(`Lookup(Terraform, "") = %v, %v`, sig, ok)
			}
		}},
		{Func: "Lookup", Name: "program out of range", Panic: "funcs: unknown Program(-1)", Call: func(t *testing.T) { Lookup(-1, "length") }},
		{Func: "Names", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Names(3) }},
		{Func: "Signatures", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Signatures(3) }},
		{Func: "Table", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Table(3) }},
		{Func: "Added", Name: "empty name", Call: func(t *testing.T) {
			if got := Added(Terraform114, ""); got != "" {
				t.Errorf(`Added(Terraform114, "") = %q`, got)
			}
		}},
		{Func: "Added", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Added(3, "length") }},
		{Func: "Differences", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Differences(OpenTofu, 3) }},
		{Func: "Differences", Name: "the same program twice", Call: func(t *testing.T) {
			if got := Differences(Terraform, Terraform); len(got) != 0 {
				t.Errorf("Differences(Terraform, Terraform) = %v", got)
			}
		}},
		{Func: "ParseProgram", Name: "empty", Call: func(t *testing.T) {
			if _, ok := ParseProgram(""); ok {
				t.Error(`ParseProgram("") is ok`)
			}
		}},
		{Func: "Program.String", Name: "out of range", Call: func(t *testing.T) {
			if got := Program(3).String(); got != "Program(3)" {
				t.Errorf("got %q", got)
			}
		}},
		{Func: "Program.Version", Name: "out of range", Call: func(t *testing.T) {
			if got := Program(3).Version(); got != "" {
				t.Errorf("got %q", got)
			}
		}},
	})
}

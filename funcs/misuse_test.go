package funcs

import (
	"testing"

	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/schema"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): an empty name names
// no function; a Release or schema.Program out of range panics,
// except in String and Version, which describe it.
func TestMisuse(t *testing.T) {
	const unknown = "funcs: unknown Release(3)"
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "Evaluated", Name: "empty name", Call: func(t *testing.T) {
			if Evaluated(OpenTofu112, "") {
				t.Error(`Evaluated(OpenTofu112, "") = true`)
			}
		}},
		{Func: "Evaluated", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Evaluated(3, "length") }},
		{Func: "Lookup", Name: "empty name", Call: func(t *testing.T) {
			if sig, ok := Lookup(Terraform157, ""); ok || sig.Params != nil || sig.VarParam != nil {
				t.Errorf(`Lookup(Terraform157, "") = %v, %v`, sig, ok)
			}
		}},
		{Func: "Lookup", Name: "program out of range", Panic: "funcs: unknown Release(-1)", Call: func(t *testing.T) { Lookup(-1, "length") }},
		{Func: "Names", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Names(3) }},
		{Func: "Signatures", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Signatures(3) }},
		{Func: "Table", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Table(3) }},
		{Func: "Function", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Function(3, "length") }},
		{Func: "Function", Name: "empty name", Call: func(t *testing.T) {
			if _, ok := Function(OpenTofu112, ""); ok {
				t.Error(`Function(OpenTofu112, "") found`)
			}
		}},
		{Func: "Added", Name: "empty name", Call: func(t *testing.T) {
			if got := Added(Terraform114, ""); got != "" {
				t.Errorf(`Added(Terraform114, "") = %q`, got)
			}
		}},
		{Func: "Added", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Added(3, "length") }},
		{Func: "Differences", Name: "program out of range", Panic: unknown, Call: func(t *testing.T) { Differences(OpenTofu112, 3) }},
		{Func: "Differences", Name: "the same program twice", Call: func(t *testing.T) {
			if got := Differences(Terraform157, Terraform157); len(got) != 0 {
				t.Errorf("Differences(Terraform157, Terraform157) = %v", got)
			}
		}},
		{Func: "ReleaseOf", Name: "program out of range", Panic: "funcs: unknown Program(3)", Call: func(t *testing.T) { ReleaseOf(3) }},
		{Func: "ReleaseOf", Name: "auto", Call: func(t *testing.T) {
			if got := ReleaseOf(schema.ProgramAuto); got != OpenTofu112 {
				t.Errorf("ReleaseOf(auto) = %v %v", got, got.Version())
			}
		}},
		{Func: "TableFor", Name: "program out of range", Panic: "funcs: unknown Program(3)", Call: func(t *testing.T) { TableFor(3, 12) }},
		{Func: "TableFor", Name: "negative minor", Call: func(t *testing.T) {
			m := TableFor(schema.ProgramTerraform, -1)
			_, tmpl := m["templatestring"]
			if _, length := m["length"]; tmpl || !length {
				t.Errorf("TableFor(Terraform, -1) has templatestring or lacks length: %d functions", len(m))
			}
		}},
		{Func: "Release.String", Name: "out of range", Call: func(t *testing.T) {
			if got := Release(3).String(); got != "Release(3)" {
				t.Errorf("got %q", got)
			}
		}},
		{Func: "Release.Version", Name: "out of range", Call: func(t *testing.T) {
			if got := Release(3).Version(); got != "" {
				t.Errorf("got %q", got)
			}
		}},
	})
}

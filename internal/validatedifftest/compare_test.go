package validatedifftest

import (
	"strings"
	"testing"
)

// TestParseResult reads both shapes: validate -json's object and hcljson
// check's array, with file names made relative to the module.
func TestParseResult(t *testing.T) {
	validate := `{"format_version":"1.0","valid":false,"error_count":1,"warning_count":1,"diagnostics":[
		{"severity":"warning","summary":"Provider development overrides are in effect","detail":"..."},
		{"severity":"error","summary":"Reference to undeclared input variable","range":{"filename":"case.tf","start":{"line":2,"column":11,"byte":23},"end":{"line":2,"column":19,"byte":31}}}]}`
	check := `[{"severity":"error","summary":"Unsupported argument","subject":{"filename":"/m/./child/main.tf","start":{"line":3,"column":3,"byte":20},"end":{"line":3,"column":8,"byte":25}}}]`
	r, err := ParseResult([]byte(validate), "/m")
	if err != nil {
		t.Fatal(err)
	}
	if r.Valid || len(r.Errors()) != 1 || r.FirstError().Where() != "case.tf:2" {
		t.Errorf("validate -json: %+v, first error at %s", r, r.FirstError().Where())
	}
	r, err = ParseResult([]byte(check), "/m")
	if err != nil {
		t.Fatal(err)
	}
	if r.Valid || r.FirstError().Where() != "child/main.tf:3" {
		t.Errorf("check --format json: %+v, first error at %s", r, r.FirstError().Where())
	}
	r, err = ParseResult([]byte("[]\n"), "/m")
	if err != nil || !r.Valid || r.FirstError() != nil || Describe(r) != "valid" {
		t.Errorf("an empty array: %+v, %v", r, err)
	}
	if _, err := ParseResult([]byte("Error: no"), "/m"); err == nil {
		t.Error("text read as a result")
	}
}

// TestTable compares results and counts them.
func TestTable(t *testing.T) {
	at := func(file string, line int) Diagnostic {
		return Diagnostic{Severity: "error", Summary: "s", Range: &Range{Filename: file, Start: Pos{Line: line}}}
	}
	valid := &Result{Valid: true}
	faulty := func(ds ...Diagnostic) *Result { return &Result{Diagnostics: ds} }
	v := func(class, syntax string, ok bool) *Variant {
		return &Variant{Class: class, Name: "n", Syntax: syntax, Valid: ok}
	}
	outcomes := []Outcome{
		Compare(v(Undeclared, Native, true), valid, valid),
		Compare(v(Undeclared, Native, false), faulty(at("a.tf", 2), at("b.tf", 3)), faulty(at("b.tf", 3))),
		Compare(v(Undeclared, JSON, false), faulty(at("a.tf.json", 6)), valid),
		Compare(v(Meta, Native, false), faulty(Diagnostic{Severity: "error", Summary: "no range"}), faulty(Diagnostic{Severity: "error"})),
	}
	if o := outcomes[1]; !o.SameVerdict || o.SameFirst || !o.SameAny {
		t.Errorf("a later error of the client's: %+v", o)
	}
	if o := outcomes[3]; !o.SameFirst {
		t.Errorf("first errors without a range: %+v", o)
	}
	rows := Table(outcomes)
	total := rows[len(rows)-1]
	if total.Class != "all" || total.Syntax != "" || total.Variants != 4 || total.Faulty != 3 || total.SameVerdict != 3 || total.SameFirst != 1 || total.SameAny != 2 || total.Missed != 1 || total.FalseErrors != 0 {
		t.Errorf("total %+v", total)
	}
	if rows[0].Class != Undeclared || rows[0].Syntax != Native || rows[0].Variants != 2 {
		t.Errorf("first row %+v", rows[0])
	}
	text := FormatTable(rows)
	if !strings.Contains(text, "| undeclared | native | 2 | 1 | 2 | 2 (100%) | 0 | 0 | 0/1 (0%) | 1/1 (100%) |") {
		t.Errorf("table:\n%s", text)
	}
}

package schema

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestInSourceOrder checks that the diagnostics of one summary take the
// order of their subjects' start offsets, in the places those of that
// summary held, whatever their file, and that the others stay put.
func TestInSourceOrder(t *testing.T) {
	at := func(file string, off int, summary, detail string) *hcl.Diagnostic {
		return &hcl.Diagnostic{Summary: summary, Detail: detail, Subject: &hcl.Range{
			Filename: file, Start: hcl.Pos{Byte: off}, End: hcl.Pos{Byte: off + 1},
		}}
	}
	const u = "Unsupported argument"
	diags := hcl.Diagnostics{
		at("b.tf", 30, u, "b30"),
		at("a.tf", 5, "Other", "other"),
		at("a.tf", 20, u, "a20"),
		{Summary: u, Detail: "no subject"},
		at("b.tf", 10, u, "b10"),
	}
	got := InSourceOrder(diags, u)
	want := []string{"b10", "other", "a20", "no subject", "b30"}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d", len(got), len(want))
	}
	for i, d := range got {
		if d.Detail != want[i] {
			t.Errorf("diagnostic %d: got %q, want %q", i, d.Detail, want[i])
		}
	}
}

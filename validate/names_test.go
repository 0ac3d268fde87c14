package validate

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestProviderLocalName checks the provider local names the programs
// accept (registry-address's ParseProviderPart, whose IDNA mapping
// lowers case) and the detail of those they refuse. A name with letters
// outside ASCII is accepted unless it has a dot or two dashes together:
// IDNA's mapping of it is not reproduced.
func TestProviderLocalName(t *testing.T) {
	for _, tt := range []struct {
		name, detail string // detail "" when accepted
	}{
		{name: "aws"},
		{name: "1aws"},
		{name: "a-b-c"},
		{name: "0"},
		{name: "xn-a"},
		{name: "émoji"},
		{name: "ÉMOJI"},
		{name: "", detail: " is an invalid provider local name: must have at least one character"},
		{name: "a.b", detail: "a.b is an invalid provider local name: dots are not allowed"},
		{name: "é.b", detail: "é.b is an invalid provider local name: dots are not allowed"},
		{name: "a--b", detail: "a--b is an invalid provider local name: cannot use multiple consecutive dashes"},
		{name: "-a", detail: "-a is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes"},
		{name: "a-", detail: "a- is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes"},
		{name: "a_b", detail: "a_b is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes"},
		{name: "a b", detail: "a b is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes"},
		{name: "AWS", detail: `Provider names must be normalized. Replace "AWS" with "aws" to fix this error.`},
		{name: "Aws-2", detail: `Provider names must be normalized. Replace "Aws-2" with "aws-2" to fix this error.`},
	} {
		rng := hcl.Range{Filename: "main.tf", Start: hcl.Pos{Line: 3, Column: 1}, End: hcl.Pos{Line: 3, Column: 9, Byte: 8}}
		d := providerLocalName(tt.name, rng)
		switch {
		case tt.detail == "" && d != nil:
			t.Errorf("%q: %s; %s, want none", tt.name, d.Summary, d.Detail)
		case tt.detail != "" && d == nil:
			t.Errorf("%q: accepted, want %q", tt.name, tt.detail)
		case d != nil && (d.Summary != "Invalid provider local name" || d.Detail != tt.detail || *d.Subject != rng):
			t.Errorf("%q: %s; %s at %v, want %q at %v", tt.name, d.Summary, d.Detail, d.Subject, tt.detail, rng)
		}
	}
}

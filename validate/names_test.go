package validate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
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

// TestValidIdentifier checks validIdentifier against
// hclsyntax.ValidIdentifier: every string of up to three bytes from an
// alphabet of the classes that matter, and random strings with
// non-ASCII letters, marks and spaces.
func TestValidIdentifier(t *testing.T) {
	alphabet := []string{"a", "Z", "_", "-", "0", "9", ".", " ", "$", "é", "\u0301", "日", "\x80", "\n"}
	var check func(s string, depth int)
	check = func(s string, depth int) {
		if got, want := validIdentifier(s), hclsyntax.ValidIdentifier(s); got != want {
			t.Errorf("validIdentifier(%q) = %v, want %v", s, got, want)
		}
		if depth < 3 {
			for _, a := range alphabet {
				check(s+a, depth+1)
			}
		}
	}
	check("", 0)
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		if s := b.String(); validIdentifier(s) != hclsyntax.ValidIdentifier(s) {
			t.Errorf("validIdentifier(%q) = %v, hclsyntax says %v", s, validIdentifier(s), hclsyntax.ValidIdentifier(s))
		}
	}
}

package didyoumean

import "testing"

func TestClosestAndFirst(t *testing.T) {
	tests := []struct {
		name    string
		given   string
		names   []string
		closest string
		first   string
	}{
		{
			name:    "exact match",
			given:   "count",
			names:   []string{"for_each", "count"},
			closest: "count",
			first:   "count",
		},
		{
			name:    "closer later name: Closest takes it, First does not",
			given:   "colour",
			names:   []string{"colr", "color"},
			closest: "color",
			first:   "colr",
		},
		{
			name:    "tie: the first in names",
			given:   "ab",
			names:   []string{"ax", "ay"},
			closest: "ax",
			first:   "ax",
		},
		{
			name:    "distance two is suggested",
			given:   "abc",
			names:   []string{"axy"},
			closest: "axy",
			first:   "axy",
		},
		{
			name:    "distance three is not suggested",
			given:   "abc",
			names:   []string{"xyz", "abcdef"},
			closest: "",
			first:   "",
		},
		{
			name:    "nil names",
			given:   "abc",
			names:   nil,
			closest: "",
			first:   "",
		},
		{
			name:    "empty names",
			given:   "abc",
			names:   []string{},
			closest: "",
			first:   "",
		},
		{
			name:    "empty given: names of up to two characters",
			given:   "",
			names:   []string{"abc", "ab"},
			closest: "ab",
			first:   "ab",
		},
		{
			name:    "an empty name chosen is no suggestion",
			given:   "a",
			names:   []string{"", "b"},
			closest: "",
			first:   "",
		},
		{
			name:    "distance in runes: one rune of three bytes away",
			given:   "日本語",
			names:   []string{"日本"},
			closest: "日本",
			first:   "日本",
		},
		{
			name:    "distance in runes: three runes away is too far",
			given:   "ÿÿÿ",
			names:   []string{"yyy"},
			closest: "",
			first:   "",
		},
		{
			name:    "accented letter is one substitution",
			given:   "naïve",
			names:   []string{"native", "naive"},
			closest: "naive",
			first:   "native",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Closest(tt.given, tt.names); got != tt.closest {
				t.Errorf("Closest(%q, %q) = %q, want %q", tt.given, tt.names, got, tt.closest)
			}
			if got := First(tt.given, tt.names); got != tt.first {
				t.Errorf("First(%q, %q) = %q, want %q", tt.given, tt.names, got, tt.first)
			}
		})
	}
}

package inspect

import "testing"

func TestConstraintsString(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"~> 5.0, >= 5.10"}, "~> 5.0, >= 5.10.0"},
		{[]string{"~> 1.2.3"}, "~> 1.2.3"},
		{[]string{"~> 2"}, "~> 2.0"},
		{[]string{"~>2.0", "~> 2"}, "~> 2.0"},
		{[]string{">= 1.0, < 2.0", ">= 1"}, ">= 1.0.0, < 2.0.0"},
		{[]string{"1.0"}, "1.0.0"},
		{[]string{"= 1.0.0-beta.2", "1.0.0-beta.10", "1.0.0"}, "1.0.0-beta.2, 1.0.0-beta.10, 1.0.0"},
		{[]string{"!= 1.5, > 1"}, "> 1.0.0, != 1.5.0"},
		{[]string{"<= 3, >= 3"}, ">= 3.0.0, <= 3.0.0"},
		{[]string{""}, ""},
	}
	for _, tt := range tests {
		var cs []constraint
		for _, s := range tt.in {
			c, err := parseConstraints(s)
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			cs = append(cs, c...)
		}
		if got := constraintsString(cs); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseConstraintsErrors(t *testing.T) {
	tests := map[string]string{
		"=> 1.0":  `invalid specification "=> 1.0": invalid constraint operator "=>"`,
		">=  1.0": `invalid specification ">=  1.0": invalid version number " 1"`,
		"1.2.3.4": `invalid specification "1.2.3.4": too many numbered portions; only three are allowed (major, minor, patch)`,
		"1.*":     `invalid specification "1.*": invalid version number "*"`,
		"v1.0":    `invalid specification "v1.0": invalid version number "v1"`,
	}
	for in, want := range tests {
		if _, err := parseConstraints(in); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %s", in, err, want)
		}
	}
}

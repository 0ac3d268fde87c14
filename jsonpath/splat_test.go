package jsonpath

import (
	"strings"
	"testing"

	"github.com/hcljson/hcljson/scanner"
)

func TestLookupAll(t *testing.T) {
	src := `{
  "resource": {"aws_instance": {"web": {"ami": "a-1"}, "db": {"ami": "a-2"}, "web": {"ami": "dup"}}},
  "list": [{"n": 1}, {"n": 2}, {"m": 3}],
  "empty": [],
  "s": "x"
}`
	doc := scanner.Parse([]byte(src), scanner.Options{})
	for _, tt := range []struct {
		path string
		want []string // raw values
		err  string   // the error's summary and detail
	}{
		{path: "resource.aws_instance[*].ami", want: []string{`"a-1"`, `"a-2"`}},
		{path: "list[*]", want: []string{`{"n": 1}`, `{"n": 2}`, `{"m": 3}`}},
		{path: "list[*][*]", want: []string{`1`, `2`, `3`}},
		{path: "empty[*]", want: nil},
		{path: "s", want: []string{`"x"`}},
		{path: "list[*].n", err: `Key not found: The object at list[2] has no key "n".`},
		{path: "s[*]", err: `Not an array or object: The value at s is a string ("x"): [*] takes the elements of an array or the member values of an object.`},
		{path: "[*][*]", err: `Not an array or object: The value at s is a string ("x"): [*] takes the elements of an array or the member values of an object.`},
	} {
		path, err := Parse(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		res, diags := LookupAll(doc, nil, "t.json", path)
		if tt.err != "" {
			if !diags.HasErrors() || res != nil {
				t.Errorf("%s: %v, %v; want the error %q", tt.path, res, diags, tt.err)
				continue
			}
			d := diags[len(diags)-1]
			if got := d.Summary + ": " + d.Detail; !strings.HasPrefix(got, tt.err) || d.Subject == nil {
				t.Errorf("%s: %q (subject %v), want %q", tt.path, got, d.Subject, tt.err)
			}
			continue
		}
		var got []string
		for _, r := range res {
			got = append(got, string(r.Raw))
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || diags.HasErrors() {
			t.Errorf("%s: %q, %v; want %q", tt.path, got, diags, tt.want)
		}
	}
	// Lookup refuses a path with [*].
	path, _ := Parse("list[*].n")
	if res, diags := Lookup(doc, nil, "t.json", path); res != nil || !diags.HasErrors() || diags[0].Summary != "Several values" {
		t.Errorf("Lookup with [*]: %v, %v", res, diags)
	}
	if s := path.String(); s != "list[*].n" {
		t.Errorf("String() = %q", s)
	}
}

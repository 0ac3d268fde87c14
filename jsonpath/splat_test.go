package jsonpath

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
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

// TestLookupAllDiagnostics checks the warnings of LookupAll, each once and
// in document order (a repeated key of an object that [*] walks is warned
// about before its value is walked), and the range of an error.
func TestLookupAllDiagnostics(t *testing.T) {
	src := `{"o": {"x": {"k": 1, "k": 2}, "y": 3, "x": 4, "x": 5},
"a": [{"k": 1, "k": 2}, {"k": 3}, 7]}`
	doc := scanner.Parse([]byte(src), scanner.Options{})
	for _, tt := range []struct {
		path string
		want string
	}{
		{path: "o[*]", want: `object t.json:1,13-29@12-28 {"k": 1, "k": 2}
number t.json:1,36-37@35-36 3
t.json:1,39-42@38-41: warning: Duplicate key; The object at o has the key "x" more than once: the first, at line 1, column 8, is used; this one, at line 1, column 39, is ignored.
t.json:1,47-50@46-49: warning: Duplicate key; The object at o has the key "x" more than once: the first, at line 1, column 8, is used; this one, at line 1, column 47, is ignored.
`},
		{path: "o[*][*]", want: `t.json:1,39-42@38-41: warning: Duplicate key; The object at o has the key "x" more than once: the first, at line 1, column 8, is used; this one, at line 1, column 39, is ignored.
t.json:1,47-50@46-49: warning: Duplicate key; The object at o has the key "x" more than once: the first, at line 1, column 8, is used; this one, at line 1, column 47, is ignored.
t.json:1,22-25@21-24: warning: Duplicate key; The object at o.x has the key "k" more than once: the first, at line 1, column 14, is used; this one, at line 1, column 22, is ignored.
t.json:1,36-37@35-36: error: Not an array or object; The value at o.y is a number (3): [*] takes the elements of an array or the member values of an object. (context t.json:1,31-37@30-36)
`},
		{path: "a[*].k", want: `t.json:2,16-19@70-73: warning: Duplicate key; The object at a[0] has the key "k" more than once: the first, at line 2, column 8, is used; this one, at line 2, column 16, is ignored.
t.json:2,35-36@89-90: error: Not an object; The value at a[2] is a number (7), not an object, so it has no key "k".
`},
	} {
		path, err := Parse(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		res, diags := LookupAll(doc, nil, "t.json", path)
		var got strings.Builder
		for _, r := range res {
			fmt.Fprintf(&got, "%s %s %s\n", r.Kind, hcltest.Options{Bytes: true}.RenderRange(r.Range), r.Raw)
		}
		got.WriteString(hcltest.Options{Bytes: true}.RenderDiags(diags))
		if got.String() != tt.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.path, got.String(), tt.want)
		}
	}
}

// splatArray returns the minified document {"a":[{"b":0},{"b":1},...]}
// of n elements.
func splatArray(n int) []byte {
	b := []byte(`{"a":[`)
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, `{"b":%d}`, i)
	}
	return append(b, "]}"...)
}

// splatObject returns {"k0":{"b":0},"k1":{"b":1},...,"k0":{"b":0}}: n
// members and the first key again.
func splatObject(n int) []byte {
	b := []byte{'{'}
	for i := range n {
		b = fmt.Appendf(b, `"k%d":{"b":%d},`, i, i)
	}
	return append(b, `"k0":{"b":0}}`...)
}

// TestLookupAllLinear checks, without a clock, that LookupAll looks at a
// bounded number of tape nodes per value it takes: ten times the elements
// cost ten times the work, where looking each element up again from the
// root (as LookupAll once did) costs a hundred times. Issue 30: "get
// 'a[*].b'" on 1,000,000 elements ran for more than 300 s.
func TestLookupAllLinear(t *testing.T) {
	for _, tt := range []struct {
		name string
		doc  func(int) []byte
		path string
	}{
		{name: "array", doc: splatArray, path: "a[*].b"},
		{name: "object", doc: splatObject, path: "[*].b"},
		{name: "nested", doc: splatArray, path: "[*][*][*]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path, err := Parse(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			var work [2]int
			for i, n := range []int{1_000, 10_000} {
				doc := scanner.Parse(tt.doc(n), scanner.Options{})
				res, diags, w := lookupAll(doc, nil, "t.json", path)
				if len(res) != n || diags.HasErrors() {
					t.Fatalf("n=%d: %d values, %v", n, len(res), diags)
				}
				if last := res[n-1]; string(last.Raw) != fmt.Sprint(n-1) || last.Range.Start.Line != 1 {
					t.Fatalf("n=%d: last value %s at %v", n, last.Raw, last.Range)
				}
				work[i] = w
			}
			if work[1] > 10*work[0]+10 || work[0] > 4*1_000+10 {
				t.Errorf("work %d at 1,000 values, %d at 10,000: not linear", work[0], work[1])
			}
		})
	}
}

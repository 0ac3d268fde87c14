package jsonedit

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/jsonpath"
	"github.com/hcljson/hcljson/scanner"
)

func mustPath(t *testing.T, s string) jsonpath.Path {
	t.Helper()
	p, err := jsonpath.Parse(s)
	if err != nil {
		t.Fatalf("path %q: %v", s, err)
	}
	return p
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// valueRange returns the offsets of the value at path in src.
func valueRange(t *testing.T, src []byte, path jsonpath.Path) (int, int) {
	t.Helper()
	doc := scanner.Parse(src, scanner.Options{})
	res, diags := jsonpath.Lookup(doc, nil, "in", path)
	if diags.HasErrors() {
		t.Fatalf("%s: %s", path, diags.Error())
	}
	return int(doc.Nodes[res.Node].Start), doc.End(res.Node)
}

func splice(src []byte, start, end int, b []byte) []byte {
	return append(append(append([]byte(nil), src[:start]...), b...), src[end:]...)
}

// TestSetOnlyThoseBytes: Set of an existing value, in the object form
// cdktf writes (with "//" metadata members) and the array form hcljson fmt
// writes, gives the input with exactly that value's bytes replaced.
func TestSetOnlyThoseBytes(t *testing.T) {
	for _, c := range []struct{ file, path, value string }{
		{"cdktf.tf.json", "module.vpc.version", `"5.1.0"`},
		{"cdktf.tf.json", "terraform.required_providers.aws.version", `"5.40.0"`},
		{"cdktf.tf.json", `["//"].metadata.version`, `"0.21.0"`},
		{"cdktf.tf.json", "variable.ratio.default", `2.50e0`},
		{"cdktf.tf.json", "provider.aws[0].region", `"us-east-1"`},
		{"array.tf.json", "module[0].vpc[0].version", `"5.1.0"`},
		{"array.tf.json", "terraform[0].required_providers[0].aws.version", `"~> 5.40"`},
		{"array.tf.json", "module[0].vpc[0].azs[1]", `"eu-west-1c"`},
	} {
		t.Run(c.file+":"+c.path, func(t *testing.T) {
			src := read(t, c.file)
			orig := bytes.Clone(src)
			path := mustPath(t, c.path)
			d, diags := Open(c.file, src)
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			if diags := d.Set(path, []byte(c.value)); diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			start, end := valueRange(t, orig, path)
			if want := splice(orig, start, end, []byte(c.value)); !bytes.Equal(d.Bytes(), want) {
				t.Errorf("got\n%s\nwant\n%s", d.Bytes(), want)
			}
			if !bytes.Equal(src, orig) {
				t.Error("Set modified the input slice")
			}
		})
	}
}

// TestEdits: inserts, deletes and layout, as golden text.
func TestEdits(t *testing.T) {
	type edit struct {
		del   bool
		path  string
		value string
	}
	for _, c := range []struct {
		name  string
		in    string
		edits []edit
		want  string
	}{
		{"insert multi-line", "{\n  \"a\": 1,\n  \"b\": 2\n}\n", []edit{{false, "c", `"x"`}},
			"{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": \"x\"\n}\n"},
		{"insert after one member", "{\n    \"a\" : 1\n}", []edit{{false, "b", `true`}},
			"{\n    \"a\" : 1,\n    \"b\" : true\n}"},
		{"insert single-line", `{"a": {"x": 1, "y": 2}}`, []edit{{false, "a.z", `3`}},
			`{"a": {"x": 1, "y": 2, "z": 3}}`},
		{"insert single-line compact", `{"a":1}`, []edit{{false, "b", `2`}}, `{"a":1,"b":2}`},
		{"insert single-line spaced one", `{"a": 1}`, []edit{{false, "b", `2`}}, `{"a": 1, "b": 2}`},
		{"insert leading commas", "{\n  \"a\": 1\n  , \"b\": 2\n}", []edit{{false, "c", `3`}},
			"{\n  \"a\": 1\n  , \"b\": 2\n  , \"c\": 3\n}"},
		{"insert into empty", `{"a": {}}`, []edit{{false, "a.b", `1`}}, `{"a": {"b": 1}}`},
		{"insert into empty multi-line", "{\n  \"a\": {\n  }\n}", []edit{{false, "a.b", `1`}},
			"{\n  \"a\": {\n    \"b\": 1\n  }\n}"},
		{"insert into empty multi-line CRLF", "{\r\n  \"a\": {\r\n  }\r\n}", []edit{{false, "a.b", `1`}},
			"{\r\n  \"a\": {\r\n    \"b\": 1\r\n  }\r\n}"},
		{"insert tabs", "{\n\t\"a\": {\n\t\t\"x\": 1\n\t}\n}", []edit{{false, "a.y", `2`}},
			"{\n\t\"a\": {\n\t\t\"x\": 1,\n\t\t\"y\": 2\n\t}\n}"},
		{"insert quoted key", "{\n  \"a\": 1\n}", []edit{{false, `["//"]`, `"note"`}},
			"{\n  \"a\": 1,\n  \"//\": \"note\"\n}"},
		{"insert multi-line value", "{\n  \"m\": {\n    \"a\": 1\n  }\n}", []edit{{false, "m.b", "{\n  \"c\": 2\n}"}},
			"{\n  \"m\": {\n    \"a\": 1,\n    \"b\": {\n      \"c\": 2\n    }\n  }\n}"},
		{"set trims white space", `{"a": 1}`, []edit{{false, "a", "  [1, 2]\n"}}, `{"a": [1, 2]}`},
		{"set root", `{"a": 1}`, []edit{{false, "", `[]`}}, `[]`},
		{"delete last", "{\n  \"a\": 1,\n  \"b\": 2\n}", []edit{{true, "b", ""}}, "{\n  \"a\": 1\n}"},
		{"delete first", "{\n  \"a\": 1,\n  \"b\": 2\n}", []edit{{true, "a", ""}}, "{\n  \"b\": 2\n}"},
		{"delete middle", `{"a": 1, "b": 2, "c": 3}`, []edit{{true, "b", ""}}, `{"a": 1, "c": 3}`},
		{"delete only", "{\n  \"a\": {\n    \"b\": 2\n  }\n}", []edit{{true, "a.b", ""}}, "{\n  \"a\": {}\n}"},
		{"delete element", `{"x": [1, 2, 3]}`, []edit{{true, "x[2]", ""}}, `{"x": [1, 2]}`},
		{"delete first element", "[\n  1,\n  2\n]", []edit{{true, "[0]", ""}}, "[\n  2\n]"},
		{"edits in sequence", `{"a": 1}`, []edit{{false, "b", `2`}, {true, "a", ""}, {false, "b", `3`}}, `{"b": 3}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, diags := Open("in.json", []byte(c.in))
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			for _, e := range c.edits {
				if e.del {
					diags = d.Delete(mustPath(t, e.path))
				} else {
					diags = d.Set(mustPath(t, e.path), []byte(e.value))
				}
				if diags.HasErrors() {
					t.Fatal(diags.Error())
				}
			}
			if got := string(d.Bytes()); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			if doc := scanner.Parse(d.Bytes(), scanner.Options{}); len(doc.Errors) > 0 {
				t.Errorf("result is not JSON: %v", doc.Errors[0])
			}
		})
	}
}

// TestErrors: a path that cannot be followed says which part exists; a
// value that is not JSON is refused; the document is left as it was.
func TestErrors(t *testing.T) {
	src := read(t, "cdktf.tf.json")
	for _, c := range []struct {
		del         bool
		path, value string
		want        string // in the first diagnostic's Summary or Detail
	}{
		{false, "module.vcp.version", `"1"`, `The object at module has no key "vcp". Did you mean "vpc"?`},
		{false, "module.vpc.version.x", `"1"`, `not an object`},
		{false, "missing.a.b", `"1"`, `The object at the root has no key "missing".`},
		{false, "provider.aws.region", `"1"`, `not an object`},
		{false, "module.vpc.version", `"1`, `Invalid value`},
		{false, "module.vpc.version", `1 2`, `Invalid value`},
		{false, "module.vpc.version", ``, `Invalid value`},
		{true, "module.vpc.nope", "", `has no key "nope"`},
		{true, "", "", `Cannot delete the root`},
	} {
		d, diags := Open("main.tf.json", src)
		if diags.HasErrors() {
			t.Fatal(diags.Error())
		}
		if c.del {
			diags = d.Delete(mustPath(t, c.path))
		} else {
			diags = d.Set(mustPath(t, c.path), []byte(c.value))
		}
		if !diags.HasErrors() {
			t.Errorf("%s: no error", c.path)
			continue
		}
		if text := diags[0].Summary + ": " + diags[0].Detail; !strings.Contains(text, c.want) {
			t.Errorf("%s %q: %s, want %q", c.path, c.value, text, c.want)
		}
		if diags[0].Subject == nil {
			t.Errorf("%s: no subject", c.path)
		}
		if !bytes.Equal(d.Bytes(), src) {
			t.Errorf("%s: the document changed", c.path)
		}
	}
	if _, diags := Open("bad.json", []byte(`{"a": }`)); !diags.HasErrors() || diags[0].Subject == nil {
		t.Errorf("Open of a bad document: %v", diags)
	}
}

// TestString: String quotes and escapes.
func TestString(t *testing.T) {
	if got := string(String("a\"b\n${x}")); got != `"a\"b\n${x}"` {
		t.Errorf("got %s", got)
	}
}

// located is a value reached by a path (the first of repeated keys).
type located struct {
	path   jsonpath.Path
	node   int
	member bool // an object member or array element (deletable)
}

// allValues returns every value of doc that its path leads to.
func allValues(doc *scanner.Document) []located {
	var out []located
	var walk func(i int, p jsonpath.Path)
	walk = func(i int, p jsonpath.Path) {
		out = append(out, located{p, i, len(p) > 0})
		switch doc.Nodes[i].Kind() {
		case scanner.Object:
			seen := map[string]bool{}
			for k, v := range doc.Members(i) {
				name := doc.Text(k)
				if seen[name] {
					continue
				}
				seen[name] = true
				walk(v, append(p[:len(p):len(p)], jsonpath.Key(name)))
			}
		case scanner.Array:
			n := 0
			for e := range doc.Elements(i) {
				walk(e, append(p[:len(p):len(p)], jsonpath.Index(n)))
				n++
			}
		}
	}
	walk(0, nil)
	return out
}

// fixtures returns the JSON documents under the repository's testdata,
// this package's and the converters' fixtures (tojson's and tonative's).
func fixtures(t *testing.T) map[string][]byte {
	files := map[string][]byte{}
	for _, root := range []string{filepath.Join("..", "testdata"), "testdata", filepath.Join("..", "tojson", "testdata", "native"), filepath.Join("..", "tojson", "testdata", "terraform"), filepath.Join("..", "tonative", "testdata", "terraform")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if doc := scanner.Parse(src, scanner.Options{}); len(doc.Errors) == 0 && len(doc.Nodes) > 0 {
				files[path] = src
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 20 {
		t.Fatalf("only %d fixtures", len(files))
	}
	return files
}

var randomValues = []string{`"5.1.0"`, `0`, `-1.5e10`, `true`, `null`, `[]`, `{}`, `{"a": [1, "b"]}`, `"\u00e9\"${x}"`}

// TestFixturesProperty: over every value of every JSON fixture, a no-op
// Set (the value's own text) is byte-identical, a Set changes exactly the
// value's bytes, and a Delete leaves valid JSON whose tape is the
// original's without the deleted subtree, the text being the input with one
// contiguous range removed.
func TestFixturesProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	for name, src := range fixtures(t) {
		doc := scanner.Parse(src, scanner.Options{})
		for _, v := range allValues(doc) {
			start, end := int(doc.Nodes[v.node].Start), doc.End(v.node)

			d, _ := Open(name, src)
			if diags := d.Set(v.path, doc.Raw(v.node)); diags.HasErrors() {
				t.Fatalf("%s %s: %s", name, v.path, diags.Error())
			}
			if !bytes.Equal(d.Bytes(), src) {
				t.Errorf("%s %s: no-op Set changed the document", name, v.path)
			}

			value := []byte(randomValues[rng.IntN(len(randomValues))])
			d, _ = Open(name, src)
			if diags := d.Set(v.path, value); diags.HasErrors() {
				t.Fatalf("%s %s: %s", name, v.path, diags.Error())
			}
			if want := splice(src, start, end, value); !bytes.Equal(d.Bytes(), want) {
				t.Errorf("%s %s: Set changed more than the value's bytes", name, v.path)
			}

			if !v.member {
				continue
			}
			d, _ = Open(name, src)
			if diags := d.Delete(v.path); diags.HasErrors() {
				t.Fatalf("%s %s: %s", name, v.path, diags.Error())
			}
			checkDeleted(t, name+" "+v.path.String(), src, doc, v.node, d.Bytes())
		}
	}
}

// checkDeleted checks the result of deleting node i (with its key, when a
// member) from doc.
func checkDeleted(t *testing.T, what string, src []byte, doc *scanner.Document, i int, out []byte) {
	t.Helper()
	got := scanner.Parse(out, scanner.Options{})
	if len(got.Errors) > 0 {
		t.Errorf("%s: Delete left invalid JSON: %v\n%s", what, got.Errors[0], out)
		return
	}
	// The tape, as kinds and texts, is the original's without the subtree
	// (and its key).
	from, to := i, doc.Next(i)
	if i > 0 && doc.Nodes[i-1].Kind() == scanner.String && isKey(doc, i-1) {
		from = i - 1
	}
	var want []string
	for j := range doc.Nodes {
		if j < from || j >= to {
			want = append(want, doc.Nodes[j].Kind().String()+" "+literal(doc, j))
		}
	}
	var have []string
	for j := range got.Nodes {
		have = append(have, got.Nodes[j].Kind().String()+" "+literal(got, j))
	}
	if strings.Join(have, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: the tape after Delete is not the original without the value", what)
	}
	// One contiguous range removed, holding the item and separators only.
	p := 0
	for p < len(out) && out[p] == src[p] {
		p++
	}
	removed := len(src) - len(out)
	if !bytes.Equal(out[p:], src[p+removed:]) {
		t.Errorf("%s: Delete changed bytes outside one range", what)
		return
	}
	// That range is the item (key to value) and a comma, or the item
	// alone when it was the only one, with white space. (The same output
	// can come from windows shifted over repeated bytes: one must fit.)
	item := stripSpace(src[doc.Nodes[from].Start:doc.End(i)])
	for q := p; q >= 0; q-- {
		if q < p && src[q] != src[q+removed] {
			break
		}
		r := stripSpace(src[q : q+removed])
		if r == item || r == ","+item || r == item+"," {
			return
		}
	}
	t.Errorf("%s: Delete removed %q, more than the item and its separator", what, src[p:p+removed])
}

// stripSpace returns b without JSON white space.
func stripSpace(b []byte) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, string(b))
}

// isKey reports whether String node k is an object key.
func isKey(doc *scanner.Document, k int) bool {
	for p := range doc.Nodes {
		if doc.Nodes[p].Kind() != scanner.Object || p >= k || doc.Next(p) <= k {
			continue
		}
		for c := range doc.Members(p) {
			if c == k {
				return true
			}
		}
	}
	return false
}

func literal(doc *scanner.Document, i int) string {
	switch doc.Nodes[i].Kind() {
	case scanner.Object, scanner.Array:
		return ""
	}
	return doc.Literal(i)
}

// TestInsertProperty: over every object of every JSON fixture, Set of a
// key it lacks leaves valid JSON whose tape is the original's with the
// new member after the object's last, the text being the input with one
// contiguous insertion at the end of the last member (or inside the
// brackets of an empty object).
func TestInsertProperty(t *testing.T) {
	const key = "zz_added"
	tried := 0
	for name, src := range fixtures(t) {
		doc := scanner.Parse(src, scanner.Options{})
		for _, v := range allValues(doc) {
			if doc.Nodes[v.node].Kind() != scanner.Object {
				continue
			}
			if _, diags := jsonpath.Lookup(doc, nil, name, append(v.path[:len(v.path):len(v.path)], jsonpath.Key(key))); !diags.HasErrors() {
				continue
			}
			tried++
			d, _ := Open(name, src)
			path := append(v.path[:len(v.path):len(v.path)], jsonpath.Key(key))
			if diags := d.Set(path, []byte(`"new"`)); diags.HasErrors() {
				t.Fatalf("%s %s: %s", name, path, diags.Error())
			}
			out := d.Bytes()
			what := name + " " + path.String()
			got := scanner.Parse(out, scanner.Options{})
			if len(got.Errors) > 0 {
				t.Errorf("%s: invalid JSON after insert: %v\n%s", what, got.Errors[0], out)
				continue
			}
			// The tape: the original's with a key and a string before the
			// object's end.
			end := doc.Next(v.node)
			var want []string
			for j := range doc.Nodes {
				if j == end {
					want = append(want, "string "+string(String(key)), `string "new"`)
				}
				want = append(want, doc.Nodes[j].Kind().String()+" "+literal(doc, j))
			}
			if end == len(doc.Nodes) {
				want = append(want, "string "+string(String(key)), `string "new"`)
			}
			var have []string
			for j := range got.Nodes {
				have = append(have, got.Nodes[j].Kind().String()+" "+literal(got, j))
			}
			if strings.Join(have, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: the tape after insert is not the original with the member\n%s", what, out)
				continue
			}
			// One contiguous insertion, at the end of the last member or
			// just inside an empty object.
			at := int(doc.Nodes[v.node].Start) + 1
			if last := lastValue(doc, v.node); last >= 0 {
				at = doc.End(last)
			}
			added := len(out) - len(src)
			if !bytes.Equal(out[:at], src[:at]) || !bytes.Equal(out[at+added:], src[at:]) {
				t.Errorf("%s: insert changed bytes outside one insertion at %d\n%s", what, at, out)
			}
		}
	}
	if tried < 100 {
		t.Errorf("only %d objects tried", tried)
	}
}

// lastValue returns the value of object p's last member, or -1.
func lastValue(doc *scanner.Document, p int) int {
	last := -1
	for _, v := range doc.Members(p) {
		last = v
	}
	return last
}

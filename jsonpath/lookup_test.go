package jsonpath

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/scanner"
)

const lookupDoc = `{
  "resource": {
    "aws_instance": {
      "web": {
        "ami": "ami-123",
        "ami": "ami-456",
        "count": 1.50e3,
        "tags": {"Name": "web", "café": "\u00e9"},
        "list": [[1, 2], []],
        "empty": {},
        "nothing": null,
        "yes": true,
        "0": "zero"
      }
    }
  },
	"key with.dots": {"a\"b": 0, "a\"b": 1, "a\u0022b": 2},
  "long": "0123456789012345678901234567890123456789012345"
}
`

// render prints what Lookup returns: the kind, range and raw text of the
// value, then the diagnostics, one per line.
func render(res *Result, diags []string) string {
	var b strings.Builder
	if res != nil {
		fmt.Fprintf(&b, "%s %s %s\n", res.Kind, hcltest.Options{Bytes: true}.RenderRange(res.Range), res.Raw)
	}
	for _, d := range diags {
		b.WriteString(d)
		b.WriteByte('\n')
	}
	return b.String()
}

func lookup(t *testing.T, src, path string) string {
	t.Helper()
	p, err := Parse(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := scanner.Parse([]byte(src), scanner.Options{})
	res, diags := Lookup(doc, nil, "t.json", p)
	if diags.HasErrors() && res != nil {
		t.Errorf("a Result with errors: %+v", res)
	}
	out := hcltest.Options{Bytes: true}.RenderDiags(diags)
	var lines []string
	if out != "" {
		lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	}
	return render(res, lines)
}

func TestLookup(t *testing.T) {
	for _, tt := range []struct {
		name, path, want string
	}{
		{"root", "", "object t.json:1,1-19,2@0-437 " + lookupDoc[:437] + "\n"},
		{"string", "resource.aws_instance.web.tags.Name", `string t.json:8,26-31@157-162 "web"` + "\n"},
		{"escaped string keeps its text", "resource.aws_instance.web.tags.café", `string t.json:8,41-49@173-181 "\u00e9"` + "\n"},
		{"number keeps its literal", "resource.aws_instance.web.count", "number t.json:7,18-24@124-130 1.50e3\n"},
		{"container", "resource.aws_instance.web.list", "array t.json:9,17-29@200-212 [[1, 2], []]\n"},
		{"nested index", "resource.aws_instance.web.list[0][1]", "number t.json:9,22-23@205-206 2\n"},
		{"null", "resource.aws_instance.web.nothing", "null t.json:11,20-24@254-258 null\n"},
		{"digit key", `resource.aws_instance.web["0"]`, `string t.json:13,14-20@294-300 "zero"` + "\n"},
		{"digits after a dot are a key", `resource.aws_instance.web.0`, `string t.json:13,14-20@294-300 "zero"` + "\n"},
		{
			name: "duplicate key: the first, with a warning",
			path: "resource.aws_instance.web.ami",
			want: `string t.json:5,16-25@70-79 "ami-123"` + "\n" +
				`t.json:6,9-14@89-94: warning: Duplicate key; The object at resource.aws_instance.web has the key "ami" more than once: the first, at line 5, column 9, is used; this one, at line 6, column 9, is ignored.` + "\n",
		},
		{
			name: "escaped duplicates, tab columns",
			path: `["key with.dots"]["a\"b"]`,
			want: "number t.json:17,29-30@347-348 0\n" +
				`t.json:17,32-38@350-356: warning: Duplicate key; The object at ["key with.dots"] has the key "a\"b" more than once: the first, at line 17, column 21, is used; this one, at line 17, column 32, is ignored.` + "\n" +
				`t.json:17,43-53@361-371: warning: Duplicate key; The object at ["key with.dots"] has the key "a\"b" more than once: the first, at line 17, column 21, is used; this one, at line 17, column 43, is ignored.` + "\n",
		},
		{
			name: "missing key with a suggestion",
			path: "resource.aws_instance.web.tag",
			want: `t.json:4,14-15@53-54: error: Key not found; The object at resource.aws_instance.web has no key "tag". Did you mean "tags"? Its keys are "ami", "count", "tags", "list", "empty", "nothing", "yes", "0". (context t.json:4,7-15@46-54)` + "\n",
		},
		{
			name: "missing key at the root",
			path: "variable.x",
			want: `t.json:1,1-2@0-1: error: Key not found; The object at the root has no key "variable". Its keys are "resource", "key with.dots", "long".` + "\n",
		},
		{
			name: "missing key in an empty object",
			path: "resource.aws_instance.web.empty.x",
			want: `t.json:10,18-19@231-232: error: Key not found; The object at resource.aws_instance.web.empty is empty, so it has no key "x". (context t.json:10,9-19@222-232)` + "\n",
		},
		{
			name: "index out of range",
			path: "resource.aws_instance.web.list[2]",
			want: `t.json:9,17-18@200-201: error: Index out of range; The array at resource.aws_instance.web.list has 2 elements, so its last index is 1: [2] is out of range. (context t.json:9,9-18@192-201)` + "\n",
		},
		{
			name: "index into an empty array",
			path: "resource.aws_instance.web.list[1][0]",
			want: `t.json:9,26-27@209-210: error: Index out of range; The array at resource.aws_instance.web.list[1] is empty, so it has no element [0].` + "\n",
		},
		{
			name: "key on an array",
			path: "resource.aws_instance.web.list.x",
			want: `t.json:9,17-18@200-201: error: Not an object; The value at resource.aws_instance.web.list is an array of 2 elements, not an object, so it has no key "x". Take an element by its index, as in resource.aws_instance.web.list[0]. (context t.json:9,9-18@192-201)` + "\n",
		},
		{
			name: "digit key on an array",
			path: "resource.aws_instance.web.list.1",
			want: `t.json:9,17-18@200-201: error: Not an object; The value at resource.aws_instance.web.list is an array of 2 elements, not an object, so it has no key "1". To take element 1, write resource.aws_instance.web.list[1]. (context t.json:9,9-18@192-201)` + "\n",
		},
		{
			name: "index on an object",
			path: "resource[0]",
			want: `t.json:2,15-16@16-17: error: Not an array; The value at resource is an object with 1 key, not an array, so it has no element [0]. Its only key is "aws_instance". (context t.json:2,3-16@4-17)` + "\n",
		},
		{
			name: "index on an object with that key",
			path: "resource.aws_instance.web[0]",
			want: `t.json:4,14-15@53-54: error: Not an array; The value at resource.aws_instance.web is an object with 8 keys, not an array, so it has no element [0]. To take its key "0", write resource.aws_instance.web["0"]. (context t.json:4,7-15@46-54)` + "\n",
		},
		{
			name: "index on an empty object",
			path: "resource.aws_instance.web.empty[0]",
			want: `t.json:10,18-19@231-232: error: Not an array; The value at resource.aws_instance.web.empty is an empty object, not an array, so it has no element [0]. (context t.json:10,9-19@222-232)` + "\n",
		},
		{
			name: "key on a string",
			path: "resource.aws_instance.web.tags.Name.x",
			want: `t.json:8,26-31@157-162: error: Not an object; The value at resource.aws_instance.web.tags.Name is a string ("web"), not an object, so it has no key "x". (context t.json:8,18-31@149-162)` + "\n",
		},
		{
			name: "index on a long string",
			path: "long[0]",
			want: `t.json:18,11-59@387-435: error: Not an array; The value at long is a string ("012345678901234567890123456789012345678…), not an array, so it has no element [0]. (context t.json:18,3-59@379-435)` + "\n",
		},
		{
			name: "key on a number",
			path: "resource.aws_instance.web.count.x",
			want: `t.json:7,18-24@124-130: error: Not an object; The value at resource.aws_instance.web.count is a number (1.50e3), not an object, so it has no key "x". (context t.json:7,9-24@115-130)` + "\n",
		},
		{
			name: "index on null",
			path: "resource.aws_instance.web.nothing[0]",
			want: `t.json:11,20-24@254-258: error: Not an array; The value at resource.aws_instance.web.nothing is null, not an array, so it has no element [0]. (context t.json:11,9-24@243-258)` + "\n",
		},
		{
			name: "key on a boolean",
			path: "resource.aws_instance.web.yes.no",
			want: `t.json:12,16-20@275-279: error: Not an object; The value at resource.aws_instance.web.yes is a boolean (true), not an object, so it has no key "no". (context t.json:12,9-20@268-279)` + "\n",
		},
		{
			name: "warnings before an error are kept",
			path: "resource.aws_instance.web.ami.x",
			want: `t.json:6,9-14@89-94: warning: Duplicate key; The object at resource.aws_instance.web has the key "ami" more than once: the first, at line 5, column 9, is used; this one, at line 6, column 9, is ignored.` + "\n" +
				`t.json:5,16-25@70-79: error: Not an object; The value at resource.aws_instance.web.ami is a string ("ami-123"), not an object, so it has no key "x". (context t.json:5,9-25@63-79)` + "\n",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := lookup(t, lookupDoc, tt.path); got != tt.want {
				t.Errorf("Lookup(%s):\n%s\nwant:\n%s", tt.path, got, tt.want)
			}
		})
	}
}

// TestLookupDocuments checks documents other than an object and errors
// that depend on the whole document.
func TestLookupDocuments(t *testing.T) {
	manyKeys := "{"
	for i := range 25 {
		if i > 0 {
			manyKeys += ", "
		}
		manyKeys += fmt.Sprintf(`"k%02d": %d`, i, i)
	}
	manyKeys += "}"
	for _, tt := range []struct {
		name, src, path, want string
	}{
		{name: "root array", src: `[{"a": 1}, [true]]`, path: "[1][0]", want: "true t.json:1,13-17@12-16 true\n"},
		{name: "root array and a key", src: `[{"a": 1}, [true]]`, path: "[0].a", want: "number t.json:1,8-9@7-8 1\n"},
		{name: "root scalar", src: " \"x\" \n", path: "", want: `string t.json:1,2-5@1-4 "x"` + "\n"},
		{name: "leading byte order mark", src: "\uFEFF{\"a\": 1}", path: "a", want: "number t.json:1,7-8@9-10 1\n"},
		{
			name: "key on a root scalar",
			src:  "42", path: "a",
			want: `t.json:1,1-3@0-2: error: Not an object; The value at the root is a number (42), not an object, so it has no key "a".` + "\n",
		},
		{
			name: "index on a root object",
			src:  `{"b": 1}`, path: "[0]",
			want: `t.json:1,1-2@0-1: error: Not an array; The value at the root is an object with 1 key, not an array, so it has no element [0]. Its only key is "b".` + "\n",
		},
		{
			name: "at most 20 keys are listed",
			src:  manyKeys, path: "k25",
			want: `t.json:1,1-2@0-1: error: Key not found; The object at the root has no key "k25". Did you mean "k05"? It has 25 keys; the first 20 are "k00", "k01", "k02", "k03", "k04", "k05", "k06", "k07", "k08", "k09", "k10", "k11", "k12", "k13", "k14", "k15", "k16", "k17", "k18", "k19".` + "\n",
		},
		{
			name: "the closest suggestion wins",
			src:  `{"nmae": 1, "name_": 2, "Name": 3}`, path: "name",
			want: `t.json:1,1-2@0-1: error: Key not found; The object at the root has no key "name". Did you mean "name_"? Its keys are "nmae", "name_", "Name".` + "\n",
		},
		{
			name: "invalid JSON gives the scanner's errors",
			src:  "{\"a\": [1,],\n \"b\": tru}", path: "a",
			want: `t.json:1,9-10@8-9: error: Trailing comma in array; JSON does not permit a trailing comma after the final value in an array.` + "\n" +
				`t.json:2,7-10@18-21: error: Invalid JSON keyword; "tru" is not a valid JSON keyword. Did you mean "true"?` + "\n",
		},
		{
			name: "empty input",
			src:  "  ", path: "",
			want: `t.json:1,3-3@2-2: error: Missing value; The JSON data ends prematurely.` + "\n",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := lookup(t, tt.src, tt.path); got != tt.want {
				t.Errorf("Lookup(%s):\n%s\nwant:\n%s", tt.path, got, tt.want)
			}
		})
	}
}

// TestLookupLines checks that a given line table and file name are used.
func TestLookupLines(t *testing.T) {
	src := []byte("{\n\t\"a\": [\"é\", 2]\n}")
	doc := scanner.Parse(src, scanner.Options{})
	res, diags := Lookup(doc, scanner.NewLines(src), "dir/x.json", Path{Key("a"), Index(1)})
	want := hcl.Range{Filename: "dir/x.json", Start: hcl.Pos{Line: 2, Column: 14, Byte: 15}, End: hcl.Pos{Line: 2, Column: 15, Byte: 16}}
	if len(diags) != 0 || res == nil || res.Range != want || string(res.Raw) != "2" || res.Node != 4 || res.Kind != scanner.Number {
		t.Errorf("got %+v, %v\nwant range %+v", res, diags, want)
	}
}

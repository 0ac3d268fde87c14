package jsonpath

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/scanner"
)

// planDoc is the shape of "tofu show -json"'s resource_changes.
const planDoc = `{
  "resource_changes": [
    {"address": "aws_instance.web[0]", "type": "aws_instance", "index": 0, "change": {"after": {"ami": "a-0"}}},
    {"address": "aws_instance.web[1]", "type": "aws_instance", "index": 1, "change": {"after": {"ami": "a-1"}}},
    {"address": "aws_s3_bucket.logs[\"eu\"]", "type": "aws_s3_bucket", "index": "eu", "change": {"after": null}},
    7,
    {"address": "null_resource.x", "type": "null_resource", "index": 1.0e0, "change": {"after": {}}, "type": "dup"}
  ],
  "by_name": {"a": {"id": 1}, "b": {"id": 2}, "a": {"id": 3}},
  "empty": [],
  "scalar": "s"
}`

// TestFilter checks [key=value] in Lookup and LookupAll: the one value it
// selects, every value with [*key=value], and the errors.
func TestFilter(t *testing.T) {
	doc := scanner.Parse([]byte(planDoc), scanner.Options{})
	for _, tt := range []struct {
		path string
		all  bool
		want string
	}{
		{path: `resource_changes[address=aws_instance.web[1]].change.after.ami`, want: `string t.json:4,104-109@242-247 "a-1"`},
		{path: `resource_changes[address="aws_instance.web[1]"].change.after.ami`, want: `string t.json:4,104-109@242-247 "a-1"`},
		{path: `resource_changes[address=aws_s3_bucket.logs["eu"]].type`, want: `string t.json:5,55-70@306-321 "aws_s3_bucket"`},
		{path: `resource_changes[index=eu].address`, want: `string t.json:5,17-45@268-296 "aws_s3_bucket.logs[\"eu\"]"`},
		{path: `resource_changes[index=0].address`, want: `string t.json:3,17-38@42-63 "aws_instance.web[0]"`},
		// Numbers by value: 1 is 1 and 1.0e0.
		{path: `resource_changes[index=1].address`, want: `t.json:2,23-24@24-25: error: Several matches; 2 elements of the array at resource_changes have "index" equal to "1": resource_changes[1] at t.json:4,5-112, resource_changes[4] at t.json:7,5-116. Write [*index=1] to take every one, or a filter that tells them apart. (context t.json:2,3-24@4-25)`},
		{path: `resource_changes[*index=1].address`, all: true, want: "string t.json:4,17-38@155-176 \"aws_instance.web[1]\"\nstring t.json:7,17-34@389-406 \"null_resource.x\""},
		// The first member of a repeated key is compared.
		{path: `resource_changes[type=null_resource].index`, want: `number t.json:7,70-75@442-447 1.0e0`},
		{path: `resource_changes[type=dup]`, want: `t.json:2,23-24@24-25: error: No match; No element of the array at resource_changes has "type" equal to "dup". The values of "type" there are "aws_instance", "aws_s3_bucket", "null_resource". (context t.json:2,3-24@4-25)`},
		{path: `resource_changes[*type=aws_instance].change.after.ami`, all: true, want: "string t.json:3,104-109@129-134 \"a-0\"\nstring t.json:4,104-109@242-247 \"a-1\""},
		{path: `resource_changes[*type=nothing]`, all: true, want: ``},
		{path: `resource_changes[address=aws_instance.wbe[0]]`, want: `t.json:2,23-24@24-25: error: No match; No element of the array at resource_changes has "address" equal to "aws_instance.wbe[0]". Did you mean "aws_instance.web[0]"? The values of "address" there are "aws_instance.web[0]", "aws_instance.web[1]", "aws_s3_bucket.logs[\"eu\"]", "null_resource.x". (context t.json:2,3-24@4-25)`},
		{path: `resource_changes[adress=x]`, want: `t.json:2,23-24@24-25: error: No match; No element of the array at resource_changes has "adress" equal to "x". None has the key "adress". Did you mean "address"? Their keys are "address", "type", "index", "change". (context t.json:2,3-24@4-25)`},
		{path: `by_name[id=3]`, want: "t.json:9,47-50@540-543: warning: Duplicate key; The object at by_name has the key \"a\" more than once: the first, at line 9, column 15, is used; this one, at line 9, column 47, is ignored.\nt.json:9,14-15@507-508: error: No match; No member of the object at by_name has \"id\" equal to \"3\". The values of \"id\" there are 1, 2. (context t.json:9,3-15@496-508)"},
		{path: `by_name[id=2]`, want: "object t.json:9,36-45@529-538 {\"id\": 2}\nt.json:9,47-50@540-543: warning: Duplicate key; The object at by_name has the key \"a\" more than once: the first, at line 9, column 15, is used; this one, at line 9, column 47, is ignored."},
		{path: `empty[a=b]`, want: `t.json:10,12-13@568-569: error: No match; The array at empty is empty, so no element has "a" equal to "b". (context t.json:10,3-13@559-569)`},
		{path: `scalar[a=b]`, want: `t.json:11,13-16@584-587: error: Not an array or object; The value at scalar is a string ("s"): a filter [a=b] selects among the elements of an array or the member values of an object. (context t.json:11,3-16@574-587)`},
		{path: `resource_changes[*type=aws_instance]`, want: `t.json:2,23-24@24-25: error: Several values; The path takes every value of resource_changes that [*type=aws_instance] selects: it leads to several values, where one is needed. (context t.json:2,3-24@4-25)`},
	} {
		t.Run(tt.path, func(t *testing.T) {
			path, err := Parse(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			opts := hcltest.Options{Bytes: true}
			if tt.all {
				res, diags := LookupAll(doc, nil, "t.json", path)
				for _, r := range res {
					fmt.Fprintf(&got, "%s %s %s\n", r.Kind, opts.RenderRange(r.Range), r.Raw)
				}
				got.WriteString(opts.RenderDiags(diags))
			} else {
				res, diags := Lookup(doc, nil, "t.json", path)
				if res != nil {
					fmt.Fprintf(&got, "%s %s %s\n", res.Kind, opts.RenderRange(res.Range), res.Raw)
				}
				got.WriteString(opts.RenderDiags(diags))
				// LookupAll takes the same one value, or fails alike.
				if !path.Several() {
					all, alldiags := LookupAll(doc, nil, "t.json", path)
					var again strings.Builder
					for _, r := range all {
						fmt.Fprintf(&again, "%s %s %s\n", r.Kind, opts.RenderRange(r.Range), r.Raw)
					}
					again.WriteString(opts.RenderDiags(alldiags))
					if again.String() != got.String() {
						t.Errorf("LookupAll:\n%s\nLookup:\n%s", again.String(), got.String())
					}
				}
			}
			if g := strings.TrimSuffix(got.String(), "\n"); g != tt.want {
				t.Errorf("got\n%s\nwant\n%s", g, tt.want)
			}
		})
	}
}

// TestNumberIs checks how a filter's value compares with a JSON number: by
// value when the value is a JSON number, by text otherwise.
func TestNumberIs(t *testing.T) {
	for _, tt := range []struct {
		lit, value string
		want       bool
	}{
		{"1", "1", true},
		{"1", "1.0", true},
		{"1.50e3", "1500", true},
		{"-0", "0", true},
		{"12345678901234567890", "12345678901234567891", false},
		{"0.1", "0.10000000000000001", false},
		{"1", "01", false},
		{"1", "1.", false},
		{"1", "+1", false},
		{"1", "1e", false},
		{"1e400", "1E+400", true},
		{"1", "x", false},
		{"1e999999999999", "1e999999999999", true},
		{"1e999999999999", "2e999999999999", false},
	} {
		if got := numberIs(tt.lit, tt.value); got != tt.want {
			t.Errorf("numberIs(%s, %s) = %v, want %v", tt.lit, tt.value, got, tt.want)
		}
	}
}

package jsonedit

import (
	"bytes"
	"testing"

	"github.com/hcljson/hcljson/jsonpath"
	"github.com/hcljson/hcljson/scanner"
)

// FuzzEdit: whatever the document, path and value, an edit that succeeds
// leaves valid JSON; a Set of an existing value changes exactly its bytes;
// an edit that fails leaves the document as it was.
func FuzzEdit(f *testing.F) {
	f.Add([]byte("{\n  \"a\": {\"b\": [1, 2]}\n}"), "a.b[1]", []byte(`"x"`), false)
	f.Add([]byte(`{"a": {}}`), "a.c", []byte("{\n\"d\": 1\n}"), false)
	f.Add([]byte(`[1, [2, 3], {"k": null}]`), "[1][0]", []byte(``), true)
	f.Add([]byte("{\r\n\t\"//\": \"c\",\r\n\t\"m\": {\r\n\t}\r\n}"), `m["x y"]`, []byte(`-0.0e+1`), false)
	f.Fuzz(func(t *testing.T, src []byte, pathText string, value []byte, del bool) {
		path, err := jsonpath.Parse(pathText)
		if err != nil {
			return
		}
		d, diags := Open("f.json", src)
		if diags.HasErrors() {
			return
		}
		doc := scanner.Parse(src, scanner.Options{})
		res, ldiags := jsonpath.Lookup(doc, nil, "f.json", path)
		if del {
			diags = d.Delete(path)
		} else {
			diags = d.Set(path, value)
		}
		out := d.Bytes()
		if diags.HasErrors() {
			if !bytes.Equal(out, src) {
				t.Fatalf("a failed edit changed the document")
			}
			return
		}
		if got := scanner.Parse(out, scanner.Options{}); len(got.Errors) > 0 {
			t.Fatalf("invalid JSON after the edit: %v\n%s", got.Errors[0], out)
		}
		if !del && !ldiags.HasErrors() {
			n := doc.Nodes[res.Node]
			vd := scanner.Parse(value, scanner.Options{})
			want := splice(src, int(n.Start), doc.End(res.Node), value[vd.Nodes[0].Start:vd.End(0)])
			if !bytes.Equal(out, want) {
				t.Fatalf("Set changed more than the value's bytes:\n%s", out)
			}
		}
	})
}

// FuzzEditAddress: FuzzEdit through the layout of a .tf.json file, whose
// paths are addresses: an edit that succeeds leaves valid JSON (a block's
// removal included), one that fails leaves the document as it was.
func FuzzEditAddress(f *testing.F) {
	f.Add([]byte(config), "resource.aws_instance.web", []byte(`{}`), true)
	f.Add([]byte(mixed), "locals.env", []byte(`"x"`), false)
	f.Add([]byte(`{"resource": [{"a": {"b": [{"c": 1}, {"c": 2}]}}, {"a": [{"d": {}}]}]}`), "a[*]", []byte(`1`), true)
	f.Add([]byte(`[{"provider": {"aws": [{"alias": "x"}, {}]}}, {"locals": null}]`), "provider.aws.x", []byte(`2`), false)
	f.Add([]byte(`{"module": {"m": {"source": "s"}, "n": {"source": "s"}}}`), "module[*source=s].version", []byte(`"1"`), false)
	f.Fuzz(func(t *testing.T, src []byte, pathText string, value []byte, del bool) {
		path, err := jsonpath.Parse(pathText)
		if err != nil {
			return
		}
		d, diags := Open("f.tf.json", src)
		if diags.HasErrors() {
			return
		}
		l := jsonpath.LayoutFor("f.tf.json")
		if del {
			diags = d.DeleteAddress(l, path)
		} else {
			diags = d.SetAddress(l, path, value)
		}
		out := d.Bytes()
		if diags.HasErrors() {
			if !bytes.Equal(out, src) {
				t.Fatalf("a failed edit changed the document")
			}
			return
		}
		if got := scanner.Parse(out, scanner.Options{}); len(got.Errors) > 0 {
			t.Fatalf("invalid JSON after the edit: %v\n%s", got.Errors[0], out)
		}
	})
}

package jsonedit

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/jsonpath"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): nil text is empty
// text, which is not a JSON value; a nil Path is the root; an Index
// outside its array is an error; a Document that Open did not make and a
// nil step panic.
func TestMisuse(t *testing.T) {
	const src = `{"a": [1, 2]}`
	doc := func() *Document {
		d, diags := Open("f.json", []byte(src))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return d
	}
	// unchanged checks the diagnostics of an edit that must fail.
	unchanged := func(t *testing.T, d *Document, diags hcl.Diagnostics, want string) {
		t.Helper()
		if diags.Error() != want {
			t.Errorf("diagnostics\n\t%s\nwant\n\t%s", diags.Error(), want)
		}
		if string(d.Bytes()) != src {
			t.Errorf("document changed: %s", d.Bytes())
		}
	}
	const missing = "<value>:1,1-1: Invalid value: Missing value; The JSON data ends prematurely."
	const notOpened = " of a Document that Open did not make"
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "CheckValue", Name: "nil", Call: func(t *testing.T) {
			if got := CheckValue(nil).Error(); got != missing {
				t.Errorf("got %s", got)
			}
		}},
		{Func: "String", Name: "empty", Call: func(t *testing.T) {
			if got := string(String("")); got != `""` {
				t.Errorf("got %s", got)
			}
		}},
		{Func: "Open", Name: "nil input", Call: func(t *testing.T) {
			d, diags := Open("", nil)
			if d != nil || diags.Error() != ":1,1-1: Missing value; The JSON data ends prematurely." {
				t.Errorf("Open = %v, %v", d, diags)
			}
		}},
		{Func: "Document.Bytes", Name: "nil receiver", Panic: "jsonedit: Document.Bytes" + notOpened, Call: func(t *testing.T) { (*Document)(nil).Bytes() }},
		{Func: "Document.Bytes", Name: "zero Document", Panic: "jsonedit: Document.Bytes" + notOpened, Call: func(t *testing.T) { (&Document{}).Bytes() }},
		{Func: "Document.Delete", Name: "nil path", Call: func(t *testing.T) {
			d := doc()
			unchanged(t, d, d.Delete(nil), "f.json:1,1-2: Cannot delete the root; The path is the whole document; only an object member or an array element can be deleted.")
		}},
		{Func: "Document.Delete", Name: "negative index", Call: func(t *testing.T) {
			d := doc()
			unchanged(t, d, d.Delete(jsonpath.Path{jsonpath.Key("a"), jsonpath.Index(-1)}),
				"f.json:1,7-8: Index out of range; The array at a has 2 elements, so its last index is 1: [-1] is out of range.")
		}},
		{Func: "Document.Delete", Name: "nil step", Panic: "jsonedit: Document.Delete: step 0 of the path is nil", Call: func(t *testing.T) { doc().Delete(jsonpath.Path{nil}) }},
		{Func: "Document.Delete", Name: "zero Document", Panic: "jsonedit: Document.Delete" + notOpened, Call: func(t *testing.T) { (&Document{}).Delete(nil) }},
		{Func: "Document.SetAddress", Name: "nil layout", Call: func(t *testing.T) {
			d := doc()
			if diags := d.SetAddress(nil, jsonpath.Path{jsonpath.Key("a"), jsonpath.Index(0)}, []byte("3")); diags != nil || string(d.Bytes()) != `{"a": [3, 2]}` {
				t.Errorf("SetAddress(nil, a[0]) = %v, document %s", diags, d.Bytes())
			}
		}},
		{Func: "Document.SetAddress", Name: "zero layout", Call: func(t *testing.T) {
			d := doc()
			if diags := d.SetAddress(&jsonpath.Layout{}, jsonpath.Path{jsonpath.Key("b")}, []byte("3")); diags != nil || string(d.Bytes()) != `{"a": [1, 2], "b": 3}` {
				t.Errorf("SetAddress(zero, b) = %v, document %s", diags, d.Bytes())
			}
		}},
		{Func: "Document.SetAddress", Name: "nil step", Panic: "jsonedit: Document.SetAddress: step 0 of the path is nil", Call: func(t *testing.T) {
			doc().SetAddress(nil, jsonpath.Path{nil}, []byte("1"))
		}},
		{Func: "Document.SetAddress", Name: "zero Document", Panic: "jsonedit: Document.SetAddress" + notOpened, Call: func(t *testing.T) { (&Document{}).SetAddress(nil, nil, []byte("1")) }},
		{Func: "Document.DeleteAddress", Name: "nil layout and path", Call: func(t *testing.T) {
			d := doc()
			unchanged(t, d, d.DeleteAddress(nil, nil), "f.json:1,1-2: Cannot delete the root; The path is the whole document; only an object member or an array element can be deleted.")
		}},
		{Func: "Document.DeleteAddress", Name: "nil step", Panic: "jsonedit: Document.DeleteAddress: step 0 of the path is nil", Call: func(t *testing.T) {
			doc().DeleteAddress(nil, jsonpath.Path{nil})
		}},
		{Func: "Document.DeleteAddress", Name: "nil receiver", Panic: "jsonedit: Document.DeleteAddress" + notOpened, Call: func(t *testing.T) { (*Document)(nil).DeleteAddress(nil, nil) }},
		{Func: "Document.Set", Name: "nil value", Call: func(t *testing.T) {
			d := doc()
			unchanged(t, d, d.Set(jsonpath.Path{jsonpath.Key("a")}, nil), missing)
		}},
		{Func: "Document.Set", Name: "nil path", Call: func(t *testing.T) {
			d := doc()
			if diags := d.Set(nil, []byte("1")); diags != nil || string(d.Bytes()) != "1" {
				t.Errorf("Set(root) = %v, document %s", diags, d.Bytes())
			}
		}},
		{Func: "Document.Set", Name: "nil step", Panic: "jsonedit: Document.Set: step 1 of the path is nil", Call: func(t *testing.T) {
			doc().Set(jsonpath.Path{jsonpath.Key("a"), nil}, []byte("1"))
		}},
		{Func: "Document.Set", Name: "nil receiver", Panic: "jsonedit: Document.Set" + notOpened, Call: func(t *testing.T) { (*Document)(nil).Set(nil, []byte("1")) }},
	})
}

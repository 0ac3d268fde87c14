package hcljson

import (
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/hashicorp/hcl/v2"
)

// TestMembersAllocs: ranging over a body's members, as the decoder does
// for every body, allocates nothing. (body.members must stay small enough
// to be inlined; an iterator that is not allocates its closures on every
// call.)
func TestMembersAllocs(t *testing.T) {
	for _, src := range []string{
		`{"a": 1, "b": {"c": 2}, "d": [3]}`,
		`[{"a": 1}, 7, {}, {"b": {"c": 2}, "d": [3]}]`,
	} {
		f, _ := Parse([]byte(src), "m.json")
		b := f.Body.(*body)
		var keys []string
		for k := range b.members(b.node, "", nil) {
			keys = append(keys, b.f.doc.Text(k))
		}
		if got := len(keys); got != 3 {
			t.Errorf("%s: members %v, want a, b, d", src, keys)
		}
		sum := 0
		if allocs := testing.AllocsPerRun(100, func() {
			for k, v := range b.members(b.node, "", nil) {
				sum += k + v
			}
		}); allocs != 0 {
			t.Errorf("%s: ranging over the members allocates %v times", src, allocs)
		}
	}
}

// A block, its body and its labels fit the allocation sizes that
// blocks.go promises: the block is most of what a loader holds.
func TestBlockSizes(t *testing.T) {
	for _, tt := range []struct {
		name       string
		size, want uintptr
	}{
		{"body", unsafe.Sizeof(body{}), 16},
		{"block0", unsafe.Sizeof(block0{}), 224},
		{"block1", unsafe.Sizeof(block1{}), 304},
		{"block2", unsafe.Sizeof(block2{}), 384},
	} {
		if tt.size > tt.want {
			t.Errorf("%s is %d bytes, want at most %d", tt.name, tt.size, tt.want)
		}
	}
}

// A large schema's name maps are built once per file and schema, and built
// again when the schema changed in place.
func TestSchemaMapsCached(t *testing.T) {
	schema := &hcl.BodySchema{}
	for i := range schemaMapMin + 2 {
		schema.Attributes = append(schema.Attributes, hcl.AttributeSchema{Name: fmt.Sprintf("a%d", i)})
	}
	f, diags := Parse([]byte(`{"a1": 1, "a25": 2}`), "s.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	content := func() []string {
		c, diags := f.Body.Content(schema)
		var names []string
		for n := range c.Attributes {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, d := range diags {
			names = append(names, d.Summary)
		}
		return names
	}
	if got := content(); !slices.Equal(got, []string{"a1", "a25"}) {
		t.Fatalf("first Content: %q", got)
	}
	jf := f.Body.(*body).f
	first := jf.schemas[schema]
	if first == nil || first.attrs["a25"] != 25 {
		t.Fatalf("no cached maps: %+v", first)
	}
	content()
	if jf.schemas[schema] != first {
		t.Error("the maps were built again for an unchanged schema")
	}
	schema.Attributes[25].Name = "renamed"
	if got := content(); !slices.Equal(got, []string{"a1", "Extraneous JSON object property"}) {
		t.Errorf("after a rename in place: %q", got)
	}
	if jf.schemas[schema] == first {
		t.Error("the maps of a changed schema were reused")
	}
}

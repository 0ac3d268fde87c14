package hcljson

import (
	"testing"
	"unsafe"
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

package gen

import (
	"testing"
)

// TestBodyGrow checks that a body grown for n items takes them without
// allocating, and that growing changes nothing written.
func TestBodyGrow(t *testing.T) {
	build := func(grow bool) *File {
		f := NewFile()
		b := f.Body().AppendBlock("resource", "a", "b").Body()
		if grow {
			b.Grow(3)
		}
		b.AppendAttribute("x", String("1"), Expr)
		b.AppendComment("why")
		b.AppendAttribute("y", NumberInt(2), Literal)
		return f
	}
	if got, want := string(build(true).Bytes()), string(build(false).Bytes()); got != want {
		t.Errorf("grown body writes\n%s\nwant\n%s", got, want)
	}
	var b Body
	v := String("v")
	allocs := testing.AllocsPerRun(100, func() {
		b = Body{}
		b.Grow(4)
		for range 4 {
			b.AppendAttribute("x", v, Expr)
		}
	})
	// Under the race detector the appends allocate once more.
	want := 1.0
	if raceEnabled {
		want = 2
	}
	if allocs > want {
		t.Errorf("Grow(4) and four attributes: %v allocations, want %v (the Grow)", allocs, want)
	}
}

package validatedifftest

import (
	"slices"
	"testing"
)

// TestVariants checks the generator: every case converts to JSON (or
// writes its JSON twin), names are unique, every class has faulty and
// valid cases, and the variants are the same on every call.
func TestVariants(t *testing.T) {
	vs, err := Variants()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	count := map[string][2]int{}
	for _, v := range vs {
		if seen[v.ID()] {
			t.Errorf("%s twice", v.ID())
		}
		seen[v.ID()] = true
		if !slices.Contains(Classes, v.Class) {
			t.Errorf("%s: class %q is not in Classes", v.ID(), v.Class)
		}
		n := count[v.Class]
		if v.Valid {
			n[1]++
		} else {
			n[0]++
		}
		count[v.Class] = n
	}
	for _, c := range Classes {
		if n := count[c]; n[0] == 0 || n[1] == 0 {
			t.Errorf("class %s has %d faulty and %d valid variants", c, n[0], n[1])
		}
	}
	again, _ := Variants()
	for i, v := range vs {
		if again[i].Hash() != v.Hash() {
			t.Errorf("%s: not the same on a second call", v.ID())
		}
	}
	t.Logf("%d variants", len(vs))
}

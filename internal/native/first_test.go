package native

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestBundleSizes reads files on both sides of the bundles' classes
// (1 kB, 4 kB) and past them, each holding more nodes of every bundled
// type than its bundle's arrays, so that each slab goes on from its
// bundled first chunk into chunks of its own, and across the points
// where chunks are sized again (resize): always hclsyntax's tree.
func TestBundleSizes(t *testing.T) {
	unit := func(i int) string {
		return fmt.Sprintf("resource \"t\" \"r%d\" {\n  a = var.x[%d]\n  b = \"s-${local.y}\"\n  c = f(1, [2], {k = v.w})\n  d {\n    e = true\n  }\n}\n", i, i)
	}
	var b strings.Builder
	seen := map[string]bool{}
	for i := 0; b.Len() < 12<<10; i++ {
		b.WriteString(unit(i))
		src := b.String()
		class := "large"
		switch {
		case len(src) < 1<<10:
			class = "1k"
		case len(src) < 4<<10:
			class = "4k"
		}
		seen[class] = true
		if why := check(t, "bundle.tf", []byte(src)); why != "" {
			t.Fatalf("%d bytes: fell back (%s)", len(src), why)
		}
	}
	for _, class := range []string{"1k", "4k", "large"} {
		if !seen[class] {
			t.Errorf("no file of class %s", class)
		}
	}
}

// TestSmallFileAllocs pins what the bundle is for: a small file takes
// one allocation for the first chunks of its nodes and its hcl.File; the
// rest are the source string and the maps of its bodies' arguments.
func TestSmallFileAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops parsers: their stacks allocate again")
	}
	for _, tc := range []struct {
		src  string
		want float64
	}{
		// The string, the bundle, the map and its group.
		{"a = 1\n", 4},
		// The string, the bundle, the file body's map (no group: it
		// is empty), the block body's map and its group.
		{"variable \"x\" {\n  type = string\n  default = \"y\"\n}\n", 5},
	} {
		src := []byte(tc.src)
		if f, why := parse(src, "small.tf", hcl.InitialPos); f == nil {
			t.Fatalf("%q: fell back (%s)", tc.src, why)
		}
		got := testing.AllocsPerRun(20, func() { parse(src, "small.tf", hcl.InitialPos) })
		ref := testing.AllocsPerRun(20, func() { hclsyntax.ParseConfig(src, "small.tf", hcl.InitialPos) })
		t.Logf("%q: %.0f allocations, hclsyntax %.0f", tc.src, got, ref)
		if got > tc.want {
			t.Errorf("%q: %.0f allocations, want at most %.0f", tc.src, got, tc.want)
		}
	}
}

// TestResize: a slab's next chunk holds what the rest of the source
// needs at the density so far, beyond the room left, within least and
// maxChunk.
func TestResize(t *testing.T) {
	for _, tc := range []struct {
		made, len, cap, pos, n, least, want int
	}{
		// 30 nodes in the first 1000 bytes of 4000: 90 more, 10 fit.
		{40, 30, 40, 1000, 4000, 8, 80},
		// Room enough: the least.
		{40, 30, 40, 3000, 4000, 8, 8},
		{40, 30, 40, 3000, 4000, 2, 2},
		// Dense: at most maxChunk.
		{1000, 1000, 1000, 1000, 100000, 8, maxChunk},
		// None so far: the least.
		{0, 0, 0, 1000, 8000, 4, 4},
	} {
		s := slab[int]{s: make([]int, tc.len, tc.cap), made: tc.made}
		resize(&s, rest(tc.pos, tc.n), tc.least)
		if s.chunk != tc.want {
			t.Errorf("%+v: chunk %d, want %d", tc, s.chunk, tc.want)
		}
	}
}

package native

import (
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestReleaseClears: stacks are popped without clearing (pop), and a
// released parser holds nothing of the tree it built in the whole
// capacity of its stacks, after a parse and after a fallback.
func TestReleaseClears(t *testing.T) {
	for _, src := range []string{
		"a = f(x.y[0], [1, 2, {k = \"v${z}\"}], <<EOT\n  h ${w}\nEOT\n)\nb \"l\" m {\n  c = d.*.e\n  n {}\n}\n",
		"a = [1, {b = f(c.d, \"e${g}\")}, h\n", // unterminated: a fallback
	} {
		p := newParser([]byte(src), src, "r.tf", hcl.InitialPos, true)
		func() {
			defer func() { recover() }()
			p.body(tEOF)
		}()
		p.release()
		// Zero but for its scratch memory, as newParser expects.
		if q := *p; true {
			q.scratch = scratch{}
			if !reflect.ValueOf(q).IsZero() {
				t.Errorf("%q: the released parser is not zero but for its scratch memory", src)
			}
		}
		s := p.scratch
		check := func(name string, n int, zero func(i int) bool) {
			for i := range n {
				if !zero(i) {
					t.Errorf("%q: %s[%d] not cleared", src, name, i)
				}
			}
		}
		check("steps", cap(s.steps), func(i int) bool { return s.steps[:cap(s.steps)][i] == nil })
		check("list", cap(s.list), func(i int) bool { return s.list[:cap(s.list)][i] == nil })
		check("items", cap(s.items), func(i int) bool { return s.items[:cap(s.items)][i] == (hclsyntax.ObjectConsItem{}) })
		check("ttoks", cap(s.ttoks), func(i int) bool { return reflect.ValueOf(s.ttoks[:cap(s.ttoks)][i]).IsZero() })
		check("blocks", cap(s.blocks), func(i int) bool { return s.blocks[:cap(s.blocks)][i] == nil })
		check("attrs", cap(s.attrs), func(i int) bool { return s.attrs[:cap(s.attrs)][i] == nil })
		check("labels", cap(s.labels), func(i int) bool { return s.labels[:cap(s.labels)][i] == "" })
		if cap(s.steps) == 0 || cap(s.list) == 0 || cap(s.ttoks) == 0 {
			t.Errorf("%q: stacks unused (%d, %d, %d)", src, cap(s.steps), cap(s.list), cap(s.ttoks))
		}
	}
}

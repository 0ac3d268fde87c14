package native

import (
	"reflect"
	"sync"
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

// TestSharedChunks: trees parsed one after the other share the chunks of
// the parsers' slabs, and each stays hclsyntax's tree while the parses
// after it (some of which fall back) fill the chunks; on goroutines at
// once (run with -race), with the trees read on other goroutines than
// those that parsed them.
func TestSharedChunks(t *testing.T) {
	srcs := []string{
		"a = 1\n",
		"b \"l\" {\n  c = d.e[0]\n  f = [g, \"h${i}\", {j = k}]\n}\n",
		"x = f(y, z...) ? a.*.b : -c\n",
		"broken = [\n",
		"t = <<EOT\n  u ${v}\nEOT\nw = {for k, v in m : k => v if v}\n",
	}
	type parsed struct {
		src string
		f   *hcl.File
	}
	const workers, rounds = 4, 60
	out := make(chan []parsed, workers)
	for w := range workers {
		go func() {
			var trees []parsed
			for r := range rounds {
				src := srcs[(r+w)%len(srcs)]
				if f, _ := parse([]byte(src), "s.tf", hcl.InitialPos); f != nil {
					trees = append(trees, parsed{src, f})
				}
			}
			out <- trees
		}()
	}
	var all []parsed
	for range workers {
		all = append(all, <-out...)
	}
	if len(all) != workers*rounds*4/5 {
		t.Fatalf("%d trees, want %d", len(all), workers*rounds*4/5)
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(all); i += workers {
				want, _ := hclsyntax.ParseConfig([]byte(all[i].src), "s.tf", hcl.InitialPos)
				if d := sameFile(all[i].f, want); d != "" {
					t.Errorf("%q: %s", all[i].src, d)
				}
			}
		})
	}
	wg.Wait()
}

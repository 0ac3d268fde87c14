package jsonpath

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
)

// Entry is one thing that a value holds, as Keys lists it.
type Entry struct {
	// Key is a member's key, or, for a block listed by its address, the
	// address's text (Address.String()).
	Key string
	// Index is an element's index, -1 for a member or a block.
	Index int
	// Address is, for a block listed by its address (at the root of a
	// layout, after a block type or a label), its path from the root;
	// nil otherwise.
	Address Path
	// Range is the member from its key to its value, the element, or
	// the block's body (the first, when an address names several).
	Range hcl.Range
}

// Keys lists what the value at path holds: the keys of an object, in
// order and each once; the indexes of an array. Through a Layout, an
// address lists blocks by their addresses where it holds blocks: at the
// root (whose members that are not blocks, such as "//", are listed as
// paths too), after a block type (resource, locals) and after a label
// (resource.aws_instance): each address once, in order, a provider
// configuration with its alias (provider.aws.west). After a block's
// address, it lists the keys of the block's body (of every block, for a
// type without labels written several times). A scalar holds nothing: an
// error. A nil Layout lists plain JSON values. It panics if doc is nil or
// a step of path is nil.
func (l *Layout) Keys(doc *scanner.Document, lines *scanner.Lines, filename string, path Path) ([]Entry, hcl.Diagnostics) {
	checkArgs("Layout.Keys", doc, path)
	if !l.isAddress(doc, path) {
		res, diags := Lookup(doc, lines, filename, path)
		if diags.HasErrors() {
			return nil, diags
		}
		w := walker{doc: doc, lines: linesOf(doc, lines), filename: filename, node: res.Node, member: -1, done: path}
		out, err := w.entries()
		if err != nil {
			return nil, append(diags, err)
		}
		return out, diags
	}
	r := l.resolver(doc, lines, filename, path, true)
	if !r.run() {
		return nil, r.diags
	}
	r.i = len(path)
	g := r.cands
	var out []Entry
	switch g[0].lv {
	case atValue, atOpen:
		r.at(&g[0])
		var err *hcl.Diagnostic
		if out, err = r.entries(); err != nil {
			return nil, append(r.diags, err)
		}
	case atLabels:
		out = r.addresses(g, path, nil, map[string]bool{})
	case atBlocks:
		if len(path) == 0 {
			var roots []cand
			for k := range g {
				roots = r.expand(&g[k], roots)
			}
			out = r.rootEntries(roots)
			break
		}
		blocks, ok := r.blocks(g)
		if !ok {
			return nil, r.diags
		}
		if !r.oneBlock(blocks) {
			return nil, r.diags
		}
		out = r.bodyEntries(blocks)
	}
	return out, r.diags
}

// entries lists the keys of the current object or the indexes of the
// current array.
func (w *walker) entries() ([]Entry, *hcl.Diagnostic) {
	d := w.doc
	var out []Entry
	switch d.Nodes[w.node].Kind() {
	case scanner.Object:
		seen := map[string]bool{}
		for k, v := range d.Members(w.node) {
			w.work++
			if t := d.Text(k); !seen[t] {
				seen[t] = true
				out = append(out, Entry{Key: t, Index: -1, Range: w.rng(int(d.Nodes[k].Start), d.End(v))})
			}
		}
	case scanner.Array:
		j := 0
		for e := range d.Elements(w.node) {
			w.work++
			out = append(out, Entry{Index: j, Range: w.rangeOf(e)})
			j++
		}
	default:
		return nil, w.errorf("Not an object or array", "The value at %s is %s: only an object has keys, and an array indexes.", w.done.describe(), w.kindPhrase())
	}
	return out, nil
}

// addresses appends to out the blocks below label levels g, whose
// address so far is prefix, by address, each once (seen holds the
// addresses listed).
func (r *resolver) addresses(g []cand, prefix Path, out []Entry, seen map[string]bool) []Entry {
	var walk func(c *cand, addr Path)
	walk = func(c *cand, addr Path) {
		if c.lv == atLabels {
			saved := r.next
			r.next = nil
			r.eachLabel(c, false)
			next := r.next
			r.next = saved
			for k := range next {
				walk(&next[k], addr.join(Key(r.doc.Text(next[k].key))))
			}
			return
		}
		for _, b := range r.expand(c, nil) {
			a := addr
			if b.alias != "" {
				if alias, ok := r.aliasOf(&b, b.alias); ok {
					a = a.join(Key(alias))
				}
			}
			if t := a.String(); !seen[t] {
				seen[t] = true
				out = append(out, Entry{Key: t, Index: -1, Address: a, Range: r.rangeOf(b.node)})
			}
		}
	}
	for k := range g {
		walk(&g[k], prefix)
	}
	return out
}

// rootEntries lists the members of the root bodies: blocks by address,
// other members as paths.
func (r *resolver) rootEntries(roots []cand) []Entry {
	d := r.doc
	var out []Entry
	seen := map[string]bool{}
	for i := range roots {
		b := &roots[i]
		if d.Nodes[b.node].Kind() != scanner.Object {
			continue
		}
		for kn, v := range d.Members(b.node) {
			r.work++
			k := d.Text(kn)
			bt := blockType(b.body, k)
			n := r.child(b, v, kn, 0, atBlocks)
			switch {
			case bt != nil && len(bt.Labels) > 0:
				n.lv, n.blk, n.left, n.removable, n.alias = atLabels, bt, int32(len(bt.Labels)), true, r.layout.alias[k]
				out = r.addresses([]cand{n}, Path{Key(k)}, out, seen)
				continue
			case bt != nil:
				n.blk, n.body = bt, bt.Body
				blocks := r.expand(&n, nil)
				if len(blocks) == 0 {
					continue
				}
				v = blocks[0].node
			}
			a := Path{Key(k)}
			if t := a.String(); !seen[t] {
				seen[t] = true
				rng := r.rangeOf(v)
				if bt == nil {
					rng = r.rng(int(d.Nodes[kn].Start), d.End(v))
				}
				out = append(out, Entry{Key: t, Index: -1, Address: a, Range: rng})
			}
		}
	}
	return out
}

// bodyEntries lists the keys of the bodies of blocks, each once.
func (r *resolver) bodyEntries(blocks []cand) []Entry {
	d := r.doc
	var out []Entry
	seen := map[string]bool{}
	for i := range blocks {
		b := &blocks[i]
		if d.Nodes[b.node].Kind() != scanner.Object {
			continue
		}
		for kn, v := range d.Members(b.node) {
			r.work++
			if t := d.Text(kn); !seen[t] {
				seen[t] = true
				out = append(out, Entry{Key: t, Index: -1, Range: r.rng(int(d.Nodes[kn].Start), d.End(v))})
			}
		}
	}
	return out
}

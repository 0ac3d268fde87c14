package jsonpath

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
)

// level says how a value that the steps so far lead to is read.
type level uint8

const (
	// atValue is a JSON value: an argument's, or inside one.
	atValue level = iota
	// atOpen is the value of a name that an open body does not list
	// (a provider's argument or nested block, without its schema), or
	// inside one: a key step on an array looks in the one element, an
	// object, that has the key, as nested blocks of the array form are
	// written.
	atOpen
	// atLabels is a label level of blocks: an object whose keys are
	// labels, an array of such objects, or null.
	atLabels
	// atBlocks is blocks whose labels are all given: an object is one
	// block, an array one block per element, null none.
	atBlocks
)

// cand is one value that the steps taken so far lead to. (A look-up
// holds as many as there are blocks: its fields are ordered to be small.)
type cand struct {
	node, key int // the value, and its member's key node or -1
	trail     *trail
	blk       *schema.Block // atLabels, atBlocks: the block type; nil at the root
	body      *schema.Body  // atBlocks (and atLabels after the first label): the body schema
	// alias, at atBlocks, is the argument that tells apart blocks of
	// the same labels (a provider configuration's alias), until a step
	// decides which; "" once decided.
	alias string
	// group tells apart the values that one address names (blocks of
	// the same labels, label levels written in several places) from
	// those that a [*] or [*key=value] took one by one.
	group int32
	left  int32 // atLabels: the labels left
	// structure is the number of removable containers around node.
	structure int32
	lv        level
	// removable says that node exists only to write blocks (a label
	// level, an array of blocks): emptied, it goes too.
	removable bool
	// root marks the root body (and its elements when it is an array).
	root bool
}

// trail is the concrete path to a value, as a list that shares its
// prefixes: keys (by their key nodes) and indexes, as a plain path reaches
// the value. Messages alone read it (resolver.pathOf).
type trail struct {
	up  *trail
	key int32 // the key node of a member, or -1 for an element
	idx int32 // the index of an element
	n   int32 // the number of steps
}

// pathOf returns the steps of t.
func (r *resolver) pathOf(t *trail) Path {
	if t == nil {
		return nil
	}
	p := make(Path, t.n)
	for x := t; x != nil; x = x.up {
		if x.key >= 0 {
			p[x.n-1] = Key(r.doc.Text(int(x.key)))
		} else {
			p[x.n-1] = Index(x.idx)
		}
	}
	return p
}

// trailsBlock is the number of trails allocated at once.
const trailsBlock = 1024

// step returns t followed by the member whose key node is key, or, when
// key is -1, by element idx.
func (r *resolver) step(t *trail, key, idx int) *trail {
	if len(r.trails) == cap(r.trails) {
		r.trails = make([]trail, 0, trailsBlock)
	}
	n := int32(1)
	if t != nil {
		n = t.n + 1
	}
	r.trails = append(r.trails, trail{up: t, key: int32(key), idx: int32(idx), n: n})
	return &r.trails[len(r.trails)-1]
}

// child returns the value node, the value of the member with key node key
// or element idx of c's value, at level lv, in c's group.
func (r *resolver) child(c *cand, node, key, idx int, lv level) cand {
	return cand{node: node, key: key, trail: r.step(c.trail, key, idx), lv: lv, group: c.group}
}

// index returns the index of an element that choices returned.
func (ch choice) index() int {
	if i, ok := ch.step.(Index); ok {
		return int(i)
	}
	return 0
}

// resolver is the state of one look-up through a Layout.
type resolver struct {
	walker
	layout *Layout
	path   Path
	i      int // the step being taken
	// one says that the look-up wants one value: a step that takes
	// several is an error.
	one bool
	// several says that a [*] or [*key=value] was taken: the blocks of
	// one address are then each taken, not an ambiguity.
	several bool
	groups  int32
	// implied says that the first step is read after the implied
	// block type (aws_instance.web for resource.aws_instance.web).
	implied     bool
	cands, next []cand
	trails      []trail  // where trails are allocated, in blocks
	results     []Result // where Results are allocated, in blocks
	blockBuf    []cand   // scratch for the blocks of a group
}

// Lookup is Lookup through the layout: a path that is an address
// (IsAddress) is followed through the label levels and arrays of blocks
// of any layout, and any other path as a plain JSON path.
//
// An address names blocks by their type and labels (resource.aws_instance.web,
// module.net, locals), then a value in their bodies with the steps of a
// plain path. Where the address names a block type with labels, it must
// name one block: two blocks with the same labels are an error that names
// both places. Blocks of a type without labels (locals, terraform) may be
// several: a key is looked up in each, and must be found in one. A
// provider's alias is a label after its name (provider.aws.west);
// provider.aws is the configuration without an alias. Indexes step into
// the arrays of the layout as written (module[0].vpc[0]); [*] takes every
// label of a label level, or every member of a block's body; a filter
// after a block type or a label ([*source=...]) selects the blocks below
// it whose body has the key with that value. The Result's Structure counts
// the label levels and arrays around a block, for Delete.
//
// A nil Layout is a plain Lookup. It panics if doc is nil or a step of
// path is nil.
func (l *Layout) Lookup(doc *scanner.Document, lines *scanner.Lines, filename string, path Path) (*Result, hcl.Diagnostics) {
	checkArgs("Layout.Lookup", doc, path)
	if !l.isAddress(doc, path) {
		return Lookup(doc, lines, filename, path)
	}
	res, diags := l.lookup(doc, lines, filename, path, true)
	if diags.HasErrors() {
		return nil, diags
	}
	return res[0], diags
}

// LookupAll is LookupAll through the layout (see Layout.Lookup): every
// value the path leads to, in document order. It walks the document once,
// as LookupAll does. A nil Layout is a plain LookupAll. It panics if doc
// is nil or a step of path is nil.
func (l *Layout) LookupAll(doc *scanner.Document, lines *scanner.Lines, filename string, path Path) ([]*Result, hcl.Diagnostics) {
	checkArgs("Layout.LookupAll", doc, path)
	if !l.isAddress(doc, path) {
		res, diags, _ := lookupAll(doc, lines, filename, path)
		return res, diags
	}
	res, diags := l.lookup(doc, lines, filename, path, false)
	if diags.HasErrors() {
		return nil, diags
	}
	return res, diags
}

// lookup resolves an address and returns its values.
func (l *Layout) lookup(doc *scanner.Document, lines *scanner.Lines, filename string, path Path, one bool) ([]*Result, hcl.Diagnostics) {
	r := l.resolver(doc, lines, filename, path, one)
	if !r.run() {
		return nil, r.diags
	}
	var out []*Result
	for g := range r.groupsOf(r.cands) {
		if !r.finish(g, &out) {
			return nil, r.diags
		}
	}
	return out, r.diags
}

// resolver returns the state of a look-up of path in doc.
func (l *Layout) resolver(doc *scanner.Document, lines *scanner.Lines, filename string, path Path, one bool) *resolver {
	return &resolver{
		walker: walker{doc: doc, lines: linesOf(doc, lines), filename: filename, member: -1},
		layout: l,
		path:   path,
		one:    one,
	}
}

// run takes every step of the path; it reports false after an error.
func (r *resolver) run() bool {
	d := r.doc
	if len(d.Errors) > 0 || len(d.Nodes) == 0 {
		r.diags = r.syntaxDiags()
		return false
	}
	r.cands = []cand{{node: 0, key: -1, lv: atBlocks, body: r.layout.root, root: true}}
	for i, s := range r.path {
		r.i = i
		r.next = r.next[:0]
		if k, ok := s.(Key); ok && i == 0 && r.layout.root.Block(string(k)) == nil {
			// aws_instance.web is resource.aws_instance.web.
			r.implied = true
			if !r.inBodies(r.expand(&r.cands[0], nil), r.layout.implied) {
				return false
			}
			r.cands, r.next = r.next, r.cands[:0]
		}
		for g := range r.groupsOf(r.cands) {
			if !r.takeStep(g, s) {
				return false
			}
		}
		r.cands, r.next = r.next, r.cands
	}
	return true
}

// groupsOf yields the runs of cands of one group.
func (r *resolver) groupsOf(cands []cand) func(yield func([]cand) bool) {
	return func(yield func([]cand) bool) {
		for start := 0; start < len(cands); {
			end := start + 1
			for end < len(cands) && cands[end].group == cands[start].group {
				end++
			}
			if !yield(cands[start:end]) {
				return
			}
			start = end
		}
	}
}

// push appends c to r.next, doubling its capacity when full (append's
// growth by a quarter would copy a million values five times over).
func (r *resolver) push(c cand) {
	if len(r.next) == cap(r.next) {
		next := make([]cand, len(r.next), max(2*cap(r.next), 8))
		copy(next, r.next)
		r.next = next
	}
	r.next = append(r.next, c)
}

// newGroup returns a new group id.
func (r *resolver) newGroup() int32 {
	r.groups++
	return r.groups
}

// at makes c the walker's current value, for its messages.
func (r *resolver) at(c *cand) {
	r.node, r.member, r.done = c.node, c.key, r.pathOf(c.trail)
}

// fail records err and returns false.
func (r *resolver) fail(err *hcl.Diagnostic) bool {
	r.diags = append(r.diags, err)
	return false
}

// address returns the address given so far, for messages.
func (r *resolver) address() string {
	return r.path[:r.i].describe()
}

// takeStep takes step s from the values of one group, which are at one
// level.
func (r *resolver) takeStep(g []cand, s Step) bool {
	switch g[0].lv {
	case atLabels:
		return r.labelStep(g, s)
	case atBlocks:
		return r.blocksStep(g, s)
	}
	for k := range g {
		if !r.valueStep(&g[k], s) {
			return false
		}
	}
	return true
}

// valueStep takes s from a JSON value, as a plain path does; in an open
// body's value a key on an array looks in its elements.
func (r *resolver) valueStep(c *cand, s Step) bool {
	if k, ok := s.(Key); ok {
		// The common case without a message to write: an object that
		// has the key once.
		if kn, v, once := r.onlyMember(c.node, string(k)); once {
			r.push(r.child(c, v, kn, 0, c.lv))
			return true
		}
	}
	r.at(c)
	switch s := s.(type) {
	case Key:
		if c.lv == atOpen && r.doc.Nodes[c.node].Kind() == scanner.Array {
			return r.openKey(c, string(s))
		}
		if err := r.key(string(s)); err != nil {
			return r.fail(err)
		}
		r.push(r.child(c, r.node, r.member, 0, c.lv))
	case Index:
		if err := r.index(int(s)); err != nil {
			return r.fail(err)
		}
		r.push(r.child(c, r.node, -1, int(s), c.lv))
	case Splat:
		if r.one {
			return r.fail(r.errorf("Several values", "The path takes every value of %s with [*]: it leads to several values, where one is needed.", r.done.describe()))
		}
		all, ok := r.choices(c.node, nil, true)
		if !ok {
			return r.fail(r.errorf("Not an array or object", "The value at %s is %s: [*] takes the elements of an array or the member values of an object.", r.done.describe(), r.kindPhrase()))
		}
		r.several = true
		for _, ch := range all {
			n := r.child(c, ch.node, ch.key, ch.index(), c.lv)
			n.group = r.newGroup()
			r.push(n)
		}
	case Filter:
		if s.All && r.one {
			return r.fail(r.errorf("Several values", "The path takes every value of %s that %s selects: it leads to several values, where one is needed.", r.done.describe(), s))
		}
		m, err := r.matches(s)
		if err != nil {
			return r.fail(err)
		}
		if !s.All {
			if len(m) != 1 {
				return r.fail(r.notOne(s, m))
			}
			r.push(r.child(c, m[0].node, m[0].key, m[0].index(), c.lv))
			return true
		}
		r.several = true
		for _, ch := range m {
			n := r.child(c, ch.node, ch.key, ch.index(), c.lv)
			n.group = r.newGroup()
			r.push(n)
		}
	}
	return true
}

// openKey takes key k from an array in an open body's value: from the
// one element, an object, that has it.
func (r *resolver) openKey(c *cand, k string) bool {
	d := r.doc
	type hit struct{ elem, key, value, index int }
	var hits []hit
	var keys []string
	seen := map[string]bool{}
	objects := 0
	j := 0
	for e := range d.Elements(c.node) {
		r.work++
		if d.Nodes[e].Kind() == scanner.Object {
			objects++
			kn, v := r.firstMember(e, k)
			if v >= 0 {
				hits = append(hits, hit{e, kn, v, j})
			}
			for key := range d.Members(e) {
				if t := d.Text(key); !seen[t] {
					seen[t] = true
					keys = append(keys, t)
				}
			}
		}
		j++
	}
	switch {
	case objects == 0:
		return r.fail(r.notObject(k))
	case len(hits) == 0:
		var b strings.Builder
		fmt.Fprintf(&b, "No element of the array at %s has the key %s.", r.done.describe(), quoteKey(k))
		if s := didyoumean.Closest(k, keys); s != "" {
			fmt.Fprintf(&b, " Did you mean %s?", quoteKey(s))
		}
		b.WriteString(" ")
		b.WriteString(strings.Replace(keysSentence(keys), "Its", "Their", 1))
		return r.fail(r.errorf("Key not found", "%s", b.String()))
	case len(hits) > 1 && !r.several:
		var places []string
		for _, h := range hits {
			places = append(places, r.done.join(Index(h.index)).join(Key(k)).String()+" at "+r.rangeOf(h.value).String())
		}
		return r.fail(r.errorf("Ambiguous path", "%d elements of the array at %s have the key %s: %s. Write the path of the one you mean.",
			len(hits), r.done.describe(), quoteKey(k), listPlaces(places)))
	}
	for _, h := range hits {
		n := r.child(c, h.value, h.key, 0, atOpen)
		n.trail = r.step(r.step(c.trail, -1, h.index), h.key, 0)
		r.push(n)
	}
	return true
}

// onlyMember returns the key and value nodes of the member named k of
// node, and true, when node is an object that has one member so named.
func (r *resolver) onlyMember(node int, k string) (key, value int, once bool) {
	d := r.doc
	if d.Nodes[node].Kind() != scanner.Object {
		return -1, -1, false
	}
	key, value = -1, -1
	for c, v := range d.Members(node) {
		r.work++
		if d.Text(c) == k {
			if key >= 0 {
				return -1, -1, false
			}
			key, value = c, v
		}
	}
	return key, value, key >= 0
}

// firstMember returns the key and value nodes of the first member named k
// of object node, or -1, -1.
func (r *resolver) firstMember(node int, k string) (key, value int) {
	d := r.doc
	for c, v := range d.Members(node) {
		r.work++
		if d.Text(c) == k {
			return c, v
		}
	}
	return -1, -1
}

// labelStep takes s from label levels.
func (r *resolver) labelStep(g []cand, s Step) bool {
	d := r.doc
	switch s := s.(type) {
	case Key:
		start := len(r.next)
		for k := range g {
			c := &g[k]
			switch d.Nodes[c.node].Kind() {
			case scanner.Object:
				r.labels(c, c.node, nil, c.structure+1, string(s), c.group)
			case scanner.Array:
				j := 0
				for e := range d.Elements(c.node) {
					r.work++
					if d.Nodes[e].Kind() == scanner.Object {
						r.labels(c, e, Index(j), c.structure+2, string(s), c.group)
					}
					j++
				}
			case scanner.Null:
			default:
				r.at(c)
				return r.fail(r.notObject(string(s)))
			}
		}
		if len(r.next) == start {
			return r.fail(r.noLabel(g, string(s)))
		}
	case Index:
		for k := range g {
			c := &g[k]
			r.at(c)
			if err := r.index(int(s)); err != nil {
				return r.fail(err)
			}
			n := *c
			n.node, n.key, n.trail, n.structure = r.node, -1, r.step(c.trail, -1, int(s)), c.structure+1
			r.push(n)
		}
	case Splat:
		if r.one {
			r.at(&g[0])
			return r.fail(r.errorf("Several values", "The path takes every label of %s with [*]: it leads to several values, where one is needed.", r.address()))
		}
		r.several = true
		for k := range g {
			r.eachLabel(&g[k], true)
		}
	case Filter:
		if s.All && r.one {
			r.at(&g[0])
			return r.fail(r.errorf("Several values", "The path takes every block of %s that %s selects: it leads to several values, where one is needed.", r.address(), s))
		}
		blocks := r.allBlocks(g)
		return r.filterBlocks(g, blocks, s)
	}
	return true
}

// labels appends to r.next the values of the members of object obj (an
// element of c's array when elem is set) named label, with structure
// around them.
func (r *resolver) labels(c *cand, obj int, elem Step, structure int32, label string, group int32) {
	d := r.doc
	for kn, v := range d.Members(obj) {
		r.work++
		if d.Text(kn) != label {
			continue
		}
		r.push(r.labelled(c, obj, elem, structure, kn, v, label, group))
	}
}

// labelled returns the value v (of the member with key node kn, in
// object obj) at the next level after c's label.
func (r *resolver) labelled(c *cand, obj int, elem Step, structure int32, kn, v int, label string, group int32) cand {
	t := c.trail
	if i, ok := elem.(Index); ok {
		t = r.step(t, -1, int(i))
	}
	n := cand{node: v, key: kn, trail: r.step(t, kn, 0), group: group, blk: c.blk, body: c.body,
		left: c.left - 1, removable: true, structure: structure}
	if int(c.left) == len(c.blk.Labels) {
		n.body = c.blk.BodyFor(label)
	}
	n.lv = atLabels
	if n.left == 0 {
		n.lv = atBlocks
		n.alias = c.alias
	}
	return n
}

// eachLabel appends to r.next every label value of c's level (each in a
// group of its own when split), in order.
func (r *resolver) eachLabel(c *cand, split bool) {
	d := r.doc
	add := func(obj int, elem Step, structure int32) {
		for kn, v := range d.Members(obj) {
			r.work++
			g := c.group
			if split {
				g = r.newGroup()
			}
			r.push(r.labelled(c, obj, elem, structure, kn, v, d.Text(kn), g))
		}
	}
	switch d.Nodes[c.node].Kind() {
	case scanner.Object:
		add(c.node, nil, c.structure+1)
	case scanner.Array:
		j := 0
		for e := range d.Elements(c.node) {
			r.work++
			if d.Nodes[e].Kind() == scanner.Object {
				add(e, Index(j), c.structure+2)
			}
			j++
		}
	}
}

// allBlocks returns every block below label levels g, each alone, each
// in a group of its own.
func (r *resolver) allBlocks(g []cand) []cand {
	saved := r.next
	r.next = nil
	level := append([]cand(nil), g...)
	for len(level) > 0 && level[0].lv == atLabels {
		r.next = r.next[:0]
		for k := range level {
			r.eachLabel(&level[k], false)
		}
		level = append(level[:0], r.next...)
	}
	r.next = saved
	var out []cand
	for k := range level {
		out = r.expand(&level[k], out)
	}
	return out
}

// expand appends the blocks of c, at atBlocks, to out: c itself when it
// is an object, each element when it is an array, none for null.
func (r *resolver) expand(c *cand, out []cand) []cand {
	d := r.doc
	switch d.Nodes[c.node].Kind() {
	case scanner.Array:
		if c.root {
			// The root written as an array of bodies: its elements
			// are one body.
			j := 0
			for e := range d.Elements(c.node) {
				r.work++
				n := r.child(c, e, -1, j, atBlocks)
				n.body, n.root = c.body, true
				out = append(out, n)
				j++
			}
			return out
		}
		j := 0
		for e := range d.Elements(c.node) {
			r.work++
			n := r.child(c, e, -1, j, atBlocks)
			n.blk, n.body, n.alias, n.structure = c.blk, c.body, c.alias, c.structure+1
			out = append(out, n)
			j++
		}
		return out
	case scanner.Null:
		return out
	}
	n := *c
	n.removable = false
	return append(out, n)
}

// aliasOf returns the alias of block b (its argument named arg) and
// whether it has one.
func (r *resolver) aliasOf(b *cand, arg string) (string, bool) {
	if r.doc.Nodes[b.node].Kind() != scanner.Object {
		return "", false
	}
	_, v := r.firstMember(b.node, arg)
	if v < 0 {
		return "", false
	}
	if r.doc.Nodes[v].Kind() == scanner.String {
		return r.doc.Text(v), true
	}
	return string(r.doc.Raw(v)), true
}

// defaults returns the blocks of bs without an alias, or an error when
// there is none.
func (r *resolver) defaults(bs []cand) ([]cand, bool) {
	var out []cand
	var others []string
	for k := range bs {
		a, ok := r.aliasOf(&bs[k], bs[k].alias)
		if !ok {
			n := bs[k]
			n.alias = ""
			out = append(out, n)
			continue
		}
		others = append(others, r.path[:r.i].join(Key(a)).String()+" at "+r.rangeOf(bs[k].node).String())
	}
	if len(out) == 0 {
		r.at(&bs[0])
		if len(others) == 0 {
			return nil, r.fail(r.errorf("Block not found", "The file has no block %s.", r.address()))
		}
		return nil, r.fail(r.errorf("Block not found", "%s is the configuration without an alias, and the file has none: its configurations are %s.", r.address(), listPlaces(others)))
	}
	return out, true
}

// blocksStep takes s from blocks whose labels are all given.
func (r *resolver) blocksStep(g []cand, s Step) bool {
	switch s := s.(type) {
	case Index:
		for k := range g {
			c := &g[k]
			r.at(c)
			if err := r.index(int(s)); err != nil {
				return r.fail(err)
			}
			n := r.child(c, r.node, -1, int(s), atBlocks)
			n.blk, n.body, n.structure = c.blk, c.body, c.structure+1
			r.push(n)
		}
		return true
	case Filter:
		if s.All && r.one {
			r.at(&g[0])
			return r.fail(r.errorf("Several values", "The path takes every block of %s that %s selects: it leads to several values, where one is needed.", r.address(), s))
		}
		var blocks []cand
		for k := range g {
			blocks = r.expand(&g[k], blocks)
		}
		for k := range blocks {
			blocks[k].alias = ""
		}
		return r.filterBlocks(g, blocks, s)
	}
	blocks := r.blockBuf[:0]
	for k := range g {
		blocks = r.expand(&g[k], blocks)
	}
	r.blockBuf = blocks[:0]
	if len(blocks) > 0 && blocks[0].alias != "" {
		if k, ok := s.(Key); ok {
			picked, ok := r.byAlias(blocks, string(k))
			if !ok {
				return false
			}
			if picked != nil {
				r.next = append(r.next, picked...)
				return true
			}
		}
		var ok bool
		if blocks, ok = r.defaults(blocks); !ok {
			return false
		}
	}
	if !r.oneBlock(blocks) {
		return false
	}
	switch s := s.(type) {
	case Key:
		return r.inBodies(blocks, string(s))
	case Splat:
		if r.one {
			r.at(&blocks[0])
			return r.fail(r.errorf("Several values", "The path takes every member of %s with [*]: it leads to several values, where one is needed.", r.address()))
		}
		r.several = true
		for k := range blocks {
			r.members(&blocks[k])
		}
	}
	return true
}

// oneBlock checks that blocks, those an address names, are one block when
// their type has labels (or they were told apart by alias), unless a [*]
// was taken.
func (r *resolver) oneBlock(blocks []cand) bool {
	if len(blocks) < 2 || r.several || blocks[0].blk == nil || len(blocks[0].blk.Labels) == 0 {
		return true
	}
	return r.fail(r.ambiguous(blocks))
}

// ambiguous reports that the address so far names several blocks.
func (r *resolver) ambiguous(blocks []cand) *hcl.Diagnostic {
	var places []string
	for k := range blocks {
		places = append(places, r.pathOf(blocks[k].trail).describe()+" at "+r.rangeOf(blocks[k].node).String())
	}
	r.at(&blocks[1])
	return r.errorf("Ambiguous address", "The address %s names %d blocks: %s. An address must name one block: write the path of the one you mean.",
		r.address(), len(blocks), listPlaces(places))
}

// byAlias picks, for key k after a block type's labels, the blocks whose
// alias is k; nil when none has it.
func (r *resolver) byAlias(blocks []cand, k string) ([]cand, bool) {
	arg := blocks[0].alias
	var picked []cand
	for i := range blocks {
		if a, ok := r.aliasOf(&blocks[i], blocks[i].alias); ok && a == k {
			n := blocks[i]
			n.alias = ""
			picked = append(picked, n)
		}
	}
	if picked == nil {
		return nil, true
	}
	for i := range blocks {
		if _, ok := r.aliasOf(&blocks[i], blocks[i].alias); ok {
			continue
		}
		if kn, v := r.firstMember(blocks[i].node, k); v >= 0 {
			r.at(&blocks[i])
			return nil, r.fail(r.errorf("Ambiguous address", "In %s, %s is both the alias of the configuration at %s and an argument of the configuration without an alias, at %s. Write %s for the first, or the path %s for the second.",
				r.address(), quoteKey(k), r.rangeOf(picked[0].node), r.rng(int(r.doc.Nodes[kn].Start), r.doc.End(v)),
				r.path[:r.i].join(Filter{Key: arg, Value: k}), r.pathOf(blocks[i].trail).join(Key(k))))
		}
	}
	return picked, true
}

// filterBlocks takes the blocks that filter f selects (each in a group of
// its own with All), from blocks, those of groups g.
func (r *resolver) filterBlocks(g []cand, blocks []cand, f Filter) bool {
	var hit []cand
	for k := range blocks {
		if r.holds(blocks[k].node, f) {
			n := blocks[k]
			n.lv, n.alias = atBlocks, ""
			hit = append(hit, n)
		}
	}
	if f.All {
		r.several = true
		for _, n := range hit {
			n.group = r.newGroup()
			r.push(n)
		}
		return true
	}
	if len(hit) == 1 {
		r.push(hit[0])
		return true
	}
	r.at(&g[0])
	if len(hit) > 1 {
		var places []string
		for k := range hit {
			places = append(places, r.pathOf(hit[k].trail).describe()+" at "+r.rangeOf(hit[k].node).String())
		}
		return r.fail(r.errorf("Several matches", "%d blocks of %s have %s equal to %s: %s. Write %s to take every one, or a filter that tells them apart.",
			len(hit), r.address(), quoteKey(f.Key), quoteKey(f.Value), listPlaces(places), Filter{Key: f.Key, Value: f.Value, All: true}))
	}
	var values []string
	seen := map[string]bool{}
	for k := range blocks {
		if r.doc.Nodes[blocks[k].node].Kind() == scanner.Object {
			if _, v := r.firstMember(blocks[k].node, f.Key); v >= 0 {
				t := string(r.doc.Raw(v))
				if r.doc.Nodes[v].Kind() == scanner.String {
					t = quoteKey(r.doc.Text(v))
				}
				if !seen[t] {
					seen[t] = true
					values = append(values, t)
				}
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "No block of %s has %s equal to %s.", r.address(), quoteKey(f.Key), quoteKey(f.Value))
	switch {
	case len(blocks) == 0:
		b.Reset()
		fmt.Fprintf(&b, "%s holds no block, so none has %s equal to %s.", r.address(), quoteKey(f.Key), quoteKey(f.Value))
	case len(values) == 0:
		fmt.Fprintf(&b, " None has the argument %s.", quoteKey(f.Key))
	default:
		fmt.Fprintf(&b, " The values of %s there are %s.", quoteKey(f.Key), listPlaces(values))
	}
	return r.fail(r.errorf("No match", "%s", b.String()))
}

// inBodies takes key k in the bodies of blocks (one block, or several of
// a type without labels, which read as one body): a block type's members
// from each; an argument from the one block that sets it.
func (r *resolver) inBodies(blocks []cand, k string) bool {
	d := r.doc
	if len(blocks) == 0 {
		return true
	}
	body := blocks[0].body
	if bt := blockType(body, k); bt != nil {
		start := len(r.next)
		for i := range blocks {
			b := &blocks[i]
			if d.Nodes[b.node].Kind() != scanner.Object {
				r.at(b)
				return r.fail(r.notObject(k))
			}
			for kn, v := range d.Members(b.node) {
				r.work++
				if d.Text(kn) == k {
					n := r.child(b, v, kn, 0, atBlocks)
					n.blk, n.body, n.removable = bt, bt.Body, true
					if len(bt.Labels) > 0 {
						n.lv, n.left, n.body = atLabels, int32(len(bt.Labels)), nil
						if b.root {
							n.alias = r.layout.alias[k]
						}
					}
					r.push(n)
				}
			}
		}
		if len(r.next) == start {
			return r.fail(r.notInBodies(blocks, k))
		}
		return true
	}
	type hit struct{ b, key, value int }
	var hits []hit
	for i := range blocks {
		b := &blocks[i]
		if d.Nodes[b.node].Kind() != scanner.Object {
			if len(blocks) == 1 {
				r.at(b)
				return r.fail(r.notObject(k))
			}
			continue
		}
		if kn, v := r.firstMember(b.node, k); v >= 0 {
			hits = append(hits, hit{i, kn, v})
		}
	}
	switch {
	case len(hits) == 0:
		return r.fail(r.notInBodies(blocks, k))
	case len(hits) > 1 && !r.several:
		var places []string
		for _, h := range hits {
			places = append(places, r.pathOf(blocks[h.b].trail).join(Key(k)).String()+" at "+r.rng(int(d.Nodes[h.key].Start), d.End(h.value)).String())
		}
		r.at(&blocks[hits[1].b])
		return r.fail(r.errorf("Ambiguous address", "%s is set in %d blocks: %s. Write the path of the one you mean.",
			r.path[:r.i+1].describe(), len(hits), listPlaces(places)))
	}
	lv := atValue
	if body != nil && body.Open && !body.ArgumentsOnly && !body.AnyAttributes && body.Attribute(k) == nil {
		lv = atOpen
	}
	for _, h := range hits {
		b := &blocks[h.b]
		if _, _, once := r.onlyMember(b.node, k); !once {
			// The first member is used; later ones are warned
			// about, as a plain key step does.
			r.at(b)
			if err := r.key(k); err != nil {
				return r.fail(err)
			}
		}
		r.push(r.child(b, h.value, h.key, 0, lv))
	}
	return true
}

// blockType returns the block type named k in body, or nil: a name that
// is both an attribute and a block type is an attribute.
func blockType(body *schema.Body, k string) *schema.Block {
	if body == nil || body.Attribute(k) != nil {
		return nil
	}
	return body.Block(k)
}

// members appends to r.next every member of block b, each in a group of
// its own: a block type's members all, an argument's first.
func (r *resolver) members(b *cand) {
	d := r.doc
	if d.Nodes[b.node].Kind() != scanner.Object {
		return
	}
	later := r.duplicates(b.node)
	for kn, v := range d.Members(b.node) {
		r.work++
		k := d.Text(kn)
		bt := blockType(b.body, k)
		if again, dup := later[kn]; dup && again == nil && bt == nil {
			continue
		}
		n := r.child(b, v, kn, 0, atValue)
		n.group = r.newGroup()
		switch {
		case bt != nil && len(bt.Labels) > 0:
			n.lv, n.blk, n.left, n.removable = atLabels, bt, int32(len(bt.Labels)), true
			if b.root {
				n.alias = r.layout.alias[k]
			}
		case bt != nil:
			n.lv, n.blk, n.body, n.removable = atBlocks, bt, bt.Body, true
		case b.body != nil && b.body.Open && !b.body.ArgumentsOnly && !b.body.AnyAttributes && b.body.Attribute(k) == nil:
			n.lv = atOpen
		}
		r.push(n)
	}
}

// noLabel reports that label levels g have no label named k.
func (r *resolver) noLabel(g []cand, k string) *hcl.Diagnostic {
	d := r.doc
	var labels []string
	seen := map[string]bool{}
	for i := range g {
		add := func(obj int) {
			for kn := range d.Members(obj) {
				if t := d.Text(kn); !seen[t] {
					seen[t] = true
					labels = append(labels, t)
				}
			}
		}
		switch d.Nodes[g[i].node].Kind() {
		case scanner.Object:
			add(g[i].node)
		case scanner.Array:
			for e := range d.Elements(g[i].node) {
				if d.Nodes[e].Kind() == scanner.Object {
					add(e)
				}
			}
		}
	}
	r.at(&g[0])
	var b strings.Builder
	addr := r.path[:r.i].join(Key(k))
	if r.implied && r.i == 0 {
		fmt.Fprintf(&b, "The file has no block type, key or resource type %s (an address such as %s.NAME names a resource).", quoteKey(k), k)
	} else {
		fmt.Fprintf(&b, "The file has no block %s.", addr)
	}
	cands := labels
	if r.implied && r.i == 0 {
		cands = append(r.layout.blockTypes(), labels...)
	}
	if s := didyoumean.Closest(k, cands); s != "" {
		fmt.Fprintf(&b, " Did you mean %s?", r.path[:r.i].join(Key(s)))
	}
	switch {
	case len(labels) == 0:
		fmt.Fprintf(&b, " %s has no labels.", r.labelLevel())
	case len(labels) <= maxListedKeys:
		fmt.Fprintf(&b, " The labels of %s are %s.", r.labelLevel(), keyList(labels))
	default:
		fmt.Fprintf(&b, " %s has %d labels; the first %d are %s.", r.labelLevel(), len(labels), maxListedKeys, keyList(labels[:maxListedKeys]))
	}
	return r.errorf("Block not found", "%s", b.String())
}

// labelLevel names the label level being read, for messages.
func (r *resolver) labelLevel() string {
	if r.implied && r.i == 0 {
		return r.layout.implied
	}
	return r.address()
}

// notInBodies reports that no block of blocks has the key k.
func (r *resolver) notInBodies(blocks []cand, k string) *hcl.Diagnostic {
	d := r.doc
	var keys []string
	seen := map[string]bool{}
	for i := range blocks {
		if d.Nodes[blocks[i].node].Kind() != scanner.Object {
			continue
		}
		for kn := range d.Members(blocks[i].node) {
			if t := d.Text(kn); !seen[t] {
				seen[t] = true
				keys = append(keys, t)
			}
		}
	}
	r.at(&blocks[0])
	var b strings.Builder
	switch {
	case r.i == 0 && r.implied:
		fmt.Fprintf(&b, "The file has no block type, key or resource type %s, and no resource block.", quoteKey(k))
	case r.i == 0:
		fmt.Fprintf(&b, "The file has no %s block.", k)
	case len(blocks) == 1:
		fmt.Fprintf(&b, "The block %s", r.address())
		if at := r.pathOf(blocks[0].trail).String(); at != r.address() {
			fmt.Fprintf(&b, " (at %s)", at)
		}
		if len(keys) == 0 {
			fmt.Fprintf(&b, " is empty, so it has no key %s.", quoteKey(k))
			return r.errorf("Key not found", "%s", b.String())
		}
		fmt.Fprintf(&b, " has no key %s.", quoteKey(k))
	case len(keys) == 0:
		fmt.Fprintf(&b, "The %d blocks %s are empty, so none has the key %s.", len(blocks), r.address(), quoteKey(k))
		return r.errorf("Key not found", "%s", b.String())
	default:
		fmt.Fprintf(&b, "None of the %d blocks %s has the key %s.", len(blocks), r.address(), quoteKey(k))
	}
	cands := keys
	if r.i == 0 {
		cands = append(cands, r.layout.blockTypes()...)
	}
	if s := didyoumean.Closest(k, cands); s != "" && s != k {
		fmt.Fprintf(&b, " Did you mean %s?", quoteKey(s))
	}
	if len(keys) > 0 {
		b.WriteString(" ")
		s := keysSentence(keys)
		if len(blocks) > 1 {
			s = strings.Replace(s, "Its", "Their", 1)
		}
		b.WriteString(s)
	}
	return r.errorf("Key not found", "%s", b.String())
}

// blockTypes returns the block types of the root.
func (l *Layout) blockTypes() []string {
	var out []string
	for _, b := range l.root.Blocks {
		out = append(out, b.Type)
	}
	return out
}

// finish appends the values of group g, the end of the path, to out.
func (r *resolver) finish(g []cand, out *[]*Result) bool {
	r.i = len(r.path)
	add := func(c *cand) {
		r.node, r.member = c.node, c.key
		if len(r.results) == cap(r.results) {
			r.results = make([]Result, 0, min(max(2*cap(r.results), 16), maxBlock))
		}
		res := r.result()
		res.Structure = int(c.structure)
		r.results = append(r.results, res)
		*out = append(*out, &r.results[len(r.results)-1])
	}
	switch g[0].lv {
	case atValue, atOpen:
		for k := range g {
			add(&g[k])
		}
	case atLabels:
		if len(g) > 1 && !r.several {
			var places []string
			for k := range g {
				places = append(places, r.pathOf(g[k].trail).describe()+" at "+r.rangeOf(g[k].node).String())
			}
			r.at(&g[1])
			return r.fail(r.errorf("Several values", "%s is written in %d places: %s. Write the path of one of them, or %s for every label it holds.",
				r.address(), len(g), listPlaces(places), r.path.join(Splat{})))
		}
		for k := range g {
			add(&g[k])
		}
	case atBlocks:
		if len(r.path) == 0 {
			add(&g[0]) // the root, as written
			return true
		}
		blocks, ok := r.blocks(g)
		if !ok {
			return false
		}
		if len(blocks) == 0 {
			r.at(&g[0])
			return r.fail(r.errorf("Block not found", "%s holds no block.", r.address()))
		}
		if len(blocks) > 1 && !r.several {
			return r.fail(r.ambiguous(blocks))
		}
		for k := range blocks {
			add(&blocks[k])
		}
	}
	return true
}

// blocks returns the blocks of group g at atBlocks: those without an
// alias when the alias is still to be decided.
func (r *resolver) blocks(g []cand) ([]cand, bool) {
	blocks := r.blockBuf[:0]
	for k := range g {
		blocks = r.expand(&g[k], blocks)
	}
	r.blockBuf = blocks[:0]
	if len(blocks) > 0 && blocks[0].alias != "" {
		return r.defaults(blocks)
	}
	return blocks, true
}

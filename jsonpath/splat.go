package jsonpath

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
)

// LookupAll is Lookup for a path that may hold [*] steps (Splat): it
// returns every value the path leads to, in document order (for a path
// without one, the one value). Each [*] takes the elements of an array or
// the member values of an object, in order; a repeated key is taken once
// (its first member), with a warning. A step that cannot be taken from
// one of the values is an error, as in Lookup, naming that value's path.
//
// The document is walked once: the steps after a [*] go on from each
// value it takes, never again from the root, so the time is linear in the
// size of the document whatever the number of values. LookupAll panics if
// doc is nil or a step of path is nil.
func LookupAll(doc *scanner.Document, lines *scanner.Lines, filename string, path Path) ([]*Result, hcl.Diagnostics) {
	checkArgs("LookupAll", doc, path)
	res, diags, _ := lookupAll(doc, lines, filename, path)
	return res, diags
}

// lookupAll is LookupAll; it also returns the number of tape nodes looked
// at, for the test that the walk is linear.
func lookupAll(doc *scanner.Document, lines *scanner.Lines, filename string, path Path) ([]*Result, hcl.Diagnostics, int) {
	lines = linesOf(doc, lines)
	s := splatWalk{
		walker: walker{doc: doc, lines: lines, filename: filename, member: -1},
		path:   path,
		taken:  make(Path, len(path)),
	}
	if len(doc.Errors) > 0 || len(doc.Nodes) == 0 {
		return nil, s.syntaxDiags(), 0
	}
	if s.from(0) {
		return nil, s.diags, s.work
	}
	return s.out, s.diags, s.work
}

// splatWalk is the state of one LookupAll: a depth-first walk that
// branches at each [*].
type splatWalk struct {
	walker
	path Path
	// taken[:i] are the steps taken to the current value when step i is
	// next: path[:i] with each [*] replaced by the index or key it took.
	// One buffer for the whole walk; messages are written before it
	// changes.
	taken Path
	out   []*Result
	block []Result // where the Results of out are, allocated in blocks
}

// from takes path[i:] from the current value, appending what it leads to
// to s.out; it reports whether it stopped at an error.
func (s *splatWalk) from(i int) bool {
	for ; i < len(s.path); i++ {
		s.done = s.taken[:i]
		var err *hcl.Diagnostic
		switch st := s.path[i].(type) {
		case Key:
			err = s.key(string(st))
		case Index:
			err = s.index(int(st))
		case Splat:
			return s.splat(i)
		case Filter:
			if st.All {
				return s.filterAll(i, st)
			}
			var m []choice
			if m, err = s.matches(st); err == nil && len(m) != 1 {
				err = s.notOne(st, m)
			}
			if err == nil {
				s.node, s.member = m[0].node, m[0].key
				s.taken[i] = m[0].step
				continue
			}
		}
		if err != nil {
			s.diags = append(s.diags, err)
			return true
		}
		s.taken[i] = s.path[i]
	}
	if len(s.block) == cap(s.block) {
		s.block = make([]Result, 0, min(max(2*cap(s.block), 16), maxBlock))
	}
	s.block = append(s.block, s.result())
	s.out = append(s.out, &s.block[len(s.block)-1])
	return false
}

// maxBlock is the most Results that LookupAll allocates at once.
const maxBlock = 4096

// splat takes step i, a [*], from the current value: each of its elements
// or member values, and the rest of the path from each.
func (s *splatWalk) splat(i int) bool {
	d := s.doc
	node := s.node
	switch d.Nodes[node].Kind() {
	case scanner.Array:
		j := 0
		for c := range d.Elements(node) {
			s.work++
			s.taken[i] = Index(j)
			s.node, s.member = c, -1
			if s.from(i + 1) {
				return true
			}
			j++
		}
		return false
	case scanner.Object:
		later := s.duplicates(node)
		for k, v := range d.Members(node) {
			s.work++
			again, dup := later[k]
			if dup && again == nil {
				continue // a repeated key: the first is taken
			}
			key := d.Text(k)
			s.done = s.taken[:i]
			for _, a := range again {
				s.diags = append(s.diags, s.duplicate(key, k, a))
			}
			s.taken[i] = Key(key)
			s.node, s.member = v, k
			if s.from(i + 1) {
				return true
			}
		}
		return false
	}
	s.done = s.taken[:i]
	s.diags = append(s.diags, s.errorf("Not an array or object", "The value at %s is %s: [*] takes the elements of an array or the member values of an object.", s.done.describe(), s.kindPhrase()))
	return true
}

// filterAll takes step i, a Filter with All, from the current value: each
// value it selects, and the rest of the path from each.
func (s *splatWalk) filterAll(i int, f Filter) bool {
	s.done = s.taken[:i]
	m, err := s.matches(f)
	if err != nil {
		s.diags = append(s.diags, err)
		return true
	}
	for _, c := range m {
		s.taken[i] = c.step
		s.node, s.member = c.node, c.key
		if s.from(i + 1) {
			return true
		}
	}
	return false
}

// duplicates returns, when object node repeats a key, a map from the key
// node of each member whose key is repeated to the key nodes of the later
// members with its key, in order, for the first one, and to nil for the
// later ones; nil when no key is repeated. An object of a few members is
// searched without a map.
func (s *walker) duplicates(node int) map[int][]int {
	d := s.doc
	s.keyBuf = s.keyBuf[:0]
	for k := range d.Members(node) {
		s.work++
		s.keyBuf = append(s.keyBuf, k)
	}
	var later map[int][]int
	add := func(f, k int) {
		if later == nil {
			later = map[int][]int{}
		}
		later[f] = append(later[f], k)
		later[k] = nil
	}
	if len(s.keyBuf) <= smallObject {
		for j, k := range s.keyBuf {
			key := d.Text(k)
			for _, f := range s.keyBuf[:j] {
				if d.Text(f) == key { // the first with this key
					add(f, k)
					break
				}
			}
		}
		return later
	}
	first := make(map[string]int, len(s.keyBuf))
	for _, k := range s.keyBuf {
		key := d.Text(k)
		if f, ok := first[key]; ok {
			add(f, k)
			continue
		}
		first[key] = k
	}
	return later
}

// smallObject is the number of members up to which duplicates searches
// an object's keys pairwise.
const smallObject = 8

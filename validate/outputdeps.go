package validate

import (
	"maps"
	"math/bits"
	"slices"
	"strings"
)

// outputDeps returns, for each output of the module ev evaluated, the
// variables the output depends on, from its reference graph.
func outputDeps(ev *evaluator) map[string][]string {
	return reachableVars(maps.Keys(ev.md.decls.index.Outputs), func(n string) []string {
		var out []string
		for _, e := range ev.edges[n] {
			out = append(out, e.to)
		}
		return append(out, ev.moduleEdges(n)...)
	})
}

// reachableVars returns, for each of outputs, the sorted names of the
// variables ("var.NAME" nodes, whose edges are not followed) that the
// node "output.NAME" reaches through succ, or nil when none. Each node
// is visited once (Tarjan's strongly connected components, each
// component's variables a bit set shared by its nodes), so that a module
// whose outputs reach long chains of references (a hundred files, each
// referring to the one before) costs the size of its graph rather than
// that times the number of its outputs.
func reachableVars(outputs func(yield func(string) bool), succ func(string) []string) map[string][]string {
	g := &varReach{succ: succ, node: map[string]*reachNode{}, bit: map[string]int{}}
	reached := map[string]*reachNode{}
	for name := range outputs {
		reached[name] = g.visit("output." + name)
	}
	// The variables' bits in the order of their names, so that each
	// output's list comes out sorted.
	order := make([]int, len(g.names))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(g.names[a], g.names[b]) })
	deps := make(map[string][]string, len(reached))
	for name, n := range reached {
		var vars []string
		if count := setSize(n.vars); count > 0 {
			vars = make([]string, 0, count)
			for _, b := range order {
				if b/64 < len(n.vars) && n.vars[b/64]&(1<<(b%64)) != 0 {
					vars = append(vars, g.names[b])
				}
			}
		}
		deps[name] = vars
	}
	return deps
}

func setSize(s []uint64) int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// varReach is the state of reachableVars' walk.
type varReach struct {
	succ  func(string) []string
	node  map[string]*reachNode
	stack []*reachNode
	next  int
	bit   map[string]int // variable name → its bit
	names []string       // bit → variable name
}

type reachNode struct {
	succ       []*reachNode
	index, low int
	onStack    bool
	vars       []uint64 // when done: the variables reached, by bit
}

// visit returns the node called name, walked.
func (g *varReach) visit(name string) *reachNode {
	if n, ok := g.node[name]; ok {
		return n
	}
	n := &reachNode{index: g.next, low: g.next, onStack: true}
	g.next++
	g.node[name] = n
	g.stack = append(g.stack, n)
	if v, ok := strings.CutPrefix(name, "var."); ok {
		b, ok := g.bit[v]
		if !ok {
			b = len(g.names)
			g.bit[v] = b
			g.names = append(g.names, v)
		}
		n.vars = make([]uint64, b/64+1)
		n.vars[b/64] = 1 << (b % 64)
	} else {
		for _, to := range g.succ(name) {
			s, seen := g.node[to]
			if !seen {
				s = g.visit(to)
				n.low = min(n.low, s.low)
			} else if s.onStack {
				n.low = min(n.low, s.index)
			}
			n.succ = append(n.succ, s)
		}
	}
	if n.low != n.index {
		return n
	}
	// n is the first node of a component, the stack's nodes from n up:
	// their variables are theirs and those of the components they lead
	// to, all done.
	i := len(g.stack) - 1
	for g.stack[i] != n {
		i--
	}
	comp := g.stack[i:]
	g.stack = g.stack[:i]
	var vars []uint64
	for _, m := range comp {
		m.onStack = false
	}
	for _, m := range comp {
		vars = union(vars, m.vars)
		for _, s := range m.succ {
			if !s.onStack && s.vars != nil {
				vars = union(vars, s.vars)
			}
		}
	}
	for _, m := range comp {
		m.vars = vars
	}
	return n
}

// union returns a ∪ b: a itself when it holds b, b itself when a is
// empty (sets are shared, never changed once made), or a new set.
func union(a, b []uint64) []uint64 {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 || subset(b, a) {
		return a
	}
	if subset(a, b) {
		return b
	}
	out := make([]uint64, max(len(a), len(b)))
	copy(out, a)
	for i, w := range b {
		out[i] |= w
	}
	return out
}

func subset(a, b []uint64) bool {
	for i, w := range a {
		if i >= len(b) && w != 0 || i < len(b) && w&^b[i] != 0 {
			return false
		}
	}
	return true
}

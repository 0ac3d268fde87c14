package validate

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// cycles reports the cycles of the reference graph between locals,
// resources and module calls, as the programs' graph walk does: one
// "Cycle: ..." error without a range for each.
func (ev *evaluator) cycles() hcl.Diagnostics {
	nodes := keys(ev.edges)
	// The state of each node visited: one look-up a step, in one map.
	type state struct {
		index, low int
		onStack    bool
	}
	at := make(map[string]int, len(nodes))
	var states []state
	var stack []string
	var diags hcl.Diagnostics
	var strong func(v string) int
	strong = func(v string) int {
		i := len(states)
		at[v] = i
		states = append(states, state{index: i, low: i, onStack: true})
		stack = append(stack, v)
		visit := func(w string) {
			if !isGraphNode(w) {
				return
			}
			if j, seen := at[w]; !seen {
				j = strong(w)
				states[i].low = min(states[i].low, states[j].low)
			} else if states[j].onStack {
				states[i].low = min(states[i].low, states[j].index)
			}
		}
		for _, w := range ev.moduleEdges(v) {
			visit(w)
		}
		for _, e := range ev.edges[v] {
			visit(e.to)
		}
		if states[i].low != states[i].index {
			return i
		}
		var comp []string
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			states[at[w]].onStack = false
			comp = append(comp, w)
			if w == v {
				break
			}
		}
		if len(comp) == 1 && !ev.selfLoop(v) {
			return i
		}
		slices.Sort(comp)
		for k, c := range comp {
			comp[k] = c + " (expand)"
		}
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cycle: " + strings.Join(comp, ", ")})
		return i
	}
	for _, v := range nodes {
		if _, seen := at[v]; !seen && isGraphNode(v) {
			strong(v)
		}
	}
	return diags
}

// selfLoop reports whether v refers to itself in a way that makes a
// cycle: a module call (a local referring to itself is a
// "Self-referencing local value", and the programs' graphs have no edge
// from a resource to itself).
func (ev *evaluator) selfLoop(v string) bool {
	if !strings.HasPrefix(v, "module.") {
		return false
	}
	for _, e := range ev.edges[v] {
		if e.to == v {
			return true
		}
	}
	return false
}

// isGraphNode reports whether an address is a node of the graph whose
// cycles matter: locals, resources and module calls (variables and
// outputs cannot be part of a cycle within one module).
func isGraphNode(addr string) bool {
	return !strings.HasPrefix(addr, "var.") && !strings.HasPrefix(addr, "output.")
}

// moduleEdges returns the edges that a module call's nodes have by the
// child module's structure: an output (module.c.output.o) depends on the
// call's meta-arguments (module.c) and on the inputs that the child's
// output reads (module.c.var.v); the whole object (module.c.outputs) on
// every output. A child that is not known (remote, or not readable) has
// outputs that depend on the meta-arguments only.
func (ev *evaluator) moduleEdges(node string) []string {
	rest, ok := strings.CutPrefix(node, "module.")
	if !ok {
		return nil
	}
	name, what, ok := strings.Cut(rest, ".")
	if !ok {
		return nil
	}
	c, declared := ev.md.decls.modules[name]
	if !declared {
		return nil
	}
	ch := ev.md.child(c)
	base := "module." + name
	switch {
	case what == "outputs":
		out := []string{base}
		for _, o := range ch.outputs {
			out = append(out, base+".output."+o)
		}
		return out
	case strings.HasPrefix(what, "output."):
		out := []string{base}
		for _, v := range ch.deps[strings.TrimPrefix(what, "output.")] {
			out = append(out, base+".var."+v)
		}
		return out
	}
	return nil
}

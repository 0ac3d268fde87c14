package validate

import (
	"runtime"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// The evaluation of a module's locals and of its resources is split in
// two shards, evaluated on two goroutines, when the Model has the cores
// to itself (no Readings: "check -recursive" keeps every core busy with
// Models) and there is enough to split (minShard items a shard). Each
// shard is an evaluator of its own (fork): its own functions, contexts,
// edges and budget, over the module's declarations, base variables and
// shared caches (decoded bodies, expressions' variables), which are safe
// for concurrent use. What the shards find is merged in the order of the
// evaluation one after the other, and is what that evaluation finds:
//
//   - a local's value depends on the locals it refers to, and those on
//     theirs: the locals are split by the components of that relation,
//     each evaluated in the order computeLocals visits it;
//   - each resource is evaluated with every local known, and owns its
//     edges and diagnostics: the resources are split in two runs of
//     their order, the first half's findings before the second's;
//   - the budget (spec.md V17): an expression's own limit does not depend
//     on the order, the module's would. The merge is kept only when the
//     shards spent so little together that the module's limit bound no
//     expression (fits); otherwise, and when an expression asked for the
//     whole function table (whose names HCL suggests from), the shards
//     are dropped and the evaluation runs one after the other.
const minShard = 16

// noShards turns the shards off (tests compare with it), and afterShards,
// when not nil, is told whether each split's shards were kept.
var (
	noShards    bool
	afterShards func(kept bool)
)

// sharded reports whether ev may split n items between two shards.
func (ev *evaluator) sharded(n int) bool {
	return !noShards && n >= 2*minShard && ev.md.opts.Readings == nil && runtime.GOMAXPROCS(0) > 1
}

// fork returns a shard of ev: an evaluator of the same module, base
// variables, function table and locals (those known so far: computeLocals
// gives each shard the locals it computes), with functions, contexts,
// edges and a budget of its own, which has spent what ev's has.
func (ev *evaluator) fork() *evaluator {
	f := &evaluator{
		md:         ev.md,
		base:       ev.base,
		table:      ev.table,
		fns:        map[string]function.Function{},
		locals:     ev.locals,
		edges:      map[string][]edge{},
		localDiags: map[string]hcl.Diagnostics{},
		allLocals:  ev.allLocals,
		budget:     newBudget(),
	}
	f.budget.total = ev.budget.total
	f.budget.locals = ev.budget.locals
	return f
}

// shardsFit reports whether what the shards spent, with what ev spent
// before them, leaves the module's budget more than an expression's
// budget: then no expression's evaluation depended on what the others
// spent, in any order (budget.left, budget.warning), and no shard asked
// for the whole function table.
func (ev *evaluator) shardsFit(shards ...*evaluator) bool {
	total := ev.budget.total
	for _, s := range shards {
		if s.all {
			return false
		}
		total += s.budget.total - ev.budget.total
	}
	return total < ev.budget.moduleLimit-ev.budget.exprLimit
}

// merge adds what the shards spent to ev's budget, and their edges and
// the diagnostics that only a root reports to ev's, in the order of the
// shards. The shards are not used after it: an owner's edges that ev
// has none of yet are taken as they are, not copied (most owners are
// one shard's: the copies were a fortieth of a check's allocations).
func (ev *evaluator) merge(shards ...*evaluator) {
	start := ev.budget.total
	for _, s := range shards {
		ev.budget.total += s.budget.total - start
		for owner, es := range s.edges {
			if prev := ev.edges[owner]; len(prev) > 0 {
				ev.edges[owner] = append(prev, es...)
			} else {
				ev.edges[owner] = es
			}
		}
		for d := range s.rootOnly {
			if ev.rootOnly == nil {
				ev.rootOnly = map[*hcl.Diagnostic]bool{}
			}
			ev.rootOnly[d] = true
		}
	}
}

// inParallel runs a on a new goroutine and b on this one, and returns
// when both are done; a panic in a is raised again here.
func inParallel(a, b func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		a()
	}()
	b()
	if p := <-done; p != nil {
		panic(p)
	}
}

// localShards splits names (the locals, sorted) in two by the
// components of their references to each other (refs), each component
// whole in one shard, in the order of the names, the next component to
// the shard with fewer locals. Both shards are empty when there is a
// single component.
func localShards(names []string, refs func(n string) []string) [2][]string {
	index := make(map[string]int, len(names))
	for i, n := range names {
		index[n] = i
	}
	// Union-find over the names.
	parent := make([]int, len(names))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, n := range names {
		for _, dep := range refs(n) {
			if j, ok := index[dep]; ok {
				if a, b := find(i), find(j); a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
	}
	// Components in the order of their first name; each root is its
	// component's first name, as the smaller index wins.
	members := map[int][]string{}
	var roots []int
	for i, n := range names {
		r := find(i)
		if _, ok := members[r]; !ok {
			roots = append(roots, r)
		}
		members[r] = append(members[r], n)
	}
	var out [2][]string
	if len(roots) < 2 {
		return out
	}
	for _, r := range roots {
		s := 0
		if len(out[1]) < len(out[0]) {
			s = 1
		}
		out[s] = append(out[s], members[r]...)
	}
	return out
}

// localRefs returns the declared locals that the local n's expression
// refers to, as computeLocals follows them.
func (ev *evaluator) localRefs(n string) []string {
	d := ev.md.decls.index.Locals
	var out []string
	for _, t := range ev.md.variables(d[n].Expr) {
		if t.RootName() != "local" {
			continue
		}
		if dep, _, ok := attrStep(t, 1); ok {
			if _, declared := d[dep]; declared {
				out = append(out, dep)
			}
		}
	}
	return out
}

// computeLocalsSharded is computeLocals on two shards (see minShard),
// and reports whether it did it: false when the locals do not split or
// the shards do not fit, and nothing of ev changed.
func (ev *evaluator) computeLocalsSharded(names []string) bool {
	parts := localShards(names, ev.localRefs)
	if len(parts[0]) < minShard || len(parts[1]) < minShard {
		return false
	}
	var shards [2]*evaluator
	for i := range shards {
		s := ev.fork()
		s.locals = make(map[string]cty.Value, len(parts[i]))
		s.budget.locals = nil
		shards[i] = s
	}
	inParallel(func() { shards[1].visitLocals(parts[1]) }, func() { shards[0].visitLocals(parts[0]) })
	kept := ev.shardsFit(shards[:]...)
	if afterShards != nil {
		afterShards(kept)
	}
	if !kept {
		return false
	}
	ev.merge(shards[:]...)
	for i, s := range shards {
		for _, n := range parts[i] {
			ev.locals[n] = s.locals[n]
			ev.localDiags[n] = s.localDiags[n]
			if sz, ok := s.budget.locals[n]; ok {
				if ev.budget.locals == nil {
					ev.budget.locals = make(map[string]sized, len(names))
				}
				ev.budget.locals[n] = sz
			}
		}
	}
	return true
}

// evalEach runs each item on ev, in order, and returns what they find
// in that order; on two shards when there are enough of them (see
// minShard), the items taken in turn (an output costs less than a
// resource: the halves of the list did not), what each finds put back
// in the order of the items. Each item owns its edges (its own owner's).
func (ev *evaluator) evalEach(items []func(ev *evaluator) hcl.Diagnostics) hcl.Diagnostics {
	if ev.sharded(len(items)) {
		var shards [2]*evaluator
		found := make([]hcl.Diagnostics, len(items))
		for i := range shards {
			shards[i] = ev.fork()
		}
		run := func(s int) func() {
			return func() {
				for i := s; i < len(items); i += 2 {
					found[i] = items[i](shards[s])
				}
			}
		}
		inParallel(run(1), run(0))
		kept := ev.shardsFit(shards[:]...)
		if afterShards != nil {
			afterShards(kept)
		}
		if kept {
			ev.merge(shards[:]...)
			var diags hcl.Diagnostics
			for _, d := range found {
				diags = append(diags, d...)
			}
			return diags
		}
	}
	var diags hcl.Diagnostics
	for _, item := range items {
		diags = append(diags, item(ev)...)
	}
	return diags
}

package validate

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/funcs"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/module"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
)

// child is what a module call's local source declares.
type child struct {
	outputs []string
	// required maps the child's required_providers local names to their
	// sources.
	required map[string]string
	// deps maps each output to the variables its value depends on,
	// through the child's locals, resources and module calls.
	deps map[string][]string
	// mod is the child module as loaded.
	mod *module.Module
	// vars are the child's input variables: required when they have no
	// default.
	vars map[string]*childVar
	ok   bool
	// tainted is set when deps depend on the order of the computation
	// (see analysis).
	tainted bool
}

// childVar is an input variable of a called module.
type childVar struct {
	required bool
	typ      cty.Type
	defaults *typeexpr.Defaults
	// decl is the variable block's definition range.
	decl hcl.Range
}

// evaluator evaluates expressions with unknown values of the right
// types.
type evaluator struct {
	md     *unit
	base   map[string]cty.Value
	locals map[string]cty.Value
	// fns holds the functions the expressions evaluated so far call,
	// metered copies of table's (see function), and the provider
	// functions met (providerFunctions); every function of table once
	// an expression calls one it lacks (allFunctions).
	fns   map[string]function.Function
	table map[string]function.Function
	all   bool
	// root is the context every expression's context is a child of.
	root *hcl.EvalContext
	// edges are the references between objects, for cycles.
	edges map[string][]edge
	// localDiags are the diagnostics of each local's evaluation, which
	// computeLocals does once.
	localDiags map[string]hcl.Diagnostics
	// allLocals is the object of every local, once computeLocals is
	// done (cty.NilVal before). plain is the context shared after that by
	// the expressions that need nothing but root and the locals (see
	// context); countObj, eachObj and iterObj are the objects count, each
	// and a dynamic block's iterator stand for.
	allLocals                  cty.Value
	plain                      *hcl.EvalContext
	countObj, eachObj, iterObj cty.Value
	// rootOnly holds the diagnostics that only a root module has (see
	// ran), found whether the module is the root or not.
	rootOnly map[*hcl.Diagnostic]bool
	// budget is what evaluating the module may spend (spec.md V17),
	// which fns and the metered copies of the expressions charge.
	budget *budget
	// sources are the module's files' bytes by path (mayCall).
	sources map[string][]byte
}

// edge is a reference from one object to another.
type edge struct {
	to  string
	rng hcl.Range
}

// evaluate runs the checks of the programs' validate walk.
func (md *unit) evaluate() hcl.Diagnostics {
	_, diags := md.run()
	return diags
}

// run runs the checks of the programs' validate walk and returns the
// evaluator, whose edges are the module's reference graph, with what it
// finds.
func (md *unit) run() (*evaluator, hcl.Diagnostics) {
	ev := &evaluator{md: md, locals: map[string]cty.Value{}, edges: map[string][]edge{}, localDiags: map[string]hcl.Diagnostics{}, budget: newBudget()}
	ev.table = md.target.table()
	ev.fns = map[string]function.Function{}
	ev.base = ev.baseVariables()
	ev.computeLocals()
	var diags hcl.Diagnostics
	diags = append(diags, ev.declarations()...)
	if g := ev.graphErrors(); g.HasErrors() {
		return ev, g
	}
	return ev, diags
}

// function adds to fns the function name of the table of the releases
// that may run the module (target.table), metered by the budget but for
// try and can, which evaluate expressions that are (spec.md V17), and
// reports whether the table has it. The table has some 130 functions
// and a module's expressions call a few: making a metered copy of each
// for every module evaluated was a twentieth of "check -recursive"'s
// time.
func (ev *evaluator) function(name string) bool {
	if _, ok := ev.fns[name]; ok {
		return true
	}
	f, ok := ev.table[name]
	if !ok {
		return false
	}
	var watch func([]cty.Value)
	if d, ok := functionDifferences()[name]; ok && ev.md.program != module.Terraform {
		if d == funcs.Arguments {
			watch = ev.md.watchArguments(f, func() function.Function { return terraformFunction(name) })
		} else {
			ev.md.diverge()
		}
	}
	switch name {
	case "try", "can", funcs.CorePrefix + "try", funcs.CorePrefix + "can":
		ev.fns[name] = f
	default:
		ev.fns[name] = meteredWatched(name, f, ev.budget, watch)
	}
	return true
}

// allFunctions adds every function of the table to fns: before an
// expression is evaluated that calls a function the table lacks, or
// whose calls are not all known (neither a native expression nor a JSON
// one, which lists them), so that HCL's "Call to unknown function"
// suggests from the whole table, as it did when fns held it from the
// start.
func (ev *evaluator) allFunctions() {
	if ev.all {
		return
	}
	ev.all = true
	for name := range ev.table {
		ev.function(name)
	}
}

// anyFunction takes any arguments and returns an unknown value.
func anyFunction() function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{Name: "args", Type: cty.DynamicPseudoType, AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true},
		Type:     function.StaticReturnType(cty.DynamicPseudoType),
		Impl:     func([]cty.Value, cty.Type) (cty.Value, error) { return cty.DynamicVal, nil },
	})
}

// baseVariables returns the objects every expression may use, locals
// aside: var, path, terraform, module, data and the resource types.
func (ev *evaluator) baseVariables() map[string]cty.Value {
	md := ev.md
	d := md.decls
	vars := map[string]cty.Value{}
	vals := map[string]cty.Value{}
	for name, v := range d.variables {
		val := cty.UnknownVal(v.typ.WithoutOptionalAttributesDeep())
		if v.sensitive {
			val = val.Mark(funcs.Sensitive)
		}
		vals[name] = val
	}
	vars["var"] = cty.ObjectVal(vals)
	dir := md.mod.Dir
	vars["path"] = cty.ObjectVal(map[string]cty.Value{
		"module": cty.StringVal("."), "root": cty.StringVal("."), "cwd": cty.StringVal(filepath.ToSlash(dir)),
	})
	ws := cty.ObjectVal(map[string]cty.Value{"workspace": cty.StringVal("default"), "applying": cty.False})
	vars["terraform"] = ws
	if md.target.tofu >= 0 {
		vars["tofu"] = ws
	}
	mods := map[string]cty.Value{}
	for name, c := range d.modules {
		mods[name] = ev.moduleValue(c)
	}
	vars["module"] = cty.ObjectVal(mods)
	byType := map[string]map[string]map[string]cty.Value{}
	for _, r := range d.resources {
		root := r.typ
		if r.mode != "resource" {
			root = r.mode
		}
		if byType[root] == nil {
			byType[root] = map[string]map[string]cty.Value{}
		}
		if r.mode == "resource" {
			if byType[root][""] == nil {
				byType[root][""] = map[string]cty.Value{}
			}
			byType[root][""][r.name] = cty.DynamicVal
			continue
		}
		if byType[root][r.typ] == nil {
			byType[root][r.typ] = map[string]cty.Value{}
		}
		byType[root][r.typ][r.name] = cty.DynamicVal
	}
	// resource.T.N is T.N: the managed resources by type.
	managed := map[string]cty.Value{}
	for root, m := range byType {
		if names, ok := m[""]; ok && len(m) == 1 {
			managed[root] = cty.ObjectVal(names)
			if _, taken := vars[root]; !taken {
				vars[root] = cty.ObjectVal(names)
			}
			continue
		}
		types := map[string]cty.Value{}
		for typ, names := range m {
			types[typ] = cty.ObjectVal(names)
		}
		vars[root] = cty.ObjectVal(types)
	}
	if _, taken := vars["resource"]; !taken {
		vars["resource"] = cty.ObjectVal(managed)
	}
	return vars
}

// moduleValue is a module call's value in the validate walk: an object
// of its outputs, unknown, or an unknown value when the child module is
// not known or the call has count or for_each.
func (ev *evaluator) moduleValue(c *call) cty.Value {
	ch := ev.md.child(c)
	if !ch.ok || c.count != nil || c.forEach != nil {
		return cty.DynamicVal
	}
	outs := map[string]cty.Value{}
	for _, o := range ch.outputs {
		outs[o] = cty.DynamicVal
	}
	return cty.ObjectVal(outs)
}

// child returns what the module that a call's local source names
// declares, once per unit, through the tree's analysis (treeState),
// which reads each directory once through the model (Model.Module).
func (md *unit) child(c *call) *child {
	src := c.source
	if ch, ok := md.children[src]; ok {
		return ch
	}
	var ch *child
	if dir, ok := md.tr.localDir(md.mod.Dir, src); ok {
		ch = md.tr.childOf(md, dir)
	} else {
		ch = &child{vars: map[string]*childVar{}, required: map[string]string{}, deps: map[string][]string{}}
	}
	md.children[src] = ch
	return ch
}

// analyse declares and evaluates m, a module that md calls, as a module
// of its own, in md's tree: it returns the unit, what declaring it finds,
// what evaluating it finds (for the newest releases) and, for each of its
// outputs, the variables the output depends on, from its reference
// graph. A module that calls itself through its sources is not analysed
// again while it is (see treeState.childOf).
func (md *unit) analyse(m *module.Module) (cm *unit, declDiags, evalDiags hcl.Diagnostics, deps map[string][]string) {
	cm = md.sub(m)
	// The graph is that of the newest releases, whatever the tree's
	// constraints, which are not all known yet.
	cm.target = newTarget(md.program, constraints{})
	declDiags = cm.declare()
	r := cm.runShared()
	return cm, declDiags, r.found(false), r.outputDeps()
}

// runShared returns what run finds in md (whose declarations are
// done): from the shared analysis when a tree has run the same reading
// of the module (sameReading) for the same program, provider schemas and
// target, or by running it. A module that is a root of its own and that
// other roots call, as "check -recursive" meets the modules of a
// repository and its examples, is so evaluated once for each program.
// What run finds depends on the module's place only through
// unit.root (the root's outputs, which ran.rootOnly marks) and through
// the modules it calls, which are the same in every tree unless one is
// tainted: such a run is not kept. Only runs for the newest releases
// (those of a module called, see analyse) are kept.
func (md *unit) runShared() *ran {
	if md.target != newTarget(md.program, constraints{}) || len(md.mod.Files) == 0 {
		ev, diags := md.run()
		return newRan(md, ev, diags)
	}
	sh := md.tr.shared
	key := runKey{md.tr.key(md.tree.dirKey(md.mod.Dir)), md.tree.readsCalls()}
	sh.mu.Lock()
	r, ok := sh.runs[key]
	sh.mu.Unlock()
	if ok && sameReading(r.mod, md.mod) {
		return r
	}
	ev, diags := md.run()
	r = newRan(md, ev, diags)
	for _, c := range md.children {
		if c.tainted {
			return r
		}
	}
	sh.mu.Lock()
	if _, ok := sh.runs[key]; !ok {
		sh.runs[key] = r
	}
	sh.mu.Unlock()
	return r
}

// context returns the evaluation context of an expression in sc that
// refers to vars: a child of the module's context (var, path,
// terraform, module, data and the resource types, built once) with the
// locals and what sc makes available. While computeLocals runs, the
// local object holds the locals the expression refers to, as far as they
// are computed; after it, every local, in one object built once
// (allLocals). An expression in a scope without count, each, self or
// iterators (most of them) then shares one context; the objects count,
// each and an iterator stand for are built once.
func (ev *evaluator) context(sc *scope, vars []hcl.Traversal) *hcl.EvalContext {
	if ev.root == nil {
		ev.root = &hcl.EvalContext{Variables: ev.base, Functions: ev.fns}
		ev.countObj = cty.ObjectVal(map[string]cty.Value{"index": cty.UnknownVal(cty.Number)})
		ev.eachObj = cty.ObjectVal(map[string]cty.Value{"key": cty.UnknownVal(cty.String), "value": cty.DynamicVal})
		ev.iterObj = cty.ObjectVal(map[string]cty.Value{"key": cty.DynamicVal, "value": cty.DynamicVal})
	}
	plain := !sc.count && !sc.each && !sc.any && sc.self == nil && len(sc.iterators) == 0
	if plain && ev.allLocals != cty.NilVal {
		if ev.plain == nil {
			ev.plain = ev.child(0)
			ev.plain.Variables["local"] = ev.allLocals
		}
		return ev.plain
	}
	ctx := ev.child(2 + len(sc.iterators))
	ctx.Variables["local"] = ev.localObject(vars)
	if sc.count || sc.any {
		ctx.Variables["count"] = ev.countObj
	}
	if sc.each || sc.any {
		ctx.Variables["each"] = ev.eachObj
	}
	if sc.self != nil {
		ctx.Variables["self"] = cty.DynamicVal
	}
	for _, it := range sc.iterators {
		ctx.Variables[it] = ev.iterObj
	}
	return ctx
}

// localObject returns the value of "local" for an expression that
// refers to vars: every local once computeLocals is done, otherwise the
// locals among vars that are known so far.
func (ev *evaluator) localObject(vars []hcl.Traversal) cty.Value {
	if ev.allLocals != cty.NilVal {
		return ev.allLocals
	}
	var locals map[string]cty.Value
	for _, t := range vars {
		if t.RootName() != "local" {
			continue
		}
		if name, _, ok := attrStep(t, 1); ok {
			if v, ok := ev.locals[name]; ok {
				if locals == nil {
					locals = map[string]cty.Value{}
				}
				locals[name] = v
			}
		}
	}
	if locals == nil {
		return cty.EmptyObjectVal
	}
	return cty.ObjectVal(locals)
}

// child returns a new child of the module's context with room for n
// more variables than "local".
func (ev *evaluator) child(n int) *hcl.EvalContext {
	ctx := ev.root.NewChild()
	ctx.Variables = make(map[string]cty.Value, 1+n)
	ctx.Functions = ev.fns // for "Did you mean", which looks in this context only
	return ctx
}

// expr checks the references of an expression and, when they are all
// valid, evaluates it; want is the type its value must convert to
// (cty.NilType for any), name the argument's name for messages. It
// returns the value (unknown after an error). In the content of a
// dynamic block that the programs do not evaluate (sc.content), what it
// finds is reported as they would: as warnings when plan evaluates it,
// not at all otherwise.
func (ev *evaluator) expr(e hcl.Expression, sc *scope, want cty.Type, name string) (cty.Value, hcl.Diagnostics) {
	switch sc.content {
	case deferred:
		val, diags := ev.evalExpr(e, sc, want, name, true)
		return val, atPlan(diags)
	case empty:
		_, _ = ev.evalExpr(e, sc, want, name, false)
		return cty.DynamicVal, nil
	case referencesOnly:
		return ev.evalExpr(e, sc, want, name, false)
	}
	return ev.evalExpr(e, sc, want, name, true)
}

// evalExpr is expr in an evaluated context: it checks the references
// (recording the graph's edges) and, when they are valid and eval is
// set, evaluates e.
func (ev *evaluator) evalExpr(e hcl.Expression, sc *scope, want cty.Type, name string, eval bool) (cty.Value, hcl.Diagnostics) {
	if ev.md.tree != nil && ev.md.tree.abandonedRun() {
		return cty.DynamicVal, nil // not used (see speculation)
	}
	var diags hcl.Diagnostics
	refsOK := true
	vars := ev.md.variables(e)
	for _, t := range vars {
		ref, d := ev.md.ref(t, sc)
		diags = append(diags, d...)
		if d.HasErrors() {
			refsOK = false
			continue
		}
		if ref.addr != "" && sc.owner != "" {
			ev.edges[sc.owner] = append(ev.edges[sc.owner], edge{to: ref.addr, rng: t.SourceRange()})
		}
		if ref.addr != "" && ref.addr == sc.owner && strings.HasPrefix(ref.addr, "local.") {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Self-referencing local value",
				Detail:   fmt.Sprintf("Local value %s cannot use its own result as part of its expression.", ref.addr),
				Subject:  refRange(t).Ptr(),
				Context:  e.Range().Ptr(),
			})
			refsOK = false
		}
	}
	if !refsOK || !eval {
		return cty.DynamicVal, diags
	}
	if d := ev.providerFunctions(e); d.HasErrors() {
		return cty.DynamicVal, append(diags, d...)
	}
	ctx := ev.context(sc, vars)
	ev.budget.localsOK = !slices.Contains(sc.iterators, "local")
	val, d := ev.value(e, ctx)
	diags = append(diags, d...)
	if d.HasErrors() {
		return cty.DynamicVal, diags
	}
	if want != cty.NilType && want != cty.DynamicPseudoType && simpleType(want) {
		if _, err := convert.Convert(val, want); err != nil {
			diags = append(diags, &hcl.Diagnostic{
				Severity:    hcl.DiagError,
				Summary:     "Incorrect attribute value type",
				Detail:      fmt.Sprintf("Inappropriate value for attribute %q: %s.", name, err),
				Subject:     e.Range().Ptr(),
				Expression:  e,
				EvalContext: ctx,
			})
		}
	}
	return val, diags
}

// value evaluates e in ctx under the module's budget (spec.md V17): a
// native expression through a metered copy (meterExpr), whose nodes
// charge what they compute, a JSON one with the native expressions of
// its templates metered likewise (hcljson.ValueWith). Its value is measured: values that share their parts cost
// little to build, but not to walk (a conversion, a check of marks). An
// expression that goes past the
// budget, or in which a function panics, is unknown, with one warning on
// its range instead of what evaluating it found.
func (ev *evaluator) value(e hcl.Expression, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	b := ev.budget
	b.start()
	var val cty.Value
	var diags hcl.Diagnostics
	switch se := e.(type) {
	case *hclsyntax.LiteralValueExpr, *hclsyntax.ScopeTraversalExpr:
		// A value that is already measured (a local's) or small.
		return e.Value(ctx)
	case hclsyntax.Expression:
		m := meterExpr(se, b)
		val, diags = m.Value(ctx)
		if !b.stopped() {
			b.measure(e, m, val)
		}
	default:
		// A JSON expression: the native expressions of its templates
		// are metered as a native expression is.
		val, diags = hcljson.ValueWith(e, ctx, func(x hclsyntax.Expression) hclsyntax.Expression { return meterExpr(x, b) })
		if !b.stopped() {
			b.measure(e, e, val)
		}
	}
	if b.stopped() {
		return cty.DynamicVal, hcl.Diagnostics{b.warning(e.Range())}
	}
	return val, diags
}

// atPlan turns the errors found in the content of a dynamic block whose
// for_each is unknown (contentMode deferred) into warnings that say so,
// and drops the warnings: the programs' validate does not evaluate that
// content, and their plan does when for_each turns out not to be empty.
func atPlan(diags hcl.Diagnostics) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		w := *d
		w.Severity = hcl.DiagWarning
		w.Summary = d.Summary + " (fails only at plan)"
		w.Detail = d.Detail + "\n\nNeither tofu validate nor terraform validate reports this: it is in the content of a dynamic block whose for_each is not known before plan, and validate does not evaluate that content. Plan does, and fails here unless for_each turns out empty."
		out = append(out, &w)
	}
	return out
}

// exprFull is expr with want converted to whatever its kind: for the
// plain attribute types of provider schemas, whose objects have no
// optional attributes.
func (ev *evaluator) exprFull(e hcl.Expression, sc *scope, want cty.Type, name string) (cty.Value, hcl.Diagnostics) {
	val, diags := ev.expr(e, sc, cty.NilType, name)
	if diags.HasErrors() {
		return val, diags
	}
	if _, err := convert.Convert(val, want); err != nil {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Incorrect attribute value type",
			Detail:   fmt.Sprintf("Inappropriate value for attribute %q: %s.", name, formatError(err)),
			Subject:  e.Range().Ptr(),
		})
	}
	return val, diags
}

// plainType reports whether ty is a type whose conversion this package
// trusts: primitive types, collections, objects and tuples of them.
func plainType(ty cty.Type) bool {
	switch {
	case ty == cty.DynamicPseudoType:
		return true
	case ty.IsPrimitiveType():
		return true
	case ty.IsListType(), ty.IsSetType(), ty.IsMapType():
		return plainType(ty.ElementType())
	case ty.IsObjectType():
		if len(ty.OptionalAttributes()) > 0 {
			return false
		}
		for _, at := range ty.AttributeTypes() {
			if !plainType(at) {
				return false
			}
		}
		return true
	case ty.IsTupleType():
		for _, et := range ty.TupleElementTypes() {
			if !plainType(et) {
				return false
			}
		}
		return true
	}
	return false
}

// simpleType reports whether ty is made of primitive types and
// collections of them only: the types whose conversion does not depend
// on optional object attributes.
func simpleType(ty cty.Type) bool {
	switch {
	case ty.IsPrimitiveType():
		return true
	case ty.IsListType(), ty.IsSetType(), ty.IsMapType():
		return simpleType(ty.ElementType())
	}
	return false
}

// refRange is the range of a reference as the programs give it: the
// root and the first attribute.
func refRange(t hcl.Traversal) hcl.Range {
	if len(t) > 1 {
		return hcl.RangeBetween(t[0].SourceRange(), t[1].SourceRange())
	}
	return t.SourceRange()
}

// computeLocals evaluates the locals, each after those it refers to;
// those in a cycle stay unknown.
func (ev *evaluator) computeLocals() {
	d := ev.md.decls.index.Locals
	names := keys(d)
	if len(ev.locals) == 0 {
		ev.locals = make(map[string]cty.Value, len(d))
	}
	if !ev.sharded(len(names)) || !ev.computeLocalsSharded(names) {
		ev.visitLocals(names)
	}
	ev.allLocals = cty.ObjectVal(ev.locals)
}

// visitLocals evaluates the locals names (sorted), each after those it
// refers to, into ev.locals; those in a cycle stay unknown.
func (ev *evaluator) visitLocals(names []string) {
	d := ev.md.decls.index.Locals
	for _, n := range names {
		ev.locals[n] = cty.DynamicVal
	}
	state := make(map[string]int, len(names)) // 1: in progress, 2: done
	var visit func(n string)
	visit = func(n string) {
		if state[n] != 0 {
			return
		}
		state[n] = 1
		l := d[n]
		for _, t := range ev.md.variables(l.Expr) {
			if t.RootName() != "local" {
				continue
			}
			if dep, _, ok := attrStep(t, 1); ok {
				if _, declared := d[dep]; declared && state[dep] == 0 {
					visit(dep)
				}
			}
		}
		val, diags := ev.expr(l.Expr, &scope{owner: "local." + n}, cty.NilType, n)
		ev.localDiags[n] = diags
		if diags.HasErrors() {
			val = cty.DynamicVal
		}
		ev.budget.remember(n, l.Expr, val)
		ev.locals[n] = val
		state[n] = 2
	}
	for _, n := range names {
		visit(n)
	}
}

// sortBy sorts list by the start of each element's range. The ranges are
// read once, into one slice beside their elements: comparing through the
// elements, scattered over the heap, was 20% of checking a module of
// 250,000 locals. Two elements never start at one place of one file, so
// the order is total and an unstable sort does.
func sortBy[T any](list []T, rng func(T) hcl.Range) {
	if len(list) <= 12 {
		// A few elements (most bodies' attributes): sorted in place,
		// without the slice of keys.
		for i := 1; i < len(list); i++ {
			v := list[i]
			r := rng(v)
			j := i
			for ; j > 0; j-- {
				p := rng(list[j-1])
				if c := strings.Compare(p.Filename, r.Filename); c < 0 || c == 0 && p.Start.Byte <= r.Start.Byte {
					break
				}
				list[j] = list[j-1]
			}
			list[j] = v
		}
		return
	}
	type keyed struct {
		file string
		off  int
		v    T
	}
	ks := make([]keyed, len(list))
	for i, v := range list {
		r := rng(v)
		ks[i] = keyed{r.Filename, r.Start.Byte, v}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if c := strings.Compare(a.file, b.file); c != 0 {
			return c
		}
		return a.off - b.off
	})
	for i, k := range ks {
		list[i] = k.v
	}
}

// providerFunctions adds to the evaluator's functions those of the
// table that e calls (function), every one when e calls one the table
// lacks (allFunctions), and each provider function that e calls
// (provider::NAME::FUNC) and the table lacks, as a function of any
// arguments, when NAME is one of the module's required providers: the
// programs read its functions from the provider, which is not known
// here. Terraform, when it alone may run the module, also checks FUNC
// against the provider's schema, when given. A provider function of
// another name is an error in both programs (spec.md {#validate} V13).
func (ev *evaluator) providerFunctions(e hcl.Expression) hcl.Diagnostics {
	var diags hcl.Diagnostics
	call := func(name string, rng hcl.Range) {
		if ev.function(name) {
			return
		}
		ev.allFunctions()
		rest, ok := strings.CutPrefix(name, "provider::")
		if !ok {
			return
		}
		local, fn, ok := strings.Cut(rest, "::")
		if !ok {
			return // HCL reports it
		}
		md := ev.md
		if !md.requiresProvider(local) {
			if md.program == module.Terraform {
				diags = append(diags, unknownProviderFunction(rng, name, local, fn))
			} else {
				diags = append(diags, errorAt(rng, "Unknown function provider",
					"Provider %q does not exist within the required_providers of this module", local))
			}
			return
		}
		if md.target.only(module.Terraform) {
			if ps := md.providerSchema(local); ps != nil && ps.Functions[fn] == nil {
				diags = append(diags, errorAt(rng, "Unknown provider function",
					"The function %q is not available from the provider %q.", fn, local))
				return
			}
		}
		ev.fns[name] = anyFunction()
	}
	if se, ok := e.(hclsyntax.Expression); ok {
		if !ev.mayCall(se) {
			return nil
		}
		hclsyntax.VisitAll(se, func(n hclsyntax.Node) hcl.Diagnostics {
			if c, ok := n.(*hclsyntax.FunctionCallExpr); ok {
				call(c.Name, c.NameRange)
			}
			return nil
		})
	} else {
		// A JSON expression lists the functions its strings call
		// (hcljson's Functions, which OpenTofu reads to load provider
		// functions): every one is added as a native expression's are.
		// Another expression's calls are not known.
		calls, ok := ev.md.functions(e)
		if !ok {
			ev.allFunctions()
			return diags
		}
		for _, t := range calls {
			var parts []string
			for _, step := range t {
				switch s := step.(type) {
				case hcl.TraverseRoot:
					parts = append(parts, s.Name)
				case hcl.TraverseAttr:
					parts = append(parts, s.Name)
				}
			}
			call(strings.Join(parts, "::"), t.SourceRange())
		}
	}
	return diags
}

// mayCall reports whether the native expression e may call a function:
// false when its text, in a file of the native syntax of the module,
// holds no parenthesis, which every call has; true otherwise (a JSON
// file, whose strings' escapes may spell one, or another file).
func (ev *evaluator) mayCall(e hclsyntax.Expression) bool {
	r := e.Range()
	if strings.HasSuffix(r.Filename, ".json") {
		return true
	}
	if ev.sources == nil {
		ev.sources = make(map[string][]byte, len(ev.md.mod.Files))
		for _, f := range ev.md.mod.Files {
			ev.sources[f.Path] = f.Bytes
		}
	}
	src, ok := ev.sources[r.Filename]
	if !ok || r.Start.Byte < 0 || r.Start.Byte > r.End.Byte || r.End.Byte > len(src) {
		return true
	}
	return bytes.IndexByte(src[r.Start.Byte:r.End.Byte], '(') >= 0
}

// unknownProviderFunction is Terraform's error for a provider function
// that it cannot find.
func unknownProviderFunction(rng hcl.Range, name, local, fn string) *hcl.Diagnostic {
	return errorAt(rng, "Unknown provider function",
		"There is no function named %q. Ensure that provider name %q is declared in this module's required_providers block, and that this provider offers a function named %q.", name, local, fn)
}

package validate

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/template"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// The evaluation budget (spec.md V17), in units: a value counts one unit
// per element, attribute and scalar, and a string (or a number, by its
// decimal digits) one more per stringUnit bytes. An expression may spend
// exprBudget units; the module, every expression together, moduleBudget.
const (
	exprBudget   = 1 << 20
	moduleBudget = 1 << 23
	stringUnit   = 16
	// callUnits is what a function's arguments cost per unit of their
	// size: go-cty walks each several times (marks, types), and HCL
	// converts it.
	callUnits = 8
	// unifyPairs is how many pairs of types go-cty compares for a unit
	// when it unifies the types of a tuple's elements (see unifyUnits).
	unifyPairs = 8
)

// budget is what evaluating one module may spend (spec.md V17). The
// evaluator starts each expression (start), the metered expression
// nodes (meter.go) and the functions of the table (meteredFunction)
// charge what they are about to compute before they compute it, and the
// evaluator reads at the end (stop) whether the expression went past its
// budget or the module's, or a function failed unexpectedly: its value
// is then unknown. A budget serves one goroutine.
type budget struct {
	spent, total           int64 // in the expression, in the module
	exprLimit, moduleLimit int64
	// over is set once the expression went past a limit, panicked with
	// what a function panicked with, if one did.
	over     bool
	panicked string
	fn       string // the function that panicked
	// argsPaid is set while a metered call (meter.go) has charged
	// its arguments, which the function it calls then does not charge
	// again.
	argsPaid bool
	// locals are the sizes of the locals' values (remember), which
	// sizeExpr reads for an expression that refers to a local whole,
	// when localsOK says that "local" is the module's locals in the
	// expression evaluated (no dynamic block's iterator named so).
	locals   map[string]sized
	localsOK bool
	// walked counts the nodes that sizeOf visited: measure and remember,
	// which no node charges for, charge the module what they walked.
	walked int64
	// last is the size of the value of lastExpr, which value measured.
	last     sized
	lastExpr hcl.Expression
}

func newBudget() *budget {
	return &budget{exprLimit: exprBudget, moduleLimit: moduleBudget}
}

// start begins an expression.
func (b *budget) start() {
	b.spent, b.over, b.panicked, b.fn, b.argsPaid = 0, false, "", "", false
	b.lastExpr = nil
}

// stopped reports whether the current expression may not go on.
func (b *budget) stopped() bool {
	return b.over || b.panicked != ""
}

// left is what the expression may still spend.
func (b *budget) left() int64 {
	return max(0, min(b.exprLimit-b.spent, b.moduleLimit-b.total))
}

// charge spends n units and reports whether that stays within the
// budget.
func (b *budget) charge(n int64) bool {
	if b.stopped() {
		return false
	}
	if n > b.left() {
		b.over = true
		return false
	}
	b.spent += n
	b.total += n
	return true
}

// chargeValues spends scale units for each unit of the size of vals,
// which it measures no further than the budget allows: what it walks is
// less than what it charges.
func (b *budget) chargeValues(scale int64, vals ...cty.Value) bool {
	return b.chargeExprs(scale, nil, vals)
}

// chargeExprs is chargeValues for vals, the values of exprs (nil: of
// expressions unknown), measured by sizeExpr.
func (b *budget) chargeExprs(scale int64, exprs []hclsyntax.Expression, vals []cty.Value) bool {
	if b.stopped() {
		return false
	}
	var n int64
	for i, v := range vals {
		var e hcl.Expression
		if exprs != nil {
			e = exprs[i]
		}
		s, _ := b.sizeExpr(e, v, (b.left()-n)/scale)
		n += s * scale
		if n > b.left() {
			b.over = true
			return false
		}
	}
	return b.charge(n)
}

// measure stops the expression when v, the value of e, is larger than
// what an expression may spend, without charging the expression: what
// built v was charged, and its parts may be shared (a tuple of the same
// list twice, and so on). The walk is charged to the module (see
// chargeWalk), and the size kept for remember, as the size of the value
// of src, the expression that e evaluates (e or its metered copy).
func (b *budget) measure(src, e hcl.Expression, v cty.Value) {
	from := b.walked
	limit := max(0, min(b.exprLimit, b.moduleLimit-b.total))
	s, d := b.sizeExpr(e, v, limit)
	b.last, b.lastExpr = sized{size: s, depth: d}, src
	if s > limit {
		b.over = true
	}
	b.chargeWalk(from)
}

// chargeWalk charges the module what sizeOf walked since from, when no
// node charged it: the walks of values built cheaply from shared parts
// are bounded by the module's budget too.
func (b *budget) chargeWalk(from int64) {
	b.total += b.walked - from
	if b.total > b.moduleLimit {
		b.over = true
	}
}

// errBudget is the error of what the budget stops; the evaluator drops
// it (see evaluator.evalExpr).
var errBudget = errors.New("too large to evaluate offline")

// stopDiags is what a metered node returns once the budget stopped the
// expression: an error, so that HCL evaluates no further, which the
// evaluator replaces with one warning.
func stopDiags(rng hcl.Range) hcl.Diagnostics {
	return hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Expression too large to evaluate offline",
		Detail:   errBudget.Error(),
		Subject:  rng.Ptr(),
	}}
}

// warning is the one diagnostic of an expression that the budget
// stopped, on its range.
func (b *budget) warning(rng hcl.Range) *hcl.Diagnostic {
	if b.panicked != "" {
		return &hcl.Diagnostic{
			Severity: hcl.DiagWarning,
			Summary:  "Expression not evaluated offline",
			Detail: fmt.Sprintf("Function %q failed unexpectedly inside hcljson (%s), so this expression is left unknown and what depends on it is not checked. "+
				"tofu validate and terraform validate evaluate it.", b.fn, b.panicked),
			Subject: rng.Ptr(),
		}
	}
	what := fmt.Sprintf("more than the %d units of values that hcljson spends on one expression", b.exprLimit)
	if b.total >= b.moduleLimit-b.exprLimit || b.spent < b.exprLimit/2 && b.moduleLimit-b.total < b.exprLimit {
		what = fmt.Sprintf("more than what is left of the %d units of values that hcljson spends on one module", b.moduleLimit)
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagWarning,
		Summary:  "Expression too large to evaluate offline",
		Detail: fmt.Sprintf("Evaluating this expression would take %s (a unit is a value, or %d bytes of a string), "+
			"so it is left unknown and what depends on it is not checked. "+
			"tofu validate and terraform validate evaluate it, and may run out of memory or time.", what, stringUnit),
		Subject: rng.Ptr(),
	}
}

// sizeOf measures v in units, and the depth of its nesting, no further
// than limit: past it, the size returned is over limit. It visits fewer
// nodes (b.walked) than the size it returns.
func (b *budget) sizeOf(v cty.Value, limit int64) (n, depth int64) {
	var walk func(v cty.Value, d int64)
	walk = func(v cty.Value, d int64) {
		if n > limit {
			return
		}
		b.walked++
		depth = max(depth, d)
		if v.IsMarked() {
			v, _ = v.Unmark()
		}
		ty := v.Type()
		switch {
		case !v.IsKnown():
			n += typeSize(ty, limit-n)
			return
		case v.IsNull(), ty == cty.Bool, ty.IsCapsuleType():
			n++
			return
		case ty == cty.String:
			n += 1 + int64(len(v.AsString()))/stringUnit
			return
		case ty == cty.Number:
			n += 1 + digits(v.AsBigFloat())/stringUnit
			return
		}
		n++
		switch {
		case ty.IsObjectType():
			for name := range ty.AttributeTypes() {
				walk(v.GetAttr(name), d+1)
				if n > limit {
					return
				}
			}
		case ty.IsMapType():
			for it := v.ElementIterator(); it.Next(); {
				k, e := it.Element()
				walk(k, d+1)
				walk(e, d+1)
				if n > limit {
					return
				}
			}
		default:
			for _, e := range v.AsValueSlice() {
				walk(e, d+1)
				if n > limit {
					return
				}
			}
		}
	}
	walk(v, 1)
	return n, depth
}

// sizeExpr measures v, the value of e (nil: of an expression unknown),
// as sizeOf does, but for the parts of v that are the value of a local
// that e refers to whole, outside for expressions ("local.l",
// "[local.l, local.l]", "{ a = local.l }"), whose size it reads from
// what remember recorded, through for expressions too ("[for x in r :
// local.l]"): a chain of locals each holding the one before twice is
// measured in time linear in its length, not in its size.
// e may be a metered copy (meter.go).
func (b *budget) sizeExpr(e hcl.Expression, v cty.Value, limit int64) (n, depth int64) {
	if m, ok := e.(*metered); ok {
		e = m.Expression
	}
	switch x := e.(type) {
	case *hclsyntax.ParenthesesExpr:
		return b.sizeExpr(x.Expression, v, limit)
	case *hclsyntax.ScopeTraversalExpr:
		if s, ok := b.localSize(x.Traversal); ok {
			return s.size, s.depth
		}
	case *hclsyntax.TupleConsExpr:
		u, _ := v.Unmark()
		if !u.IsKnown() || u.IsNull() || !u.Type().IsTupleType() || u.LengthInt() != len(x.Exprs) {
			break
		}
		n, depth = 1, 1
		for i, el := range u.AsValueSlice() {
			s, d := b.sizeExpr(x.Exprs[i], el, limit-n)
			n, depth = n+s, max(depth, d+1)
			if n > limit {
				break
			}
		}
		return n, depth
	case *hclsyntax.ForExpr:
		// Each element (attribute) of the result is a value of ValExpr,
		// unconverted, or a tuple of them when grouped, in an iteration
		// where "local" is still the module's locals unless an iterator
		// is named so.
		u, _ := v.Unmark()
		if x.KeyVar == "local" || x.ValVar == "local" || !u.IsKnown() || u.IsNull() {
			break
		}
		ty := u.Type()
		if x.KeyExpr == nil && ty.IsTupleType() || x.KeyExpr != nil && !x.Group && ty.IsObjectType() {
			n, depth = 1, 1
			for it := u.ElementIterator(); it.Next() && n <= limit; {
				_, el := it.Element()
				s, d := b.sizeExpr(x.ValExpr, el, limit-n)
				n, depth = n+s, max(depth, d+1)
			}
			return n, depth
		}
	case *hclsyntax.ObjectConsExpr:
		u, _ := v.Unmark()
		if !u.IsKnown() || u.IsNull() || !u.Type().IsObjectType() {
			break
		}
		items := make(map[string]hcl.Expression, len(x.Items))
		for _, it := range x.Items {
			k, ok := keyName(it.KeyExpr)
			if !ok {
				return b.sizeOf(v, limit)
			}
			items[k] = it.ValueExpr
		}
		n, depth = 1, 1
		for name := range u.Type().AttributeTypes() {
			s, d := b.sizeExpr(items[name], u.GetAttr(name), limit-n)
			n, depth = n+s, max(depth, d+1)
			if n > limit {
				break
			}
		}
		return n, depth
	}
	if n, depth, ok := b.sizeJSON(e, v, limit); ok {
		return n, depth
	}
	return b.sizeOf(v, limit)
}

// sizeJSON is sizeExpr for e, a JSON expression: an array's value is the
// tuple of its elements' values, an object's with literal keys the
// object of its members', and a string that is one interpolation
// ("${local.l}") the value of what it interpolates. ok is false for any
// other expression.
func (b *budget) sizeJSON(e hcl.Expression, v cty.Value, limit int64) (n, depth int64, ok bool) {
	if !hcljson.IsJSONExpression(e) {
		return 0, 0, false
	}
	if src, isString := hcljson.StringSource(e); isString {
		if !b.localsOK || !strings.Contains(src.Text, "local") {
			return 0, 0, false // not a reference to a local (localSize), nothing to parse
		}
		if name, ok := wholeLocal(src.Text); ok {
			s, ok := b.locals[name]
			return s.size, s.depth, ok
		}
		text, ok := template.Parse(src).Interpolation()
		if !ok {
			return 0, 0, false
		}
		text = strings.TrimSpace(text)
		if !mayBeLocal(text) {
			return 0, 0, false
		}
		t, diags := hclsyntax.ParseTraversalAbs([]byte(text), "", hcl.InitialPos)
		if diags.HasErrors() {
			return 0, 0, false
		}
		s, ok := b.localSize(t)
		return s.size, s.depth, ok
	}
	u, _ := v.Unmark()
	if !u.IsKnown() || u.IsNull() {
		return 0, 0, false
	}
	if u.Type().IsObjectType() {
		// An object whose keys are literal: each attribute's value is
		// the value of its member.
		pairs, diags := hcl.ExprMap(e)
		if diags.HasErrors() {
			return 0, 0, false
		}
		items := make(map[string]hcl.Expression, len(pairs))
		for _, p := range pairs {
			src, ok := hcljson.StringSource(p.Key)
			if !ok || !template.IsLiteral(src.Text) {
				return 0, 0, false
			}
			items[cty.NormalizeString(src.Text)] = p.Value
		}
		n, depth = 1, 1
		for name := range u.Type().AttributeTypes() {
			s, d := b.sizeExpr(items[name], u.GetAttr(name), limit-n)
			n, depth = n+s, max(depth, d+1)
			if n > limit {
				break
			}
		}
		return n, depth, true
	}
	if !u.Type().IsTupleType() {
		return 0, 0, false
	}
	exprs, diags := hcl.ExprList(e)
	if diags.HasErrors() || len(exprs) != u.LengthInt() {
		return 0, 0, false
	}
	n, depth = 1, 1
	for i, el := range u.AsValueSlice() {
		s, d := b.sizeExpr(exprs[i], el, limit-n)
		n, depth = n+s, max(depth, d+1)
		if n > limit {
			break
		}
	}
	return n, depth, true
}

// wholeLocal returns the name of the local that text, a JSON string,
// refers to whole when it is written in the plainest way, "${local.NAME}"
// (spaces around the reference allowed, NAME of ASCII letters, digits,
// "_" and "-", starting with a letter): what parsing the template and its
// interpolation as a traversal finds, without the parsers. Any other
// text is not decided here (ok false): sizeJSON parses it.
func wholeLocal(text string) (name string, ok bool) {
	inner, ok := strings.CutPrefix(text, "${")
	if !ok {
		return "", false
	}
	if inner, ok = strings.CutSuffix(inner, "}"); !ok {
		return "", false
	}
	inner = strings.Trim(inner, " ")
	if name, ok = strings.CutPrefix(inner, "local."); !ok || name == "" {
		return "", false
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '_' || c == '-'):
		default:
			return "", false
		}
	}
	return name, true
}

// mayBeLocal reports whether text, an interpolation's trimmed, may parse
// as a traversal that localSize takes (local.NAME): without a comment,
// the text of a traversal whose root is local begins with it, and a
// parenthesis in it is in an index (local.a["("]), which localSize does
// not take. Where it reports false there is nothing to parse (a function
// call, most often).
func mayBeLocal(text string) bool {
	return strings.ContainsAny(text, "/#") || strings.HasPrefix(text, "local") && !strings.Contains(text, "(")
}

// keyName is the name that the key of an object constructor gives when
// it is a name or a quoted string without interpolation.
func keyName(e hclsyntax.Expression) (string, bool) {
	if m, ok := e.(*metered); ok {
		e = m.Expression
	}
	k, ok := e.(*hclsyntax.ObjectConsKeyExpr)
	if !ok || k.ForceNonLiteral {
		return "", false
	}
	w := k.Wrapped
	if m, ok := w.(*metered); ok {
		w = m.Expression
	}
	switch w := w.(type) {
	case *hclsyntax.ScopeTraversalExpr:
		if len(w.Traversal) == 1 {
			return w.Traversal.RootName(), true
		}
	case *hclsyntax.TemplateExpr:
		if len(w.Parts) == 1 {
			if l, ok := w.Parts[0].(*hclsyntax.LiteralValueExpr); ok && l.Val.Type() == cty.String && l.Val.IsKnown() && !l.Val.IsNull() {
				return l.Val.AsString(), true
			}
		}
	}
	return "", false
}

// localSize is the size that remember recorded of the local that t
// refers to whole ("local.l"), if any.
func (b *budget) localSize(t hcl.Traversal) (sized, bool) {
	if !b.localsOK || len(t) != 2 || t.RootName() != "local" {
		return sized{}, false
	}
	a, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		return sized{}, false
	}
	s, ok := b.locals[a.Name]
	return s, ok
}

// sized is the size and depth of a value.
type sized struct {
	size, depth int64
}

// remember records the size of val, the value of the local called name,
// whose expression is e: what value measured, or else (a plain
// reference, a literal, an expression not evaluated) measured now,
// charged to the module.
func (b *budget) remember(name string, e hcl.Expression, val cty.Value) {
	var s sized
	switch {
	case !val.IsKnown():
		s = sized{size: typeSize(val.Type(), b.exprLimit), depth: 1}
	case e != nil && e == b.lastExpr:
		s = b.last
	default:
		from := b.walked
		s.size, s.depth = b.sizeExpr(e, val, b.exprLimit)
		b.chargeWalk(from)
	}
	if b.locals == nil {
		b.locals = map[string]sized{}
	}
	b.locals[name] = s
}

// typeSize measures a type as sizeOf measures a value, no further than
// limit.
func typeSize(ty cty.Type, limit int64) int64 {
	n := int64(1)
	var walk func(ty cty.Type)
	walk = func(ty cty.Type) {
		switch {
		case n > limit:
			return
		case ty.IsCollectionType():
			n++
			walk(ty.ElementType())
		case ty.IsObjectType():
			for _, at := range ty.AttributeTypes() {
				n++
				walk(at)
				if n > limit {
					return
				}
			}
		case ty.IsTupleType():
			for _, et := range ty.TupleElementTypes() {
				n++
				walk(et)
				if n > limit {
					return
				}
			}
		}
	}
	walk(ty)
	return n
}

// unifyUnits is, in units, what converting a value of type ty to a list,
// set or map of any element type costs (tolist, toset, tomap, and a
// parameter of such a type): go-cty unifies the types of the K elements
// of a tuple or attributes of an object by comparing every pair of them
// (convert.unify), and those of their elements and attributes likewise.
// It is K times the size of the types of the elements, by unifyPairs,
// summed over the tuple and object types of ty; past limit, more than
// limit.
func unifyUnits(ty cty.Type, limit int64) int64 {
	var n, visited int64
	var walk func(ty cty.Type) int64
	walk = func(ty cty.Type) int64 {
		visited++
		if n > limit || visited > limit {
			n = limit + 1
			return 1
		}
		var elems []cty.Type
		switch {
		case ty.IsCollectionType():
			return 1 + walk(ty.ElementType())
		case ty.IsTupleType():
			elems = ty.TupleElementTypes()
		case ty.IsObjectType():
			for _, at := range ty.AttributeTypes() {
				elems = append(elems, at)
			}
		default:
			return 1
		}
		size := int64(1)
		for _, e := range elems {
			size += walk(e)
			if n > limit {
				return size
			}
		}
		n += int64(len(elems)) * (size - 1) / unifyPairs
		return size
	}
	walk(ty)
	return n
}

// conversionUnits is what HCL's conversion of args to the parameters of
// f costs, in units, for the parameters that are a list, set or map of
// any element type (see unifyUnits).
func (b *budget) conversionUnits(f function.Function, args []cty.Value) int64 {
	params := f.Params()
	var n int64
	for i, a := range args {
		var p cty.Type
		switch vp := f.VarParam(); {
		case i < len(params):
			p = params[i].Type
		case vp != nil:
			p = vp.Type
		default:
			continue
		}
		if p.IsCollectionType() && p.ElementType() == cty.DynamicPseudoType {
			n += unifyUnits(a.Type(), b.left()-n)
		}
	}
	return n
}

// digits is about the number of decimal digits that the exponent of f
// gives it written out, as a conversion to string writes it.
func digits(f *big.Float) int64 {
	if f.IsInf() {
		return 1
	}
	exp := f.MantExp(nil)
	if exp < 0 {
		exp = -exp
	}
	return int64(float64(exp) * math.Log10(2))
}

// meteredFunction wraps f, a function of the table, so that a call
// charges its arguments and what its result will take before f computes
// it, and a panic inside f is a short error (see budget.warning) rather
// than go-cty's, which quotes the Go stack. The parameters are f's but
// for the Allow flags, all set, so that f itself handles unknown, null,
// dynamic and marked arguments (its refinements included) as it does
// unwrapped; HCL reads only their names and types.
func meteredFunction(name string, f function.Function, b *budget) function.Function {
	return meteredWatched(name, f, b, nil)
}

// meteredWatched is meteredFunction, calling watch (unless nil) with the
// arguments of each call before f sees them.
func meteredWatched(name string, f function.Function, b *budget, watch func([]cty.Value)) function.Function {
	params := f.Params()
	for i := range params {
		params[i] = allowAll(params[i])
	}
	var varParam *function.Parameter
	if vp := f.VarParam(); vp != nil {
		p := allowAll(*vp)
		varParam = &p
	}
	spec := &function.Spec{
		Description: f.Description(),
		Params:      params,
		VarParam:    varParam,
		// The type is f's, which f.Call checks: HCL calls Call only.
		Type: func(args []cty.Value) (cty.Type, error) {
			if watch != nil {
				watch(args)
			}
			paid := b.argsPaid
			b.argsPaid = false
			if !paid && !b.chargeValues(callUnits, args...) || !b.charge(b.predict(name, args)) {
				return cty.NilType, errBudget
			}
			return cty.DynamicPseudoType, nil
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if b.stopped() {
				return cty.NilVal, errBudget
			}
			v, err := f.Call(args)
			if err != nil {
				return v, b.clean(name, err)
			}
			if !b.chargeValues(1, v) {
				return cty.NilVal, errBudget
			}
			return v, nil
		},
	}
	return function.New(spec)
}

// clean turns a panic recovered by go-cty into the budget's stop, which
// the evaluator reports without the Go stack that go-cty's error quotes.
func (b *budget) clean(name string, err error) error {
	var pe function.PanicError
	if errors.As(err, &pe) {
		if b.panicked == "" {
			b.panicked = firstLine(fmt.Sprint(pe.Value))
			b.fn = name
		}
		return errBudget
	}
	return err
}

// firstLine is s up to its first line break, at most 200 bytes.
func firstLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

func allowAll(p function.Parameter) function.Parameter {
	p.AllowNull, p.AllowUnknown, p.AllowDynamicType, p.AllowMarked = true, true, true, true
	return p
}

// predict is, in units, what the function called name will build from
// args beyond their size, for the functions whose result or work can be
// much larger than their arguments; 0 for the others (and when what
// decides it is not known).
func (b *budget) predict(name string, args []cty.Value) int64 {
	name = strings.TrimPrefix(name, "core::")
	str := func(i int) (string, bool) {
		if i >= len(args) {
			return "", false
		}
		v, _ := args[i].UnmarkDeep()
		if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
			return "", false
		}
		return v.AsString(), true
	}
	num := func(i int) (float64, bool) {
		if i >= len(args) {
			return 0, false
		}
		v, _ := args[i].UnmarkDeep()
		if !v.IsKnown() || v.IsNull() || v.Type() != cty.Number {
			return 0, false
		}
		f, _ := v.AsBigFloat().Float64()
		return f, true
	}
	length := func(i int) (int64, bool) {
		v, _ := args[i].Unmark()
		if !v.IsKnown() || v.IsNull() {
			return 0, false
		}
		ty := v.Type()
		if !ty.IsCollectionType() && !ty.IsTupleType() && !ty.IsObjectType() {
			return 0, false
		}
		return int64(v.LengthInt()), true
	}
	switch name {
	case "distinct":
		// Each element is compared with those kept before it, through
		// a call of go-cty's equal.
		if l, ok := length(0); ok && l > 1 {
			s, _ := b.sizeOf(args[0], b.left())
			return units(float64(l) * float64(l-1) / 2 * float64(callUnits) * max(1, float64(s)/float64(l)))
		}
	case "tolist", "toset", "tomap":
		if len(args) == 1 {
			return unifyUnits(args[0].Type(), b.left())
		}
	case "range":
		start, limit, step := 0.0, 0.0, 1.0
		var ok bool
		switch len(args) {
		case 1:
			limit, ok = num(0)
		case 2, 3:
			var ok1, ok2, ok3 bool = true, true, true
			start, ok1 = num(0)
			limit, ok2 = num(1)
			if len(args) == 3 {
				step, ok3 = num(2)
			} else if limit < start {
				step = -1
			}
			ok = ok1 && ok2 && ok3
		}
		if !ok || step == 0 {
			return 0
		}
		return units((limit - start) / step)
	case "setproduct":
		n := 1.0
		for i := range args {
			l, ok := length(i)
			if !ok {
				return 0
			}
			n *= float64(l)
		}
		return units(n * float64(1+len(args)))
	case "indent":
		spaces, ok1 := num(0)
		s, ok2 := str(1)
		if !ok1 || !ok2 {
			return 0
		}
		return units(spaces * float64(1+strings.Count(s, "\n")) / stringUnit)
	case "formatlist":
		var n int64
		for i := 1; i < len(args); i++ {
			if l, ok := length(i); ok {
				n = max(n, l)
			}
		}
		var each int64
		for _, a := range args {
			s, _ := b.sizeOf(a, b.left())
			each += s
		}
		f, _ := str(0)
		return units(float64(n) * float64(each+widths(f)/stringUnit))
	case "format":
		f, _ := str(0)
		return widths(f) / stringUnit
	case "replace":
		s, ok1 := str(0)
		search, ok2 := str(1)
		repl, ok3 := str(2)
		if !ok1 || !ok2 || !ok3 {
			return 0
		}
		var times float64
		switch {
		case len(search) > 1 && search[0] == '/' && search[len(search)-1] == '/', search == "":
			times = float64(len(s) + 1)
		default:
			times = float64(strings.Count(s, search))
		}
		return units(times * float64(len(repl)) / stringUnit)
	case "matchkeys":
		if len(args) == 3 {
			a, ok1 := length(1)
			c, ok2 := length(2)
			if ok1 && ok2 {
				return units(float64(a) * float64(c))
			}
		}
	case "parseint":
		if s, ok := str(0); ok {
			return units(float64(len(s)) * float64(len(s)) / (stringUnit * 1024))
		}
	case "split", "regexall", "csvdecode", "jsondecode", "yamldecode":
		for _, i := range []int{0, 1} {
			if s, ok := str(i); ok {
				return int64(len(s))
			}
		}
	}
	return 0
}

// widths is the sum of the numbers written in a format string, a bound
// of the widths and precisions its verbs ask for.
func widths(f string) int64 {
	var sum, n int64
	for i := 0; i <= len(f); i++ {
		if i < len(f) && f[i] >= '0' && f[i] <= '9' {
			n = min(n*10+int64(f[i]-'0'), math.MaxInt32)
			continue
		}
		sum = min(sum+n, math.MaxInt32)
		n = 0
	}
	return sum
}

// units rounds a prediction to units, within int64.
func units(f float64) int64 {
	switch {
	case f != f, f <= 0:
		return 0
	case f > math.MaxInt64/2:
		return math.MaxInt64 / 2
	}
	return int64(math.Ceil(f))
}

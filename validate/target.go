package validate

import (
	"strconv"
	"sync"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hcljson/hcljson/funcs"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// A target is what the evidence says of the programs that may run a
// module (spec.md {#validate} V13): for each program, the newest of its
// releases that may, as a minor version of 1.x, or -1 when none may.
// With no evidence both programs may, each at its newest release. The
// evidence is the program chosen (Options.Program), a file of the .tofu
// family (OpenTofu), and the version constraints of the modules of the
// tree, which each program checks against its own version: Terraform
// the required_version arguments of the files it reads (the .tf
// family), OpenTofu 1.12 those of the .tofu family and the opentofu
// argument of language.compatible_with blocks, and not the others (it
// takes them for Terraform's).
type target struct {
	tofu, terraform int
}

// The newest releases, whose language and functions this package knows
// (funcs.OpenTofu and funcs.Terraform114), and the oldest releases
// version constraints are read against.
const (
	newestTofu, oldestTofu           = 12, 6 // OpenTofu 1.6 is its first release
	newestTerraform, oldestTerraform = 14, 0
)

// only reports whether p is the one program that may run the module.
func (t target) only(p module.Program) bool {
	if p == module.OpenTofu {
		return t.terraform < 0
	}
	return t.tofu < 0
}

// since reports whether a release that may run the module has a
// feature that OpenTofu 1.tofu and Terraform 1.terraform brought.
func (t target) since(tofu, terraform int) bool {
	return t.tofu >= tofu || t.terraform >= terraform
}

// constraints are the version constraints a module tree states for
// each program.
type constraints struct {
	tofu, terraform []version.Constraints
}

// newTarget returns the target of a module tree read for program p
// (module.Auto: no evidence but the files, root being the root module
// as read) whose modules state cs.
func newTarget(p module.Program, root *module.Module, cs constraints) target {
	t := target{tofu: newestTofu, terraform: newestTerraform}
	if p == module.Auto && root != nil && root.Program == module.OpenTofu {
		p = module.OpenTofu // a .tofu family file
	}
	switch p {
	case module.OpenTofu:
		t.terraform = -1
	case module.Terraform:
		t.tofu = -1
	}
	narrowed := t
	if t.tofu >= 0 && len(cs.tofu) > 0 {
		narrowed.tofu = newestAllowed(cs.tofu, oldestTofu, newestTofu)
	}
	if t.terraform >= 0 && len(cs.terraform) > 0 {
		narrowed.terraform = newestAllowed(cs.terraform, oldestTerraform, newestTerraform)
	}
	if narrowed.tofu < 0 && narrowed.terraform < 0 {
		// No release known here may run it: a newer one, or a mistake
		// the programs report themselves. Nothing is narrowed.
		return t
	}
	return narrowed
}

// newestAllowed returns the newest minor version of 1.x between oldest
// and newest of which a release (1.MINOR.PATCH, PATCH below 50) meets
// every constraint, or -1.
func newestAllowed(cs []version.Constraints, oldest, newest int) int {
	for m := newest; m >= oldest; m-- {
		for patch := 49; patch >= 0; patch-- {
			v := version.Must(version.NewVersion("1." + strconv.Itoa(m) + "." + strconv.Itoa(patch)))
			ok := true
			for _, c := range cs {
				if !c.Check(v) {
					ok = false
					break
				}
			}
			if ok {
				return m
			}
		}
	}
	return -1
}

// constraints returns the version constraints of md's files that parse
// (the programs report the others): required_version in terraform
// blocks, for Terraform in .tf family files and for OpenTofu in .tofu
// family files, and language.compatible_with.opentofu for OpenTofu.
func (md *unit) constraints() constraints {
	var cs constraints
	read := func(e hcl.Expression) (version.Constraints, bool) {
		v, d := e.Value(nil)
		if d.HasErrors() || v.Type() != cty.String || !v.IsKnown() || v.IsNull() {
			return nil, false
		}
		c, err := version.NewConstraint(v.AsString())
		return c, err == nil
	}
	for _, b := range md.decls.blocks {
		switch b.Type {
		case "terraform":
			a := attribute(b.Body, "required_version")
			if a == nil {
				continue
			}
			v, ok := read(a.Expr)
			if !ok {
				continue
			}
			if schema.EndingOf(b.DefRange.Filename).Tofu {
				cs.tofu = append(cs.tofu, v)
			} else {
				cs.terraform = append(cs.terraform, v)
			}
		case "language":
			c, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "compatible_with"}}})
			if c == nil {
				continue
			}
			for _, cw := range c.Blocks {
				a := attribute(cw.Body, "opentofu")
				if a == nil {
					continue
				}
				if v, ok := read(a.Expr); ok {
					cs.tofu = append(cs.tofu, v)
				}
			}
		}
	}
	return cs
}

// tables caches the function table of each target.
var tables = struct {
	sync.Mutex
	m map[target]map[string]function.Function
}{m: map[target]map[string]function.Function{}}

// table returns the functions of the releases that may run the module:
// OpenTofu's and Terraform 1.14's tables, without the functions that
// came after the newest release that may (funcs.Added), and for a name
// both programs have, a function that accepts what either accepts. try
// and can are hcl/ext/tryfunc's, which take expressions and catch their
// errors, as in the programs (V16). The map is shared: read only.
func (t target) table() map[string]function.Function {
	tables.Lock()
	defer tables.Unlock()
	if m, ok := tables.m[t]; ok {
		return m
	}
	m := map[string]function.Function{}
	for _, p := range []struct {
		fn    funcs.Program
		minor int
	}{{funcs.OpenTofu, t.tofu}, {funcs.Terraform114, t.terraform}} {
		if p.minor < 0 {
			continue
		}
		for name, f := range funcs.Table(p.fn) {
			if added := funcs.Added(p.fn, name); added != "" && minorOf(added) > p.minor {
				continue
			}
			if prev, ok := m[name]; ok {
				f = either(prev, f)
			}
			m[name] = f
		}
	}
	for _, name := range []string{"try", funcs.CorePrefix + "try"} {
		if _, ok := m[name]; ok {
			m[name] = tryfunc.TryFunc
		}
	}
	for _, name := range []string{"can", funcs.CorePrefix + "can"} {
		if _, ok := m[name]; ok {
			m[name] = tryfunc.CanFunc
		}
	}
	tables.m[t] = m
	return m
}

// minorOf reads the minor version of "1.MINOR".
func minorOf(v string) int {
	n := 0
	for i := len("1."); i < len(v); i++ {
		n = n*10 + int(v[i]-'0')
	}
	return n
}

// either returns a function that accepts what a or b accepts, two
// programs' functions of one name: a's result when a's call succeeds,
// else b's when b's does, else a's error (its words). Their parameters
// must have the same types (the programs' tables agree on them); when
// they do not, a is returned.
func either(a, b function.Function) function.Function {
	ap, bp := a.Params(), b.Params()
	if len(ap) != len(bp) || (a.VarParam() == nil) != (b.VarParam() == nil) {
		return a
	}
	merge := func(x, y function.Parameter) (function.Parameter, bool) {
		if !x.Type.Equals(y.Type) {
			return x, false
		}
		x.AllowNull = x.AllowNull || y.AllowNull
		x.AllowUnknown = x.AllowUnknown || y.AllowUnknown
		x.AllowDynamicType = x.AllowDynamicType || y.AllowDynamicType
		x.AllowMarked = x.AllowMarked || y.AllowMarked
		return x, true
	}
	spec := &function.Spec{}
	for i := range ap {
		p, ok := merge(ap[i], bp[i])
		if !ok {
			return a
		}
		spec.Params = append(spec.Params, p)
	}
	if vp := a.VarParam(); vp != nil {
		p, ok := merge(*vp, *b.VarParam())
		if !ok {
			return a
		}
		spec.VarParam = &p
	}
	spec.Type = func(args []cty.Value) (cty.Type, error) {
		ta, errA := a.ReturnTypeForValues(args)
		tb, errB := b.ReturnTypeForValues(args)
		switch {
		case errA == nil && errB == nil && ta.Equals(tb):
			return ta, nil
		case errA == nil && errB == nil:
			return cty.DynamicPseudoType, nil
		case errA == nil:
			return ta, nil
		case errB == nil:
			return tb, nil
		}
		return cty.NilType, errA
	}
	spec.Impl = func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, errA := a.Call(args)
		if errA == nil {
			return v, nil
		}
		if v, err := b.Call(args); err == nil {
			return v, nil
		}
		return cty.NilVal, errA
	}
	return function.New(spec)
}

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

// A target is what the evidence says of the releases that may run a
// module (spec.md {#validate} V13), for the one program it is validated
// for (a module that either program may run is validated once for each,
// V12): the newest of that program's releases that may, as a minor
// version of 1.x, and -1 for the other program. The evidence is the
// version constraints of the modules of the tree, which each program
// checks against its own version: Terraform the required_version
// arguments of the files it reads (the .tf family), OpenTofu 1.12 those
// of the .tofu family and the opentofu argument of
// language.compatible_with blocks, and not the others (it takes them for
// Terraform's).
type target struct {
	tofu, terraform int
}

// The newest releases, whose language and functions this package knows
// (funcs.OpenTofu112 and funcs.Terraform114), and the oldest releases
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

// newTarget returns the target of a module tree validated for program
// p (module.Auto is OpenTofu, as in newUnit) whose modules state cs.
func newTarget(p module.Program, cs constraints) target {
	if p == module.Terraform {
		t := target{tofu: -1, terraform: newestTerraform}
		if m := newestAllowed(cs.terraform, oldestTerraform, newestTerraform); m >= 0 {
			t.terraform = m
		}
		return t
	}
	t := target{tofu: newestTofu, terraform: -1}
	if m := newestAllowed(cs.tofu, oldestTofu, newestTofu); m >= 0 {
		t.tofu = m
	}
	return t
}

// newestAllowed returns the newest minor version of 1.x between oldest
// and newest of which a release (1.MINOR.PATCH, PATCH below 50) meets
// every constraint (newest when there is none), or -1: a release not
// known here, or a mistake the programs report themselves, narrows
// nothing.
func newestAllowed(cs []version.Constraints, oldest, newest int) int {
	if len(cs) == 0 {
		// Every release meets no constraint: the newest, without
		// parsing a version (go-version's regular expression, some
		// 50 KB of allocations a check, which asks for targets
		// several times).
		return newest
	}
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
	for _, b := range md.decls.index.Blocks {
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

// table returns the functions of the release that may run the module:
// its program's table (OpenTofu's, or Terraform 1.14's) without the
// functions that came after that release (funcs.TableFor). try and can are
// hcl/ext/tryfunc's, which take expressions and catch their errors, as in
// the programs (V16). The map is shared: read only.
func (t target) table() map[string]function.Function {
	tables.Lock()
	defer tables.Unlock()
	if m, ok := tables.m[t]; ok {
		return m
	}
	p, minor := module.OpenTofu, t.tofu
	if t.tofu < 0 {
		p, minor = module.Terraform, t.terraform
	}
	m := funcs.TableFor(p, minor)
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

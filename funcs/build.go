package funcs

import (
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// build makes the table's function called name: the metadata's
// parameters (names, types, nullability) and variadic parameter, with
// impl's handling of unknown, dynamically typed and marked arguments and
// impl's Type and Impl. Unless implemented, the function type-checks its
// arguments and returns an unknown value of its declared return type.
func build(p Release, name string, sig Signature, impl function.Function, implemented bool) function.Function {
	param := func(p Param, ip *function.Parameter) function.Parameter {
		fp := function.Parameter{Name: p.Name, Type: p.Type, AllowNull: p.Nullable}
		if ip != nil {
			if closures[stripCore(name)] {
				fp.AllowNull = ip.AllowNull
			}
			fp.AllowUnknown = ip.AllowUnknown
			fp.AllowDynamicType = ip.AllowDynamicType
			fp.AllowMarked = ip.AllowMarked
		}
		return fp
	}
	spec := &function.Spec{}
	for i, p := range sig.Params {
		var ip *function.Parameter
		if implemented {
			ip = &impl.Params()[i]
		}
		spec.Params = append(spec.Params, param(p, ip))
	}
	if sig.VarParam != nil {
		var ip *function.Parameter
		if implemented {
			ip = impl.VarParam()
		}
		vp := param(*sig.VarParam, ip)
		spec.VarParam = &vp
	}
	if fix, ok := flags[p][stripCore(name)]; ok {
		fix(spec)
	}
	if implemented {
		spec.Type = impl.ReturnTypeForValues
		spec.Impl = func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return impl.Call(args)
		}
		return function.New(spec)
	}
	spec.Type = function.StaticReturnType(sig.ReturnType)
	spec.Impl = func(_ []cty.Value, retType cty.Type) (cty.Value, error) {
		return cty.UnknownVal(retType), nil
	}
	return function.New(spec)
}

// flags corrects, per program, the handling of unknown and dynamically
// typed arguments where the program differs from the implementation
// used here. The wrapper then answers first (an unknown result, without
// calling the implementation), as the program does.
var flags = map[Release]map[string]func(*function.Spec){
	OpenTofu112: {
		"yamlencode": anyArgument, // go-cty-yaml's, not computed here
	},
	Terraform114: {
		"yamlencode": anyArgument,
		// Terraform 1.11.4 has go-cty 1.16.0, whose format and
		// formatlist take no dynamically typed arguments (a typeless null
		// gives an unknown result); go-cty 1.16.1 (Terraform 1.14) checks
		// them, so this accepts some calls that 1.14 refuses.
		"format":     func(s *function.Spec) { s.VarParam.AllowDynamicType = false },
		"formatlist": func(s *function.Spec) { s.VarParam.AllowDynamicType = false },
		// Terraform's template parameter takes an expression, which must
		// be a reference (not checked here): its metadata reads the
		// return type as string whatever vars is.
		"templatestring": func(s *function.Spec) { s.Params[1].AllowDynamicType = true },
	},
	Terraform157: {
		"yamlencode": anyArgument,
		// Terraform 1.5.7 has go-cty 1.12.2, whose stdlib takes fewer
		// unknown or dynamically typed arguments than go-cty 1.19.
		"format": func(s *function.Spec) {
			s.VarParam.AllowUnknown, s.VarParam.AllowDynamicType = false, false
		},
		"formatlist": func(s *function.Spec) { s.VarParam.AllowDynamicType = false },
		"jsonencode": func(s *function.Spec) { s.Params[0].AllowUnknown = false },
		"setproduct": func(s *function.Spec) { s.VarParam.AllowUnknown = false },
		"sort":       func(s *function.Spec) { s.Params[0].AllowUnknown = false },
	},
}

func anyArgument(s *function.Spec) {
	s.Params[0].AllowUnknown, s.Params[0].AllowDynamicType = true, true
}

// closures are the functions whose parameters are, in the programs,
// expressions rather than values (hcl/ext/tryfunc): the metadata says
// they do not accept null, but an expression is never null and may
// evaluate to null, so here they accept null values.
var closures = map[string]bool{"try": true, "can": true}

func stripCore(name string) string {
	if len(name) > len(CorePrefix) && name[:len(CorePrefix)] == CorePrefix {
		return name[len(CorePrefix):]
	}
	return name
}

// Evaluated reports whether the table's function called name computes
// its result; false means it only type-checks its arguments and returns
// an unknown value (of its return type), or that p has no such function.
func Evaluated(p Release, name string) bool {
	if _, ok := signatures(p)[name]; !ok {
		return false
	}
	_, ok := implementations(p)[stripCore(name)]
	return ok
}

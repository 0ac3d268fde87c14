package funcs

import (
	"errors"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// mark is the type of the package's value marks.
type mark string

// The marks the table's functions read and set, in the programs' sense:
// a caller marks a sensitive variable's value with Sensitive (as the
// programs do) so that nonsensitive, issensitive and the conversion
// errors see it; sensitive sets it. Ephemeral is OpenTofu's ephemeral
// value mark, which ephemeralasnull reads.
const (
	Sensitive mark = "sensitive"
	Ephemeral mark = "ephemeral"
)

// anyValue is the one parameter of the functions that take any value
// as it is: unknown, null, marked or of no known type.
var anyValue = []function.Parameter{{
	Name: "value", Type: cty.DynamicPseudoType,
	AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true,
}}

func sameType(args []cty.Value) (cty.Type, error) { return args[0].Type(), nil }

var sensitiveFunc = function.New(&function.Spec{
	Params: anyValue,
	Type:   sameType,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return args[0].Mark(Sensitive), nil
	},
})

// nonsensitiveFunc drops the Sensitive mark; with strict (Terraform
// 1.5.7), a known value that is not sensitive is an error.
func nonsensitiveFunc(strict bool) function.Function {
	return function.New(&function.Spec{
		Params: anyValue,
		Type:   sameType,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if strict && args[0].IsKnown() && !args[0].HasMark(Sensitive) {
				return cty.DynamicVal, argErr(0, "the value is not sensitive, so nonsensitive has nothing to do")
			}
			v, marks := args[0].Unmark()
			delete(marks, Sensitive)
			return v.WithMarks(marks), nil
		},
	})
}

var isSensitiveFunc = function.New(&function.Spec{
	Params:       anyValue,
	Type:         function.StaticReturnType(cty.Bool),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if !args[0].IsKnown() {
			return cty.UnknownVal(cty.Bool), nil
		}
		return cty.BoolVal(args[0].HasMark(Sensitive)), nil
	},
})

// ephemeralAsNullFunc replaces every ephemeral part of a value by a null
// of its type, keeping other marks.
var ephemeralAsNullFunc = function.New(&function.Spec{
	Params: anyValue,
	Type:   sameType,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return cty.Transform(args[0], func(_ cty.Path, v cty.Value) (cty.Value, error) {
			if !v.HasMark(Ephemeral) {
				return v, nil
			}
			_, marks := v.Unmark()
			delete(marks, Ephemeral)
			return cty.NullVal(v.Type()).WithMarks(marks), nil
		})
	},
})

// try and can: in the programs their arguments are expressions, which
// the function evaluates itself, catching their errors. Here they
// receive values: a call happens only when every argument evaluated
// without error, so try returns its first argument and can returns true,
// unless that is not wholly known yet. A caller that wants the programs'
// catching must evaluate the arguments of try and can itself (as
// hcl/ext/tryfunc does) and count a failure as the programs do.
var exprParam = function.Parameter{
	Type: cty.DynamicPseudoType, AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true,
}

var tryFunc = function.New(&function.Spec{
	VarParam: func() *function.Parameter { p := exprParam; p.Name = "expressions"; return &p }(),
	Type: func(args []cty.Value) (cty.Type, error) {
		if len(args) == 0 {
			return cty.NilType, errors.New("at least one argument is required")
		}
		return cty.DynamicPseudoType, nil
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if !args[0].IsWhollyKnown() {
			return cty.DynamicVal, nil
		}
		return args[0], nil
	},
})

var canFunc = function.New(&function.Spec{
	Params: []function.Parameter{func() function.Parameter { p := exprParam; p.Name = "expression"; return p }()},
	Type:   function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if !args[0].IsWhollyKnown() {
			return cty.UnknownVal(cty.Bool), nil
		}
		return cty.True, nil
	},
})

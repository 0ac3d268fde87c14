package funcs

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// boolsFunc is alltrue (all) or anytrue: over a list of bools, where a
// null element counts as false.
func boolsFunc(all bool) function.Function {
	return function.New(&function.Spec{
		Params:       []function.Parameter{{Name: "list", Type: cty.List(cty.Bool)}},
		Type:         function.StaticReturnType(cty.Bool),
		RefineResult: refineNotNull,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			unknown := false
			for it := args[0].ElementIterator(); it.Next(); {
				_, v := it.Element()
				switch {
				case !v.IsKnown():
					if all {
						return cty.UnknownVal(cty.Bool), nil
					}
					unknown = true
				case v.IsNull() || v.False():
					if all {
						return cty.False, nil
					}
				case !all:
					return cty.True, nil
				}
			}
			if unknown {
				return cty.UnknownVal(cty.Bool), nil
			}
			return cty.BoolVal(all), nil
		},
	})
}

var (
	allTrueFunc = boolsFunc(true)
	anyTrueFunc = boolsFunc(false)
)

// coalesceFunc returns the first argument that is neither null nor, when
// the arguments unify to string, the empty string.
var coalesceFunc = function.New(&function.Spec{
	VarParam: &function.Parameter{
		Name: "vals", Type: cty.DynamicPseudoType,
		AllowNull: true, AllowUnknown: true, AllowDynamicType: true,
	},
	Type: func(args []cty.Value) (cty.Type, error) {
		tys := make([]cty.Type, len(args))
		for i, v := range args {
			tys[i] = v.Type()
		}
		ty, _ := convert.UnifyUnsafe(tys)
		if ty == cty.NilType {
			return cty.NilType, errors.New("all arguments must have the same type")
		}
		return ty, nil
	},
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		for _, v := range args {
			v, _ = convert.Convert(v, retType)
			switch {
			case !v.IsKnown():
				return cty.UnknownVal(retType), nil
			case v.IsNull(), retType == cty.String && v.RawEquals(cty.StringVal("")):
				continue
			}
			return v, nil
		}
		return cty.NilVal, errors.New("every argument is null or an empty string")
	},
})

// indexFunc is the position of the first element of a list or tuple
// equal to a value.
var indexFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "list", Type: cty.DynamicPseudoType},
		{Name: "value", Type: cty.DynamicPseudoType},
	},
	Type:         function.StaticReturnType(cty.Number),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		list := args[0]
		if ty := list.Type(); !ty.IsListType() && !ty.IsTupleType() {
			return cty.NilVal, errors.New("argument must be a list or tuple")
		}
		if list.LengthInt() == 0 {
			return cty.NilVal, errors.New("cannot search an empty list")
		}
		for it := list.ElementIterator(); it.Next(); {
			i, v := it.Element()
			eq, err := stdlib.Equal(v, args[1])
			if err != nil {
				return cty.NilVal, err
			}
			if !eq.IsKnown() {
				return cty.UnknownVal(cty.Number), nil
			}
			if eq.True() {
				return i, nil
			}
		}
		return cty.NilVal, errors.New("item not found")
	},
})

// lookupFunc reads one element of a map or one attribute of an object,
// or the default when given and the key is absent.
var lookupFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "inputMap", Type: cty.DynamicPseudoType, AllowMarked: true},
		{Name: "key", Type: cty.String, AllowMarked: true},
	},
	VarParam: &function.Parameter{
		Name: "default", Type: cty.DynamicPseudoType,
		AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true,
	},
	Type: func(args []cty.Value) (cty.Type, error) {
		if len(args) > 3 {
			return cty.NilType, fmt.Errorf("lookup() takes two or three arguments, got %d", len(args))
		}
		ty := args[0].Type()
		switch {
		case ty.IsObjectType():
			if !args[1].IsKnown() {
				return cty.DynamicPseudoType, nil
			}
			k, _ := args[1].Unmark()
			key := k.AsString()
			if ty.HasAttribute(key) {
				return ty.AttributeType(key), nil
			}
			if len(args) == 3 {
				return args[2].Type(), nil
			}
			return cty.DynamicPseudoType, argErr(0, "the given object has no attribute %q", key)
		case ty.IsMapType():
			if len(args) == 3 {
				if _, err := convert.Convert(args[2], ty.ElementType()); err != nil {
					return cty.NilType, argErr(2, "the default value must have the same type as the map elements")
				}
			}
			return ty.ElementType(), nil
		}
		return cty.NilType, argErr(0, "lookup() requires a map as the first argument")
	},
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		coll, collMarks := args[0].Unmark()
		k, keyMarks := args[1].Unmark()
		marks := []cty.ValueMarks{collMarks, keyMarks}
		key := k.AsString()
		if !coll.IsKnown() {
			return cty.UnknownVal(retType).WithMarks(marks...), nil
		}
		if coll.Type().IsObjectType() {
			if coll.Type().HasAttribute(key) {
				return coll.GetAttr(key).WithMarks(marks...), nil
			}
		} else if coll.HasIndex(cty.StringVal(key)) == cty.True {
			return coll.Index(cty.StringVal(key)).WithMarks(marks...), nil
		}
		if len(args) == 3 {
			d, err := convert.Convert(args[2], retType)
			if err != nil {
				return cty.NilVal, err
			}
			return d.WithMarks(marks...), nil
		}
		if _, ok := keyMarks[Sensitive]; ok {
			key = "(sensitive value)"
		} else {
			key = fmt.Sprintf("%q", key)
		}
		return cty.UnknownVal(cty.DynamicPseudoType), fmt.Errorf("lookup failed to find key %s", key)
	},
})

// matchkeysFunc keeps the elements of values whose key, at the same
// index in keys, is in searchset.
var matchkeysFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "values", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "keys", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "searchset", Type: cty.List(cty.DynamicPseudoType)},
	},
	Type: func(args []cty.Value) (cty.Type, error) {
		if ty, _ := convert.UnifyUnsafe([]cty.Type{args[1].Type(), args[2].Type()}); ty == cty.NilType {
			return cty.NilType, errors.New("keys and searchset must be of the same type")
		}
		return args[0].Type(), nil
	},
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		ety := retType.ElementType()
		values := args[0]
		if values.LengthInt() != args[1].LengthInt() {
			return cty.NilVal, errors.New("length of keys and values should be equal")
		}
		ty, _ := convert.UnifyUnsafe([]cty.Type{args[1].Type(), args[2].Type()})
		keys, _ := convert.Convert(args[1], ty)
		search, _ := convert.Convert(args[2], ty)
		if search.LengthInt() == 0 {
			return cty.ListValEmpty(ety), nil
		}
		if !values.IsWhollyKnown() || !keys.IsWhollyKnown() {
			return cty.UnknownVal(retType), nil
		}
		var out []cty.Value
		i := 0
		for it := keys.ElementIterator(); it.Next(); i++ {
			_, k := it.Element()
			for st := search.ElementIterator(); st.Next(); {
				_, s := st.Element()
				eq, err := stdlib.Equal(k, s)
				if err != nil {
					return cty.NilVal, err
				}
				if !eq.IsKnown() {
					return cty.ListValEmpty(ety), nil
				}
				if eq.True() {
					out = append(out, values.Index(cty.NumberIntVal(int64(i))))
					break
				}
			}
		}
		if len(out) == 0 {
			return cty.ListValEmpty(ety), nil
		}
		return cty.ListVal(out), nil
	},
})

var errOne = "must be a list, set, or tuple value with either zero or one elements"

// oneFunc is the only element of a list, set or tuple, or null when it
// has none.
var oneFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		switch {
		case ty.IsListType() || ty.IsSetType():
			return ty.ElementType(), nil
		case ty.IsTupleType():
			switch etys := ty.TupleElementTypes(); len(etys) {
			case 0:
				return cty.DynamicPseudoType, nil
			case 1:
				return etys[0], nil
			}
		}
		return cty.NilType, argErr(0, "%s", errOne)
	},
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		v := args[0]
		n := v.Length()
		if !n.IsKnown() {
			return cty.UnknownVal(retType), nil
		}
		switch {
		case n.RawEquals(cty.NumberIntVal(0)):
			return cty.NullVal(retType), nil
		case n.RawEquals(cty.NumberIntVal(1)):
			it := v.ElementIterator()
			it.Next()
			_, e := it.Element()
			return e, nil
		}
		return cty.NilVal, argErr(0, "%s", errOne)
	},
})

var errSumElems = "argument must be list, set, or tuple of number values"

// sumFunc adds up the numbers of a list, set or tuple.
var sumFunc = function.New(&function.Spec{
	Params:       []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type:         function.StaticReturnType(cty.Number),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (ret cty.Value, err error) {
		v := args[0]
		if !v.CanIterateElements() {
			return cty.NilVal, argErr(0, "cannot sum noniterable")
		}
		if v.LengthInt() == 0 {
			return cty.NilVal, argErr(0, "cannot sum an empty list")
		}
		if ty := v.Type(); !ty.IsListType() && !ty.IsSetType() && !ty.IsTupleType() {
			return cty.NilVal, argErr(0, "argument must be list, set, or tuple. Received %s", ty.FriendlyName())
		}
		if !v.IsWhollyKnown() {
			return cty.UnknownVal(cty.Number), nil
		}
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(big.ErrNaN); !ok {
					panic(r)
				}
				ret, err = cty.NilVal, errors.New("can't compute sum of opposing infinities")
			}
		}()
		var s cty.Value
		for i, e := range v.AsValueSlice() {
			if e.IsNull() {
				return cty.NilVal, argErr(0, "%s", errSumElems)
			}
			n, err := convert.Convert(e, cty.Number)
			if err != nil {
				return cty.NilVal, argErr(0, "%s", errSumElems)
			}
			if i == 0 {
				s = n
			} else {
				s = s.Add(n)
			}
		}
		return s, nil
	},
})

// transposeFunc turns a map of lists of strings inside out: each string
// becomes a key listing, sorted, the keys whose lists held it. A null
// list or string is an argument error in OpenTofu, a plain error in
// Terraform 1.5.7 (plainNullErrors), where the function fails on it.
func transposeFunc(plainNullErrors bool) function.Function {
	nullErr := func(format string, args ...any) error {
		if plainNullErrors {
			return fmt.Errorf(format, args...)
		}
		return argErr(0, format, args...)
	}
	return function.New(&function.Spec{
		Params:       []function.Parameter{{Name: "values", Type: cty.Map(cty.List(cty.String))}},
		Type:         function.StaticReturnType(cty.Map(cty.List(cty.String))),
		RefineResult: refineNotNull,
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			m := args[0]
			if !m.IsWhollyKnown() {
				return cty.UnknownVal(retType), nil
			}
			tmp := map[string][]string{}
			for it := m.ElementIterator(); it.Next(); {
				k, list := it.Element()
				if list.IsNull() {
					return cty.DynamicVal, nullErr("cannot use null list for [%q]", k.AsString())
				}
				for lt := list.ElementIterator(); lt.Next(); {
					i, s := lt.Element()
					if s.IsNull() {
						return cty.DynamicVal, nullErr("cannot use null string for [%q][%s]", k.AsString(), i.AsBigFloat().Text('f', -1))
					}
					tmp[s.AsString()] = append(tmp[s.AsString()], k.AsString())
				}
			}
			if len(tmp) == 0 {
				return cty.MapValEmpty(cty.List(cty.String)), nil
			}
			out := make(map[string]cty.Value, len(tmp))
			for k, keys := range tmp {
				slices.Sort(keys)
				vals := make([]cty.Value, len(keys))
				for i, s := range keys {
					vals[i] = cty.StringVal(s)
				}
				out[k] = cty.ListVal(vals)
			}
			return cty.MapVal(out), nil
		},
	})
}

// negativeIndexElement is element as Terraform 1.5.7 has it (go-cty
// 1.12.2): a known negative index is an error, where later go-cty
// releases count from the end.
func negativeIndexElement() function.Function {
	inner := stdlib.ElementFunc
	check := func(args []cty.Value) error {
		if i, _ := args[1].Unmark(); i.IsKnown() && !i.IsNull() && i.LessThan(cty.Zero).True() {
			return errors.New("element cannot take a negative index in this version")
		}
		return nil
	}
	return function.New(&function.Spec{
		Params: inner.Params(),
		Type: func(args []cty.Value) (cty.Type, error) {
			if err := check(args); err != nil {
				return cty.DynamicPseudoType, err
			}
			return inner.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return inner.Call(args)
		},
	})
}

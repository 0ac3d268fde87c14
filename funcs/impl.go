package funcs

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// fromStdlib lists the functions both programs take unchanged from
// go-cty's stdlib, by the name they give them. go-cty's own coalesce,
// index, length, lookup and replace differ from the programs' and are
// not used.
var fromStdlib = map[string]function.Function{
	"abs":             stdlib.AbsoluteFunc,
	"ceil":            stdlib.CeilFunc,
	"chomp":           stdlib.ChompFunc,
	"chunklist":       stdlib.ChunklistFunc,
	"coalescelist":    stdlib.CoalesceListFunc,
	"compact":         stdlib.CompactFunc,
	"concat":          stdlib.ConcatFunc,
	"contains":        stdlib.ContainsFunc,
	"csvdecode":       stdlib.CSVDecodeFunc,
	"distinct":        stdlib.DistinctFunc,
	"element":         stdlib.ElementFunc,
	"flatten":         stdlib.FlattenFunc,
	"floor":           stdlib.FloorFunc,
	"format":          stdlib.FormatFunc,
	"formatdate":      stdlib.FormatDateFunc,
	"formatlist":      stdlib.FormatListFunc,
	"indent":          stdlib.IndentFunc,
	"join":            stdlib.JoinFunc,
	"jsondecode":      stdlib.JSONDecodeFunc,
	"jsonencode":      stdlib.JSONEncodeFunc,
	"keys":            stdlib.KeysFunc,
	"log":             stdlib.LogFunc,
	"lower":           stdlib.LowerFunc,
	"max":             stdlib.MaxFunc,
	"merge":           stdlib.MergeFunc,
	"min":             stdlib.MinFunc,
	"parseint":        stdlib.ParseIntFunc,
	"pow":             stdlib.PowFunc,
	"range":           stdlib.RangeFunc,
	"regex":           stdlib.RegexFunc,
	"regexall":        stdlib.RegexAllFunc,
	"reverse":         stdlib.ReverseListFunc,
	"setintersection": stdlib.SetIntersectionFunc,
	"setproduct":      stdlib.SetProductFunc,
	"setsubtract":     stdlib.SetSubtractFunc,
	"setunion":        stdlib.SetUnionFunc,
	"signum":          stdlib.SignumFunc,
	"slice":           stdlib.SliceFunc,
	"sort":            stdlib.SortFunc,
	"split":           stdlib.SplitFunc,
	"strrev":          stdlib.ReverseFunc,
	"substr":          stdlib.SubstrFunc,
	"timeadd":         stdlib.TimeAddFunc,
	"title":           stdlib.TitleFunc,
	"trim":            stdlib.TrimFunc,
	"trimprefix":      stdlib.TrimPrefixFunc,
	"trimspace":       stdlib.TrimSpaceFunc,
	"trimsuffix":      stdlib.TrimSuffixFunc,
	"upper":           stdlib.UpperFunc,
	"values":          stdlib.ValuesFunc,
	"zipmap":          stdlib.ZipmapFunc,
}

// implementations returns the functions of p the package computes, by
// name without core::. A function of the metadata missing here only
// type-checks its arguments (see build). The map is shared: read only.
func implementations(p Release) map[string]function.Function {
	return implTables[p]()
}

var implTables = map[Release]func() map[string]function.Function{
	OpenTofu112:  sync.OnceValue(func() map[string]function.Function { return makeImplementations(OpenTofu112) }),
	Terraform157: sync.OnceValue(func() map[string]function.Function { return makeImplementations(Terraform157) }),
	Terraform114: sync.OnceValue(func() map[string]function.Function { return makeImplementations(Terraform114) }),
}

func makeImplementations(p Release) map[string]function.Function {
	m := make(map[string]function.Function, len(fromStdlib)+40)
	for name, f := range fromStdlib {
		m[name] = f
	}
	for name, f := range ours {
		m[name] = f
	}
	v := variants()
	switch p {
	case OpenTofu112:
		m["startswith"] = v.startsWith[true]
		m["nonsensitive"] = v.nonsensitive[false]
		m["transpose"] = v.transpose[false]
	case Terraform157:
		m["startswith"] = v.startsWith[false]
		m["nonsensitive"] = v.nonsensitive[true]
		m["transpose"] = v.transpose[true]
		m["element"] = negativeIndexElement()
		for _, name := range []string{"cidrcontains", "base64gunzip", "urldecode", "templatestring", "ephemeralasnull", "issensitive"} {
			delete(m, name) // not in 1.5.7
		}
	case Terraform114:
		// go-cty 1.16, as OpenTofu's stdlib but for transpose's errors
		// about nulls, which are plain errors.
		m["startswith"] = v.startsWith[true]
		m["nonsensitive"] = v.nonsensitive[false]
		m["transpose"] = v.transpose[true]
		for _, name := range []string{"cidrcontains", "base64gunzip", "urldecode"} {
			delete(m, name) // OpenTofu's alone
		}
	}
	return m
}

// variants holds each variant of the functions whose behaviour differs
// between programs, made once, so that two programs whose function is
// the same variant share one value (see Differences).
var variants = sync.OnceValue(func() (v struct {
	startsWith, nonsensitive, transpose map[bool]function.Function
}) {
	v.startsWith = map[bool]function.Function{false: startsWithFunc(false), true: startsWithFunc(true)}
	v.nonsensitive = map[bool]function.Function{false: nonsensitiveFunc(false), true: nonsensitiveFunc(true)}
	v.transpose = map[bool]function.Function{false: transposeFunc(false), true: transposeFunc(true)}
	return v
})

// ours are the functions written here, after the programs' behaviour,
// that go-cty's stdlib lacks or has with another meaning.
var ours = map[string]function.Function{
	"alltrue":         allTrueFunc,
	"anytrue":         anyTrueFunc,
	"base64decode":    base64DecodeFunc,
	"base64encode":    stringFunc("str", base64Encode),
	"base64sha256":    stringFunc("str", base64SHA256),
	"base64sha512":    stringFunc("str", base64SHA512),
	"basename":        stringFunc("path", basename),
	"can":             canFunc,
	"cidrcontains":    cidrContainsFunc,
	"cidrhost":        cidrHostFunc,
	"cidrnetmask":     cidrNetmaskFunc,
	"cidrsubnet":      cidrSubnetFunc,
	"cidrsubnets":     cidrSubnetsFunc,
	"coalesce":        coalesceFunc,
	"dirname":         stringFunc("path", dirname),
	"endswith":        endsWithFunc,
	"ephemeralasnull": ephemeralAsNullFunc,
	"index":           indexFunc,
	"issensitive":     isSensitiveFunc,
	"length":          lengthFunc,
	"lookup":          lookupFunc,
	"matchkeys":       matchkeysFunc,
	"md5":             stringFunc("str", md5Hex),
	"one":             oneFunc,
	"replace":         replaceFunc,
	"sensitive":       sensitiveFunc,
	"sha1":            stringFunc("str", sha1Hex),
	"sha256":          stringFunc("str", sha256Hex),
	"sha512":          stringFunc("str", sha512Hex),
	"strcontains":     strContainsFunc,
	"sum":             sumFunc,
	"timecmp":         timeCmpFunc,
	"tobool":          toFunc(cty.Bool),
	"tolist":          toFunc(cty.List(cty.DynamicPseudoType)),
	"tomap":           toFunc(cty.Map(cty.DynamicPseudoType)),
	"tonumber":        toFunc(cty.Number),
	"toset":           toFunc(cty.Set(cty.DynamicPseudoType)),
	"tostring":        toFunc(cty.String),
	"try":             tryFunc,
	"urldecode":       urlDecodeFunc,
	"urlencode":       stringFunc("str", urlEncode),
	"uuidv5":          uuidv5Func,
}

// removedFunc is list or map: the programs keep the names so that a call
// says what to write instead; every call fails, whatever its arguments.
func removedFunc(p Release, name string) function.Function {
	instead := "tolist([ ... ])"
	if name == "map" {
		instead = "tomap({ ... })"
	}
	err := fmt.Errorf("the %q function was removed in Terraform v0.12 and %s %s does not have it; write %s instead",
		name, p.name(), p.Version(), instead)
	return function.New(&function.Spec{
		VarParam: &function.Parameter{
			Name:             "vals",
			Type:             cty.DynamicPseudoType,
			AllowNull:        true,
			AllowUnknown:     true,
			AllowDynamicType: true,
		},
		Type: func([]cty.Value) (cty.Type, error) { return cty.DynamicPseudoType, err },
		Impl: func([]cty.Value, cty.Type) (cty.Value, error) { return cty.DynamicVal, err },
	})
}

func (p Release) name() string {
	if p == OpenTofu112 {
		return "OpenTofu"
	}
	return "Terraform"
}

// argErr is the error of argument i, which HCL reports as "Invalid
// function argument"; any other error of a function is "Error in
// function call".
func argErr(i int, format string, args ...any) error {
	return function.NewArgErrorf(i, format, args...)
}

var errNotCollection = errors.New("argument must be a string, a collection type, or a structural type")

var lengthFunc = function.New(&function.Spec{
	Params: []function.Parameter{{
		Name: "value", Type: cty.DynamicPseudoType,
		AllowUnknown: true, AllowDynamicType: true, AllowMarked: true,
	}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		if ty == cty.String || ty == cty.DynamicPseudoType || ty.IsCollectionType() || ty.IsObjectType() || ty.IsTupleType() {
			return cty.Number, nil
		}
		return cty.Number, errNotCollection // not an argument error, in both programs
	},
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].Unmark()
		ty := v.Type()
		switch {
		case ty == cty.DynamicPseudoType:
			return cty.UnknownVal(cty.Number).WithMarks(marks), nil
		case ty.IsTupleType():
			return cty.NumberIntVal(int64(len(ty.TupleElementTypes()))).WithMarks(marks), nil
		case ty.IsObjectType():
			return cty.NumberIntVal(int64(len(ty.AttributeTypes()))).WithMarks(marks), nil
		case ty == cty.String:
			n, err := stdlib.Strlen(v)
			return n.WithMarks(marks), err
		}
		return v.Length().WithMarks(marks), nil
	},
})

func refineNotNull(b *cty.RefinementBuilder) *cty.RefinementBuilder { return b.NotNull() }

// toFunc is tostring, tonumber, tobool, tolist, toset or tomap: an
// explicit conversion to want, with the programs' own errors.
func toFunc(want cty.Type) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{
			Name: "v", Type: cty.DynamicPseudoType,
			AllowNull: true, AllowMarked: true, AllowDynamicType: true,
		}},
		Type: func(args []cty.Value) (cty.Type, error) {
			got := args[0].Type()
			if got.Equals(want) || convert.GetConversionUnsafe(got, want) != nil {
				return want, nil
			}
			switch {
			case got.IsTupleType() && want.IsTupleType():
				return cty.NilType, argErr(0, "incompatible tuple type for conversion: %s", convert.MismatchMessage(got, want))
			case got.IsObjectType() && want.IsObjectType():
				return cty.NilType, argErr(0, "incompatible object type for conversion: %s", convert.MismatchMessage(got, want))
			}
			return cty.NilType, argErr(0, "cannot convert %s to %s", got.FriendlyName(), want.FriendlyNameForConstraint())
		},
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			out, err := convert.Convert(args[0], retType)
			if err == nil {
				return out, nil
			}
			v, marks := args[0].UnmarkDeep()
			got := v.Type()
			if _, ok := marks[Sensitive]; ok {
				return cty.NilVal, argErr(0, "cannot convert this sensitive %s to %s", got.FriendlyName(), want.FriendlyNameForConstraint())
			}
			if _, ok := marks[Ephemeral]; ok {
				return cty.NilVal, argErr(0, "cannot convert this ephemeral %s to %s", got.FriendlyName(), want.FriendlyNameForConstraint())
			}
			what := "string"
			if got == cty.String && !v.IsNull() {
				what = strconv.Quote(v.AsString())
			}
			switch {
			case got == cty.String && want == cty.Bool:
				return cty.NilVal, argErr(0, `cannot convert %s to bool: only "true" and "false" convert`, what)
			case got == cty.String && want == cty.Number:
				return cty.NilVal, argErr(0, "cannot convert %s to number: the string must be a number in decimal notation", what)
			}
			return cty.NilVal, argErr(0, "cannot convert %s to %s", got.FriendlyName(), want.FriendlyNameForConstraint())
		},
	})
}

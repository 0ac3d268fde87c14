package funcs

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// stringFunc is a function of one string, named param, to a string.
func stringFunc(param string, f func(string) string) function.Function {
	return function.New(&function.Spec{
		Params:       []function.Parameter{{Name: param, Type: cty.String}},
		Type:         function.StaticReturnType(cty.String),
		RefineResult: refineNotNull,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.StringVal(f(args[0].AsString())), nil
		},
	})
}

func base64Encode(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func base64SHA256(s string) string {
	h := sha256.Sum256([]byte(s))
	return base64.StdEncoding.EncodeToString(h[:])
}

func base64SHA512(s string) string {
	h := sha512.Sum512([]byte(s))
	return base64.StdEncoding.EncodeToString(h[:])
}

func md5Hex(s string) string    { h := md5.Sum([]byte(s)); return hex.EncodeToString(h[:]) }
func sha1Hex(s string) string   { h := sha1.Sum([]byte(s)); return hex.EncodeToString(h[:]) }
func sha256Hex(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
func sha512Hex(s string) string { h := sha512.Sum512([]byte(s)); return hex.EncodeToString(h[:]) }
func urlEncode(s string) string { return url.QueryEscape(s) }

// basename and dirname are the programs' filepath.Base and filepath.Dir:
// lexical, with the separators of the system they run on.
func basename(s string) string { return filepath.Base(s) }
func dirname(s string) string  { return filepath.Dir(s) }

// base64DecodeFunc decodes standard base64 into a string, which must be
// UTF-8.
var base64DecodeFunc = function.New(&function.Spec{
	Params:       []function.Parameter{{Name: "str", Type: cty.String, AllowMarked: true}},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].Unmark()
		b, err := base64.StdEncoding.DecodeString(v.AsString())
		if err != nil {
			what := fmt.Sprintf("%q", v.AsString())
			if _, ok := marks[Sensitive]; ok {
				what = "(sensitive value)"
			}
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to decode base64 data %s", what)
		}
		if !utf8.Valid(b) {
			return cty.UnknownVal(cty.String), errors.New("the result of decoding the provided string is not valid UTF-8")
		}
		return cty.StringVal(string(b)).WithMarks(marks), nil
	},
})

// urlDecodeFunc undoes urlencode (OpenTofu only).
var urlDecodeFunc = function.New(&function.Spec{
	Params:       []function.Parameter{{Name: "str", Type: cty.String}},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		s, err := url.QueryUnescape(args[0].AsString())
		if err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to decode URL %q: %v", args[0].AsString(), err)
		}
		return cty.StringVal(s), nil
	},
})

// startsWithFunc: with unknownStr (OpenTofu), str may be unknown, and a
// known prefix of it may already decide the answer.
func startsWithFunc(unknownStr bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{
			{Name: "str", Type: cty.String, AllowUnknown: unknownStr},
			{Name: "prefix", Type: cty.String},
		},
		Type:         function.StaticReturnType(cty.Bool),
		RefineResult: refineNotNull,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			prefix := args[1].AsString()
			if !args[0].IsKnown() {
				if prefix == "" {
					return cty.True, nil
				}
				if known := args[0].Range().StringPrefix(); known != "" {
					if strings.HasPrefix(known, prefix) {
						return cty.True, nil
					}
					if len(known) >= len(prefix) {
						return cty.False, nil
					}
				}
				return cty.UnknownVal(cty.Bool), nil
			}
			return cty.BoolVal(strings.HasPrefix(args[0].AsString(), prefix)), nil
		},
	})
}

var endsWithFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "str", Type: cty.String},
		{Name: "suffix", Type: cty.String},
	},
	Type:         function.StaticReturnType(cty.Bool),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return cty.BoolVal(strings.HasSuffix(args[0].AsString(), args[1].AsString())), nil
	},
})

var strContainsFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "str", Type: cty.String},
		{Name: "substr", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return cty.BoolVal(strings.Contains(args[0].AsString(), args[1].AsString())), nil
	},
})

// replaceFunc replaces every occurrence of substr, or of the regular
// expression between slashes when substr is "/RE/" (with $1-style
// references in the replacement).
var replaceFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "str", Type: cty.String},
		{Name: "substr", Type: cty.String},
		{Name: "replace", Type: cty.String},
	},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		str, sub, repl := args[0].AsString(), args[1].AsString(), args[2].AsString()
		if len(sub) > 1 && sub[0] == '/' && sub[len(sub)-1] == '/' {
			re, err := regexp.Compile(sub[1 : len(sub)-1])
			if err != nil {
				return cty.UnknownVal(cty.String), err
			}
			return cty.StringVal(re.ReplaceAllString(str, repl)), nil
		}
		return cty.StringVal(strings.ReplaceAll(str, sub, repl)), nil
	},
})

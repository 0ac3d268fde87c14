package gen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Errors that FromCty wraps in a *PathError.
var (
	// ErrUnknown is a value not known yet (cty.UnknownVal, cty.DynamicVal):
	// it has no JSON text.
	ErrUnknown = errors.New("value is unknown")
	// ErrMarked is a marked value (for example one marked sensitive): the
	// caller decides whether it may be written, and unmarks it first.
	ErrMarked = errors.New("value is marked")
)

// A PathError reports a cty value that cannot be written and where it is.
//
// Path starts with the place of the attribute (the block path and the
// attribute name, "resource.aws_instance.web.tags") when the error comes
// from Body.AppendAttributeCty, and goes on into the value: ".name" for an
// object attribute whose name is an identifier, ["key"] for any other
// object attribute and for a map element, [i] for an element of a list or
// tuple, and [i] for a set element too, i being its place in cty's order
// of the set. The whole path reads like an HCL traversal:
// resource.aws_instance.web.tags["Name"]. It is empty for the value
// itself, given to FromCty.
type PathError struct {
	Path string
	Err  error
}

func (e *PathError) Error() string {
	if e.Path == "" {
		return "gen: " + e.Err.Error()
	}
	return "gen: " + e.Path + ": " + e.Err.Error()
}

func (e *PathError) Unwrap() error { return e.Err }

// FromCty returns the Value of a cty value: lists, sets and tuples become
// arrays; maps and objects become objects, in cty's order of keys (sorted);
// strings become String values; numbers keep their exact value (see
// NumberFloat); a null of any type becomes null.
//
// An unknown or marked value, anywhere in v, is a *PathError wrapping
// ErrUnknown or ErrMarked and naming where it is; so are a number that
// NumberFloat rejects (an infinity), a capsule value and cty.NilVal.
func FromCty(v cty.Value) (Value, error) {
	val, err := fromCty(v)
	if err != nil {
		return Value{}, err
	}
	return val, nil
}

// AppendAttributeCty appends an attribute holding the Value of v (see
// FromCty). On error it appends nothing and returns a *PathError whose Path
// starts with the body's path and the attribute name
// (resource.aws_instance.web.tags["Name"]). It panics if mode is neither
// Expr nor Literal.
func (b *Body) AppendAttributeCty(name string, v cty.Value, mode Mode) error {
	mode.check("Body.AppendAttributeCty")
	val, err := fromCty(v)
	if err != nil {
		where := name
		if b.path != "" {
			where = b.path + "." + name
		}
		err.Path = where + err.Path
		return err
	}
	b.AppendAttribute(name, val, mode)
	return nil
}

// fromCty converts v; on error the path is built while returning, each
// level putting its step in front.
func fromCty(v cty.Value) (Value, *PathError) {
	ty := v.Type()
	switch {
	case ty == cty.NilType:
		return Value{}, &PathError{Err: errors.New("value is cty.NilVal")}
	case v.IsMarked():
		return Value{}, &PathError{Err: ErrMarked}
	case !v.IsKnown():
		return Value{}, &PathError{Err: ErrUnknown}
	case v.IsNull():
		return Null(), nil
	case ty == cty.String:
		return String(v.AsString()), nil
	case ty == cty.Bool:
		return Bool(v.True()), nil
	case ty == cty.Number:
		n, err := NumberFloat(v.AsBigFloat())
		if err != nil {
			return Value{}, &PathError{Err: errors.New(strings.TrimPrefix(err.Error(), "gen: "))}
		}
		return n, nil
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		elems := make([]Value, 0, v.LengthInt())
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			_, ev := it.Element()
			e, err := fromCty(ev)
			if err != nil {
				err.Path = "[" + strconv.Itoa(i) + "]" + err.Path
				return Value{}, err
			}
			elems = append(elems, e)
		}
		return Array(elems...), nil
	case ty.IsMapType() || ty.IsObjectType():
		props := make([]Prop, 0, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			key := k.AsString()
			e, err := fromCty(ev)
			if err != nil {
				step := "[" + strconv.Quote(key) + "]"
				if ty.IsObjectType() && hclsyntax.ValidIdentifier(key) {
					step = "." + key
				}
				err.Path = step + err.Path
				return Value{}, err
			}
			props = append(props, Prop{Key: String(key), Value: e})
		}
		return Object(props...), nil
	}
	return Value{}, &PathError{Err: fmt.Errorf("cannot write a value of type %s", ty.FriendlyName())}
}

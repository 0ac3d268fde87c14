package native

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// sameFile reports how got, the reader's file, differs from want,
// hclsyntax's, or "" when they are the same: the whole body, deeply
// (every field, exported or not, through reflect), the bytes, the Nav
// (whose root must be the body), and what the expressions answer:
// Range, StartRange, Variables and the value without a context.
func sameFile(got, want *hcl.File) string {
	if string(got.Bytes) != string(want.Bytes) || (got.Bytes == nil) != (want.Bytes == nil) {
		return "Bytes differ"
	}
	if !reflect.DeepEqual(got.Body, want.Body) {
		if d := diff(reflect.ValueOf(got.Body), reflect.ValueOf(want.Body), "Body"); d != "" {
			return d
		}
		return "Body: reflect.DeepEqual is false"
	}
	if reflect.TypeOf(got.Nav) != reflect.TypeOf(want.Nav) {
		return fmt.Sprintf("Nav is %T, want %T", got.Nav, want.Nav)
	}
	if root := reflect.ValueOf(got.Nav).Field(0); root.Pointer() != reflect.ValueOf(got.Body).Pointer() {
		return "Nav's root is not the body"
	}
	var msgs []string
	var gotExprs, wantExprs []hclsyntax.Expression
	collect(got.Body.(*hclsyntax.Body), &gotExprs)
	collect(want.Body.(*hclsyntax.Body), &wantExprs)
	for i, g := range gotExprs {
		w := wantExprs[i]
		if g.Range() != w.Range() || g.StartRange() != w.StartRange() {
			msgs = append(msgs, fmt.Sprintf("expression %d: Range %v %v, want %v %v", i, g.Range(), g.StartRange(), w.Range(), w.StartRange()))
		}
		if !reflect.DeepEqual(g.Variables(), w.Variables()) {
			msgs = append(msgs, fmt.Sprintf("expression %d: Variables differ", i))
		}
		gv, gd := g.Value(nil)
		wv, wd := w.Value(nil)
		if !gv.RawEquals(wv) || len(gd) != len(wd) {
			msgs = append(msgs, fmt.Sprintf("expression %d: Value %#v (%d diagnostics), want %#v (%d)", i, gv, len(gd), wv, len(wd)))
		}
	}
	return strings.Join(msgs, "\n")
}

// collect appends the expressions of body's attributes, in the order of
// their ranges, nested blocks' included.
func collect(body *hclsyntax.Body, exprs *[]hclsyntax.Expression) {
	attrs := make([]*hclsyntax.Attribute, 0, len(body.Attributes))
	for _, a := range body.Attributes {
		attrs = append(attrs, a)
	}
	// Map order is random: sort by offset.
	for i := 1; i < len(attrs); i++ {
		for j := i; j > 0 && attrs[j].SrcRange.Start.Byte < attrs[j-1].SrcRange.Start.Byte; j-- {
			attrs[j], attrs[j-1] = attrs[j-1], attrs[j]
		}
	}
	for _, a := range attrs {
		*exprs = append(*exprs, a.Expr)
	}
	for _, b := range body.Blocks {
		collect(b.Body, exprs)
	}
}

// diff returns the path of the first difference between a and b, or "".
func diff(a, b reflect.Value, path string) string {
	if a.IsValid() != b.IsValid() {
		return path + ": one is invalid"
	}
	if !a.IsValid() {
		return ""
	}
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: type %v, want %v", path, a.Type(), b.Type())
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil %v, want %v", path, a.IsNil(), b.IsNil())
		}
		if a.IsNil() {
			return ""
		}
		return diff(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := range a.NumField() {
			if d := diff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil %v, want %v", path, a.IsNil(), b.IsNil())
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: len %d, want %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := diff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil %v, want %v", path, a.IsNil(), b.IsNil())
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: len %d, want %d", path, a.Len(), b.Len())
		}
		it := a.MapRange()
		for it.Next() {
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() {
				return fmt.Sprintf("%s: key %v missing", path, it.Key())
			}
			if d := diff(it.Value(), bv, fmt.Sprintf("%s[%v]", path, it.Key())); d != "" {
				return d
			}
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q, want %q", path, a.String(), b.String())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v, want %v", path, a.Bool(), b.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d, want %d", path, a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d, want %d", path, a.Uint(), b.Uint())
		}
	case reflect.Float32, reflect.Float64:
		if a.Float() != b.Float() {
			return fmt.Sprintf("%s: %v, want %v", path, a.Float(), b.Float())
		}
	case reflect.Func:
		if a.Pointer() != b.Pointer() {
			return path + ": different funcs"
		}
	}
	return ""
}

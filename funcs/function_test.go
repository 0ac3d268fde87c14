package funcs

import (
	"fmt"
	"testing"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// TestFunction checks Function against Table, for every release and
// every name of its table: the same parameters (names, types, the Allow
// flags), variadic parameter, and the same result and error for a call
// with unknown arguments of the parameters' types and one with null
// arguments; and that a name the table lacks is not found.
func TestFunction(t *testing.T) {
	params := func(f function.Function) string {
		s := fmt.Sprintf("%+v", f.Params())
		if vp := f.VarParam(); vp != nil {
			s += fmt.Sprintf(" ...%+v", *vp)
		}
		return s
	}
	call := func(f function.Function, arg func(cty.Type) cty.Value) string {
		var args []cty.Value
		for _, p := range f.Params() {
			args = append(args, arg(p.Type))
		}
		if vp := f.VarParam(); vp != nil {
			args = append(args, arg(vp.Type))
		}
		v, err := f.Call(args)
		return fmt.Sprintf("%#v, %v", v, err)
	}
	for _, p := range All {
		table := Table(p)
		if len(table) < 100 {
			t.Fatalf("%v: %d functions", p, len(table))
		}
		for name, want := range table {
			got, ok := Function(p, name)
			if !ok {
				t.Errorf("%v: Function(%q) not found", p, name)
				continue
			}
			if g, w := params(got), params(want); g != w {
				t.Errorf("%v: %s: parameters %s, the table's %s", p, name, g, w)
			}
			for _, arg := range []func(cty.Type) cty.Value{cty.UnknownVal, cty.NullVal} {
				if g, w := call(got, arg), call(want, arg); g != w {
					t.Errorf("%v: %s: called %s, the table's %s", p, name, g, w)
				}
			}
		}
		for _, name := range []string{"nosuch", "core::nosuch", ""} {
			if _, ok := Function(p, name); ok {
				t.Errorf("%v: Function(%q) found", p, name)
			}
		}
	}
	if _, ok := Function(Terraform157, "core::list"); ok {
		t.Error("Terraform 1.5.7 has core::list")
	}
}

package tonative

import (
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// probeContext returns an evaluation context under which two expressions
// that refer to vars and call fns can be compared by value: each variable
// is a value built from the traversals that reach it (objects for
// attributes and string keys, tuples for number keys, at each leaf a
// string naming its path), and each function returns a string naming the
// call and its arguments. Two expressions that differ in what they do
// with their references, in their literal parts or in their operators
// evaluate to different values or errors under it.
func probeContext(vars []hcl.Traversal, fns []string) *hcl.EvalContext {
	root := &probeNode{path: ""}
	for _, t := range vars {
		n := root
		for _, step := range t {
			switch s := step.(type) {
			case hcl.TraverseRoot:
				n = n.attr(s.Name)
			case hcl.TraverseAttr:
				n = n.attr(s.Name)
			case hcl.TraverseIndex:
				n = n.index(s.Key)
			}
			if n == nil {
				break
			}
		}
	}
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: map[string]function.Function{}}
	for name, n := range root.attrs {
		ctx.Variables[name] = n.value()
	}
	for _, name := range fns {
		ctx.Functions[name] = probeFunction(name)
	}
	return ctx
}

type probeNode struct {
	path  string
	attrs map[string]*probeNode
	elems map[int]*probeNode
}

func (n *probeNode) attr(name string) *probeNode {
	if n.attrs == nil {
		n.attrs = map[string]*probeNode{}
	}
	c, ok := n.attrs[name]
	if !ok {
		p := name
		if n.path != "" {
			p = n.path + "." + name
		}
		c = &probeNode{path: p}
		n.attrs[name] = c
	}
	return c
}

// index follows an index step; a key that is neither a small whole
// number nor a string ends the walk (nil).
func (n *probeNode) index(key cty.Value) *probeNode {
	if !key.IsKnown() || key.IsNull() {
		return nil
	}
	switch key.Type() {
	case cty.String:
		return n.attr(key.AsString())
	case cty.Number:
		bf := key.AsBigFloat()
		i, acc := bf.Int64()
		if !bf.IsInt() || acc != 0 || i < 0 || i > 1000 {
			return nil
		}
		if n.elems == nil {
			n.elems = map[int]*probeNode{}
		}
		c, ok := n.elems[int(i)]
		if !ok {
			c = &probeNode{path: n.path + "[" + key.AsBigFloat().Text('f', -1) + "]"}
			n.elems[int(i)] = c
		}
		return c
	}
	return nil
}

func (n *probeNode) value() cty.Value {
	switch {
	case len(n.attrs) > 0:
		m := make(map[string]cty.Value, len(n.attrs))
		for k, c := range n.attrs {
			m[k] = c.value()
		}
		return cty.ObjectVal(m)
	case len(n.elems) > 0:
		last := slices.Max(slices.Collect(maps.Keys(n.elems)))
		vals := make([]cty.Value, last+1)
		for i := range vals {
			if c, ok := n.elems[i]; ok {
				vals[i] = c.value()
			} else {
				vals[i] = cty.StringVal(n.path + "[?]")
			}
		}
		return cty.TupleVal(vals)
	}
	return cty.StringVal(n.path)
}

// probeFunction returns a function that names its call.
func probeFunction(name string) function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{
			Name: "args", Type: cty.DynamicPseudoType,
			AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true,
		},
		Type: function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			parts := make([]string, len(args))
			for i, a := range args {
				parts[i] = a.GoString()
			}
			return cty.StringVal(name + "(" + strings.Join(parts, ", ") + ")"), nil
		},
	})
}

// nativeFunctions returns the names of the functions that e calls.
func nativeFunctions(e hcl.Expression) []string {
	n, ok := hcl.UnwrapExpression(e).(hclsyntax.Node) // through module.ReadValue's source map
	if !ok {
		return nil
	}
	var names []string
	hclsyntax.VisitAll(n, func(n hclsyntax.Node) hcl.Diagnostics {
		if call, ok := n.(*hclsyntax.FunctionCallExpr); ok {
			names = append(names, call.Name)
		}
		return nil
	})
	return names
}

// jsonFunctions returns the names of the functions that a JSON
// expression's templates call.
func jsonFunctions(e hcl.Expression) []string {
	f, ok := e.(interface{ Functions() []hcl.Traversal })
	if !ok {
		return nil
	}
	var names []string
	for _, t := range f.Functions() {
		names = append(names, t.RootName())
	}
	return names
}

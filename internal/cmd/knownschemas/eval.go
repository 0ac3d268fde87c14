package main

import (
	"go/ast"
	"go/token"
	"strconv"
)

// The evaluator follows what a schema is made of through the source:
// local variables assigned once, package-level variables and constants,
// calls of the module's functions and methods whose body returns one
// expression (with the arguments bound to the parameters). Anything else
// is left unresolved, and what depends on it is not listed.

// A val is an expression and the environment it is read in.
type val struct {
	e   ast.Expr
	env *env
}

// An env is where an expression is read: its package and file (for
// imports), the local variables and parameters of its function, and the
// receiver of its method.
type env struct {
	src   *source
	pkg   *pkg
	file  *ast.File
	vars  map[string]val               // a zero val: not known (assigned more than once, or what cannot be followed)
	index map[string][]*ast.AssignStmt // m["k"] = v on a local map m
	// loop is the range loop an assignment of index is in, if any
	loop map[*ast.AssignStmt]*ast.RangeStmt
	// alts: the values of a local assigned in several places
	alts map[string][]val
	// mutates: the function sets a field of a schema after making it
	mutates bool
	recv    string // the receiver's name
	rtype   string // the receiver's type
	depth   int
}

const maxDepth = 40

// call returns the environment of f's body, called with args read in
// caller (nil for none).
func (s *source) call(f fn, args []ast.Expr, caller *env) *env {
	e := &env{src: s, pkg: f.pkg, file: f.file, vars: map[string]val{}, index: map[string][]*ast.AssignStmt{}, loop: map[*ast.AssignStmt]*ast.RangeStmt{}, alts: map[string][]val{}}
	if caller != nil {
		e.depth = caller.depth + 1
	}
	if f.decl.Recv != nil && len(f.decl.Recv.List) == 1 && len(f.decl.Recv.List[0].Names) == 1 {
		e.recv = f.decl.Recv.List[0].Names[0].Name
		e.rtype = recvType(f.decl)
	}
	i := 0
	for _, field := range f.decl.Type.Params.List {
		for _, n := range field.Names {
			if i < len(args) && caller != nil {
				if _, variadic := field.Type.(*ast.Ellipsis); !variadic {
					e.vars[n.Name] = val{args[i], caller}
				}
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	values := map[string][]ast.Expr{} // what each local is assigned
	opaque := map[string]bool{}       // locals assigned what cannot be followed
	ast.Inspect(f.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for j, l := range n.Lhs {
				switch l := l.(type) {
				case *ast.Ident:
					if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
						values[l.Name] = append(values[l.Name], n.Rhs[j])
					} else {
						opaque[l.Name] = true // x, err := f(), x += y
					}
				case *ast.IndexExpr:
					if id, ok := l.X.(*ast.Ident); ok && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
						e.index[id.Name] = append(e.index[id.Name], n)
					}
				case *ast.SelectorExpr:
					// s.Optional = true: a schema changed after it is
					// made, which the evaluator does not follow. (Not
					// Computed: a list of resources is computed only when
					// it is neither optional nor required, which setting
					// Computed does not change in a valid schema.)
					switch l.Sel.Name {
					case "Type", "Elem", "Optional", "Required", "ConfigMode", "Schema", "SchemaFunc", "Attributes", "Blocks":
						e.mutates = true
					}
				}
			}
		case *ast.RangeStmt:
			for _, st := range n.Body.List {
				if as, ok := st.(*ast.AssignStmt); ok {
					e.loop[as] = n
				}
			}
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok {
					opaque[id.Name] = true
				}
			}
		case *ast.ValueSpec:
			for j, id := range n.Names {
				if len(n.Values) == len(n.Names) {
					values[id.Name] = append(values[id.Name], n.Values[j])
				} else if len(n.Values) != 0 {
					opaque[id.Name] = true
				}
			}
		}
		return true
	})
	for name := range opaque {
		e.vars[name] = val{}
	}
	for name, vs := range values {
		switch {
		case opaque[name]:
		case len(vs) == 1:
			e.vars[name] = val{vs[0], e}
		default:
			// Assigned in several places (if/else): each is an
			// alternative, and what they all say is known.
			e.vars[name] = val{}
			for _, v := range vs {
				e.alts[name] = append(e.alts[name], val{v, e})
			}
		}
	}
	return e
}

// returned returns the one expression that f's body returns, with its
// environment; false when it returns in more than one place.
func (s *source) returned(f fn, args []ast.Expr, caller *env) (val, bool) {
	var rets []*ast.ReturnStmt
	ast.Inspect(f.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			rets = append(rets, n)
		}
		return true
	})
	if len(rets) != 1 || len(rets[0].Results) < 1 {
		return val{}, false
	}
	e := s.call(f, args, caller)
	if e.mutates {
		return val{}, false
	}
	return val{rets[0].Results[0], e}, true
}

// function returns the declaration a call's function names: a function
// of the module, or a method of a receiver, of a composite literal or of
// a variable holding one.
func (v val) function(call *ast.CallExpr) (fn, bool) {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		if _, local := v.env.vars[f.Name]; local {
			return fn{}, false
		}
		d, ok := v.env.pkg.funcs[f.Name]
		return d, ok
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if id.Name == v.env.recv && v.env.rtype != "" {
				d, ok := v.env.pkg.methods[v.env.rtype][f.Sel.Name]
				return d, ok
			}
			if _, local := v.env.vars[id.Name]; !local {
				if path := importPath(v.env.file, id.Name); path != "" {
					if p := v.env.src.byPath(path); p != nil {
						d, ok := p.funcs[f.Sel.Name]
						return d, ok
					}
					return fn{}, false
				}
			}
		}
		x := resolve(val{f.X, v.env})
		if cl, ok := x.e.(*ast.CompositeLit); ok {
			if id, ok := cl.Type.(*ast.Ident); ok {
				d, ok := x.env.pkg.methods[id.Name][f.Sel.Name]
				return d, ok
			}
		}
	}
	return fn{}, false
}

// resolve follows v to what it stands for, as far as it can: through
// parentheses, & and *, variables and constants, and calls of functions
// that return one expression.
func resolve(x val) val { return resolveSeen(x, nil) }

// resolveSeen is resolve, calling seen with each local variable it
// goes through.
func resolveSeen(x val, seen func(name string, e *env)) val {
	for depth := 0; x.e != nil && depth < maxDepth && x.env.depth < maxDepth; depth++ {
		switch e := x.e.(type) {
		case *ast.ParenExpr:
			x.e = e.X
		case *ast.UnaryExpr:
			if e.Op != token.AND {
				return x
			}
			x.e = e.X
		case *ast.StarExpr:
			x.e = e.X
		case *ast.Ident:
			if w, ok := x.env.vars[e.Name]; ok {
				if w.e == nil {
					if len(x.env.alts[e.Name]) > 0 {
						return x // the caller may read each alternative
					}
					return val{}
				}
				if seen != nil {
					seen(e.Name, x.env)
				}
				x = w
				continue
			}
			if w, ok := x.env.pkg.values[e.Name]; ok {
				if w.e == nil {
					return val{}
				}
				x = w
				continue
			}
			return x
		case *ast.SelectorExpr:
			id, ok := e.X.(*ast.Ident)
			if !ok {
				return x
			}
			if _, local := x.env.vars[id.Name]; local {
				return x
			}
			path := importPath(x.env.file, id.Name)
			if path == "" {
				return x
			}
			p := x.env.src.byPath(path)
			if p == nil {
				return x
			}
			w, ok := p.values[e.Sel.Name]
			if !ok || w.e == nil {
				return x
			}
			x = w
		case *ast.CallExpr:
			f, ok := x.function(e)
			if !ok {
				return x
			}
			r, ok := x.env.src.returned(f, e.Args, x.env)
			if !ok {
				return val{}
			}
			x = r
		default:
			return x
		}
	}
	if x.e != nil && x.env.depth >= maxDepth {
		return val{}
	}
	return x
}

// alternatives returns the values of a local assigned in several places,
// when v (resolved) is one.
func alternatives(v val) []val {
	if id, ok := v.e.(*ast.Ident); ok && v.env != nil {
		return v.env.alts[id.Name]
	}
	return nil
}

// str returns the string value of v: a literal, a constant, a
// concatenation, or the provider's type name (req.ProviderTypeName).
func (x *extractor) str(v val) (string, bool) {
	v = resolve(v)
	switch e := v.e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			a, ok1 := x.str(val{e.X, v.env})
			b, ok2 := x.str(val{e.Y, v.env})
			return a + b, ok1 && ok2
		}
	case *ast.SelectorExpr:
		if e.Sel.Name == "ProviderTypeName" {
			return x.name, true
		}
	}
	return "", false
}

// boolean returns the value of a bool expression: true, false, or
// unknown.
func boolean(v val) (value, ok bool) {
	v = resolve(v)
	if id, isID := v.e.(*ast.Ident); isID {
		switch id.Name {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return false, false
}

// lastName returns the last identifier of a type or selector expression:
// Resource for *schema.Resource, TypeList for pluginsdk.TypeList.
func lastName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.StarExpr:
		return lastName(e.X)
	case *ast.IndexExpr:
		return lastName(e.X)
	}
	return ""
}

// qualifier returns the import path of a selector's package (schema in
// schema.Resource), "" for anything else.
func qualifier(v val, e ast.Expr) string {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return importPath(v.env.file, id.Name)
		}
	}
	return ""
}

// field returns the value of a keyed field of a composite literal, nil
// when it has none.
func field(cl *ast.CompositeLit, name string) ast.Expr {
	for _, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

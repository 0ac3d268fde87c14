package validate

import (
	"reflect"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// exprVars remembers the variables of each expression
// (hcl.Expression.Variables), which the check of a file, the order of
// the locals and the evaluation each read: a JSON expression finds them
// by walking its strings' templates, some 5% of checking a module of 100
// files. A JSON expression is known by its range and kind, not its
// pointer: each decoding of a JSON body makes new expressions of the same
// values (most bodies are decoded once, through schema.Contents, but not
// all: hcl.ExprList's elements, the override files merged), and the
// variables are the value's. Another expression is known by its
// pointer. The slices are shared: read only. It is safe for concurrent
// use (the files are checked on several goroutines, beside the
// validation); the nil *exprVars asks the expression every time.
type exprVars struct {
	mu sync.Mutex
	m  map[exprKey][]hcl.Traversal
	// fns are the function calls of the JSON expressions (functions),
	// which the check of a file and the evaluation each read.
	fns map[exprKey][]hcl.Traversal
	// values are module.ReadValue's readings of types and references
	// (read), which the check of a file and the declarations or the
	// evaluation each make.
	values map[valueKey]readValue
	// hint is the number of expressions the maps are made for, when
	// they are made: on the first entry of each (see newExprVars).
	hint int
}

// valueKey is a reading of an expression by module.ReadValue.
type valueKey struct {
	exprKey
	mode   schema.Mode
	quoted bool
}

// readValue is what module.ReadValue returned.
type readValue struct {
	v     module.Value
	diags hcl.Diagnostics
}

// read returns module.ReadValue(e, mode, quoted), computed once for each
// expression in the modes that parse a type or a reference
// (schema.TypeExpr, schema.AbsTraversal), where what it returns depends
// on the expression's text only (the Value's Expr is the first of the
// expressions of that text asked for); every time in the others. What it
// returns is shared: read only (the diagnostics come in a slice of their
// own capacity, so that appending to it copies).
func (c *exprVars) read(e hcl.Expression, mode schema.Mode, quoted bool) (module.Value, hcl.Diagnostics) {
	k, ok := c.key(e)
	if !ok || mode != schema.TypeExpr && mode != schema.AbsTraversal {
		return module.ReadValue(e, mode, quoted)
	}
	vk := valueKey{k, mode, quoted}
	c.mu.Lock()
	r, ok := c.values[vk]
	c.mu.Unlock()
	if ok {
		return r.v, r.diags
	}
	r.v, r.diags = module.ReadValue(e, mode, quoted)
	r.diags = r.diags[:len(r.diags):len(r.diags)]
	c.mu.Lock()
	if c.values == nil {
		c.mu.Unlock()
		made := make(map[valueKey]readValue, c.hint/2)
		c.mu.Lock()
		if c.values == nil {
			c.values = made
		}
	}
	c.values[vk] = r
	c.mu.Unlock()
	return r.v, r.diags
}

// newExprVars returns an empty exprVars whose maps will have room for
// what a check of the files of m (nil: none) and its validation usually
// keep, by the size of their text (about one expression in 100 bytes,
// half of them JSON): grown from empty, they were allocated some two
// times over. Each map is made when its first entry is kept, outside
// the lock: making one sets every slot's control byte, some 0.2 ms for
// the three maps of a module of 100 files, which Load spent on its own
// before anything ran beside it, and which the first goroutine to keep
// an entry now spends while the others run.
func newExprVars(m *module.Module) *exprVars {
	var size int
	if m != nil {
		for _, f := range m.Files {
			size += len(f.Bytes)
		}
	}
	c := &exprVars{}
	if n := size / 100; n > 8 {
		c.hint = n
	}
	return c
}

// exprKey is an expression's identity: for a JSON one, its kind and
// range (e is nil); for another, the expression.
type exprKey struct {
	e          hcl.Expression
	kind       reflect.Type
	file       string
	start, end int
}

// key returns e's identity, and false for an expression that is not a
// pointer (which every expression HCL and hcljson make is).
func (c *exprVars) key(e hcl.Expression) (exprKey, bool) {
	kind := reflect.TypeOf(e)
	if c == nil || kind.Kind() != reflect.Pointer {
		return exprKey{}, false
	}
	if hcljson.IsJSONExpression(e) {
		r := e.Range()
		return exprKey{kind: kind, file: r.Filename, start: r.Start.Byte, end: r.End.Byte}, true
	}
	return exprKey{e: e}, true
}

// of returns e.Variables(), computed once for each expression (an
// expression that is not a pointer is asked every time).
func (c *exprVars) of(e hcl.Expression) []hcl.Traversal {
	k, ok := c.key(e)
	if !ok {
		return e.Variables()
	}
	return c.remembered(&c.m, c.hint, k, e.Variables)
}

// functions returns the function calls of e, an expression that lists
// them (a JSON expression's Functions), computed once for each
// expression; ok is false for an expression that does not list them.
func (c *exprVars) functions(e hcl.Expression) (calls []hcl.Traversal, ok bool) {
	fe, ok := e.(interface{ Functions() []hcl.Traversal })
	if !ok {
		return nil, false
	}
	k, keyed := c.key(e)
	if !keyed {
		return fe.Functions(), true
	}
	return c.remembered(&c.fns, c.hint/2, k, fe.Functions), true
}

// remembered returns what (*m)[k] holds, or compute's result, which it
// keeps there; *m is made with room for hint entries when first kept.
func (c *exprVars) remembered(m *map[exprKey][]hcl.Traversal, hint int, k exprKey, compute func() []hcl.Traversal) []hcl.Traversal {
	c.mu.Lock()
	list, ok := (*m)[k]
	c.mu.Unlock()
	if ok {
		return list
	}
	list = compute()
	c.mu.Lock()
	if *m == nil {
		c.mu.Unlock()
		made := make(map[exprKey][]hcl.Traversal, hint)
		c.mu.Lock()
		if *m == nil {
			*m = made
		}
	}
	(*m)[k] = list
	c.mu.Unlock()
	return list
}

package validate

import (
	"reflect"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
)

// exprVars remembers the variables of each expression
// (hcl.Expression.Variables), which the check of a file, the order of
// the locals and the evaluation each read: a JSON expression finds them
// by walking its strings' templates, some 5% of checking a module of 100
// files. A JSON expression is known by its range and kind, not its
// pointer: each decoding of a JSON body makes new expressions of the same
// values (the check decodes each file, the validation the files merged),
// and the variables are the value's. Another expression is known by its
// pointer. The slices are shared: read only. It is safe for concurrent
// use (the files are checked on several goroutines, beside the
// validation); the nil *exprVars asks the expression every time.
type exprVars struct {
	mu sync.Mutex
	m  map[exprKey][]hcl.Traversal
}

// exprKey is an expression's identity: for a JSON one, its kind and
// range (e is nil); for another, the expression.
type exprKey struct {
	e          hcl.Expression
	kind       reflect.Type
	file       string
	start, end int
}

// of returns e.Variables(), computed once for each expression (an
// expression that is not a pointer, which every expression HCL and
// hcljson make is, is asked every time).
func (c *exprVars) of(e hcl.Expression) []hcl.Traversal {
	kind := reflect.TypeOf(e)
	if c == nil || kind.Kind() != reflect.Pointer {
		return e.Variables()
	}
	k := exprKey{e: e}
	if hcljson.IsJSONExpression(e) {
		r := e.Range()
		k = exprKey{kind: kind, file: r.Filename, start: r.Start.Byte, end: r.End.Byte}
	}
	c.mu.Lock()
	vars, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return vars
	}
	vars = e.Variables()
	c.mu.Lock()
	if c.m == nil {
		c.m = map[exprKey][]hcl.Traversal{}
	}
	c.m[k] = vars
	c.mu.Unlock()
	return vars
}

package validate

import (
	"reflect"
	"sync"

	"github.com/hashicorp/hcl/v2"
)

// exprVars remembers the variables of each expression
// (hcl.Expression.Variables), which the check of a file, the order of
// the locals and the evaluation each read: a JSON expression finds them
// by walking its strings' templates, some 5% of checking a module of 100
// files. The slices are shared: read only. It is safe for concurrent use
// (the files are checked on several goroutines, beside the validation);
// the nil *exprVars asks the expression every time.
type exprVars struct {
	mu sync.Mutex
	m  map[hcl.Expression][]hcl.Traversal
}

// of returns e.Variables(), computed once for an expression that is a
// pointer (every expression HCL and hcljson make).
func (c *exprVars) of(e hcl.Expression) []hcl.Traversal {
	if c == nil || reflect.TypeOf(e).Kind() != reflect.Pointer {
		return e.Variables()
	}
	c.mu.Lock()
	vars, ok := c.m[e]
	c.mu.Unlock()
	if ok {
		return vars
	}
	vars = e.Variables()
	c.mu.Lock()
	if c.m == nil {
		c.m = map[hcl.Expression][]hcl.Traversal{}
	}
	c.m[e] = vars
	c.mu.Unlock()
	return vars
}

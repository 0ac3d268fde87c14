package native

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// slabs hold the nodes of one parse, many to an allocation: a tree holds
// its nodes alive together anyway, and allocating them one by one is
// most of what hclsyntax's parser costs the garbage collector.
type slabs struct {
	steps       []hcl.Traverser
	exprs       []hclsyntax.Expression
	items       []hclsyntax.ObjectConsItem
	blocks      []*hclsyntax.Block
	labels      []string
	labelRanges []hcl.Range

	Attribute             []hclsyntax.Attribute
	BinaryOpExpr          []hclsyntax.BinaryOpExpr
	Block                 []hclsyntax.Block
	Body                  []hclsyntax.Body
	ConditionalExpr       []hclsyntax.ConditionalExpr
	ForExpr               []hclsyntax.ForExpr
	FunctionCallExpr      []hclsyntax.FunctionCallExpr
	IndexExpr             []hclsyntax.IndexExpr
	LiteralValueExpr      []hclsyntax.LiteralValueExpr
	ObjectConsExpr        []hclsyntax.ObjectConsExpr
	ObjectConsKeyExpr     []hclsyntax.ObjectConsKeyExpr
	ParenthesesExpr       []hclsyntax.ParenthesesExpr
	RelativeTraversalExpr []hclsyntax.RelativeTraversalExpr
	ScopeTraversalExpr    []hclsyntax.ScopeTraversalExpr
	SplatExpr             []hclsyntax.SplatExpr
	TemplateExpr          []hclsyntax.TemplateExpr
	TemplateJoinExpr      []hclsyntax.TemplateJoinExpr
	TemplateWrapExpr      []hclsyntax.TemplateWrapExpr
	TupleConsExpr         []hclsyntax.TupleConsExpr
	UnaryOpExpr           []hclsyntax.UnaryOpExpr
}

// carve copies src into the slab s and returns the copy, whose capacity
// is its length (so that appending to it copies); nil when src is empty.
func carve[T any](s *[]T, src []T) []T {
	n := len(src)
	if n == 0 {
		return nil
	}
	if cap(*s)-len(*s) < n {
		*s = make([]T, 0, max(n, min(max(2*cap(*s), 16), 1024)))
	}
	l := len(*s)
	*s = append(*s, src...)
	return (*s)[l : l+n : l+n]
}

// put stores v in the slab s, which grows by chunks, and returns its
// address. A chunk is never appended to past its capacity, so that the
// addresses stay valid.
func put[T any](s *[]T, v T) *T {
	if len(*s) == cap(*s) {
		n := min(max(2*cap(*s), 8), 256)
		*s = make([]T, 0, n)
	}
	*s = append(*s, v)
	return &(*s)[len(*s)-1]
}

// pop truncates the stack s to base, clearing what it pops.
func pop[T any](s *[]T, base int) {
	clear((*s)[base:])
	*s = (*s)[:base]
}

// popList returns p.list[base:], carved into a slab, and pops it.
func (p *parser) popList(base int) []hclsyntax.Expression {
	l := carve(&p.slabs.exprs, p.list[base:])
	pop(&p.list, base)
	return l
}

package native

import (
	"math"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// slabs hold the nodes of one parse, many to an allocation: a tree holds
// its nodes alive together anyway, and allocating them one by one is
// most of what hclsyntax's parser costs the garbage collector.
type slabs struct {
	steps       slab[hcl.Traverser]
	roots       slab[hcl.TraverseRoot]
	attrs       slab[hcl.TraverseAttr]
	indexes     slab[hcl.TraverseIndex]
	exprs       slab[hclsyntax.Expression]
	items       slab[hclsyntax.ObjectConsItem]
	blocks      slab[*hclsyntax.Block]
	labels      slab[string]
	labelRanges slab[hcl.Range]
	strs        slab[string] // the strings of cty values (box.go)

	Attribute             slab[hclsyntax.Attribute]
	BinaryOpExpr          slab[hclsyntax.BinaryOpExpr]
	Block                 slab[hclsyntax.Block]
	Body                  slab[hclsyntax.Body]
	ConditionalExpr       slab[hclsyntax.ConditionalExpr]
	ForExpr               slab[hclsyntax.ForExpr]
	FunctionCallExpr      slab[hclsyntax.FunctionCallExpr]
	IndexExpr             slab[hclsyntax.IndexExpr]
	LiteralValueExpr      slab[hclsyntax.LiteralValueExpr]
	ObjectConsExpr        slab[hclsyntax.ObjectConsExpr]
	ObjectConsKeyExpr     slab[hclsyntax.ObjectConsKeyExpr]
	ParenthesesExpr       slab[hclsyntax.ParenthesesExpr]
	RelativeTraversalExpr slab[hclsyntax.RelativeTraversalExpr]
	ScopeTraversalExpr    slab[hclsyntax.ScopeTraversalExpr]
	SplatExpr             slab[hclsyntax.SplatExpr]
	TemplateExpr          slab[hclsyntax.TemplateExpr]
	TemplateJoinExpr      slab[hclsyntax.TemplateJoinExpr]
	TemplateWrapExpr      slab[hclsyntax.TemplateWrapExpr]
	TupleConsExpr         slab[hclsyntax.TupleConsExpr]
	UnaryOpExpr           slab[hclsyntax.UnaryOpExpr]

	// The least length of a chunk, and the offset past which the
	// chunks are sized again (resize).
	least, next int
}

// slab is the chunk of a slab being filled, the length of its next
// chunks (at most maxChunk), and the number of nodes its chunks made so
// far hold.
type slab[T any] struct {
	s     []T
	chunk int
	made  int
}

const (
	minChunk = 8
	maxChunk = 256
)

// size sets the slabs' chunk lengths for a source of n bytes: half the
// number of nodes of each type such a source holds on average in the
// real-world corpus (internal/realworld's 66 repositories, 6,790 files,
// 25 MB, where for instance an argument takes 114 bytes of source and a
// for expression 4,700), within minChunk and maxChunk. The last chunk of
// a slab is never full and the tree keeps it whole: chunks that doubled
// from 8 to 256 left three fifths of each last chunk empty in the
// corpus, a quarter of the bytes a parse allocated, all of them zeroed.
func (s *slabs) size(n int) {
	least := min(max(n>>9, 2), minChunk)
	s.least, s.next = least, math.MaxInt
	if n >= 1<<10 {
		s.next = n / 8
	}
	est := func(per int) int { return min(max(n/(2*per), least), maxChunk) }
	s.steps.chunk = est(46)
	s.roots.chunk = est(82)
	s.attrs.chunk = est(108)
	s.indexes.chunk = est(3600)
	s.exprs.chunk = est(80)
	s.items.chunk = est(260)
	s.blocks.chunk = est(350)
	s.labels.chunk = est(400)
	s.labelRanges.chunk = est(400)
	s.strs.chunk = est(180)
	s.Attribute.chunk = est(114)
	s.BinaryOpExpr.chunk = est(1000)
	s.Block.chunk = est(350)
	s.Body.chunk = est(320)
	s.ConditionalExpr.chunk = est(1700)
	s.ForExpr.chunk = est(4700)
	s.FunctionCallExpr.chunk = est(330)
	s.IndexExpr.chunk = est(6400)
	s.LiteralValueExpr.chunk = est(114)
	s.ObjectConsExpr.chunk = est(690)
	s.ObjectConsKeyExpr.chunk = est(260)
	s.ParenthesesExpr.chunk = est(5500)
	s.RelativeTraversalExpr.chunk = est(6500)
	s.ScopeTraversalExpr.chunk = est(82)
	s.SplatExpr.chunk = est(19000)
	s.TemplateExpr.chunk = est(180)
	s.TemplateJoinExpr.chunk = least
	s.TemplateWrapExpr.chunk = least
	s.TupleConsExpr.chunk = est(920)
	s.UnaryOpExpr.chunk = est(30000)
}

// resize sets the slabs' chunk lengths from what the parse has made so
// far, having read pos bytes of n (pos > 0): each type of node as frequent in the
// rest as it was so far, its next chunk holds what the rest needs beyond
// the room left in its chunk (at least least, at most maxChunk). The
// densities of a file's first part say more of its rest than the
// corpus's averages (size). The ratio of the rest to what was read is
// taken once, in fixed point (rest), not divided for each slab.
func (s *slabs) resize(pos, n int) {
	least, r := s.least, rest(pos, n)
	resize(&s.steps, r, least)
	resize(&s.roots, r, least)
	resize(&s.attrs, r, least)
	resize(&s.indexes, r, least)
	resize(&s.exprs, r, least)
	resize(&s.items, r, least)
	resize(&s.blocks, r, least)
	resize(&s.labels, r, least)
	resize(&s.labelRanges, r, least)
	resize(&s.strs, r, least)
	resize(&s.Attribute, r, least)
	resize(&s.BinaryOpExpr, r, least)
	resize(&s.Block, r, least)
	resize(&s.Body, r, least)
	resize(&s.ConditionalExpr, r, least)
	resize(&s.ForExpr, r, least)
	resize(&s.FunctionCallExpr, r, least)
	resize(&s.IndexExpr, r, least)
	resize(&s.LiteralValueExpr, r, least)
	resize(&s.ObjectConsExpr, r, least)
	resize(&s.ObjectConsKeyExpr, r, least)
	resize(&s.ParenthesesExpr, r, least)
	resize(&s.RelativeTraversalExpr, r, least)
	resize(&s.ScopeTraversalExpr, r, least)
	resize(&s.SplatExpr, r, least)
	resize(&s.TemplateExpr, r, least)
	resize(&s.TemplateJoinExpr, r, least)
	resize(&s.TemplateWrapExpr, r, least)
	resize(&s.TupleConsExpr, r, least)
	resize(&s.UnaryOpExpr, r, least)
}

// restShift is the fixed point of rest's ratios.
const restShift = 16

// rest is (n-pos)/pos, the bytes left over the bytes read (pos > 0), in
// fixed point: times 1<<restShift, rounded down.
func rest(pos, n int) int { return (n - pos) << restShift / pos }

// resize sets the length of s's next chunk (see slabs.resize), r the
// ratio rest returns: the nodes its chunks hold so far, less the room
// left in the current one, are what the bytes read needed.
func resize[T any](s *slab[T], r, least int) {
	free := cap(s.s) - len(s.s)
	used := s.made - free
	need := used*r>>restShift - free
	s.chunk = min(max(need, least), maxChunk)
}

// carve copies src into the slab s and returns the copy, whose capacity
// is its length (so that appending to it copies); nil when src is empty.
func carve[T any](s *slab[T], src []T) []T {
	n := len(src)
	if n == 0 {
		return nil
	}
	if cap(s.s)-len(s.s) < n {
		s.s = make([]T, 0, max(n, s.chunk))
		s.made += cap(s.s)
	}
	l := len(s.s)
	s.s = append(s.s, src...)
	return s.s[l : l+n : l+n]
}

// put stores v in the slab s, which grows by chunks, and returns its
// address. A chunk is never appended to past its capacity, so that the
// addresses stay valid.
func put[T any](s *slab[T], v T) *T {
	if len(s.s) == cap(s.s) {
		s.s = make([]T, 0, s.chunk)
		s.made += s.chunk
	}
	s.s = append(s.s, v)
	return &s.s[len(s.s)-1]
}

// alloc returns the address of a zero node in the slab s, which the
// caller fills in place (put builds the node, then copies it).
func alloc[T any](s *slab[T]) *T {
	if len(s.s) == cap(s.s) {
		s.s = make([]T, 0, s.chunk)
		s.made += s.chunk
	}
	s.s = s.s[:len(s.s)+1]
	return &s.s[len(s.s)-1]
}

// pop truncates the stack s to base, and raises *high, the stack's high
// water mark, to its length. What it pops is cleared when the parser is
// released (parser.release), up to the mark, once for the whole parse.
func pop[T any](s *[]T, base int, high *int) {
	*high = max(*high, len(*s))
	*s = (*s)[:base]
}

// popList returns p.list[base:], carved into a slab, and pops it.
func (p *parser) popList(base int) []hclsyntax.Expression {
	l := carve(&p.slabs.exprs, p.list[base:])
	pop(&p.list, base, &p.high.list)
	return l
}

package native

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// The first chunks of a small file's slabs, in one allocation. Most
// files are small (in the real-world corpus, 42% are under 1 kB and 36%
// from 1 to 4 kB), and each type of node a file holds took a chunk of
// its own, at least minChunk nodes: about twenty allocations for a file
// of 400 bytes, 29 bytes allocated per byte of source. A file under
// 4 kB takes instead one bundle of arrays, one per type of node that
// such files nearly always hold, sized to the median count of those
// nodes in the corpus's files of its class (under 1 kB, or 1 to 4 kB):
// each array is its slab's first chunk, and the slab goes on by chunks
// of its own when it is full. The bundle holds the file too. Like any
// chunk, the bundle lives as long as any node of the tree.

// bundle1k holds the first chunks of a file under 1 kB.
type bundle1k struct {
	file              hcl.File
	steps             [4]hcl.Traverser
	roots             [3]hcl.TraverseRoot
	exprs             [3]hclsyntax.Expression
	blocks            [2]*hclsyntax.Block
	labels            [1]string
	labelRanges       [1]hcl.Range
	strs              [3]string
	attribute         [4]hclsyntax.Attribute
	block             [2]hclsyntax.Block
	body              [3]hclsyntax.Body
	literalValueExpr  [3]hclsyntax.LiteralValueExpr
	scopeTraversalExp [3]hclsyntax.ScopeTraversalExpr
	templateExpr      [3]hclsyntax.TemplateExpr
}

// bundle4k holds the first chunks of a file of 1 to 4 kB.
type bundle4k struct {
	file              hcl.File
	steps             [36]hcl.Traverser
	roots             [20]hcl.TraverseRoot
	attrs             [18]hcl.TraverseAttr
	exprs             [20]hclsyntax.Expression
	items             [4]hclsyntax.ObjectConsItem
	blocks            [7]*hclsyntax.Block
	labels            [7]string
	labelRanges       [7]hcl.Range
	strs              [11]string
	attribute         [20]hclsyntax.Attribute
	block             [7]hclsyntax.Block
	body              [8]hclsyntax.Body
	functionCallExpr  [2]hclsyntax.FunctionCallExpr
	literalValueExpr  [16]hclsyntax.LiteralValueExpr
	objectConsExpr    [2]hclsyntax.ObjectConsExpr
	objectConsKeyExpr [4]hclsyntax.ObjectConsKeyExpr
	scopeTraversalExp [20]hclsyntax.ScopeTraversalExpr
	templateExpr      [11]hclsyntax.TemplateExpr
}

// first gives the slab s the chunk c, empty, as its first.
func first[T any](s *slab[T], c []T) { s.s, s.made = c[:0:len(c)], len(c) }

// bundle gives the slabs of a file of n bytes their first chunks in one
// allocation when the file is small, and returns the file the bundle
// holds, or nil.
func (s *slabs) bundle(n int) *hcl.File {
	switch {
	case n < 1<<10:
		b := new(bundle1k)
		first(&s.steps, b.steps[:])
		first(&s.roots, b.roots[:])
		first(&s.exprs, b.exprs[:])
		first(&s.blocks, b.blocks[:])
		first(&s.labels, b.labels[:])
		first(&s.labelRanges, b.labelRanges[:])
		first(&s.strs, b.strs[:])
		first(&s.Attribute, b.attribute[:])
		first(&s.Block, b.block[:])
		first(&s.Body, b.body[:])
		first(&s.LiteralValueExpr, b.literalValueExpr[:])
		first(&s.ScopeTraversalExpr, b.scopeTraversalExp[:])
		first(&s.TemplateExpr, b.templateExpr[:])
		return &b.file
	case n < 4<<10:
		b := new(bundle4k)
		first(&s.steps, b.steps[:])
		first(&s.roots, b.roots[:])
		first(&s.attrs, b.attrs[:])
		first(&s.exprs, b.exprs[:])
		first(&s.items, b.items[:])
		first(&s.blocks, b.blocks[:])
		first(&s.labels, b.labels[:])
		first(&s.labelRanges, b.labelRanges[:])
		first(&s.strs, b.strs[:])
		first(&s.Attribute, b.attribute[:])
		first(&s.Block, b.block[:])
		first(&s.Body, b.body[:])
		first(&s.FunctionCallExpr, b.functionCallExpr[:])
		first(&s.LiteralValueExpr, b.literalValueExpr[:])
		first(&s.ObjectConsExpr, b.objectConsExpr[:])
		first(&s.ObjectConsKeyExpr, b.objectConsKeyExpr[:])
		first(&s.ScopeTraversalExpr, b.scopeTraversalExp[:])
		first(&s.TemplateExpr, b.templateExpr[:])
		return &b.file
	}
	return nil
}

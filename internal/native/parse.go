package native

import (
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/nesting"
)

// ParseConfig parses src as a file of HCL's native syntax. It is a drop-in
// replacement for nesting.ParseConfig (hclsyntax.ParseConfig behind the
// nesting bound): the same body, node for node and range for range, the
// same Bytes and Nav, and the same diagnostics, which are always
// hclsyntax's because any source that has one is parsed by it.
func ParseConfig(src []byte, filename string, start hcl.Pos) (*hcl.File, hcl.Diagnostics) {
	if f, _ := parse(src, filename, start); f != nil {
		return f, nil
	}
	return nesting.ParseConfig(src, filename, start)
}

// reason says why the reader fell back to hclsyntax.
type reason string

const (
	reasonToken  reason = "token"  // a byte or token the reader does not lex (non-ASCII, heredoc, ~, invalid)
	reasonSyntax reason = "syntax" // not the expected token: an error, or a form the reader does not parse
	reasonString reason = "string" // a string the reader does not read (directive, newline, odd escape)
	reasonNumber reason = "number" // a number hclsyntax does not read, or a legacy index with a dot
	reasonDepth  reason = "depth"  // nesting deep enough that nesting.Check might object
	reasonDup    reason = "dup"    // an argument set twice
	reasonFor    reason = "for"    // a for expression the reader does not parse
	reasonSplat  reason = "splat"  // a splat the reader does not parse
)

// fallback is the panic value that unwinds the reader.
type fallback struct{ why reason }

// maxDepth bounds the reader's nesting, counted so that it is never less
// than nesting.Check's depth: each level of brackets, braces, strings and
// interpolations and each operator, condition and index counts one, and
// counts do not fall at separators. Past it the file goes to
// nesting.ParseConfig, which decides.
const maxDepth = 200

// newParser returns a parser from the pool set to read src (str is the
// same text as a string) from start, its slabs sized for src, with nl
// (parser.nl) at the start: whether line breaks are tokens. The caller
// releases it.
func newParser(src []byte, str, filename string, start hcl.Pos, nl bool) *parser {
	p := parsers.Get().(*parser)
	// A parser from the pool is zero but for its scratch memory
	// (release), which is kept.
	p.src, p.str, p.filename, p.base = src, str, filename, start
	p.plain, p.cur, p.nl = start.Line, cursor{0, start.Line, 0}, nl
	p.slabs.size(len(src))
	return p
}

// parse reads src, returning nil and the reason when it does not.
func parse(src []byte, filename string, start hcl.Pos) (f *hcl.File, why reason) {
	p := newParser(src, string(src), filename, start, true)
	file := p.slabs.bundle(len(src))
	defer func() {
		p.release()
		if r := recover(); r != nil {
			fb, ok := r.(fallback)
			if !ok {
				panic(r)
			}
			f, why = nil, fb.why
		}
	}()
	body := p.body(tEOF)
	return newFile(file, body, src, filename, start), ""
}

// parser is the state of one parse.
type parser struct {
	src      []byte
	str      string // src, from which names and literal strings are cut
	filename string
	base     hcl.Pos

	// Ranges of tokens on lines after plain are made without looking up
	// columns: past the first line (whose columns start at base's) and
	// past the last line with text beyond ASCII (excess).
	plain int

	cur  cursor // after the last token read
	prev token  // the last token read (hclsyntax's PrevRange)
	nl   bool   // line breaks are tokens (hclsyntax's newline stack top)

	pk      token // the token peek returned, valid if peeked and the mode is peekNL
	pkAfter cursor
	peeked  bool
	peekNL  bool

	depth int
	slabs slabs // the tree's nodes
	high  high  // the stacks' high water marks (pop)
	scratch
}

// high holds the high water marks of the stacks of scratch.
type high struct {
	steps, list, items, ttoks, blocks, attrs int
}

// scratch is the memory of a parse that the tree does not keep, reused
// from parse to parse (parsers).
type scratch struct {
	excess []excess // columns beyond ASCII, by offset

	// Stacks of what is being built: the steps of traversals, the
	// expressions of lists (arguments, elements, template parts), the
	// items of objects, template tokens and blocks, each popped into a
	// slab when complete.
	steps  []hcl.Traverser
	list   []hclsyntax.Expression
	items  []hclsyntax.ObjectConsItem
	ttoks  []ttok
	blocks []*hclsyntax.Block
	attrs  []*hclsyntax.Attribute // the arguments of bodies

	// The labels of a block.
	labels      []string
	labelRanges []hcl.Range
}

// parsers holds parsers whose scratch memory is there to be reused.
var parsers = sync.Pool{New: func() any { return new(parser) }}

// release empties p, keeping its scratch memory, and puts it in parsers.
// Stacks are popped without clearing what they held (pop): they are
// cleared here, up to their high water marks (or their lengths, after a
// fallback), so as not to hold trees alive.
//
// The parser is zeroed in place and its scratch memory put back, not
// assigned a parser built beside it: that built a copy of the whole
// parser (its slabs are most of it) and moved it with write barriers.
func (p *parser) release() {
	h := p.high
	s := scratch{
		excess:      p.excess[:0],
		steps:       reuse(p.steps, h.steps),
		list:        reuse(p.list, h.list),
		items:       reuse(p.items, h.items),
		ttoks:       reuse(p.ttoks, h.ttoks),
		blocks:      reuse(p.blocks, h.blocks),
		attrs:       reuse(p.attrs, h.attrs),
		labels:      reuse(p.labels, 0),
		labelRanges: p.labelRanges[:0],
	}
	*p = parser{}
	p.scratch = s
	parsers.Put(p)
}

// reuse returns the stack s emptied, cleared up to its length or high,
// whichever is larger.
func reuse[T any](s []T, high int) []T {
	clear(s[:max(len(s), high)])
	return s[:0]
}

func (p *parser) fail(why reason) {
	if debugFail != nil {
		debugFail(p, why)
	}
	panic(fallback{why})
}

// debugFail, when set (by tests), is told where the reader falls back.
var debugFail func(p *parser, why reason)

// text is the text of t, cut from the source string.
func (p *parser) text(t token) string { return p.str[t.start:t.end] }

// enter adds n levels of depth; the caller restores p.depth.
func (p *parser) enter(n int) {
	p.depth += n
	if p.depth > maxDepth {
		p.fail(reasonDepth)
	}
}

// body parses a body up to its end token (tEOF or tCBrace), which it
// consumes, as hclsyntax's ParseBody.
func (p *parser) body(end kind) *hclsyntax.Body {
	start := p.prev
	if end == tEOF {
		start = p.peek()
	}
	base, abase := len(p.blocks), len(p.attrs)
	var endTok token
	for {
		k := p.peekKind()
		if k == end {
			endTok = p.read()
			break
		}
		switch k {
		case tNewline:
			p.read()
		case tIdent:
			ident := p.read()
			switch p.peekKind() {
			case tEqual:
				p.attrs = append(p.attrs, p.attribute(ident, false))
			case tOQuote, tOBrace, tIdent:
				b := p.block(ident)
				p.blocks = append(p.blocks, b)
			default:
				p.fail(reasonSyntax)
			}
			if p.cur.pos >= p.slabs.next {
				p.resize()
			}
		default:
			p.fail(reasonSyntax)
		}
	}
	// The map is made at its size, once its arguments are known.
	attrs := make(hclsyntax.Attributes, len(p.attrs)-abase)
	for _, a := range p.attrs[abase:] {
		attrs[a.Name] = a
	}
	if len(attrs) < len(p.attrs)-abase {
		p.fail(reasonDup)
	}
	pop(&p.attrs, abase, &p.high.attrs)
	blocks := hclsyntax.Blocks(carve(&p.slabs.blocks, p.blocks[base:]))
	pop(&p.blocks, base, &p.high.blocks)
	if blocks == nil {
		blocks = hclsyntax.Blocks{}
	}
	b := alloc(&p.slabs.Body)
	b.Attributes = attrs
	b.Blocks = blocks
	b.SrcRange = p.span(&start, &endTok)
	b.EndRange = hcl.Range{Filename: b.SrcRange.Filename, Start: b.SrcRange.End, End: b.SrcRange.End}
	return b
}

// resize sizes the slabs' chunks again from what the parse has made so
// far, each eighth of the source.
func (p *parser) resize() {
	pos, n := p.cur.pos, len(p.src)
	p.slabs.resize(pos, n)
	p.slabs.next = pos + n/8
}

// attribute parses the rest of an attribute after its name.
func (p *parser) attribute(ident token, singleLine bool) *hclsyntax.Attribute {
	eq := p.read()
	expr := p.expression()
	last := p.prev
	if !singleLine {
		switch p.peekKind() {
		case tNewline, tEOF:
			p.read()
		default:
			p.fail(reasonSyntax)
		}
	}
	a := alloc(&p.slabs.Attribute)
	a.Name = p.text(ident)
	a.Expr = expr
	a.NameRange = p.rng(&ident)
	a.SrcRange = p.span(&ident, &last)
	a.EqualsRange = p.rng(&eq)
	return a
}

// block parses the rest of a block after its type.
func (p *parser) block(ident token) *hclsyntax.Block {
	labels, labelRanges := p.labels[:0], p.labelRanges[:0]
	var oBrace token
labels:
	for {
		switch t := p.peek(); t.kind {
		case tOBrace:
			oBrace = p.read()
			break labels
		case tOQuote:
			label, rng := p.label()
			labels = append(labels, label)
			labelRanges = append(labelRanges, rng)
		case tIdent:
			p.read()
			labels = append(labels, p.text(t))
			labelRanges = append(labelRanges, p.rng(&t))
		default:
			p.fail(reasonSyntax)
		}
	}
	p.labels, p.labelRanges = labels, labelRanges
	labels = carve(&p.slabs.labels, labels)
	labelRanges = carve(&p.slabs.labelRanges, labelRanges)
	clear(p.labels) // they hold the source alive
	saved := p.depth
	p.enter(1)
	var body *hclsyntax.Body
	switch p.peekKind() {
	case tNewline, tEOF, tCBrace:
		body = p.body(tCBrace)
	default:
		ident := p.expect(tIdent)
		if p.peekKind() != tEqual {
			p.fail(reasonSyntax)
		}
		a := p.attribute(ident, true)
		body = put(&p.slabs.Body, hclsyntax.Body{
			Attributes: hclsyntax.Attributes{a.Name: a},
			SrcRange:   a.SrcRange,
			EndRange:   hcl.Range{Filename: a.SrcRange.Filename, Start: a.SrcRange.End, End: a.SrcRange.End},
		})
		p.expect(tCBrace)
	}
	p.depth = saved
	cBrace := p.rng(&p.prev)
	switch p.peekKind() {
	case tNewline, tEOF:
		p.read()
	default:
		p.fail(reasonSyntax)
	}
	b := alloc(&p.slabs.Block)
	b.Type = p.text(ident)
	b.Labels = labels
	b.Body = body
	b.TypeRange = p.rng(&ident)
	b.LabelRanges = labelRanges
	b.OpenBraceRange = p.rng(&oBrace)
	b.CloseBraceRange = cBrace
	return b
}

package native

import (
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// expression parses a whole expression: a conditional or its operand, as
// hclsyntax's ParseExpression.
func (p *parser) expression() hclsyntax.Expression {
	saved := p.depth
	start := p.peek()
	cond := p.binary()
	if p.peekKind() != tQuestion {
		p.depth = saved
		return cond
	}
	p.read()
	p.enter(1)
	t := p.expression()
	p.expect(tColon)
	f := p.expression()
	p.depth = saved
	return put(&p.slabs.ConditionalExpr, hclsyntax.ConditionalExpr{
		Condition:   cond,
		TrueResult:  t,
		FalseResult: f,
		SrcRange:    hcl.RangeBetween(p.rng(&start), f.Range()),
	})
}

// binaryOp is the operation of a binary operator and its precedence
// level, loosest first, as hclsyntax's binaryOps; -1 for other tokens.
func binaryOp(k kind) (*hclsyntax.Operation, int) {
	switch k {
	case tOr:
		return hclsyntax.OpLogicalOr, 0
	case tAnd:
		return hclsyntax.OpLogicalAnd, 1
	case tEqualOp:
		return hclsyntax.OpEqual, 2
	case tNotEqual:
		return hclsyntax.OpNotEqual, 2
	case tGreater:
		return hclsyntax.OpGreaterThan, 3
	case tGreaterEq:
		return hclsyntax.OpGreaterThanOrEqual, 3
	case tLess:
		return hclsyntax.OpLessThan, 3
	case tLessEq:
		return hclsyntax.OpLessThanOrEqual, 3
	case tPlus:
		return hclsyntax.OpAdd, 4
	case tMinus:
		return hclsyntax.OpSubtract, 4
	case tStar:
		return hclsyntax.OpMultiply, 5
	case tSlash:
		return hclsyntax.OpDivide, 5
	case tPercent:
		return hclsyntax.OpModulo, 5
	}
	return nil, -1
}

// binary parses a chain of binary operators, as hclsyntax's
// parseBinaryOps, which recurses once for each precedence level: operands
// are grouped by precedence, left-associative within a level, which
// climbing precedence does with one call for each operator.
func (p *parser) binary() hclsyntax.Expression {
	return p.climb(p.operand(), 0)
}

// climb parses the operators of level min and tighter after lhs.
func (p *parser) climb(lhs hclsyntax.Expression, min int) hclsyntax.Expression {
	for {
		op, l := binaryOp(p.peekKind())
		if l < min {
			return lhs
		}
		p.read()
		p.enter(1)
		rhs := p.operand()
		for {
			if _, next := binaryOp(p.peekKind()); next <= l {
				break
			}
			rhs = p.climb(rhs, l+1)
		}
		lhs = put(&p.slabs.BinaryOpExpr, hclsyntax.BinaryOpExpr{LHS: lhs, Op: op, RHS: rhs, SrcRange: hcl.RangeBetween(lhs.Range(), rhs.Range())})
	}
}

// operand parses a term and the traversals after it, as hclsyntax's
// parseExpressionWithTraversals.
func (p *parser) operand() hclsyntax.Expression {
	base := len(p.steps)
	return p.traversals(p.term(), base)
}

// term parses an expression term, as hclsyntax's parseExpressionTerm.
func (p *parser) term() hclsyntax.Expression {
	start := p.peek()
	switch start.kind {
	case tOParen:
		p.read()
		saved, savedNL := p.depth, p.nl
		p.enter(1)
		p.nl = false
		expr := p.expression()
		cParen := p.expect(tCParen)
		p.nl, p.depth = savedNL, saved
		return put(&p.slabs.ParenthesesExpr, hclsyntax.ParenthesesExpr{Expression: expr, SrcRange: p.span(&start, &cParen)})
	case tNumber:
		p.read()
		e := alloc(&p.slabs.LiteralValueExpr)
		e.Val = p.number(start)
		e.SrcRange = p.rng(&start)
		return e
	case tIdent:
		p.read()
		if k := p.peekKind(); k == tOParen || k == tDoubleColon {
			return p.call(start)
		}
		// Nodes are filled in place (alloc).
		switch name := p.text(start); name {
		case "true", "false", "null":
			e := alloc(&p.slabs.LiteralValueExpr)
			switch name {
			case "true":
				e.Val = cty.True
			case "false":
				e.Val = cty.False
			default:
				e.Val = cty.NullVal(cty.DynamicPseudoType)
			}
			e.SrcRange = p.rng(&start)
			return e
		default:
			// The traversal is built by traversals, from p.steps.
			e := alloc(&p.slabs.ScopeTraversalExpr)
			e.SrcRange = p.rng(&start)
			p.steps = append(p.steps, p.root(name, &e.SrcRange))
			return e
		}
	case tOQuote:
		p.read()
		return p.quoted(start)
	case tOHeredoc:
		p.read()
		return p.heredoc(start)
	case tMinus, tBang:
		p.read()
		saved := p.depth
		p.enter(1)
		operand := p.operand()
		p.depth = saved
		op := hclsyntax.OpNegate
		if start.kind == tBang {
			op = hclsyntax.OpLogicalNot
		}
		sym := p.rng(&start)
		return put(&p.slabs.UnaryOpExpr, hclsyntax.UnaryOpExpr{Op: op, Val: operand, SrcRange: hcl.RangeBetween(sym, operand.Range()), SymbolRange: sym})
	case tOBrack:
		return p.tuple()
	case tOBrace:
		return p.object()
	}
	p.fail(reasonSyntax)
	return nil
}

// number is the value of a number token. Small integers, most of the
// numbers of configurations, are parsed once for the process (smallInts).
func (p *parser) number(t token) cty.Value {
	s := p.text(t)
	n, small := smallInt(s)
	if small {
		if v := smallInts[n].Load(); v != nil {
			return *v
		}
	}
	v, err := cty.ParseNumberVal(s)
	if err != nil {
		p.fail(reasonNumber)
	}
	if small {
		smallInts[n].Store(&v)
	}
	return v
}

// smallInts holds the values of the integers 0 to 999 read so far, which
// trees share: cty's values are immutable (its methods that hand out the
// *big.Float behind a number copy it), and a value parsed from the same
// text is the same value, field for field. Parsing one costs about ten
// allocations; the real-world corpus has a number every 2 kB, mostly
// small integers.
var smallInts [1000]atomic.Pointer[cty.Value]

// smallInt reports whether s is the decimal text of an integer of
// smallInts, written as hclsyntax's numbers are (no sign; a leading zero
// only for 0 itself), and its value.
func smallInt(s string) (int, bool) {
	if len(s) == 0 || len(s) > 3 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// traversals parses the attribute, index and splat steps after from, as
// hclsyntax's parseExpressionTraversals. The steps of the traversal being
// built (ret's, when it is a ScopeTraversalExpr or a
// RelativeTraversalExpr) are p.steps[base:] until ret changes or the
// steps end, when they are stored in ret at once.
func (p *parser) traversals(from hclsyntax.Expression, base int) hclsyntax.Expression {
	ret := from
	saved := p.depth
	for {
		switch p.peekKind() {
		case tDot:
			dot := p.read()
			switch name := p.peek(); name.kind {
			case tIdent:
				p.read()
				rng := p.span(&dot, &name)
				ret = p.relative(ret, p.attr(p.text(name), &rng), rng)
			case tNumber:
				p.read()
				if hasDot(p.src[name.start:name.end]) {
					p.fail(reasonNumber)
				}
				rng := p.span(&dot, &name)
				ret = p.relative(ret, p.index(hcl.TraverseIndex{Key: p.number(name), SrcRange: rng}), rng)
			case tStar:
				p.flush(ret, base)
				ret = p.attrSplat(from, ret, dot)
			default:
				p.fail(reasonSyntax)
			}
		case tOBrack:
			open := p.read()
			p.enter(1)
			if p.peekKind() == tStar {
				p.flush(ret, base)
				p.read()
				close := p.expect(tCBrack)
				marker := p.span(&open, &close)
				item := &hclsyntax.AnonSymbolExpr{SrcRange: marker}
				each := p.traversals(item, len(p.steps))
				ret = put(&p.slabs.SplatExpr, hclsyntax.SplatExpr{
					Source:      ret,
					Each:        each,
					Item:        item,
					SrcRange:    hcl.RangeBetween(from.Range(), each.Range()),
					MarkerRange: marker,
				})
				continue
			}
			savedNL := p.nl
			p.nl = false
			key := p.expression()
			close := p.expect(tCBrack)
			p.nl = savedNL
			rng := p.span(&open, &close)
			switch k := key.(type) {
			case *hclsyntax.LiteralValueExpr:
				ret = p.relative(ret, p.index(hcl.TraverseIndex{Key: k.Val, SrcRange: rng}), rng)
				continue
			case *hclsyntax.TemplateExpr:
				if len(k.Parts) == 1 {
					if lit, ok := k.Parts[0].(*hclsyntax.LiteralValueExpr); ok {
						ret = p.relative(ret, p.index(hcl.TraverseIndex{Key: lit.Val, SrcRange: rng}), rng)
						continue
					}
				}
			}
			p.flush(ret, base)
			ret = put(&p.slabs.IndexExpr, hclsyntax.IndexExpr{
				Collection:   ret,
				Key:          key,
				SrcRange:     hcl.RangeBetween(from.Range(), rng),
				OpenRange:    p.rng(&open),
				BracketRange: rng,
			})
		default:
			p.flush(ret, base)
			p.depth = saved
			return ret
		}
	}
}

// flush stores the pending steps p.steps[base:] as ret's traversal; it
// is inlined, and most operands have none.
func (p *parser) flush(ret hclsyntax.Expression, base int) {
	if len(p.steps) != base {
		p.flushSteps(ret, base)
	}
}

func (p *parser) flushSteps(ret hclsyntax.Expression, base int) {
	trav := hcl.Traversal(carve(&p.slabs.steps, p.steps[base:]))
	pop(&p.steps, base, &p.high.steps)
	switch e := ret.(type) {
	case *hclsyntax.ScopeTraversalExpr:
		e.Traversal = trav
	case *hclsyntax.RelativeTraversalExpr:
		e.Traversal = trav
	}
}

// attrSplat parses an attribute splat (".*" and the attribute and index
// steps after it) after ret, the star next.
func (p *parser) attrSplat(from, ret hclsyntax.Expression, dot token) hclsyntax.Expression {
	marker := p.read()
	base := len(p.steps)
	var first hcl.Range
	last := p.rng(&marker)
	for p.peekKind() == tDot {
		d := p.read()
		if len(p.steps) == base {
			first = p.rng(&d)
		}
		switch t := p.read(); t.kind {
		case tNumber:
			if hasDot(p.src[t.start:t.end]) {
				p.fail(reasonNumber)
			}
			p.steps = append(p.steps, p.index(hcl.TraverseIndex{Key: p.number(t), SrcRange: p.span(&d, &t)}))
			last = p.rng(&t)
		case tIdent:
			rng := p.span(&d, &t)
			p.steps = append(p.steps, p.attr(p.text(t), &rng))
			last = p.rng(&t)
		default:
			p.fail(reasonSplat)
		}
	}
	markerRange := p.span(&dot, &marker)
	item := &hclsyntax.AnonSymbolExpr{SrcRange: markerRange}
	var each hclsyntax.Expression = item
	if len(p.steps) > base {
		each = put(&p.slabs.RelativeTraversalExpr, hclsyntax.RelativeTraversalExpr{Source: item, SrcRange: hcl.RangeBetween(first, last)})
		p.flush(each, base)
	}
	return put(&p.slabs.SplatExpr, hclsyntax.SplatExpr{
		Source:      ret,
		Each:        each,
		Item:        item,
		SrcRange:    hcl.RangeBetween(from.Range(), last),
		MarkerRange: markerRange,
	})
}

func hasDot(b []byte) bool {
	for _, c := range b {
		if c == '.' {
			return true
		}
	}
	return false
}

// relative adds a step to a traversal, as hclsyntax's
// makeRelativeTraversal: the step is pending in p.steps (see traversals).
func (p *parser) relative(expr hclsyntax.Expression, step hcl.Traverser, rng hcl.Range) hclsyntax.Expression {
	p.steps = append(p.steps, step)
	switch e := expr.(type) {
	case *hclsyntax.ScopeTraversalExpr:
		e.SrcRange = hcl.RangeBetween(e.SrcRange, rng)
		return e
	case *hclsyntax.RelativeTraversalExpr:
		e.SrcRange = hcl.RangeBetween(e.SrcRange, rng)
		return e
	}
	return put(&p.slabs.RelativeTraversalExpr, hclsyntax.RelativeTraversalExpr{Source: expr, SrcRange: hcl.RangeBetween(expr.Range(), rng)})
}

// call parses a function call after its name, as hclsyntax's
// finishParsingFunctionCall.
func (p *parser) call(name token) hclsyntax.Expression {
	nameStr := p.text(name)
	nameRange := p.rng(&name)
	open := p.read()
	for open.kind == tDoubleColon {
		next := p.expect(tIdent)
		nameStr += "::" + p.text(next)
		nameRange.End = p.rng(&next).End
		open = p.read()
	}
	if open.kind != tOParen {
		p.fail(reasonSyntax)
	}
	saved, savedNL := p.depth, p.nl
	p.enter(1)
	p.nl = false
	base := len(p.list)
	var expandFinal bool
	var close token
	for {
		if p.peekKind() == tCParen {
			close = p.read()
			break
		}
		p.list = append(p.list, p.expression())
		sep := p.read()
		if sep.kind == tCParen {
			close = sep
			break
		}
		if sep.kind == tEllipsis {
			expandFinal = true
			close = p.expect(tCParen)
			break
		}
		if sep.kind != tComma {
			p.fail(reasonSyntax)
		}
		if p.peekKind() == tCParen {
			close = p.read()
			break
		}
	}
	p.nl, p.depth = savedNL, saved
	e := alloc(&p.slabs.FunctionCallExpr)
	e.Name = nameStr
	e.Args = p.popList(base)
	e.ExpandFinal = expandFinal
	e.NameRange = nameRange
	e.OpenParenRange = p.rng(&open)
	e.CloseParenRange = p.rng(&close)
	return e
}

// isKeyword reports whether t is the identifier kw.
func (p *parser) isKeyword(t token, kw string) bool {
	return t.kind == tIdent && p.str[t.start:t.end] == kw
}

// tuple parses a tuple constructor or a for expression in brackets.
func (p *parser) tuple() hclsyntax.Expression {
	open := p.read()
	saved, savedNL := p.depth, p.nl
	defer func() { p.nl, p.depth = savedNL, saved }()
	p.enter(1)
	p.nl = false
	if p.isKeyword(p.peek(), "for") {
		return p.forExpr(open)
	}
	base := len(p.list)
	var close token
	for {
		if p.peekKind() == tCBrack {
			close = p.read()
			break
		}
		p.list = append(p.list, p.expression())
		next := p.read()
		if next.kind == tCBrack {
			close = next
			break
		}
		if next.kind != tComma {
			p.fail(reasonSyntax)
		}
	}
	openRange := p.rng(&open)
	return put(&p.slabs.TupleConsExpr, hclsyntax.TupleConsExpr{Exprs: p.popList(base), SrcRange: hcl.RangeBetween(openRange, p.rng(&close)), OpenRange: openRange})
}

// object parses an object constructor or a for expression in braces.
func (p *parser) object() hclsyntax.Expression {
	open := p.read()
	saved, savedNL := p.depth, p.nl
	defer func() { p.nl, p.depth = savedNL, saved }()
	p.enter(1)
	p.nl = false
	if p.isKeyword(p.peek(), "for") {
		return p.forExpr(open)
	}
	p.nl = true
	base := len(p.items)
	var close token
	for {
		k := p.peekKind()
		if k == tNewline {
			p.read()
			continue
		}
		if k == tCBrace {
			close = p.read()
			break
		}
		key := put(&p.slabs.ObjectConsKeyExpr, hclsyntax.ObjectConsKeyExpr{ForceNonLiteral: k == tOParen})
		key.Wrapped = p.expression()
		if k := p.read().kind; k != tEqual && k != tColon {
			p.fail(reasonSyntax)
		}
		p.items = append(p.items, hclsyntax.ObjectConsItem{KeyExpr: key, ValueExpr: p.expression()})
		next := p.read()
		if next.kind == tCBrace {
			close = next
			break
		}
		if next.kind != tComma && next.kind != tNewline {
			p.fail(reasonSyntax)
		}
	}
	openRange := p.rng(&open)
	defer pop(&p.items, base, &p.high.items)
	return put(&p.slabs.ObjectConsExpr, hclsyntax.ObjectConsExpr{Items: carve(&p.slabs.items, p.items[base:]), SrcRange: hcl.RangeBetween(openRange, p.rng(&close)), OpenRange: openRange})
}

// forExpr parses a for expression after its opening bracket or brace, as
// hclsyntax's finishParsingForExpr; new lines are insignificant.
func (p *parser) forExpr(open token) hclsyntax.Expression {
	p.nl = false
	p.read() // for
	var keyVar, valVar string
	valVar = p.text(p.expect(tIdent))
	if p.peekKind() == tComma {
		p.read()
		keyVar = valVar
		valVar = p.text(p.expect(tIdent))
	}
	if !p.isKeyword(p.read(), "in") {
		p.fail(reasonFor)
	}
	coll := p.expression()
	p.expect(tColon)
	var keyExpr hclsyntax.Expression
	valExpr := p.expression()
	if p.peekKind() == tFatArrow {
		p.read()
		keyExpr = valExpr
		valExpr = p.expression()
	}
	group := false
	if p.peekKind() == tEllipsis {
		p.read()
		group = true
	}
	var cond hclsyntax.Expression
	if p.isKeyword(p.peek(), "if") {
		p.read()
		cond = p.expression()
	}
	closeKind := tCBrack
	if open.kind == tOBrace {
		closeKind = tCBrace
		if keyExpr == nil {
			p.fail(reasonFor)
		}
	} else if keyExpr != nil || group {
		p.fail(reasonFor)
	}
	close := p.expect(closeKind)
	openRange := p.rng(&open)
	closeRange := p.rng(&close)
	return put(&p.slabs.ForExpr, hclsyntax.ForExpr{
		KeyVar:     keyVar,
		ValVar:     valVar,
		CollExpr:   coll,
		KeyExpr:    keyExpr,
		ValExpr:    valExpr,
		CondExpr:   cond,
		Group:      group,
		SrcRange:   hcl.RangeBetween(openRange, closeRange),
		OpenRange:  openRange,
		CloseRange: closeRange,
	})
}

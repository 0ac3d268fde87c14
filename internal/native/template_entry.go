package native

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// ParseTemplate parses text as a standalone template, as
// hclsyntax.ParseTemplate does with text's bytes, filename and start: the
// same expression, node for node and range for range. It reports false,
// and returns nil, where the reader does not read the template or where
// hclsyntax would report anything (an error, a byte order mark, a lone
// "\r", invalid UTF-8, ...): the caller then asks hclsyntax, whose result
// and diagnostics are the answer. Literal strings in the tree are
// substrings of text.
func ParseTemplate(text string, filename string, start hcl.Pos) (expr hclsyntax.Expression, ok bool) {
	return parseText(text, filename, start, true, (*parser).bareTemplate)
}

// ParseExpression parses text as a standalone expression, as
// hclsyntax.ParseExpression does with text's bytes, filename and start
// (line breaks ignored, as inside parentheses; nothing but comments after
// the expression): the same expression, node for node and range for
// range. It reports false, and returns nil, where the reader does not
// read the expression or where hclsyntax would report anything.
func ParseExpression(text string, filename string, start hcl.Pos) (expr hclsyntax.Expression, ok bool) {
	return parseText(text, filename, start, false, func(p *parser) hclsyntax.Expression {
		p.enter(1)
		expr := p.expression()
		if p.peekKind() != tEOF {
			p.fail(reasonSyntax)
		}
		return expr
	})
}

// parseText reads text with read, a parser set on text from start (nl:
// whether line breaks are tokens, as in a template, or ignored, as inside
// parentheses), its slabs sized for one string; a fall back of the reader
// is a false ok.
func parseText(text, filename string, start hcl.Pos, nl bool, read func(*parser) hclsyntax.Expression) (expr hclsyntax.Expression, ok bool) {
	if len(text) >= 3 && text[0] == 0xef && text[1] == 0xbb && text[2] == 0xbf {
		return nil, false // hclsyntax drops a byte order mark
	}
	p := newParser([]byte(text), text, filename, start, nl)
	p.slabs.small(len(text))
	defer func() {
		p.release()
		if r := recover(); r != nil {
			if _, fb := r.(fallback); !fb {
				panic(r)
			}
			expr, ok = nil, false
		}
	}()
	return read(p), true
}

// bareTemplate parses the whole source as a template, as hclsyntax's
// scanner in its template mode (literal text cut at line breaks and at
// "$" and "%", as in a heredoc) and parseTemplateInner: literal pieces
// melded, one interpolation alone is a TemplateWrapExpr. The template's
// range runs from the first token to the end of the source.
func (p *parser) bareTemplate() hclsyntax.Expression {
	p.enter(1)
	saved := p.depth
	open := 0 // %{if} and %{for} not yet closed
	base := len(p.ttoks)
	i := 0
	for i < len(p.src) {
		end, stop := p.bareText(i)
		if end > i {
			p.pushText(base, i, end, stop)
		}
		if stop != '$' && stop != '%' {
			i = end
			continue
		}
		t := p.sequence(end)
		p.pushSequence(base, t)
		i = p.cur.pos
		// A sequence's own levels end with it; open directives count, as
		// in nesting.Check, so that the reader's depth is never less.
		switch t.kind {
		case ttIf, ttFor:
			open++
		case ttEndIf, ttEndFor:
			open = max(open-1, 0)
		}
		p.depth = saved
		p.enter(open)
	}
	toks := p.ttoks[base:]
	defer pop(&p.ttoks, base, &p.high.ttoks)
	if len(toks) == 0 {
		p.fail(reasonSyntax) // empty: literal to every caller
	}
	eof := p.pos(len(p.src), p.cur.line, p.cur.ls)
	rng := hcl.Range{Filename: p.filename, Start: p.pos(0, p.base.Line, 0), End: eof}
	if len(toks) == 1 && toks[0].kind == ttInterp {
		return put(&p.slabs.TemplateWrapExpr, hclsyntax.TemplateWrapExpr{Wrapped: toks[0].expr, SrcRange: rng})
	}
	// Meld each run of literal pieces into one literal.
	melded := toks[:0]
	for k := 0; k < len(toks); {
		first := toks[k]
		k++
		if first.kind == ttLiteral && k < len(toks) && toks[k].kind == ttLiteral {
			buf := []byte(first.val)
			for ; k < len(toks) && toks[k].kind == ttLiteral; k++ {
				t := &toks[k]
				buf = append(buf, t.val...)
				first.end, first.eline, first.els = t.end, t.eline, t.els
			}
			first.val = string(buf)
		}
		melded = append(melded, first)
	}
	eofRange := hcl.Range{Filename: p.filename, Start: eof, End: eof}
	return put(&p.slabs.TemplateExpr, hclsyntax.TemplateExpr{Parts: p.templateParts(melded, eofRange), SrcRange: rng})
}

// hasEscapedBrace says whether literal text b holds "$${" or "%%{", whose
// value is "${" or "%{" (bareText lets "{" follow "$" or "%" only so).
func hasEscapedBrace(b []byte) bool {
	for k := 2; k < len(b); k++ {
		if b[k] == '{' && (b[k-1] == '$' || b[k-1] == '%') {
			return true
		}
	}
	return false
}

// pushText pushes the literal text src[i:end] of a template, which
// starts on the cursor's line and ends at stop: after a line break
// ('\n') the cursor is on the next line. An escaped "$${" or "%%{" is
// unescaped in the literal's value.
func (p *parser) pushText(base, i, end int, stop byte) {
	line, ls := p.cur.line, p.cur.ls
	t := ttok{kind: ttLiteral, start: i, end: end, line: line, ls: ls, eline: line, els: ls}
	if stop == '\n' {
		t.eline, t.els = line+1, end
		p.cur.line, p.cur.ls = line+1, end
	}
	if seg := p.src[i:end]; !hasEscapedBrace(seg) {
		t.val = p.str[i:end]
	} else {
		t.val = string(appendUnescaped(nil, seg))
	}
	p.pushLiteral(base, t)
}

// bareText reads literal text of a bare template from i: up to and
// including a line break (stop is '\n'), up to the "${" of an
// interpolation ('$') or the "%{" of a directive ('%'), or up to the end
// of the source (stop is 0). It falls back as heredocText does: on a lone
// "\r", invalid UTF-8 and runs of three "$" or "%".
func (p *parser) bareText(i int) (end int, stop byte) { return p.lineText(i, true) }

// small bounds the slabs' chunk lengths for a template of n bytes: one
// node of each type to 256 bytes of text, at least one. A template is
// one JSON string, mostly short, and a chunk of minChunk nodes of a type
// that it holds once is mostly empty memory, zeroed and scanned.
func (s *slabs) small(n int) {
	c := min(max(n/256, 1), minChunk)
	for _, chunk := range []*int{
		&s.steps.chunk, &s.strs.chunk, &s.exprs.chunk, &s.items.chunk, &s.blocks.chunk, &s.labels.chunk, &s.labelRanges.chunk,
		&s.Attribute.chunk, &s.BinaryOpExpr.chunk, &s.Block.chunk, &s.Body.chunk, &s.ConditionalExpr.chunk,
		&s.ForExpr.chunk, &s.FunctionCallExpr.chunk, &s.IndexExpr.chunk, &s.LiteralValueExpr.chunk,
		&s.ObjectConsExpr.chunk, &s.ObjectConsKeyExpr.chunk, &s.ParenthesesExpr.chunk,
		&s.RelativeTraversalExpr.chunk, &s.ScopeTraversalExpr.chunk, &s.SplatExpr.chunk, &s.TemplateExpr.chunk,
		&s.TemplateJoinExpr.chunk, &s.TemplateWrapExpr.chunk, &s.TupleConsExpr.chunk, &s.UnaryOpExpr.chunk,
	} {
		*chunk = min(*chunk, c)
	}
}

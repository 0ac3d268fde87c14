package native

import (
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// ttKind is the kind of a template token: hclsyntax's templateToken types.
type ttKind uint8

const (
	ttLiteral ttKind = iota
	ttInterp
	ttIf
	ttElse
	ttEndIf
	ttFor
	ttEndFor
)

// ttok is a template token: literal text (melded, in a quoted string; a
// line's piece, in a heredoc), an interpolation or a directive.
type ttok struct {
	kind       ttKind
	start, end int // literal: its text
	line, ls   int // of start
	eline, els int // of end
	val        string
	expr       hclsyntax.Expression // interpolation, if condition, for collection
	rng        hcl.Range            // directive: from "%{" to "}"
	key, value string               // for
	adjust     bool                 // heredoc line trimmed by <<-
	trimPrev   bool                 // "${~" or "%{~": the literal before loses its trailing white space
	trimNext   bool                 // "~}": the literal after loses its leading white space
}

// sequence parses the interpolation or directive whose "${" or "%{" is at
// offset i, on the cursor's line, and leaves the cursor after its "}" or
// "~}".
func (p *parser) sequence(i int) ttok {
	trimPrev := i+2 < len(p.src) && p.src[i+2] == '~'
	open := token{kind: tOBrace, start: i, end: i + 2, line: p.cur.line, ls: p.cur.ls, eline: p.cur.line, els: p.cur.ls}
	p.cur.pos = i + 2
	if trimPrev {
		p.cur.pos++
	}
	p.peeked = false
	savedNL := p.nl
	p.nl = false
	p.enter(1) // restored by the template's caller: open directives count
	var t ttok
	if p.src[i] == '$' {
		t = ttok{kind: ttInterp, expr: p.expression()}
	} else {
		kw := p.expect(tIdent)
		switch p.text(kw) {
		case "if":
			t = ttok{kind: ttIf, expr: p.expression()}
		case "else":
			t.kind = ttElse
		case "endif":
			t.kind = ttEndIf
		case "endfor":
			t.kind = ttEndFor
		case "for":
			t.kind = ttFor
			t.value = p.text(p.expect(tIdent))
			if p.peekKind() == tComma {
				p.read()
				t.key = t.value
				t.value = p.text(p.expect(tIdent))
			}
			if !p.isKeyword(p.read(), "in") {
				p.fail(reasonSyntax)
			}
			t.expr = p.expression()
		default:
			p.fail(reasonSyntax)
		}
	}
	close := p.peek()
	if close.kind != tCBrace && close.kind != tTrimClose {
		p.fail(reasonSyntax)
	}
	t.rng = p.span(&open, &close)
	t.trimPrev, t.trimNext = trimPrev, close.kind == tTrimClose
	p.read()
	p.nl = savedNL
	return t
}

// pushLiteral pushes a literal template token, trimmed of its leading
// white space when the sequence before it ends with "~}", as hclsyntax's
// parseTemplateParts trims the token after it.
func (p *parser) pushLiteral(base int, t ttok) {
	if n := len(p.ttoks); n > base && p.ttoks[n-1].trimNext {
		t.val = strings.TrimLeftFunc(t.val, unicode.IsSpace)
	}
	p.ttoks = append(p.ttoks, t)
}

// pushSequence pushes an interpolation or directive; with "${~" or "%{~"
// it trims the trailing white space of the literal token just before.
func (p *parser) pushSequence(base int, t ttok) {
	if n := len(p.ttoks); t.trimPrev && n > base && p.ttoks[n-1].kind == ttLiteral {
		p.ttoks[n-1].val = strings.TrimRightFunc(p.ttoks[n-1].val, unicode.IsSpace)
	}
	p.ttoks = append(p.ttoks, t)
}

// templateParts builds the parts of a template from its tokens, literals
// melded, as hclsyntax's templateParser.parseRoot; closeRange is the range
// of the closing quote or marker, where an empty template's one empty
// literal is.
func (p *parser) templateParts(toks []ttok, closeRange hcl.Range) []hclsyntax.Expression {
	if len(toks) == 0 {
		return []hclsyntax.Expression{p.emptyLiteral(closeRange.End)}
	}
	base := len(p.list)
	for i := 0; i < len(toks); {
		var e hclsyntax.Expression
		e, i = p.templatePart(toks, i)
		p.list = append(p.list, e)
	}
	return p.popList(base)
}

func (p *parser) emptyLiteral(at hcl.Pos) *hclsyntax.LiteralValueExpr {
	return put(&p.slabs.LiteralValueExpr, hclsyntax.LiteralValueExpr{Val: cty.StringVal(""), SrcRange: hcl.Range{Filename: p.filename, Start: at, End: at}})
}

// templatePart builds the part that starts at toks[i] and returns the
// index after it.
func (p *parser) templatePart(toks []ttok, i int) (hclsyntax.Expression, int) {
	t := &toks[i]
	switch t.kind {
	case ttLiteral:
		e := alloc(&p.slabs.LiteralValueExpr)
		e.Val = p.stringVal(t.val)
		e.SrcRange = hcl.Range{Filename: p.filename, Start: p.pos(t.start, t.line, t.ls), End: p.pos(t.end, t.eline, t.els)}
		return e, i + 1
	case ttInterp:
		return t.expr, i + 1
	case ttIf:
		var ifParts, elseParts []hclsyntax.Expression
		inElse := false
		i++
		for {
			if i >= len(toks) {
				p.fail(reasonSyntax)
			}
			switch toks[i].kind {
			case ttElse:
				if inElse {
					p.fail(reasonSyntax)
				}
				inElse = true
				i++
				continue
			case ttEndIf:
			case ttEndFor:
				p.fail(reasonSyntax)
			default:
				var e hclsyntax.Expression
				e, i = p.templatePart(toks, i)
				if inElse {
					elseParts = append(elseParts, e)
				} else {
					ifParts = append(ifParts, e)
				}
				continue
			}
			break
		}
		endif := toks[i].rng
		if len(ifParts) == 0 {
			ifParts = append(ifParts, p.emptyLiteral(t.rng.End))
		}
		if len(elseParts) == 0 {
			elseParts = append(elseParts, p.emptyLiteral(endif.Start))
		}
		return put(&p.slabs.ConditionalExpr, hclsyntax.ConditionalExpr{
			Condition:   t.expr,
			TrueResult:  &hclsyntax.TemplateExpr{Parts: ifParts, SrcRange: hcl.RangeBetween(ifParts[0].Range(), ifParts[len(ifParts)-1].Range())},
			FalseResult: &hclsyntax.TemplateExpr{Parts: elseParts, SrcRange: hcl.RangeBetween(elseParts[0].Range(), elseParts[len(elseParts)-1].Range())},
			SrcRange:    hcl.RangeBetween(t.rng, endif),
		}), i + 1
	case ttFor:
		var content []hclsyntax.Expression
		i++
		for {
			if i >= len(toks) {
				p.fail(reasonSyntax)
			}
			k := toks[i].kind
			if k == ttEndFor {
				break
			}
			if k == ttElse || k == ttEndIf {
				p.fail(reasonSyntax)
			}
			var e hclsyntax.Expression
			e, i = p.templatePart(toks, i)
			content = append(content, e)
		}
		endfor := toks[i].rng
		if len(content) == 0 {
			content = append(content, p.emptyLiteral(t.rng.End))
		}
		return put(&p.slabs.TemplateJoinExpr, hclsyntax.TemplateJoinExpr{Tuple: &hclsyntax.ForExpr{
			KeyVar:     t.key,
			ValVar:     t.value,
			CollExpr:   t.expr,
			ValExpr:    &hclsyntax.TemplateExpr{Parts: content, SrcRange: hcl.RangeBetween(content[0].Range(), content[len(content)-1].Range())},
			SrcRange:   hcl.RangeBetween(t.rng, endfor),
			OpenRange:  t.rng,
			CloseRange: endfor,
		}}), i + 1
	}
	p.fail(reasonSyntax) // else, endif or endfor out of place
	return nil, 0
}

package native

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// literal reads the literal text of a quoted string from offset i up to
// its end: the closing quote, or the "${" of an interpolation or "%{" of a
// directive. It returns the text's value (a substring of the source when
// it has no escapes), the offset after the text, and what follows: '"',
// '$' or '%'. It falls back on what it does not read as hclsyntax does: a
// line break or the end of the source (errors), invalid UTF-8, an invalid
// escape, or runs of three "$" or "%" (which hclsyntax's scanner reads in
// its own way).
func (p *parser) literal(i int) (val string, end int, stop byte) {
	src := p.src
	start := i
	var buf []byte // the value so far, once an escape is met
	from := i      // the first byte not yet in buf
	seg, wide := i, false
	for {
		i = plainEnd(src, i)
		if i >= len(src) {
			p.fail(reasonString)
		}
		switch c := src[i]; c {
		case '"':
			p.segment(seg, i, wide)
			return p.value(buf, from, i, start), i, '"'
		case '\\':
			if i+1 >= len(src) {
				p.fail(reasonString)
			}
			buf = append(buf, src[from:i]...)
			n := 2
			switch src[i+1] {
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case '"':
				buf = append(buf, '"')
			case '\\':
				buf = append(buf, '\\')
			case 'u', 'U':
				digits := 4
				if src[i+1] == 'U' {
					digits = 8
				}
				r, ok := hexRune(src[i+2:], digits)
				if !ok {
					p.fail(reasonString)
				}
				buf = utf8.AppendRune(buf, r)
				n += digits
			default:
				p.fail(reasonString)
			}
			i += n
			from = i
		case '$', '%':
			// hclsyntax's scanner makes "$" and "%" (with "{" after
			// "$$" or "%%") tokens of their own: grapheme clusters are
			// counted in the text between them.
			p.segment(seg, i, wide)
			next := byte(0)
			if i+1 < len(src) {
				next = src[i+1]
			}
			switch {
			case next == '{':
				return p.value(buf, from, i, start), i, c
			case next == c:
				if i+2 < len(src) && src[i+2] == c {
					p.fail(reasonString)
				}
				if i+2 < len(src) && src[i+2] == '{' { // $${ or %%{, escaped
					buf = append(buf, src[from:i]...)
					buf = append(buf, c, '{')
					i += 3
					from = i
					if i < len(src) && src[i] == '~' {
						i++ // the escape's token is "$${~", whose clusters end here
					}
				} else {
					i += 2
				}
			default:
				i++
			}
			seg, wide = i, false
		case '\n', '\r':
			p.fail(reasonString)
		default:
			if c >= 0x80 {
				wide = true
			}
			i++
		}
	}
}

// plainText marks the bytes that a quoted string's text holds as they
// are, which literal skips: ASCII but for quotes, escapes, "$", "%" and
// line breaks.
var plainText = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = true
	}
	for _, c := range []byte("\"\\$%\n\r") {
		t[c] = false
	}
	return t
}()

// plainEnd is the offset of the first byte at or after i that is not
// plainText, or len(src): eight bytes at a time while none of them can be
// (bytes beyond ASCII, and those equal to one of the others with their
// lowest bit set: "#", "]", a vertical tab and a form feed too, which the
// byte-by-byte loop then reads past).
func plainEnd(src []byte, i int) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	for {
		for i+8 <= len(src) {
			x := binary.LittleEndian.Uint64(src[i:])
			y := x | ones
			if (hasZero(y^('"'|1)*ones)|hasZero(y^('\\'|1)*ones)|hasZero(y^('%'|1)*ones)|hasZero(y^('\n'|1)*ones)|hasZero(y^('\r'|1)*ones))|x&highs != 0 {
				break
			}
			i += 8
		}
		end := min(i+8, len(src))
		for i < end && plainText[src[i]] {
			i++
		}
		if i < end || i == len(src) {
			return i
		}
	}
}

// hasZero has the high bit of each byte of x that is zero set (and maybe
// of the bytes after one that is), and no other bit.
func hasZero(x uint64) uint64 {
	return (x - 0x0101010101010101) &^ x & 0x8080808080808080
}

// segment records the grapheme clusters of src[start:end], on the
// cursor's line, when it holds other than ASCII (wide), which must be
// valid UTF-8.
func (p *parser) segment(start, end int, wide bool) {
	if !wide {
		return
	}
	b := p.src[start:end]
	if !utf8.Valid(b) {
		p.fail(reasonToken)
	}
	p.addExcess(end, p.cur.line, len(b)-clusters(b))
}

// value is the value of the text src[start:end], given buf, the value of
// src[start:from] when the text has escapes.
func (p *parser) value(buf []byte, from, end, start int) string {
	if buf == nil {
		return p.str[start:end]
	}
	return string(append(buf, p.src[from:end]...))
}

// hexRune reads a rune of exactly n hexadecimal digits at the start of b,
// which hclsyntax accepts: not a surrogate, not past U+10FFFF.
func hexRune(b []byte, n int) (rune, bool) {
	if len(b) < n {
		return 0, false
	}
	var r rune
	for _, c := range b[:n] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, utf8.RuneLen(r) > 0
}

// closeQuote consumes the closing quote at offset i, on the line of the
// cursor, and returns it.
func (p *parser) closeQuote(i int) token {
	p.prev = token{kind: tOQuote, start: i, end: i + 1, line: p.cur.line, ls: p.cur.ls, eline: p.cur.line, els: p.cur.ls}
	p.cur.pos = i + 1
	p.peeked = false
	return p.prev
}

// label parses a quoted block label, as hclsyntax's
// parseQuotedStringLiteral.
func (p *parser) label() (string, hcl.Range) {
	open := p.read()
	val, end, stop := p.literal(open.end)
	if stop != '"' {
		p.fail(reasonString)
	}
	close := p.closeQuote(end)
	return val, p.span(&open, &close)
}

// quoted parses a quoted template after its opening quote, as hclsyntax's
// parseTemplateInner: text between interpolations and directives is one
// literal (meldConsecutiveStringLiterals).
func (p *parser) quoted(open token) hclsyntax.Expression {
	saved := p.depth
	p.enter(1)
	base := len(p.ttoks)
	i := open.end
	val, end, stop := p.literal(i)
	if stop == '"' && end > i {
		// Text alone, the most frequent string: the one literal part
		// templateParts would make, without template tokens.
		line, ls := p.cur.line, p.cur.ls
		close := p.closeQuote(end)
		p.depth = saved
		lit := alloc(&p.slabs.LiteralValueExpr)
		lit.Val = p.stringVal(val)
		lit.SrcRange = hcl.Range{Filename: p.filename, Start: p.pos(i, line, ls), End: p.pos(end, line, ls)}
		l := len(p.list)
		p.list = append(p.list, lit)
		e := alloc(&p.slabs.TemplateExpr)
		e.Parts = p.popList(l)
		e.SrcRange = p.span(&open, &close)
		return e
	}
	for {
		if end > i {
			p.pushLiteral(base, ttok{kind: ttLiteral, val: val, start: i, end: end, line: p.cur.line, ls: p.cur.ls, eline: p.cur.line, els: p.cur.ls})
		}
		if stop == '"' {
			i = end
			break
		}
		t := p.sequence(end)
		p.pushSequence(base, t)
		i = p.cur.pos
		val, end, stop = p.literal(i)
	}
	toks := p.ttoks[base:]
	defer pop(&p.ttoks, base, &p.high.ttoks)
	close := p.closeQuote(i)
	p.depth = saved
	rng := p.span(&open, &close)
	if len(toks) == 1 && toks[0].kind == ttInterp {
		return put(&p.slabs.TemplateWrapExpr, hclsyntax.TemplateWrapExpr{Wrapped: toks[0].expr, SrcRange: rng})
	}
	var closeRange hcl.Range // what templateParts reads of it, only when toks is empty
	if len(toks) == 0 {
		closeRange = p.rng(&close)
	}
	e := alloc(&p.slabs.TemplateExpr)
	e.Parts = p.templateParts(toks, closeRange)
	e.SrcRange = rng
	return e
}

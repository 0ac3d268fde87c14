package native

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/apparentlymart/go-textseg/v15/textseg"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// heredoc parses a heredoc template after its introducer, as hclsyntax's
// scanner (lines, the closing marker) and parseTemplateInner with
// flushHeredocTemplateParts and meldConsecutiveStringLiterals.
func (p *parser) heredoc(open token) hclsyntax.Expression {
	saved := p.depth
	p.enter(1)
	intro := p.src[open.start+2 : open.end-1]
	flush := intro[0] == '-'
	if flush {
		intro = intro[1:]
	}
	marker := bytes.TrimSuffix(intro, []byte{'\r'})

	base := len(p.ttoks)
	i := p.cur.pos
	startOfLine := true
	var closeTok token
	for {
		line, ls := p.cur.line, p.cur.ls
		if startOfLine {
			j := bytes.IndexByte(p.src[i:], '\n')
			if j < 0 {
				p.fail(reasonString)
			}
			text := p.src[i : i+j+1]
			// The closing marker is a line of one token, which holds no
			// "$", "%" or lone "\r" (heredocText falls back on that).
			if r := bytes.IndexByte(text, '\r'); (r < 0 || r == len(text)-2) && bytes.IndexByte(text, '$') < 0 && bytes.IndexByte(text, '%') < 0 && bytes.Equal(bytes.TrimSpace(text), marker) {
				nl := i + j
				if nl > i && p.src[nl-1] == '\r' {
					nl--
				}
				for k := i; k < nl; k++ {
					if p.src[k] >= 0x80 {
						p.fail(reasonToken)
					}
				}
				closeTok = token{kind: tOQuote, start: i, end: nl, line: line, ls: ls, eline: line, els: ls}
				break
			}
		}
		end, stop := p.heredocText(i)
		if end > i {
			p.pushText(base, i, end, stop)
		}
		if stop == '\n' {
			i = end
			startOfLine = true
			continue
		}
		t := p.sequence(end)
		p.pushSequence(base, t)
		i = p.cur.pos
		startOfLine = false
	}
	toks := p.ttoks[base:]
	defer pop(&p.ttoks, base, &p.high.ttoks)
	p.prev = closeTok
	p.cur = cursor{closeTok.end, closeTok.line, closeTok.ls}
	p.peeked = false
	p.depth = saved
	closeRange := p.rng(&closeTok)
	rng := hcl.RangeBetween(p.rng(&open), closeRange)
	minSpaces := 0
	if flush && len(toks) > 0 {
		minSpaces = flushSpaces(p.src, toks)
		if minSpaces < 0 {
			p.fail(reasonToken)
		}
	}
	// Meld each run of literal pieces into one literal.
	melded := toks[:0]
	for k := 0; k < len(toks); {
		if toks[k].kind != ttLiteral {
			melded = append(melded, toks[k])
			k++
			continue
		}
		for j := k; j < len(toks) && toks[j].kind == ttLiteral; j++ {
			if t := &toks[j]; t.adjust {
				t.start += minSpaces
				t.val = t.val[minSpaces:]
			}
		}
		first := toks[k]
		if k+1 < len(toks) && toks[k+1].kind == ttLiteral {
			var buf []byte
			for ; k < len(toks) && toks[k].kind == ttLiteral; k++ {
				t := &toks[k]
				buf = append(buf, t.val...)
				first.end, first.eline, first.els = t.end, t.eline, t.els
			}
			first.val = string(buf)
		} else {
			k++
		}
		melded = append(melded, first)
	}
	return put(&p.slabs.TemplateExpr, hclsyntax.TemplateExpr{Parts: p.templateParts(melded, closeRange), SrcRange: rng})
}

// heredocText reads the literal text of a heredoc line from i: up to and
// including its line break (stop is '\n'), or up to the "${" of an
// interpolation ('$') or the "%{" of a directive ('%'). It falls back as
// literal does, and on a lone "\r".
func (p *parser) heredocText(i int) (end int, stop byte) { return p.lineText(i, false) }

// lineText reads literal text from i as heredocText and bareText do: up
// to and including a line break (stop '\n'), or up to the "${" or "%{"
// that starts an interpolation or a directive (stop '$' or '%'). The end
// of the source ends the text (stop 0) when toEnd is set, and falls back
// otherwise, as a heredoc's text must end with its line.
func (p *parser) lineText(i int, toEnd bool) (end int, stop byte) {
	src := p.src
	seg, wide := i, false
	for {
		if i >= len(src) {
			if !toEnd {
				p.fail(reasonString)
			}
			p.segment(seg, i, wide)
			return i, 0
		}
		switch c := src[i]; c {
		case '\n':
			p.segment(seg, i, wide)
			return i + 1, '\n'
		case '\r':
			if i+1 >= len(src) || src[i+1] != '\n' {
				p.fail(reasonString)
			}
			i++
		case '$', '%':
			p.segment(seg, i, wide)
			next := byte(0)
			if i+1 < len(src) {
				next = src[i+1]
			}
			switch {
			case next == '{':
				return i, c
			case next == c:
				if i+2 < len(src) && src[i+2] == c {
					p.fail(reasonString)
				}
				i += 2
				if i < len(src) && src[i] == '{' {
					i++
					if i < len(src) && src[i] == '~' {
						i++ // the escape's token is "$${~", whose clusters end here
					}
				}
			default:
				i++
			}
			seg, wide = i, false
		default:
			if c >= 0x80 {
				wide = true
			}
			i++
		}
	}
}

// appendUnescaped appends the value of heredoc text b: "$${" and "%%{"
// are "${" and "%{" (heredocText lets "{" follow "$" or "%" only so).
func appendUnescaped(buf, b []byte) []byte {
	for {
		i := bytes.IndexByte(b, '{')
		if i < 0 {
			return append(buf, b...)
		}
		if i >= 2 && (b[i-1] == '$' || b[i-1] == '%') {
			buf = append(buf, b[:i-1]...)
		} else {
			buf = append(buf, b[:i]...)
		}
		buf = append(buf, '{')
		b = b[i+1:]
	}
}

// flushSpaces marks the segments that begin lines and are trimmed, and
// returns the number of leading spaces common to all lines, as
// hclsyntax's flushHeredocTemplateParts: lines of white space alone do
// not count; a line that begins with an interpolation or a directive has
// none; -1 when the reader cannot tell.
func flushSpaces(src []byte, segs []ttok) int {
	const maxInt = int(^uint(0) >> 1)
	min := maxInt
	newline := true
	for k := range segs {
		s := &segs[k]
		if newline {
			newline = false
			spaces := 0
			if s.kind == ttLiteral {
				v := s.val // trimmed by ~, and then not beginning with white space
				n := 0
				for n < len(v) && isSpace(v[n]) {
					n++
				}
				if n < len(v) && v[n] >= 0x80 {
					// A space beyond ASCII, or a mark on the last space,
					// which hclsyntax trims or counts otherwise.
					if r, _ := utf8.DecodeRuneInString(v[n:]); unicode.IsSpace(r) {
						return -1
					}
					if n > 0 {
						if adv, _, _ := textseg.ScanGraphemeClusters(src[s.start+n-1:s.end], true); adv != 1 {
							return -1
						}
					}
				}
				if n == len(v) && strings.HasSuffix(v, "\n") {
					spaces = maxInt
				} else {
					spaces = n
					s.adjust = true
				}
			}
			min = minInt(min, spaces)
		}
		if s.kind == ttLiteral && strings.HasSuffix(s.val, "\n") {
			newline = true
		}
	}
	if min == maxInt {
		return 0
	}
	return min
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// isSpace is unicode.IsSpace for ASCII.
func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

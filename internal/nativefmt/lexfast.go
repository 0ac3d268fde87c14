package nativefmt

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// fastLex appends to toks the tokens that hclsyntax.LexConfig makes of
// src, types and byte ranges, the EOF token included, and reports true;
// or reports false, having read something it does not read itself: the
// caller then asks hclsyntax. It reads what quickLex reads (names,
// numbers, punctuation and operators, strings of literal text with the
// common escapes) and, beyond it, line breaks between tokens ("\n" and
// "\r\n", a TokenNewline each) and interpolations of plain references in
// strings ("${a.b[0]}"), which it splits into tokens as hclsyntax does.
// A value laid out over several lines (an object of tags) is then laid
// out without hclsyntax's lexer, whose cost is mostly the columns of
// every token, which layout does not use. It gives up on comments,
// heredocs, template directives, strip markers, "$$" and "%%", tabs, and
// names or text outside strings that are not ASCII.
func fastLex(src []byte, toks []token) ([]token, bool) {
	i := 0
	for i < len(src) {
		c := src[i]
		start := i
		var typ hclsyntax.TokenType
		switch {
		case c == ' ':
			i++
			continue
		case c == '\n':
			i++
			typ = hclsyntax.TokenNewline
		case c == '\r':
			if i+1 >= len(src) || src[i+1] != '\n' {
				return toks, false
			}
			i += 2
			typ = hclsyntax.TokenNewline
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
			i = ident(src, i)
			if i < len(src) && src[i] >= utf8.RuneSelf {
				return toks, false // a name going on beyond ASCII
			}
			typ = hclsyntax.TokenIdent
		case isDigit(c):
			var ok bool
			if i, ok = number(src, i); !ok {
				return toks, false
			}
			typ = hclsyntax.TokenNumberLit
		case c == '"':
			var ok bool
			if toks, i, ok = quoted(src, i, toks); !ok {
				return toks, false
			}
			continue
		case c == '<' && i+1 < len(src) && src[i+1] == '<':
			var ok bool
			if toks, i, ok = heredoc(src, i, toks); !ok {
				return toks, false
			}
			continue
		default:
			typ, i = punct(src, i)
			if typ == hclsyntax.TokenNil {
				return toks, false
			}
		}
		toks = append(toks, token{typ: typ, start: start, end: i})
	}
	return append(toks, token{typ: hclsyntax.TokenEOF, start: len(src), end: len(src)}), true
}

// heredoc appends the tokens of the heredoc at src[i] ("<<EOT" or
// "<<-EOT" and a line break) and returns the offset after it: as
// hclsyntax makes them, a TokenStringLit of each line's text with its
// line break, or of the text before an interpolation or a directive and
// of the text after one; the interpolations of plain references and the
// directives of names and dots ("%{ for p in var.ports ~}") split into
// their tokens; the closing marker at the start of a line, followed by a
// line break, a TokenCHeredoc (the marker and the spaces before it) and a
// TokenNewline. A heredoc that the source ends in (a value's text ends
// at its marker, without the line break) ends in a TokenStringLit, as in
// hclsyntax. It gives up on text that is not ASCII, a "$" or "%" not
// starting a sequence, strip markers at the start of a sequence, and
// anything else in one.
func heredoc(src []byte, i int, toks []token) ([]token, int, bool) {
	j := i + 2
	if j < len(src) && src[j] == '-' {
		j++
	}
	m := j
	if j = ident(src, j); j == m {
		return toks, i, false
	}
	marker := src[m:j]
	switch {
	case j < len(src) && src[j] == '\n':
		j++
	case j+1 < len(src) && src[j] == '\r' && src[j+1] == '\n':
		j += 2
	default:
		return toks, i, false
	}
	toks = append(toks, token{typ: hclsyntax.TokenOHeredoc, start: i, end: j})
	startOfLine := true
	p := j
	for p < len(src) {
		q := p
		for q < len(src) && src[q] != '\n' && src[q] != '\r' && src[q] != '$' && src[q] != '%' {
			if src[q] >= utf8.RuneSelf || src[q] < ' ' && src[q] != '\t' {
				return toks, i, false
			}
			q++
		}
		if q == len(src) {
			toks = append(toks, token{typ: hclsyntax.TokenStringLit, start: p, end: q})
			return toks, q, true
		}
		switch c := src[q]; c {
		case '\r', '\n':
			eol := q + 1
			if c == '\r' {
				if q+1 >= len(src) || src[q+1] != '\n' {
					return toks, i, false
				}
				eol++
			}
			if startOfLine && bytes.Equal(bytes.TrimSpace(src[p:eol]), marker) {
				toks = append(toks, token{typ: hclsyntax.TokenCHeredoc, start: p, end: q},
					token{typ: hclsyntax.TokenNewline, start: q, end: eol})
				return toks, eol, true
			}
			toks = append(toks, token{typ: hclsyntax.TokenStringLit, start: p, end: eol})
			startOfLine, p = true, eol
		default: // "$" or "%"
			if q+2 >= len(src) || src[q+1] != '{' || src[q+2] == '~' {
				return toks, i, false
			}
			if q > p {
				toks = append(toks, token{typ: hclsyntax.TokenStringLit, start: p, end: q})
			}
			var ok bool
			if c == '$' {
				if toks, p, ok = interpolation(src, q, '\n', toks); !ok {
					return toks, i, false
				}
			} else if toks, p, ok = directive(src, q, toks); !ok {
				return toks, i, false
			}
			startOfLine = false
		}
	}
	return toks, p, true
}

// directive appends the tokens of the template directive at src[i],
// "%{" then names, dots and spaces, then "}" or "~}", and returns the
// offset after it; false for anything else.
func directive(src []byte, i int, toks []token) ([]token, int, bool) {
	toks = append(toks, token{typ: hclsyntax.TokenTemplateControl, start: i, end: i + 2})
	j := i + 2
	for j < len(src) {
		switch c := src[j]; {
		case c == ' ':
			j++
		case c == '.':
			toks = append(toks, token{typ: hclsyntax.TokenDot, start: j, end: j + 1})
			j++
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
			k := ident(src, j)
			if k < len(src) && src[k] >= utf8.RuneSelf {
				return toks, j, false
			}
			toks = append(toks, token{typ: hclsyntax.TokenIdent, start: j, end: k})
			j = k
		case c == '}':
			toks = append(toks, token{typ: hclsyntax.TokenTemplateSeqEnd, start: j, end: j + 1})
			return toks, j + 1, true
		case c == '~' && j+1 < len(src) && src[j+1] == '}':
			toks = append(toks, token{typ: hclsyntax.TokenTemplateSeqEnd, start: j, end: j + 2})
			return toks, j + 2, true
		default:
			return toks, j, false
		}
	}
	return toks, j, false
}

// number returns the end of the number at src[i], as quickLex reads
// numbers, and false for what it leaves to hclsyntax.
func number(src []byte, i int) (int, bool) {
	for i < len(src) && isDigit(src[i]) {
		i++
	}
	if i+1 < len(src) && src[i] == '.' && isDigit(src[i+1]) {
		i++
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E' || isAlnum(src[i]) || src[i] == '_' || src[i] == '.' || src[i] >= utf8.RuneSelf) {
		return i, false
	}
	return i, true
}

// quoted appends the tokens of the quoted string at src[i] and returns
// the offset after it. hclsyntax's string template makes one
// TokenQuotedLit of each run of text without "$" and "%", and one of a
// "$" or a "%" not followed by "{"; an interpolation is
// TokenTemplateInterp, the reference's tokens and TokenTemplateSeqEnd.
func quoted(src []byte, i int, toks []token) ([]token, int, bool) {
	toks = append(toks, token{typ: hclsyntax.TokenOQuote, start: i, end: i + 1})
	j := i + 1
	lit := j // start of the literal text being read
	flush := func(end int) {
		if end > lit {
			toks = append(toks, token{typ: hclsyntax.TokenQuotedLit, start: lit, end: end})
		}
	}
	for {
		if j >= len(src) {
			return toks, j, false
		}
		switch c := src[j]; c {
		case '"':
			flush(j)
			if !utf8.Valid(src[i+1 : j]) {
				return toks, j, false
			}
			toks = append(toks, token{typ: hclsyntax.TokenCQuote, start: j, end: j + 1})
			return toks, j + 1, true
		case '\\':
			if j+1 >= len(src) || !strings.ContainsRune(`"\ntr`, rune(src[j+1])) {
				return toks, j, false
			}
			j += 2
		case '\n', '\r':
			return toks, j, false
		case '$', '%':
			if j+1 < len(src) && (src[j+1] == c || src[j+1] == '{' && c == '%') {
				return toks, j, false // "$$", "%%", a directive: left to hclsyntax
			}
			flush(j)
			if c == '%' || j+1 >= len(src) || src[j+1] != '{' {
				// A "$" or "%" alone is a literal token of its own.
				toks = append(toks, token{typ: hclsyntax.TokenQuotedLit, start: j, end: j + 1})
				j++
				lit = j
				continue
			}
			var ok bool
			if toks, j, ok = interpolation(src, j, '"', toks); !ok {
				return toks, j, false
			}
			lit = j
		default:
			j++
		}
	}
}

// referenceTokens appends the tokens of src[i:end], a reference that
// simpleReference accepts: names, dots, brackets and numbers.
func referenceTokens(src []byte, i, end int, toks []token) []token {
	for i < end {
		start := i
		var typ hclsyntax.TokenType
		switch c := src[i]; {
		case c == '.':
			typ, i = hclsyntax.TokenDot, i+1
		case c == '[':
			typ, i = hclsyntax.TokenOBrack, i+1
		case c == ']':
			typ, i = hclsyntax.TokenCBrack, i+1
		case isDigit(c):
			for i < end && isDigit(src[i]) {
				i++
			}
			typ = hclsyntax.TokenNumberLit
		default:
			typ, i = hclsyntax.TokenIdent, ident(src[:end], i)
		}
		toks = append(toks, token{typ: typ, start: start, end: i})
	}
	return toks
}

// fastLexOn is false only in tests that lay values out through
// hclsyntax's tokens to compare.
var fastLexOn = true

// lexFast is lex, through fastLex where it reads src.
func (f *formatter) lexFast() {
	if !fastLexOn {
		f.lex()
		return
	}
	toks, ok := fastLex(f.src, make([]token, 0, len(f.src)/3+4))
	if !ok {
		f.lex()
		return
	}
	last := 0
	for i := range toks {
		t := &toks[i]
		t.spaces, t.orig = t.start-last, t.start-last
		last = t.end
	}
	f.toks = toks
}

// interpolation appends the tokens of the interpolation of a plain
// reference that starts at src[at] ("${a.b[0]}"), read up to its "}"
// before the first stop byte, and returns the offset after it; or
// reports false, with at, if what starts there is not one.
func interpolation(src []byte, at int, stop byte, toks []token) ([]token, int, bool) {
	k := at + 2
	for k < len(src) && src[k] != '}' && src[k] != stop {
		k++
	}
	if k >= len(src) || src[k] != '}' || !simpleReference(src[at+2:k]) {
		return toks, at, false
	}
	toks = append(toks, token{typ: hclsyntax.TokenTemplateInterp, start: at, end: at + 2})
	toks = referenceTokens(src, at+2, k, toks)
	return append(toks, token{typ: hclsyntax.TokenTemplateSeqEnd, start: k, end: k + 1}), k + 1, true
}

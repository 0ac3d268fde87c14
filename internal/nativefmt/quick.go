package nativefmt

import (
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// LaidOut reports whether value, the text of an argument's value on one
// line, is laid out as Format would lay it out after "name = ": true only
// when it is sure; false sends the caller to the full layout. It reads the
// common tokens itself (names, numbers, strings whose only template
// sequences interpolate plain references, punctuation and operators) and
// gives up on anything else
// (line breaks, comments, templates, heredocs, tabs, text outside
// strings that is not ASCII), so that most values need no lexer.
func LaidOut(value []byte) bool {
	if plainReference(value) {
		return true
	}
	// Most values have a few tokens: they are read into an array on the
	// stack (growing the slice from nothing was a tenth of LaidOut's
	// time on a generated configuration).
	var buf [32]token
	f := formatter{src: value}
	toks, ok := quickLex(value, buf[:0])
	if !ok || len(toks) == 0 {
		return false
	}
	f.toks = toks
	before := &token{typ: hclsyntax.TokenEqual}
	for i := range toks {
		if i == 0 {
			// One space after the "=", as the caller writes it.
			if toks[0].start != 0 || !f.spaceAfter(before, &nilToken, &toks[0]) {
				return false
			}
			continue
		}
		want := 0
		prev := before
		if i >= 2 {
			prev = &toks[i-2]
		}
		if f.spaceAfter(&toks[i-1], prev, &toks[i]) {
			want = 1
		}
		if toks[i].start-toks[i-1].end != want {
			return false
		}
	}
	return toks[len(toks)-1].end == len(value)
}

// quickLex appends the tokens of value to toks, or reports false for
// anything it does not read. Spaces are the only separators it accepts.
func quickLex(value []byte, toks []token) ([]token, bool) {
	i := 0
	for i < len(value) {
		c := value[i]
		if c == ' ' {
			i++
			continue
		}
		start := i
		var typ hclsyntax.TokenType
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
			for i < len(value) && (isAlnum(value[i]) || value[i] == '_' || value[i] == '-') {
				i++
			}
			typ = hclsyntax.TokenIdent
		case c >= '0' && c <= '9':
			for i < len(value) && value[i] >= '0' && value[i] <= '9' {
				i++
			}
			if i+1 < len(value) && value[i] == '.' && isDigit(value[i+1]) {
				i++
				for i < len(value) && isDigit(value[i]) {
					i++
				}
			}
			if i < len(value) && (value[i] == 'e' || value[i] == 'E') {
				return nil, false
			}
			if i < len(value) && (isAlnum(value[i]) || value[i] == '_' || value[i] == '.') {
				return nil, false
			}
			typ = hclsyntax.TokenNumberLit
		case c == '"':
			j := i + 1
			for j < len(value) && value[j] != '"' {
				switch value[j] {
				case '\\':
					// Escapes other than these, and invalid UTF-8, are
					// left to the lexer.
					if j+1 >= len(value) || !strings.ContainsRune(`"\\ntr`, rune(value[j+1])) {
						return nil, false
					}
					j++
				case '$':
					if j+1 < len(value) && value[j+1] == '$' {
						return nil, false // an escape: left to the lexer
					}
					if j+1 < len(value) && value[j+1] == '{' {
						// An interpolation of a simple reference, which
						// Format leaves as it is; any other sequence is
						// left to the lexer.
						k := j + 2
						for k < len(value) && value[k] != '}' && value[k] != '"' {
							k++
						}
						if k >= len(value) || value[k] != '}' || !simpleReference(value[j+2:k]) {
							return nil, false
						}
						j = k
					}
				case '%':
					if j+1 < len(value) && value[j+1] == '{' {
						return nil, false
					}
				case '\n', '\r':
					return nil, false
				}
				j++
			}
			if j >= len(value) || !utf8.Valid(value[i+1:j]) {
				return nil, false
			}
			toks = append(toks, token{typ: hclsyntax.TokenOQuote, start: i, end: i + 1})
			if j > i+1 {
				toks = append(toks, token{typ: hclsyntax.TokenQuotedLit, start: i + 1, end: j})
			}
			toks = append(toks, token{typ: hclsyntax.TokenCQuote, start: j, end: j + 1})
			i = j + 1
			continue
		default:
			typ, i = punct(value, i)
			if typ == hclsyntax.TokenNil {
				return nil, false
			}
		}
		toks = append(toks, token{typ: typ, start: start, end: i})
	}
	return toks, true
}

// punct reads the operator or punctuation at value[i].
func punct(value []byte, i int) (hclsyntax.TokenType, int) {
	two := func(next byte, t2, t1 hclsyntax.TokenType) (hclsyntax.TokenType, int) {
		if i+1 < len(value) && value[i+1] == next {
			return t2, i + 2
		}
		return t1, i + 1
	}
	switch value[i] {
	case '.':
		if i+2 < len(value) && value[i+1] == '.' && value[i+2] == '.' {
			return hclsyntax.TokenEllipsis, i + 3
		}
		return hclsyntax.TokenDot, i + 1
	case ',':
		return hclsyntax.TokenComma, i + 1
	case '(':
		return hclsyntax.TokenOParen, i + 1
	case ')':
		return hclsyntax.TokenCParen, i + 1
	case '[':
		return hclsyntax.TokenOBrack, i + 1
	case ']':
		return hclsyntax.TokenCBrack, i + 1
	case '{':
		return hclsyntax.TokenOBrace, i + 1
	case '}':
		return hclsyntax.TokenCBrace, i + 1
	case '?':
		return hclsyntax.TokenQuestion, i + 1
	case ':':
		return two(':', hclsyntax.TokenDoubleColon, hclsyntax.TokenColon)
	case '+':
		return hclsyntax.TokenPlus, i + 1
	case '-':
		return hclsyntax.TokenMinus, i + 1
	case '*':
		return hclsyntax.TokenStar, i + 1
	case '/':
		if i+1 < len(value) && (value[i+1] == '/' || value[i+1] == '*') {
			return hclsyntax.TokenNil, i // a comment
		}
		return hclsyntax.TokenSlash, i + 1
	case '%':
		return hclsyntax.TokenPercent, i + 1
	case '=':
		if i+1 < len(value) && value[i+1] == '>' {
			return hclsyntax.TokenFatArrow, i + 2
		}
		return two('=', hclsyntax.TokenEqualOp, hclsyntax.TokenEqual)
	case '!':
		return two('=', hclsyntax.TokenNotEqual, hclsyntax.TokenBang)
	case '<':
		if i+1 < len(value) && value[i+1] == '<' {
			return hclsyntax.TokenNil, i // a heredoc
		}
		return two('=', hclsyntax.TokenLessThanEq, hclsyntax.TokenLessThan)
	case '>':
		return two('=', hclsyntax.TokenGreaterThanEq, hclsyntax.TokenGreaterThan)
	case '&':
		if i+1 < len(value) && value[i+1] == '&' {
			return hclsyntax.TokenAnd, i + 2
		}
	case '|':
		if i+1 < len(value) && value[i+1] == '|' {
			return hclsyntax.TokenOr, i + 2
		}
	}
	return hclsyntax.TokenNil, i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// simpleReference reports whether b is a name followed by attributes
// (.name) and indexes by number ([0]) only: text that Format leaves as it
// is inside a template sequence too (where it spaces a splat apart from
// what follows it: "${a.*[0]}" becomes "${a.* [0]}").
func simpleReference(b []byte) bool {
	i := ident(b, 0)
	if i == 0 {
		return false
	}
	for i < len(b) {
		switch b[i] {
		case '.':
			n := ident(b, i+1)
			if n == i+1 {
				return false
			}
			i = n
		case '[':
			j := i + 1
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			if j == i+1 || j >= len(b) || b[j] != ']' {
				return false
			}
			i = j + 1
		default:
			return false
		}
	}
	return true
}

package tfgentest

import (
	"strconv"
	"unicode/utf8"
)

// enc appends indented JSON (two spaces a level) to a byte slice. Members and
// elements are introduced with key and elem; containers are opened with obj
// or arr and closed with end. It does not check that its calls make valid
// JSON: the generator's structure guarantees that, and the tests check it.
type enc struct {
	b     []byte
	depth int
	empty []bool // one per open container: nothing written in it yet
}

// strMode says how a string's characters are escaped.
type strMode uint8

const (
	rawUnicode strMode = iota // non-ASCII written as UTF-8, like most encoders
	asciiOnly                 // non-ASCII as \uXXXX (surrogate pairs above U+FFFF), like Python's json.dumps
	htmlSafe                  // also <, >, & as \u003c …, like Go's encoding/json
)

const spaces = "                                                                "

func (e *enc) newline() {
	e.b = append(e.b, '\n')
	for n := 2 * e.depth; n > 0; {
		k := min(n, len(spaces))
		e.b = append(e.b, spaces[:k]...)
		n -= k
	}
}

func (e *enc) sep() {
	top := len(e.empty) - 1
	if !e.empty[top] {
		e.b = append(e.b, ',')
	}
	e.empty[top] = false
	e.newline()
}

func (e *enc) open(c byte) {
	e.b = append(e.b, c)
	e.depth++
	e.empty = append(e.empty, true)
}

func (e *enc) obj() { e.open('{') }
func (e *enc) arr() { e.open('[') }

// end closes the innermost container with c ('}' or ']').
func (e *enc) end(c byte) {
	e.depth--
	top := len(e.empty) - 1
	wasEmpty := e.empty[top]
	e.empty = e.empty[:top]
	if !wasEmpty {
		e.newline()
	}
	e.b = append(e.b, c)
}

func (e *enc) key(k string) {
	e.sep()
	e.str(k, rawUnicode)
	e.b = append(e.b, ':', ' ')
}

func (e *enc) elem() { e.sep() }

// mark records a point to come back to with reset; it is valid only while the
// same container is open.
type mark struct {
	n     int
	empty bool
}

func (e *enc) mark() mark { return mark{len(e.b), e.empty[len(e.empty)-1]} }

func (e *enc) reset(m mark) {
	e.b = e.b[:m.n]
	e.empty[len(e.empty)-1] = m.empty
}

func (e *enc) null()           { e.b = append(e.b, "null"...) }
func (e *enc) bool(v bool)     { e.b = strconv.AppendBool(e.b, v) }
func (e *enc) int(v int)       { e.b = strconv.AppendInt(e.b, int64(v), 10) }
func (e *enc) number(s string) { e.b = append(e.b, s...) } // s is a JSON number literal

const hexDigits = "0123456789abcdef"

func (e *enc) u4(r rune) {
	e.b = append(e.b, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

// str writes s as a JSON string. s must be valid UTF-8.
func (e *enc) str(s string, mode strMode) {
	e.b = append(e.b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				e.b = append(e.b, '\\', c)
			case c == '\n':
				e.b = append(e.b, '\\', 'n')
			case c == '\t':
				e.b = append(e.b, '\\', 't')
			case c == '\r':
				e.b = append(e.b, '\\', 'r')
			case c < 0x20, mode == htmlSafe && (c == '<' || c == '>' || c == '&'):
				e.u4(rune(c))
			default:
				e.b = append(e.b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if mode == asciiOnly {
			if r > 0xffff {
				r -= 0x10000
				e.u4(0xd800 + r>>10)
				e.u4(0xdc00 + r&0x3ff)
			} else {
				e.u4(r)
			}
		} else {
			e.b = append(e.b, s[i:i+size]...)
		}
		i += size
	}
	e.b = append(e.b, '"')
}

// discard abandons the innermost open container, whose opening was preceded
// by m, and everything written since m.
func (e *enc) discard(m mark) {
	e.depth--
	e.empty = e.empty[:len(e.empty)-1]
	e.reset(m)
}

package template

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// bom is U+FEFF, which hclsyntax skips when it begins a template.
const bom = "\uFEFF"

// IsLiteral reports whether evaluating s as a template gives s itself, so
// that it need never reach the template parser: s holds no "${" and no
// "%{", is valid UTF-8 and does not begin with U+FEFF (hclsyntax drops a
// leading byte order mark and rejects invalid UTF-8).
//
// "$${x}" is not literal: it evaluates to "${x}".
func IsLiteral(s string) bool {
	if len(s) < 16 {
		lit, _ := scan(s)
		return lit
	}
	// Each '{' (most strings have none) found a word at a time, and the
	// byte before it checked; then the UTF-8, whose check reads ASCII a
	// word at a time too: for a long string, cheaper than scan's one
	// loop, which also says whether s is ASCII.
	for i := strings.IndexByte(s, '{'); i >= 0; {
		if i > 0 && (s[i-1] == '$' || s[i-1] == '%') {
			return false
		}
		j := strings.IndexByte(s[i+1:], '{')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return utf8.ValidString(s) && !strings.HasPrefix(s, bom)
}

// scan reports whether s is literal (see IsLiteral) and whether it is all
// ASCII, in one pass, eight bytes at a time: a word with no byte of the
// high half, no '$' and no '%' (the commonest) needs nothing more.
func scan(s string) (literal, ascii bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	literal, ascii = true, true
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		dollar, percent := x^('$'*ones), x^('%'*ones)
		// Each term flags its lowest matching byte exactly; a flag above
		// it may be false, which only sends the word to the loop below.
		if x&highs|(dollar-ones)&^dollar&highs|(percent-ones)&^percent&highs == 0 {
			continue
		}
		for j := i; j < i+8; j++ {
			switch c := s[j]; {
			case c == '$' || c == '%':
				if j+1 < len(s) && s[j+1] == '{' {
					literal = false
				}
			case c >= utf8.RuneSelf:
				ascii = false
			}
		}
	}
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '$' || c == '%':
			if i+1 < len(s) && s[i+1] == '{' {
				literal = false
			}
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	if literal && !ascii {
		literal = utf8.ValidString(s) && !strings.HasPrefix(s, bom)
	}
	return literal, ascii
}

// Escape returns a template that evaluates to the literal s: "${" becomes
// "$${" and "%{" becomes "%%{". A leading U+FEFF is doubled, because
// hclsyntax drops one at the start of a template. s is returned unchanged
// (without allocating) when nothing needs escaping.
//
// Escape is for strings written where the reader evaluates templates (an
// expression attribute); where a string is read literally it must be written
// as it is.
//
// Two kinds of string cannot be expressed: invalid UTF-8, and a string with
// a carriage return not followed by a line feed and, after it, an even run
// of '$' (or '%') before '{'. After such a lone "\r" hclsyntax reads the
// rest of the template as one literal in which only "$${" and "%%{" are
// unescaped (and interpolations are not evaluated), so "\r$${" comes back
// as "\r$$${".
func Escape(s string) string {
	if !needsEscape(s) {
		return s
	}
	return string(AppendEscape(make([]byte, 0, len(s)+8), s))
}

// AppendEscape appends Escape(s) to dst and returns the extended buffer.
func AppendEscape(dst []byte, s string) []byte {
	if strings.HasPrefix(s, bom) {
		dst = append(dst, bom...)
	}
	last := 0
	for i := 0; i+1 < len(s); i++ {
		if c := s[i]; (c == '$' || c == '%') && s[i+1] == '{' {
			dst = append(dst, s[last:i+1]...)
			dst = append(dst, c)
			last = i + 1
		}
	}
	return append(dst, s[last:]...)
}

func needsEscape(s string) bool {
	if strings.HasPrefix(s, bom) {
		return true
	}
	for i := 0; i+1 < len(s); i++ {
		if c := s[i]; (c == '$' || c == '%') && s[i+1] == '{' {
			return true
		}
	}
	return false
}

// AppendQuoted appends template source s between quotes with the escapes
// of a native quoted string (see AppendNativeEscapes): its "${" and "%{"
// are kept.
func AppendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = AppendNativeEscapes(dst, s)
	return append(dst, '"')
}

// AppendNativeEscapes appends s with the escapes of a native quoted
// string: backslash, quote and control characters (and U+2028, U+2029
// and U+FEFF as \uXXXX). Template sequences in s are kept: escape
// literal text with Escape first.
func AppendNativeEscapes(dst []byte, s string) []byte {
	for _, r := range s {
		switch r {
		case '\\':
			dst = append(dst, `\\`...)
		case '"':
			dst = append(dst, `\"`...)
		case '\n':
			dst = append(dst, `\n`...)
		case '\r':
			dst = append(dst, `\r`...)
		case '\t':
			dst = append(dst, `\t`...)
		default:
			if r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 || r == 0xfeff {
				dst = fmt.Appendf(dst, `\u%04X`, r)
				continue
			}
			dst = utf8.AppendRune(dst, r)
		}
	}
	return dst
}

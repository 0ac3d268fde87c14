package jsonw

import "unicode/utf8"

// Escape says how AppendString escapes a string beyond JSON's rules.
type Escape uint8

const (
	// Plain is JSON escaping only: the string reads back as it is.
	Plain Escape = iota
	// Template also escapes the string for a place HCL reads as a
	// template, so that the template evaluates to it.
	Template
)

// safe marks the bytes that a JSON string holds as they are: printable
// ASCII except '"' and '\\'. safeTemplate also excludes '$' and '%', the
// bytes that may start a template sequence. Bytes from 0x80 are UTF-8 and
// are checked separately.
var safe, safeTemplate = func() (plain, tmpl [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
		tmpl[c] = plain[c] && c != '$' && c != '%'
	}
	return plain, tmpl
}()

const hexDigits = "0123456789abcdef"

// bom is U+FEFF: hclsyntax drops one at the start of a template.
const bom = "\uFEFF"

// AppendString appends s as a JSON string to dst and returns the extended
// buffer: '"' and '\\' escaped, control characters as \n, \t, \r, \b, \f
// or \u00XX, U+2028 and U+2029 as \u2028 and \u2029 (for JavaScript), each
// byte of invalid UTF-8 as \ufffd, the rest as it is (no HTML escaping).
//
// With Template, s is literal text in a place read as a template: "${" is
// written "$${", "%{" is written "%%{", and a leading U+FEFF is doubled,
// so that the template evaluates to s. The one kind of text that escaping
// cannot express (a carriage return not followed by a line feed, then a
// "${" or "%{": hclsyntax reads the text after such a "\r" literally, see
// template.Escape) is written as an interpolation of a quoted string,
// "${\"...\"}", which evaluates to s too.
func AppendString(dst []byte, s string, esc Escape) []byte {
	start := len(dst)
	tmpl := esc == Template
	table := &safe
	if tmpl {
		table = &safeTemplate
	}
	dst = append(dst, '"')
	if tmpl && len(s) >= 3 && s[0] == bom[0] && s[1] == bom[1] && s[2] == bom[2] {
		dst = append(dst, bom...)
	}
	loneCR := false
	last := 0 // s[last:i] is still to be copied
	for i := 0; i < len(s); {
		c := s[i]
		if table[c] {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
				dst = append(dst, s[last:i]...) // an invalid byte decodes as U+FFFD
				dst = append(dst, '\\', 'u', hexDigits[r>>12], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
				last = i + size
			}
			i += size
			continue
		}
		switch c {
		case '$', '%':
			if i+1 < len(s) && s[i+1] == '{' {
				if loneCR {
					return appendQuotedInterpolation(dst[:start], s)
				}
				dst = append(dst, s[last:i+1]...)
				last = i // c is written twice
			}
			i++
			continue
		case '\r':
			if tmpl && (i+1 == len(s) || s[i+1] != '\n') {
				loneCR = true
			}
		}
		dst = append(dst, s[last:i]...)
		dst = appendEscapedASCII(dst, c)
		i++
		last = i
	}
	dst = append(dst, s[last:]...)
	return append(dst, '"')
}

// appendEscapedASCII appends the JSON escape of an ASCII byte that cannot
// be written as it is: '"', '\\' or a control character.
func appendEscapedASCII(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// appendQuotedInterpolation appends, as a JSON string, the template
// ${"<s>"}: one interpolation of a native quoted string that evaluates to
// s. Inside the quotes '\\', '"', control characters, U+2028, U+2029 and
// U+FEFF are escaped the HCL way (\n, \uXXXX), and "${", "%{" are doubled.
// Every carriage return is then an escape sequence, so hclsyntax's reading
// of a lone "\r" never applies.
func appendQuotedInterpolation(dst []byte, s string) []byte {
	dst = append(dst, `"${\"`...)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '$' || c == '%':
			dst = append(dst, c)
			if i+1 < len(s) && s[i+1] == '{' {
				dst = append(dst, c)
			}
		case c == '"' || c == '\\':
			// HCL escape \" or \\, then JSON-escaped.
			dst = append(dst, '\\', '\\', '\\', c)
		case c == '\n':
			dst = append(dst, `\\n`...)
		case c == '\r':
			dst = append(dst, `\\r`...)
		case c == '\t':
			dst = append(dst, `\\t`...)
		case c < 0x20 || c == 0x7f:
			dst = appendHCLRuneEscape(dst, rune(c))
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				dst = appendHCLRuneEscape(dst, '\uFFFD')
			case r == '\u2028' || r == '\u2029' || r == '\uFEFF':
				dst = appendHCLRuneEscape(dst, r)
			default:
				dst = append(dst, s[i:i+size]...)
			}
			i += size
			continue
		default:
			dst = append(dst, c)
		}
		i++
	}
	return append(dst, `\"}"`...)
}

// appendHCLRuneEscape appends the HCL escape \uXXXX of r, JSON-escaped
// (\\uXXXX).
func appendHCLRuneEscape(dst []byte, r rune) []byte {
	return append(dst, '\\', '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

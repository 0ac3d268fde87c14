package cli

import (
	"io"
	"unicode/utf8"
)

// Text that hcljson writes for people to read (diagnostics, file names,
// "inspect --format text", and any output on a terminal) shows the
// characters a terminal would act on as escapes, so that a file's name or
// content cannot move the cursor, set the window title or reorder what
// is shown: the C0 controls but tab and line feed (\x1b), DEL (\x7f),
// the C1 controls (\u009b), the bidirectional marks, embeddings,
// overrides and isolates (\u202e), and each byte that is not part of
// well-formed UTF-8 (\xff, which some terminals read as a C1 control).
// A backslash is left as it is. JSON output is not escaped this way: its
// strings show the same characters as JSON escapes (\u009b, \u202e,
// \u007f), which read back as the same text (appendJSONSafe).

// unsafeRune reports whether r is shown as an escape (see above); tab and
// line feed are not, and are decided by the caller.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	case r >= 0x202a && r <= 0x202e:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// appendEscaped appends s with every unsafe character escaped. Tab and
// line feed are kept when keepLayout is set (messages, snippets) and
// escaped otherwise (file names, which must stay on one line).
func appendEscaped[S string | []byte](b []byte, s S, keepLayout bool) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			b = append(b, c)
			i++
			continue
		}
		if c < utf8.RuneSelf {
			if keepLayout && (c == '\t' || c == '\n') {
				b = append(b, c)
			} else {
				b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
		case unsafeRune(r):
			b = append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// appendJSONSafe appends JSON text s with every unsafe character of its
// strings written as a JSON escape: DEL, the C1 controls and the
// bidirectional controls (the C0 controls are escaped by every JSON
// writer already, and cannot stand raw in JSON text). In valid JSON they
// stand only inside strings, so the text means the same.
func appendJSONSafe(b, s []byte) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x7f {
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r != utf8.RuneError && unsafeRune(r) {
			b = append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// escapeText returns s with every unsafe character escaped, tab and line
// feed kept.
func escapeText(s string) string {
	if !needsEscape(s, true) {
		return s
	}
	return string(appendEscaped(nil, s, true))
}

// escapeName returns a file name, or any text shown on one line, with
// every unsafe character escaped, tab and line feed included.
func escapeName(s string) string {
	if !needsEscape(s, false) {
		return s
	}
	return string(appendEscaped(nil, s, false))
}

// needsEscape reports whether appendEscaped would change s.
func needsEscape(s string, keepLayout bool) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			if keepLayout && (c == '\t' || c == '\n') {
				continue
			}
			return string(appendEscaped(nil, s, keepLayout)) != s
		}
	}
	return false
}

// clipText returns s cut to at most n bytes at a character boundary, with
// "…" added when it was cut.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// escapeWriter writes text with every unsafe character escaped, tab and
// line feed kept; with json set, JSON text with its strings' unsafe
// characters written as JSON escapes (appendJSONSafe). A character split
// between two writes is escaped whole.
type escapeWriter struct {
	w       io.Writer
	json    bool
	pending []byte // the start of a character cut by the end of a write
	buf     []byte
}

// escape appends data escaped as ew escapes it.
func (ew *escapeWriter) escape(data []byte) []byte {
	if ew.json {
		return appendJSONSafe(ew.buf[:0], data)
	}
	return appendEscaped(ew.buf[:0], data, true)
}

func (ew *escapeWriter) Write(p []byte) (int, error) {
	data := p
	if len(ew.pending) > 0 {
		data = append(ew.pending, p...)
		ew.pending = nil
	}
	// Keep back an incomplete UTF-8 sequence at the end.
	cut := len(data)
	for k := 1; k < utf8.UTFMax && k <= len(data); k++ {
		c := data[len(data)-k]
		if c < utf8.RuneSelf {
			break
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(data[len(data)-k:]) {
				cut = len(data) - k
			}
			break
		}
	}
	ew.buf = ew.escape(data[:cut])
	ew.pending = append([]byte(nil), data[cut:]...)
	if _, err := ew.w.Write(ew.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a character left incomplete at the end of the text.
func (ew *escapeWriter) Flush() error {
	if len(ew.pending) == 0 {
		return nil
	}
	ew.buf = ew.escape(ew.pending)
	ew.pending = nil
	_, err := ew.w.Write(ew.buf)
	return err
}

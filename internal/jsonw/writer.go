package jsonw

import "io"

// FlushSize is the length of Buf at which a Writer with an Out hands Buf
// over.
const FlushSize = 64 << 10

// A Writer appends JSON text to Buf, laying out objects and arrays compact
// or indented. The caller writes the tokens in order: Open, then for each
// member or element after the first Next, then Close; Key (or a string and
// Colon) before each member's value; scalars appended to Buf as their text
// or with String. An empty object or array is appended as "{}" or "[]"
// without Open and Close.
//
// With Indent set, each member and element starts a line indented by
// Indent spaces per level, and a colon is followed by a space; this is the
// layout of json.Indent with an empty prefix. With Indent 0 nothing is
// written between tokens.
//
// With Out set, MaybeFlush hands Buf to Out once it holds FlushSize bytes
// or more, and Flush hands over the rest, so that a large text is never
// held whole; the first error of Out is kept, and nothing is written after
// it.
// The zero Writer appends compact text to a nil Buf.
type Writer struct {
	Buf    []byte    // the text appended and not yet handed to Out
	Indent int       // spaces per level; 0: compact
	Out    io.Writer // nil: append only

	depth int   // of the innermost open object or array
	err   error // first error of Out
}

// Nest sets the depth of the innermost open object or array, for text
// written inside brackets that another Writer opened: a Writer at depth d
// writes what one that has opened d levels writes.
func (w *Writer) Nest(depth int) { w.depth = depth }

// spaces is sliced for indentation.
const spaces = "                                                                " // 64

// newline starts a new line indented for the current depth; in compact
// mode it writes nothing.
func (w *Writer) newline() {
	if w.Indent <= 0 {
		return
	}
	w.Buf = append(w.Buf, '\n')
	for n := w.Indent * w.depth; n > 0; {
		k := min(n, len(spaces))
		w.Buf = append(w.Buf, spaces[:k]...)
		n -= k
	}
}

// Open writes the opening bracket c ('{' or '[') of a non-empty object or
// array and starts the line of its first member or element.
func (w *Writer) Open(c byte) {
	w.Buf = append(w.Buf, c)
	w.depth++
	w.newline()
}

// Next separates two members or elements.
func (w *Writer) Next() {
	w.Buf = append(w.Buf, ',')
	w.newline()
}

// Close writes the closing bracket c ('}' or ']') of a non-empty object or
// array on a line of its own.
func (w *Writer) Close(c byte) {
	w.depth--
	w.newline()
	w.Buf = append(w.Buf, c)
}

// Colon ends an object key.
func (w *Writer) Colon() {
	if w.Indent <= 0 {
		w.Buf = append(w.Buf, ':')
	} else {
		w.Buf = append(w.Buf, ':', ' ')
	}
}

// Key writes name as an object key (Plain) and the colon.
func (w *Writer) Key(name string) {
	w.Buf = AppendString(w.Buf, name, Plain)
	w.Colon()
}

// String writes s as a JSON string escaped as esc says (see AppendString).
func (w *Writer) String(s string, esc Escape) {
	w.Buf = AppendString(w.Buf, s, esc)
}

// MaybeFlush hands Buf to Out, if there is an Out, once Buf holds
// FlushSize bytes or more. Calling it after each member or element keeps
// the buffer small.
func (w *Writer) MaybeFlush() {
	if w.Out != nil && len(w.Buf) >= FlushSize {
		w.Flush()
	}
}

// Flush hands Buf to Out, if there is an Out, and empties it. It returns
// the first error of Out.
func (w *Writer) Flush() error {
	if w.Out == nil {
		return nil
	}
	if w.err == nil && len(w.Buf) > 0 {
		_, w.err = w.Out.Write(w.Buf)
	}
	w.Buf = w.Buf[:0]
	return w.err
}

// Reindent writes the JSON text src laid out as w lays out what it
// writes, starting at w's current depth: whitespace between tokens
// dropped, then written as Open, Next, Close and Colon write it, empty
// objects and arrays as {} and []. Strings, numbers and literals are
// copied byte for byte, members in written order, duplicates kept.
//
// src must be valid JSON (RFC 8259), such as encoding/json's output or a
// value of a document that package scanner read without errors; other
// text is copied in some layout, but not checked.
func (w *Writer) Reindent(src []byte) {
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case ' ', '\t', '\n', '\r':
		case '"':
			j := i + 1 // copy the string through its closing quote
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			w.Buf = append(w.Buf, src[i:min(j+1, len(src))]...)
			i = j
		case '{', '[':
			k := i + 1
			for k < len(src) && isSpace(src[k]) {
				k++
			}
			if k < len(src) && (src[k] == '}' || src[k] == ']') {
				w.Buf = append(w.Buf, c, src[k])
				i = k
				continue
			}
			w.Open(c)
		case '}', ']':
			w.Close(c)
		case ',':
			w.MaybeFlush()
			w.Next()
		case ':':
			w.Colon()
		default: // a number or literal
			j := i + 1
			for j < len(src) && !isDelimiter(src[j]) {
				j++
			}
			w.Buf = append(w.Buf, src[i:j]...)
			i = j - 1
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isDelimiter reports whether c ends a number or literal.
func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '}', ']', '"', '{', '[':
		return true
	}
	return false
}

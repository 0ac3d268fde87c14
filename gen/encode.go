package gen

import (
	"io"
	"unicode/utf8"
)

// Options says how a File or Value is laid out. The zero Options indents
// with two spaces.
type Options struct {
	// Compact writes no whitespace between tokens.
	Compact bool
}

// AppendFile appends the JSON text of f, followed by a newline, to dst and
// returns the extended buffer. It allocates only to grow dst. A nil f is
// written as an empty file.
func AppendFile(dst []byte, f *File, opts Options) []byte {
	e := encoder{dst: dst, compact: opts.Compact}
	e.file(f)
	return e.dst
}

// AppendValue appends the JSON text of v, read in the given mode, to dst
// and returns the extended buffer. It writes no trailing newline.
func AppendValue(dst []byte, v Value, mode Mode, opts Options) []byte {
	e := encoder{dst: dst, compact: opts.Compact}
	e.value(&v, mode, 0)
	return e.dst
}

// Bytes returns the JSON text of f with the default Options.
func (f *File) Bytes() []byte { return AppendFile(nil, f, Options{}) }

// An Encoder writes files to an io.Writer. It keeps its buffer between
// calls, and hands the output to the writer in pieces of about 64 KiB, so
// that a large file never needs to be held whole.
type Encoder struct {
	w    io.Writer
	opts Options
	buf  []byte
}

// NewEncoder returns an Encoder that writes to w.
func NewEncoder(w io.Writer, opts Options) *Encoder {
	return &Encoder{w: w, opts: opts}
}

// Encode writes the JSON text of f, followed by a newline. It returns the
// first error of the writer.
func (enc *Encoder) Encode(f *File) error {
	e := encoder{dst: enc.buf[:0], compact: enc.opts.Compact, w: enc.w}
	e.file(f)
	e.flush()
	enc.buf = e.dst[:0]
	return e.err
}

// flushSize is the buffer length at which an encoder with a writer hands
// its output over.
const flushSize = 64 << 10

// encoder is the state of one encoding: the buffer being appended to and,
// when streaming, the writer that receives it.
type encoder struct {
	dst     []byte
	compact bool
	w       io.Writer // nil: append only
	err     error     // first error of w
}

func (e *encoder) flush() {
	if e.w == nil {
		return
	}
	if e.err == nil && len(e.dst) > 0 {
		_, e.err = e.w.Write(e.dst)
	}
	e.dst = e.dst[:0]
}

// maybeFlush hands the buffer to the writer once it is large enough.
func (e *encoder) maybeFlush() {
	if e.w != nil && len(e.dst) >= flushSize {
		e.flush()
	}
}

func (e *encoder) file(f *File) {
	if f == nil {
		e.dst = append(e.dst, '{', '}', '\n')
		return
	}
	e.body(&f.body, 0)
	e.dst = append(e.dst, '\n')
}

// spaces is sliced for indentation.
const spaces = "                                                                " // 64

// newline starts a new line indented for depth; in compact mode it writes
// nothing.
func (e *encoder) newline(depth int) {
	if e.compact {
		return
	}
	e.dst = append(e.dst, '\n')
	for n := 2 * depth; n > 0; {
		k := min(n, len(spaces))
		e.dst = append(e.dst, spaces[:k]...)
		n -= k
	}
}

// open writes the opening bracket of a non-empty array or object at depth
// and the first line break.
func (e *encoder) open(c byte, depth int) {
	e.dst = append(e.dst, c)
	e.newline(depth + 1)
}

// next separates two members or elements at depth+1.
func (e *encoder) next(depth int) {
	e.dst = append(e.dst, ',')
	e.newline(depth + 1)
}

// close writes the closing bracket of a non-empty array or object at depth.
func (e *encoder) close(c byte, depth int) {
	e.newline(depth)
	e.dst = append(e.dst, c)
}

// colon ends an object key.
func (e *encoder) colon() {
	if e.compact {
		e.dst = append(e.dst, ':')
	} else {
		e.dst = append(e.dst, ':', ' ')
	}
}

// key writes a name (attribute, block type, label, "//") and the colon.
func (e *encoder) key(name string) {
	e.dst = appendString(e.dst, name, false)
	e.colon()
}

// body writes a body as one object at depth: attributes and comments in
// order, each block type once, at its first block, holding all its blocks.
func (e *encoder) body(b *Body, depth int) {
	if len(b.items) == 0 {
		e.dst = append(e.dst, '{', '}')
		return
	}
	e.open('{', depth)
	for i := range b.items {
		if i > 0 {
			e.next(depth)
		}
		it := &b.items[i]
		switch it.kind {
		case itemAttr:
			e.key(it.name)
			e.value(&it.value, it.mode, depth+1)
		case itemComment:
			e.key("//")
			e.dst = appendString(e.dst, it.name, false)
		case itemGroup:
			e.group(it.group, depth+1)
		}
		e.maybeFlush()
	}
	e.close('}', depth)
}

// group writes "type": [block, block, ...] at depth.
func (e *encoder) group(g *group, depth int) {
	e.key(g.typ)
	e.open('[', depth)
	for i, blk := range g.blocks {
		if i > 0 {
			e.next(depth)
		}
		e.labels(blk, blk.labels, depth+1)
	}
	e.close(']', depth)
}

// labels writes one block at depth: for each label an object with that
// label as its one property, holding a one-element array, and inside the
// last array the body.
func (e *encoder) labels(blk *Block, labels []string, depth int) {
	for _, l := range labels {
		e.open('{', depth)
		e.key(l)
		e.open('[', depth+1)
		depth += 2
	}
	e.body(&blk.body, depth)
	for range labels {
		depth -= 2
		e.close(']', depth+1)
		e.close('}', depth)
	}
}

// value writes v, read in mode, at depth.
func (e *encoder) value(v *Value, mode Mode, depth int) {
	switch v.kind {
	case kindNull:
		e.dst = append(e.dst, "null"...)
	case kindFalse:
		e.dst = append(e.dst, "false"...)
	case kindTrue:
		e.dst = append(e.dst, "true"...)
	case kindNumber:
		e.dst = append(e.dst, v.text...)
	case kindString:
		e.dst = appendString(e.dst, v.text, mode == Expr)
	case kindTemplate:
		e.dst = appendString(e.dst, v.text, false)
	case kindArray:
		if len(v.elems) == 0 {
			e.dst = append(e.dst, '[', ']')
			return
		}
		e.open('[', depth)
		for i := range v.elems {
			if i > 0 {
				e.next(depth)
			}
			e.value(&v.elems[i], mode, depth+1)
			e.maybeFlush()
		}
		e.close(']', depth)
	case kindObject:
		if len(v.props) == 0 {
			e.dst = append(e.dst, '{', '}')
			return
		}
		e.open('{', depth)
		for i := range v.props {
			if i > 0 {
				e.next(depth)
			}
			p := &v.props[i]
			e.propKey(&p.Key, mode)
			e.colon()
			e.value(&p.Value, mode, depth+1)
			e.maybeFlush()
		}
		e.close('}', depth)
	}
}

// propKey writes the key of an object property. A String is escaped for
// templates in Expr mode, because HCL evaluates keys as templates there; a
// Template is written as it is. A key of another kind is written as the
// string of its compact JSON text read in Literal mode ("1", "true",
// "null").
func (e *encoder) propKey(k *Value, mode Mode) {
	switch k.kind {
	case kindString:
		e.dst = appendString(e.dst, k.text, mode == Expr)
	case kindTemplate:
		e.dst = appendString(e.dst, k.text, false)
	default:
		text := AppendValue(nil, *k, Literal, Options{Compact: true})
		e.dst = appendString(e.dst, string(text), false)
	}
}

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

// appendString appends s as a JSON string: '"' and '\\' escaped, control
// characters as \n, \t, \r, \b, \f or \u00XX, U+2028 and U+2029 as \u2028
// and \u2029 (for JavaScript), each byte of invalid UTF-8 as \ufffd, the
// rest as it is (no HTML escaping).
//
// When tmpl is set, s is literal text in a place read as a template: "${"
// is written "$${", "%{" is written "%%{", and a leading U+FEFF is doubled,
// so that the template evaluates to s. The one kind of text that escaping
// cannot express (a carriage return not followed by a line feed, then a
// "${" or "%{": hclsyntax reads the text after such a "\r" literally, see
// template.Escape) is written as an interpolation of a quoted string,
// "${\"...\"}", which evaluates to s too.
func appendString(dst []byte, s string, tmpl bool) []byte {
	start := len(dst)
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

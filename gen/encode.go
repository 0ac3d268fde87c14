package gen

import (
	"io"

	"github.com/hcljson/hcljson/internal/jsonw"
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
	e := encoder{jsonw.Writer{Buf: dst, Indent: opts.indent()}}
	e.file(f)
	return e.Buf
}

// AppendValue appends the JSON text of v, read in the given mode, to dst
// and returns the extended buffer. It writes no trailing newline. It
// panics if mode is neither Expr nor Literal.
func AppendValue(dst []byte, v Value, mode Mode, opts Options) []byte {
	mode.check("AppendValue")
	e := encoder{jsonw.Writer{Buf: dst, Indent: opts.indent()}}
	e.value(&v, mode)
	return e.Buf
}

// indent is the number of spaces per level that opts asks for.
func (opts Options) indent() int {
	if opts.Compact {
		return 0
	}
	return 2
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

// NewEncoder returns an Encoder that writes to w. It panics if w is nil.
func NewEncoder(w io.Writer, opts Options) *Encoder {
	if w == nil {
		panic("gen: NewEncoder with a nil io.Writer")
	}
	return &Encoder{w: w, opts: opts}
}

// Encode writes the JSON text of f, followed by a newline. It returns the
// first error of the writer.
func (enc *Encoder) Encode(f *File) error {
	e := encoder{jsonw.Writer{Buf: enc.buf[:0], Indent: enc.opts.indent(), Out: enc.w}}
	e.file(f)
	err := e.Flush()
	enc.buf = e.Buf[:0]
	return err
}

// encoder is the state of one encoding: a jsonw.Writer appending to the
// caller's buffer or, when streaming, handing it to the Encoder's writer
// every jsonw.FlushSize bytes.
type encoder struct {
	jsonw.Writer
}

func (e *encoder) file(f *File) {
	if f == nil {
		e.Buf = append(e.Buf, '{', '}', '\n')
		return
	}
	e.body(&f.body)
	e.Buf = append(e.Buf, '\n')
}

// body writes a body as one object: attributes and comments in order,
// each block type once, at its first block, holding all its blocks.
func (e *encoder) body(b *Body) {
	e.bodyWith(b, func(g *group) error {
		e.group(g)
		return nil
	})
}

// bodyWith is body with each block type's property written by group
// (Stream.WriteTo writes its spool there), stopping at group's first
// error.
func (e *encoder) bodyWith(b *Body, group func(*group) error) error {
	if len(b.items) == 0 {
		e.Buf = append(e.Buf, '{', '}')
		return nil
	}
	e.Open('{')
	for i := range b.items {
		if i > 0 {
			e.Next()
		}
		it := &b.items[i]
		switch it.kind {
		case itemAttr:
			e.Key(it.name)
			e.value(&it.value, it.mode)
		case itemComment:
			e.Key("//")
			e.String(it.name, jsonw.Plain)
		case itemGroup:
			if err := group(it.group); err != nil {
				return err
			}
		}
		e.MaybeFlush()
	}
	e.Close('}')
	return nil
}

// group writes "type": [block, block, ...].
func (e *encoder) group(g *group) {
	e.Key(g.typ)
	e.Open('[')
	for i, blk := range g.blocks {
		if i > 0 {
			e.Next()
		}
		e.labels(blk)
	}
	e.Close(']')
}

// labels writes one block: for each label an object with that label as
// its one property, holding a one-element array, and inside the last
// array the body.
func (e *encoder) labels(blk *Block) {
	for _, l := range blk.labels {
		e.Open('{')
		e.Key(l)
		e.Open('[')
	}
	e.body(&blk.body)
	for range blk.labels {
		e.Close(']')
		e.Close('}')
	}
}

// value writes v, read in mode.
func (e *encoder) value(v *Value, mode Mode) {
	switch v.kind {
	case kindNull:
		e.Buf = append(e.Buf, "null"...)
	case kindFalse:
		e.Buf = append(e.Buf, "false"...)
	case kindTrue:
		e.Buf = append(e.Buf, "true"...)
	case kindNumber:
		e.Buf = append(e.Buf, v.text...)
	case kindString:
		e.String(v.text, mode.escape())
	case kindTemplate:
		e.String(v.text, jsonw.Plain)
	case kindArray:
		if len(v.elems) == 0 {
			e.Buf = append(e.Buf, '[', ']')
			return
		}
		e.Open('[')
		for i := range v.elems {
			if i > 0 {
				e.Next()
			}
			e.value(&v.elems[i], mode)
			e.MaybeFlush()
		}
		e.Close(']')
	case kindObject:
		if len(v.props) == 0 {
			e.Buf = append(e.Buf, '{', '}')
			return
		}
		e.Open('{')
		for i := range v.props {
			if i > 0 {
				e.Next()
			}
			p := &v.props[i]
			e.propKey(&p.Key, mode)
			e.Colon()
			e.value(&p.Value, mode)
			e.MaybeFlush()
		}
		e.Close('}')
	}
}

// escape is how a String is escaped in mode: for templates in Expr mode.
func (m Mode) escape() jsonw.Escape {
	if m == Expr {
		return jsonw.Template
	}
	return jsonw.Plain
}

// propKey writes the key of an object property. A String is escaped for
// templates in Expr mode, because HCL evaluates keys as templates there; a
// Template is written as it is. A key of another kind is written as the
// string of its compact JSON text read in Literal mode ("1", "true",
// "null").
func (e *encoder) propKey(k *Value, mode Mode) {
	switch k.kind {
	case kindString:
		e.String(k.text, mode.escape())
	case kindTemplate:
		e.String(k.text, jsonw.Plain)
	default:
		text := AppendValue(nil, *k, Literal, Options{Compact: true})
		e.String(string(text), jsonw.Plain)
	}
}

package gen

import (
	"io"

	"github.com/hcljson/hcljson/internal/jsonw"
)

// A Spool holds the text of one property of a Stream's root until the
// file is written: what is written to it, then handed on by WriteTo
// (a bytes.Buffer, or storage on disk for large files).
type Spool interface {
	io.Writer
	io.WriterTo
}

// A Stream builds a file whose root body is appended to in parts and
// writes it exactly as AppendFile (or an Encoder) writes the same file
// built whole, without holding the bodies of its top-level blocks: Flush
// encodes each block appended to the root since the last Flush into the
// Spool of its property and drops the block's body. What stays in memory
// is the root's attributes and comments, a few bytes a block (its type;
// and the labels of a dynamic block, which later blocks are grouped by),
// and what the spools keep.
//
// The root groups blocks as a Body does (see Body): a top-level block
// whose type came earlier, even many blocks earlier, is written in that
// type's property, so a property's text is only complete at the end;
// WriteTo writes the spools in the order of the properties.
type Stream struct {
	opts     Options
	file     File
	newSpool func() Spool
	spools   map[*group]*spool
	err      error
}

// spool is the text of one group's blocks written so far.
type spool struct {
	Spool
	n int // blocks written
}

// NewStream returns an empty Stream whose groups are held in spools that
// newSpool makes, one a property, when its first block is flushed. It
// panics if newSpool is nil.
func NewStream(opts Options, newSpool func() Spool) *Stream {
	if newSpool == nil {
		panic("gen: NewStream with a nil newSpool")
	}
	return &Stream{opts: opts, newSpool: newSpool, spools: map[*group]*spool{}}
}

// Body returns the root body, to append to between calls to Flush.
func (s *Stream) Body() *Body { return &s.file.body }

// Flush encodes the blocks appended to the root since the last Flush into
// the spools of their properties, and drops their bodies. It returns the
// first error of a spool, and keeps returning it.
func (s *Stream) Flush() error {
	if s.err != nil {
		return s.err
	}
	for _, g := range s.file.body.groups {
		sp := s.spools[g]
		if sp == nil {
			sp = &spool{Spool: s.newSpool()}
			s.spools[g] = sp
		}
		first := 0
		if g.typ == "dynamic" {
			first = sp.n // kept (without bodies) for groupFor
		}
		if first == len(g.blocks) {
			continue
		}
		e := encoder{jsonw.Writer{Indent: s.opts.indent(), Out: sp}}
		e.Nest(2) // inside the file's object and the property's array
		for _, blk := range g.blocks[first:] {
			if sp.n > 0 {
				e.Next()
			}
			e.labels(blk)
			e.MaybeFlush()
			sp.n++
		}
		if err := e.Flush(); err != nil {
			s.err = err
			return err
		}
		if g.typ == "dynamic" {
			for _, blk := range g.blocks[first:] {
				blk.body = Body{}
			}
		} else {
			clear(g.blocks)
			g.blocks = g.blocks[:0]
		}
	}
	return nil
}

// WriteTo flushes, then writes the file, followed by a newline, to w:
// the bytes AppendFile writes for the file built whole. It returns the
// first error of a spool or of w.
func (s *Stream) WriteTo(w io.Writer) (int64, error) {
	if err := s.Flush(); err != nil {
		return 0, err
	}
	cw := &countWriter{w: w}
	e := encoder{jsonw.Writer{Indent: s.opts.indent(), Out: cw}}
	err := e.bodyWith(&s.file.body, func(g *group) error {
		e.Key(g.typ)
		e.Open('[')
		if err := e.Flush(); err != nil {
			return err
		}
		if _, err := s.spools[g].WriteTo(cw); err != nil {
			return err
		}
		e.Nest(2)
		e.Close(']')
		return nil
	})
	if err != nil {
		return cw.n, err
	}
	e.Buf = append(e.Buf, '\n')
	err = e.Flush()
	return cw.n, err
}

// countWriter counts what it writes to w.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

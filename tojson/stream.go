package tojson

import (
	"bytes"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/nesting"
)

// ConvertTo converts src as Convert does and writes the JSON, encoded
// with enc, to w: the same bytes, or nothing when there are errors.
//
// A file that ParseNative would parse in pieces is converted piece by
// piece (top-level blocks, cut as ParseNative cuts them): each piece is
// parsed, converted, and its blocks encoded into the spools of their
// properties (gen.Stream, newSpool), then dropped, so that what is held
// is the source, the pieces being parsed and converted (a few per core)
// and what the spools hold, not the syntax tree of the whole file. The
// output is written at the end, when the spools are complete (the
// blocks of one type are one property, and a type's last block may be
// the file's last).
//
// Where converting piece by piece could differ from converting the file
// whole (a piece with a diagnostic of any kind, an argument set in two
// pieces, a piece that does not end where the next begins, a top-level
// block the schema reads as an argument), the file is converted whole, as
// Convert converts it: the diagnostics, and the output, are always
// Convert's. The file parsed whole is returned when there are
// diagnostics, for showing them (nil otherwise). err is the first error
// of a spool or of w.
func ConvertTo(w io.Writer, src []byte, filename string, opts Options, enc gen.Options, newSpool func() gen.Spool) (f *hcl.File, diags hcl.Diagnostics, err error) {
	if w == nil || newSpool == nil {
		panic("tojson: ConvertTo with a nil io.Writer or newSpool")
	}
	opts = opts.forFile(filename)
	if nesting.Suspect(src) { // smaller files are parsed whole by ParseNative
		if streamed, err := convertPieces(w, src, filename, shallowCuts(src), opts, enc, newSpool); streamed || err != nil {
			return nil, nil, err
		}
	}
	f, diags = ParseNative(src, filename)
	if diags.HasErrors() {
		return f, diags, nil
	}
	out, more := FromNative(f, opts)
	diags = append(diags, more...)
	if diags.HasErrors() {
		return f, diags, nil
	}
	if len(diags) == 0 {
		f = nil
	}
	return f, diags, gen.NewEncoder(w, enc).Encode(out)
}

// window is how many pieces per core convertPieces parses ahead of the
// one it converts.
const window = 2

// convertPieces converts src cut at cuts piece by piece into w and
// reports true, or
// reports false, having written nothing, when the file must be converted
// whole (see ConvertTo).
func convertPieces(w io.Writer, src []byte, filename string, cuts []int, opts Options, enc gen.Options, newSpool func() gen.Spool) (bool, error) {
	pieces := makePieces(src, cuts)
	if len(pieces) < 2 {
		return false, nil
	}
	workers := runtime.GOMAXPROCS(0)
	if len(src) < parallelMin {
		workers = 1
	}
	p := newPipeline(src, filename, pieces, workers)
	defer p.stop()

	stream := gen.NewStream(enc, newSpool)
	c := &nativeConv{src: src, opts: opts, schema: opts.Schema}
	st := &bodyState{}
	seen := map[string]bool{}
	for i := range pieces {
		pc := p.get(i)
		if !pc.ok {
			return false, nil
		}
		b, _ := pc.file.Body.(*hclsyntax.Body)
		if b == nil || i+1 < len(pieces) && b.EndRange.End != pieces[i+1].start {
			return false, nil
		}
		for name := range b.Attributes {
			if seen[name] {
				return false, nil // hclsyntax's error, from the whole file
			}
			seen[name] = true
		}
		if opts.Schema != nil {
			for _, blk := range b.Blocks {
				if opts.Schema.BlocksArgument(blk.Type) != nil {
					return false, nil // its blocks are one argument of the whole body
				}
			}
			if diags := opts.Schema.CheckStructure(b); diags.HasErrors() {
				return false, nil
			}
		}
		c.items(stream.Body(), b, st)
		if len(c.diags) > 0 {
			return false, nil
		}
		if err := stream.Flush(); err != nil {
			return false, err
		}
		p.done(i)
	}
	_, err := stream.WriteTo(w)
	return true, err
}

// makePieces returns the pieces of src cut at cuts, with their start
// positions.
func makePieces(src []byte, cuts []int) []piece {
	pieces := make([]piece, len(cuts)+1)
	line, prev := 1, 0
	for i := range pieces {
		if i > 0 {
			line += bytes.Count(src[prev:cuts[i-1]], []byte{'\n'})
			prev = cuts[i-1]
		}
		pieces[i].start = hcl.Pos{Line: line, Column: 1, Byte: prev}
		pieces[i].end = len(src)
		if i < len(cuts) {
			pieces[i].end = cuts[i]
		}
	}
	return pieces
}

// pipeline parses pieces on worker goroutines at most window pieces per
// worker ahead of the one the caller has taken (get) and not yet
// released (done).
type pipeline struct {
	src      []byte
	filename string
	pieces   []piece
	ready    []chan struct{}
	sem      chan struct{}
	quit     chan struct{}
	next     atomic.Int64
	wg       sync.WaitGroup
	inline   bool
}

func newPipeline(src []byte, filename string, pieces []piece, workers int) *pipeline {
	p := &pipeline{src: src, filename: filename, pieces: pieces, inline: workers < 2}
	if p.inline {
		return p
	}
	p.ready = make([]chan struct{}, len(pieces))
	for i := range p.ready {
		p.ready[i] = make(chan struct{})
	}
	p.sem = make(chan struct{}, window*workers)
	p.quit = make(chan struct{})
	for range workers {
		p.wg.Go(p.work)
	}
	return p
}

func (p *pipeline) work() {
	for {
		select {
		case <-p.quit:
			return
		default:
		}
		select {
		case p.sem <- struct{}{}:
		case <-p.quit:
			return
		}
		i := int(p.next.Add(1) - 1)
		if i >= len(p.pieces) {
			return
		}
		p.pieces[i].parse(p.src, p.filename)
		close(p.ready[i])
	}
}

// get returns piece i, parsed.
func (p *pipeline) get(i int) *piece {
	if p.inline {
		p.pieces[i].parse(p.src, p.filename)
	} else {
		<-p.ready[i]
	}
	return &p.pieces[i]
}

// done drops piece i's syntax tree and lets the workers parse one more.
func (p *pipeline) done(i int) {
	p.pieces[i].file = nil
	if !p.inline {
		<-p.sem
	}
}

// stop ends the workers and waits for them.
func (p *pipeline) stop() {
	if p.inline {
		return
	}
	close(p.quit)
	p.wg.Wait()
}

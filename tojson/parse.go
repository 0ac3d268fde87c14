package tojson

import (
	"bytes"
	"runtime"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/hcljson/hcljson/internal/workers"
)

// ParseNative parses src as a file of HCL's native syntax. Its result is
// exactly nesting.ParseConfig(src, filename, hcl.InitialPos)'s: the same
// body, ranges and diagnostics, with f.Bytes the whole of src. Each piece
// (or the whole) is read by native.ParseConfig, which builds hclsyntax's
// tree itself and leaves to nesting.ParseConfig what it does not read.
//
// A file that may nest too deep (nesting.Suspect, which any configuration
// of more than a few kilobytes is) is parsed in pieces, on several
// goroutines when it is large. It is cut just after lines that are
// exactly "}" (where a top-level block of formatted HCL ends), each piece
// is parsed by native.ParseConfig with the position of its first byte,
// and the top-level bodies are joined into one. A cut that falls inside
// anything that spans lines (a nested block, a heredoc, a comment, a
// bracketed expression) leaves that thing unterminated in the piece
// before it, which hclsyntax reports as an error. So when any piece has a
// diagnostic, two pieces set the same top-level argument, or a piece does
// not end where the next one begins, the pieces are dropped and src is
// parsed once, whole, and the diagnostics are always hclsyntax's own.
//
// The pieces are as small as the cuts allow while each holds at most
// nesting.Max of the bytes nesting.Count counts, so that where the reader
// falls back to nesting.ParseConfig, nesting.Check proves each piece
// shallow enough from its bytes alone and lexes none but
// those that do not fit (a single top-level block holding more), instead
// of lexing the whole file once more before hclsyntax lexes it to parse.
// When every piece parses, the cuts are between top-level items: the
// tokens of src are those of the pieces, one after another, and no level
// is open at a cut, so no token of src is deeper than the deepest of its
// piece. spec.md C20 holds as if src were checked whole.
func ParseNative(src []byte, filename string) (*hcl.File, hcl.Diagnostics) {
	if !nesting.Suspect(src) {
		return native.ParseConfig(src, filename, hcl.InitialPos)
	}
	workers := runtime.GOMAXPROCS(0)
	if len(src) < parallelMin {
		workers = 1 // starting goroutines would cost more than it saves
	}
	if f, ok := parsePieces(src, filename, shallowCuts(src), workers); ok {
		return f, nil
	}
	return native.ParseConfig(src, filename, hcl.InitialPos)
}

// parallelMin is the smallest source ParseNative parses on several
// goroutines; below it, starting goroutines costs more than it saves.
const parallelMin = 256 << 10

// shallowCuts returns the cut points of ParseNative: each piece ends at
// the last cut before it would hold more than nesting.Max of the bytes
// nesting.Count counts, or at the first cut when even that is too many.
func shallowCuts(src []byte) []int {
	var cuts []int
	start, last, n := 0, 0, 0 // the piece is src[start:last], n its count
	add := func(end int) {
		k := nesting.Count(src[last:end])
		if n+k > nesting.Max && last > start {
			cuts = append(cuts, last)
			start, n = last, 0
		}
		n += k
		last = end
	}
	for c := nextCut(src, 0); c >= 0; c = nextCut(src, c) {
		add(c)
	}
	add(len(src))
	return cuts
}

// nextCut returns the first cut point after offset from, or -1.
func nextCut(src []byte, from int) int {
	from = max(from-1, 0) // the line break before a "}" line at from
	for from < len(src) {
		i := bytes.Index(src[from:], []byte("\n}"))
		if i < 0 {
			return -1
		}
		i += from + 2 // just after the "}"
		from = i
		if i < len(src) && src[i] == '\r' {
			i++
		}
		if i >= len(src) || src[i] != '\n' {
			continue
		}
		i++
		if i < len(src) && !bytes.HasPrefix(src[i:], utf8BOM) {
			return i
		}
	}
	return -1
}

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// piece is one part of the source and the result of parsing it.
type piece struct {
	start hcl.Pos
	end   int
	file  *hcl.File
	ok    bool // parsed without a diagnostic (and without a panic)
}

// parsePieces parses src cut at cuts and joins the pieces' bodies. It
// reports false, and the caller must parse src whole, when there are no
// cuts or the pieces cannot be joined into exactly the body that parsing
// src whole gives.
func parsePieces(src []byte, filename string, cuts []int, cores int) (*hcl.File, bool) {
	if len(cuts) == 0 {
		return nil, false
	}
	pieces := makePieces(src, cuts)
	workers.Each(cores, len(pieces), func(i int) { pieces[i].parse(src, filename) })
	return join(src, pieces)
}

// parse parses the piece's part of src.
func (p *piece) parse(src []byte, filename string) {
	defer func() {
		if recover() != nil {
			p.ok = false
		}
	}()
	f, diags := native.ParseConfig(src[p.start.Byte:p.end], filename, p.start)
	p.file, p.ok = f, len(diags) == 0
}

// join merges the pieces' top-level bodies into the first one, which
// becomes the body of the whole file (so that the first file's Nav, whose
// root it is, serves for the whole file too).
func join(src []byte, pieces []piece) (*hcl.File, bool) {
	bodies := make([]*hclsyntax.Body, len(pieces))
	for i, p := range pieces {
		if !p.ok {
			return nil, false
		}
		b, _ := p.file.Body.(*hclsyntax.Body)
		if b == nil {
			return nil, false
		}
		// The piece must end where the next begins: hclsyntax's end of
		// file position is after the last line break, on the line that
		// the next piece starts at.
		if i+1 < len(pieces) && b.EndRange.End != pieces[i+1].start {
			return nil, false
		}
		bodies[i] = b
	}
	// Joining changes the first body, which is then dropped if a later
	// piece sets an argument again.
	body := bodies[0]
	for _, b := range bodies[1:] {
		for name, a := range b.Attributes {
			if _, dup := body.Attributes[name]; dup {
				return nil, false
			}
			body.Attributes[name] = a
		}
		body.Blocks = append(body.Blocks, b.Blocks...)
	}
	last := bodies[len(bodies)-1]
	body.SrcRange = hcl.Range{Filename: body.SrcRange.Filename, Start: body.SrcRange.Start, End: last.SrcRange.End}
	body.EndRange = last.EndRange
	return &hcl.File{Body: body, Bytes: src, Nav: pieces[0].file.Nav}, true
}

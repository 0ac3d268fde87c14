package cli

import (
	"bytes"
	"fmt"
	"io"

	"github.com/hashicorp/hcl/v2"

	"github.com/hcljson/hcljson/scanner"
)

// jsonDepth returns how deep the JSON text b nests: the most arrays and
// objects that hold one value, in one pass.
func jsonDepth(b []byte) int {
	var d depthWriter
	d.scan(b)
	return d.deepest
}

// depthWriter measures how deep the JSON text written through it nests
// (see jsonDepth), in pieces, and hands it on to w.
type depthWriter struct {
	w                io.Writer
	depth, deepest   int
	inString, escape bool
}

func (d *depthWriter) Write(p []byte) (int, error) {
	d.scan(p)
	return d.w.Write(p)
}

func (d *depthWriter) scan(b []byte) {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case d.escape:
			d.escape = false
		case d.inString:
			// Most of the text is in strings: skip to the next quote
			// or backslash.
			rest := b[i:]
			q := bytes.IndexByte(rest, '"')
			if q >= 0 {
				rest = rest[:q]
			}
			if k := bytes.IndexByte(rest, '\\'); k >= 0 {
				d.escape = true
				i += k
			} else if q >= 0 {
				d.inString = false
				i += q
			} else {
				return
			}
		case c == '"':
			d.inString = true
		case c == '[' || c == '{':
			d.depth++
			d.deepest = max(d.deepest, d.depth)
		case c == ']' || c == '}':
			d.depth--
		}
	}
}

// tooDeepOutput is the error for native syntax whose JSON would nest
// deeper than JSON is read (spec.md C20): blocks nested 500 deep are
// within native syntax's limit, their JSON, two or more levels a block,
// is not. Nothing is written that cannot be read back.
func tooDeepOutput(d int, name string) *hcl.Diagnostic {
	if d <= scanner.DefaultMaxDepth {
		return nil
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Nesting too deep",
		Detail: fmt.Sprintf("The JSON written for this file would nest %d levels deep (each block is two or more levels in JSON), more than the %d levels that JSON is read with; it was not converted.",
			d, scanner.DefaultMaxDepth),
		Subject: &hcl.Range{Filename: name, Start: hcl.InitialPos, End: hcl.InitialPos},
	}
}

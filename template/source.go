package template

import (
	"sort"
	"sync"
	"unicode/utf8"

	"github.com/apparentlymart/go-textseg/v15/textseg"
	"github.com/hashicorp/hcl/v2"
)

// Source is the content of one JSON string token and where it sits in its
// file.
//
// Raw aliases the file's bytes; a [Template] keeps it (and so the file
// buffer) alive for as long as the Template lives.
type Source struct {
	// Text is the unescaped value of the string.
	Text string

	// Raw holds the token's bytes between the quotes exactly as they appear
	// in the file. It is nil when the string has no escapes, in which case
	// it would equal Text.
	Raw []byte

	// Filename names the file in every range handed out.
	Filename string

	// Start is the position of the first content byte, just after the
	// opening quote.
	Start hcl.Pos

	// Pos resolves a byte offset in the file to a position, with lines and
	// columns counted the way the JSON scanner counts them. It is consulted
	// only when ranges must be rebuilt (see the package documentation) and
	// may be nil: positions are then computed from Start by counting
	// grapheme clusters in Raw, which is exact because a JSON string token
	// never spans lines. (Where Raw is nil and Text has newlines, as in a
	// Source made up for text that is not in a JSON file, lines are counted
	// at each '\n', as hclsyntax counts them.)
	//
	// Offsets may be counted from the start of the input even when
	// positions are not (hcl's ParseWithStartPos): the difference
	// Pos(off).Byte - off must only be the same for every off. Pos is
	// called with Start.Byte minus that difference plus an offset in Raw.
	Pos func(offset int) hcl.Pos
}

// An escape records one JSON escape sequence: where its decoded bytes start
// in Text, where the sequence starts in Raw, and the length of each.
type escape struct {
	text, raw       int
	textLen, rawLen int
}

// sourceMap translates byte offsets in a string's decoded text into
// positions in its file. A nil *sourceMap means hclsyntax's own positions
// are already exact; every method treats nil as the identity.
type sourceMap struct {
	textLen  int
	raw      []byte // Raw, or nil when the string had no escapes
	text     string // used in place of raw when raw is nil
	filename string
	start    hcl.Pos
	pos      func(int) hcl.Pos

	once    sync.Once
	escapes []escape // ordered by text (and raw) offset
	shift   int      // pos(off).Byte - off
	lines   []int    // without pos: offsets in raw (or text) just after each '\n'
}

// newSourceMap returns the map for src, or nil when hclsyntax, parsing
// src.Text at src.Start, already yields exact positions: no escapes and
// ASCII only. Non-ASCII text goes through the map as well because hclsyntax
// counts grapheme clusters token by token, so a cluster that straddles a
// token boundary (a combining mark right after "}", a leading U+FEFF, which
// hclsyntax skips) would be counted differently from the JSON scanner.
func newSourceMap(src Source, ascii bool) *sourceMap {
	if src.Raw == nil && ascii {
		return nil
	}
	return mustSourceMap(src)
}

// mustSourceMap returns a map for src even where none is needed.
func mustSourceMap(src Source) *sourceMap {
	return &sourceMap{
		textLen:  len(src.Text),
		raw:      src.Raw,
		text:     src.Text,
		filename: src.Filename,
		start:    src.Start,
		pos:      src.Pos,
	}
}

func (m *sourceMap) rawLen() int {
	if m.raw == nil {
		return len(m.text)
	}
	return len(m.raw)
}

// build records every escape sequence in raw and learns the frame of the
// Pos function. It is run once, on first need. The scanner has validated
// raw; malformed sequences are still stepped over without a panic, with
// lengths that keep offsets in range.
func (m *sourceMap) build() {
	if m.pos != nil {
		m.shift = m.pos(0).Byte
	} else if m.raw != nil {
		m.lines = lineStarts(m.raw)
	} else {
		m.lines = lineStarts(m.text)
	}
	raw := m.raw
	n := 0
	for _, c := range raw {
		if c == '\\' {
			n++
		}
	}
	if n == 0 {
		return
	}
	m.escapes = make([]escape, 0, n)
	t := 0
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			i++
			t++
			continue
		}
		rl, tl := escapeLen(raw[i:])
		m.escapes = append(m.escapes, escape{text: t, raw: i, textLen: tl, rawLen: rl})
		i += rl
		t += tl
	}
}

// escapeLen returns how many bytes the escape sequence at the start of b
// occupies and how many bytes it decodes to. b[0] is a backslash.
func escapeLen(b []byte) (rawLen, textLen int) {
	if len(b) < 2 {
		return len(b), 0
	}
	if b[1] != 'u' {
		return 2, 1 // \" \\ \/ \b \f \n \r \t (anything else is rejected by the scanner)
	}
	cp, ok := hex4(b[2:])
	if !ok {
		return 2, 1
	}
	switch {
	case cp >= 0xD800 && cp < 0xDC00:
		if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
			if lo, ok := hex4(b[8:]); ok && lo >= 0xDC00 && lo < 0xE000 {
				return 12, 4
			}
		}
		return 6, utf8.RuneLen(utf8.RuneError) // lone surrogate
	case cp >= 0xDC00 && cp < 0xE000:
		return 6, utf8.RuneLen(utf8.RuneError)
	}
	return 6, utf8.RuneLen(rune(cp))
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// rawOffset maps a byte offset in the decoded text to a byte offset in Raw.
// An offset inside the bytes produced by one escape maps to the escape's
// first byte; len(Text) maps to len(Raw).
func (m *sourceMap) rawOffset(d int) int {
	n := m.rawLen()
	if d <= 0 {
		return 0
	}
	if d >= m.textLen {
		return n
	}
	m.once.Do(m.build)
	es := m.escapes
	i := sort.Search(len(es), func(i int) bool { return es[i].text > d }) - 1
	r := d
	if i >= 0 {
		e := es[i]
		if d < e.text+e.textLen {
			return e.raw
		}
		r = e.raw + e.rawLen + (d - e.text - e.textLen)
	}
	return min(r, n)
}

// position returns the file position of decoded offset d.
//
// Without a Pos function the position is counted from Start: a line break
// is a '\n' in Raw, which a JSON string token never has, or in a Text that
// is its own Raw (a Source that is not from a JSON file), as hclsyntax
// counts lines; columns count grapheme clusters from the start of the line.
func (m *sourceMap) position(d int) hcl.Pos {
	m.once.Do(m.build)
	r := m.rawOffset(d)
	off := m.start.Byte + r
	if m.pos != nil {
		return m.pos(off - m.shift)
	}
	line, col, from := m.start.Line, m.start.Column, 0
	if i := sort.SearchInts(m.lines, r+1); i > 0 {
		line, col, from = line+i, 1, m.lines[i-1]
	}
	var n int
	if m.raw != nil {
		n = clusters(m.raw[from:r])
	} else {
		n = clusters([]byte(m.text[from:r]))
	}
	return hcl.Pos{Line: line, Column: col + n, Byte: off}
}

// clusters counts the grapheme clusters in b, as the JSON scanner counts
// columns inside a string.
func clusters(b []byte) int {
	n := 0
	for len(b) > 0 {
		adv, _, _ := textseg.ScanGraphemeClusters(b, true)
		if adv <= 0 {
			adv = 1
		}
		b = b[adv:]
		n++
	}
	return n
}

// lineStarts returns the offset after each '\n' in b.
func lineStarts[T string | []byte](b T) []int {
	var starts []int
	for i := 0; i < len(b); i++ {
		if b[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// Range maps a range produced by hclsyntax parsing Text at Start. Ranges
// naming another file or reaching outside the string are returned as they
// are.
func (m *sourceMap) Range(r hcl.Range) hcl.Range {
	if m == nil || r.Filename != m.filename {
		return r
	}
	s, e := r.Start.Byte-m.start.Byte, r.End.Byte-m.start.Byte
	if s < 0 || e < s || e > m.textLen {
		return r
	}
	r.Start = m.position(s)
	if e == s {
		r.End = r.Start
	} else {
		r.End = m.position(e)
	}
	return r
}

// Diagnostics returns diags with Subject and Context mapped. The result is
// a new slice of new diagnostics, so neither diags nor the ranges it points
// to (often fields of AST nodes) are modified. With a nil map diags is
// returned unchanged.
func (m *sourceMap) Diagnostics(diags hcl.Diagnostics) hcl.Diagnostics {
	if m == nil || len(diags) == 0 {
		return diags
	}
	out := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		c := *d
		if c.Subject != nil {
			r := m.Range(*c.Subject)
			c.Subject = &r
		}
		if c.Context != nil {
			r := m.Range(*c.Context)
			c.Context = &r
		}
		if c.Expression != nil {
			// Renderers print and underline the expression's range: give
			// them the exact one (hcl.UnwrapExpression reaches the node).
			c.Expression = m.Expression(c.Expression)
		}
		out[i] = &c
	}
	return out
}

// Traversal returns a copy of t with every step's range mapped.
func (m *sourceMap) Traversal(t hcl.Traversal) hcl.Traversal {
	if m == nil || t == nil {
		return t
	}
	out := make(hcl.Traversal, len(t))
	for i, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			s.SrcRange = m.Range(s.SrcRange)
			out[i] = s
		case hcl.TraverseAttr:
			s.SrcRange = m.Range(s.SrcRange)
			out[i] = s
		case hcl.TraverseIndex:
			s.SrcRange = m.Range(s.SrcRange)
			out[i] = s
		case hcl.TraverseSplat:
			s.SrcRange = m.Range(s.SrcRange)
			out[i] = s
		default:
			out[i] = step
		}
	}
	return out
}

// Traversals maps each traversal of ts into a new slice.
func (m *sourceMap) Traversals(ts []hcl.Traversal) []hcl.Traversal {
	if m == nil || ts == nil {
		return ts
	}
	out := make([]hcl.Traversal, len(ts))
	for i, t := range ts {
		out[i] = m.Traversal(t)
	}
	return out
}

// cloneDiagnostics copies diags deeply enough that a caller may modify the
// result (its diagnostics and their ranges) without affecting a cached
// original.
func cloneDiagnostics(diags hcl.Diagnostics) hcl.Diagnostics {
	if len(diags) == 0 {
		return nil
	}
	out := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		c := *d
		if c.Subject != nil {
			r := *c.Subject
			c.Subject = &r
		}
		if c.Context != nil {
			r := *c.Context
			c.Context = &r
		}
		out[i] = &c
	}
	return out
}

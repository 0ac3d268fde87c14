package native

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode"
	"unicode/utf8"

	"github.com/apparentlymart/go-textseg/v15/textseg"
	"github.com/hashicorp/hcl/v2"
)

// kind is the kind of a token, as hclsyntax's scanner would name it. The
// reader lexes on demand, one token ahead of the parser, and only the
// tokens it parses; any other byte sequence is tInvalid, on which it
// falls back.
type kind uint8

const (
	tInvalid kind = iota
	tEOF
	tNewline
	tComment // # or // (ending with its line break, if any) or /* */
	tIdent
	tNumber
	tOQuote // "
	tOBrace
	tCBrace
	tOBrack
	tCBrack
	tOParen
	tCParen
	tDot
	tComma
	tEqual
	tColon
	tQuestion
	tEllipsis
	tDoubleColon
	tFatArrow
	tStar
	tSlash
	tPercent
	tPlus
	tMinus
	tBang
	tEqualOp
	tNotEqual
	tLess
	tLessEq
	tGreater
	tGreaterEq
	tAnd
	tOr
	tOHeredoc  // <<EOT or <<-EOT and its line break
	tTrimClose // ~}, which ends a template sequence and trims what follows
)

// token is one token: its kind, its bytes src[start:end], and the line
// and line start of each end, from which its range is made (columns are
// bytes since the line start: the reader only reads ASCII, where every
// byte but the "\r" of "\r\n" is one grapheme cluster).
type token struct {
	kind       kind
	start, end int
	line, ls   int // line of start, offset where that line starts
	eline, els int // the same for end
}

// cursor is where the lexer is: an offset and its line.
type cursor struct {
	pos, line, ls int
}

// selfKind is the kind of the one-byte tokens that are nothing else when
// alone, tInvalid for other bytes.
var selfKind = [256]kind{
	'{': tOBrace, '}': tCBrace, '[': tOBrack, ']': tCBrack, '(': tOParen, ')': tCParen,
	',': tComma, '?': tQuestion, '*': tStar, '%': tPercent, '+': tPlus, '-': tMinus,
	'"': tOQuote,
}

// identByte says which bytes continue an identifier (start: letters and
// "_"; then digits and "-" too).
var identByte = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = 2, 2
	}
	t['_'] = 2
	for c := '0'; c <= '9'; c++ {
		t[c] = 1
	}
	t['-'] = 1
	return t
}()

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scan reads the raw token at c (after spaces and tabs), comments and line
// breaks included, into *t, and returns the cursor after it. It writes
// into the caller's token, which is most of the time the peeked one, to
// save copies of it.
func (p *parser) scan(c cursor, t *token) cursor {
	src := p.src
	i := c.pos
	if i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		// Mostly one space, between tokens; indentation in skipBlank.
		if i++; i < len(src) && (src[i] == ' ' || src[i] == '\t') {
			i = skipBlank(src, i)
		}
	}
	if i < len(src) {
		// The most frequent tokens, written at once.
		switch b := src[i]; byteClass[b] {
		case classSelf:
			*t = token{kind: selfKind[b], start: i, end: i + 1, line: c.line, ls: c.ls, eline: c.line, els: c.ls}
			return cursor{i + 1, c.line, c.ls}
		case classIdent:
			n := asciiIdentEnd(src, i+1)
			if n < len(src) && src[n] >= utf8.RuneSelf {
				break // a letter beyond ASCII may follow
			}
			*t = token{kind: tIdent, start: i, end: n, line: c.line, ls: c.ls, eline: c.line, els: c.ls}
			return cursor{n, c.line, c.ls}
		case classNewline:
			*t = token{kind: tNewline, start: i, end: i + 1, line: c.line, ls: c.ls, eline: c.line + 1, els: i + 1}
			return cursor{i + 1, c.line + 1, i + 1}
		case classPair:
			// "=" and "." alone (not "==", "=>", "..."), ":" (not "::").
			if i+1 < len(src) && pairSecond[src[i+1]] == b {
				break
			}
			*t = token{kind: pairKind[b], start: i, end: i + 1, line: c.line, ls: c.ls, eline: c.line, els: c.ls}
			return cursor{i + 1, c.line, c.ls}
		}
	}
	return p.scanRest(c, i, t)
}

// The classes of the bytes that start the tokens scan writes at once.
const (
	classOther = iota
	classSelf
	classIdent
	classNewline
	classPair
)

// pairKind is the kind of "=", "." and ":" alone; pairSecond is, for a
// byte that makes a longer token after one of them, that one.
var pairKind = [256]kind{'=': tEqual, '.': tDot, ':': tColon}

var pairSecond = func() (t [256]byte) {
	t['='] = '=' // ==
	t['>'] = '=' // =>
	t['.'] = '.' // .. (..., or an error for scanRest)
	t[':'] = ':' // ::
	return t
}()

var byteClass = func() (t [256]uint8) {
	for b := range t {
		switch {
		case selfKind[b] != tInvalid:
			t[b] = classSelf
		case identByte[b] == 2:
			t[b] = classIdent
		case b == '\n':
			t[b] = classNewline
		case pairKind[b] != tInvalid:
			t[b] = classPair
		}
	}
	return t
}()

// asciiIdentEnd is the offset of the first byte at or after i that does
// not continue an identifier of ASCII, four bytes a round.
func asciiIdentEnd(src []byte, i int) int {
	for i+4 <= len(src) {
		b := src[i : i+4 : i+4]
		if identByte[b[0]] == 0 {
			return i
		}
		if identByte[b[1]] == 0 {
			return i + 1
		}
		if identByte[b[2]] == 0 {
			return i + 2
		}
		if identByte[b[3]] == 0 {
			return i + 3
		}
		i += 4
	}
	for i < len(src) && identByte[src[i]] != 0 {
		i++
	}
	return i
}

// scanRest is scan for the tokens it does not write at once, i the
// offset after the blanks.
func (p *parser) scanRest(c cursor, i int, t *token) cursor {
	src := p.src
	*t = token{start: i, line: c.line, ls: c.ls}
	if i >= len(src) {
		t.kind, t.end, t.eline, t.els = tEOF, i, c.line, c.ls
		return cursor{i, c.line, c.ls}
	}
	b := src[i]
	n := 1
	k := selfKind[b]
	switch {
	case identByte[b] == 2 || b >= 0x80 && identRune(src[i:]) > 0:
		k = tIdent
		var excess int
		n, excess = identLen(src[i:])
		if excess > 0 {
			p.addExcess(i+n, c.line, excess)
		}
	case isDigit(b):
		k = tNumber
		n = numberLen(src[i:])
	case b == '\n':
		k = tNewline
	case b == '\r':
		if i+1 < len(src) && src[i+1] == '\n' {
			k, n = tNewline, 2
		}
	case b == '#':
		k = tComment
		n = lineCommentLen(src[i:])
	case b == '/':
		k = tSlash
		if i+1 < len(src) {
			switch src[i+1] {
			case '/':
				k = tComment
				n = lineCommentLen(src[i:])
			case '*':
				k = tComment
				j := indexStarSlash(src[i+2:])
				if j < 0 {
					*t = token{kind: tInvalid}
					return c
				}
				n = j + 4
			}
		}
	case b == '.':
		k = tDot
		if i+2 < len(src) && src[i+1] == '.' && src[i+2] == '.' {
			k, n = tEllipsis, 3
		}
	case b == ':':
		k = tColon
		if i+1 < len(src) && src[i+1] == ':' {
			k, n = tDoubleColon, 2
		}
	case b == '=':
		k = tEqual
		if i+1 < len(src) {
			switch src[i+1] {
			case '=':
				k, n = tEqualOp, 2
			case '>':
				k, n = tFatArrow, 2
			}
		}
	case b == '!':
		k = tBang
		if i+1 < len(src) && src[i+1] == '=' {
			k, n = tNotEqual, 2
		}
	case b == '<':
		k = tLess
		if i+1 < len(src) {
			switch src[i+1] {
			case '=':
				k, n = tLessEq, 2
			case '<': // a heredoc, or an error
				k, n = tInvalid, heredocLen(src[i:])
				if n > 0 {
					k = tOHeredoc
				}
			}
		}
	case b == '>':
		k = tGreater
		if i+1 < len(src) && src[i+1] == '=' {
			k, n = tGreaterEq, 2
		}
	case b == '~':
		if i+1 < len(src) && src[i+1] == '}' {
			k, n = tTrimClose, 2
		}
	case b == '&':
		if i+1 < len(src) && src[i+1] == '&' {
			k, n = tAnd, 2
		}
	case b == '|':
		if i+1 < len(src) && src[i+1] == '|' {
			k, n = tOr, 2
		}
	}
	t.kind = k
	t.end = i + n
	t.eline, t.els = c.line, c.ls
	if k == tOHeredoc {
		t.eline, t.els = c.line+1, i+n
	}
	if k == tNewline {
		t.eline, t.els = c.line+1, t.end
	} else if k == tComment && (b == '#' || src[i+1] == '/') && isASCII(src[i:t.end]) {
		// A line comment of ASCII: its line break, if any, is its end.
		if src[t.end-1] == '\n' {
			t.eline, t.els = c.line+1, t.end
		}
	} else if k == tComment && isASCII(src[i:t.end]) {
		// A block comment of ASCII: its lines counted at once.
		if body := src[i:t.end]; bytes.IndexByte(body, '\n') >= 0 {
			t.eline += bytes.Count(body, newline)
			t.els = i + bytes.LastIndexByte(body, '\n') + 1
		}
	} else if k == tComment {
		// Only these span lines; a comment's lone "\r" is one column.
		// Columns count grapheme clusters, which matters for what
		// follows a comment on its last line.
		ascii, wide := true, false // the last line, any line
		for j := i; j < t.end; j++ {
			switch c := src[j]; {
			case c == '\n':
				t.eline++
				t.els = j + 1
				ascii = true
			case c >= 0x80:
				ascii, wide = false, true
			}
		}
		if !ascii || wide {
			// hclsyntax's grapheme segmentation of invalid UTF-8 may
			// swallow a line break: only valid text is read.
			last := src[max(t.els, i):t.end]
			if !utf8.Valid(src[i:t.end]) {
				t.kind = tInvalid
			} else if !ascii {
				p.addExcess(t.end, t.eline, len(last)-clusters(last))
			}
		}
	}
	return cursor{t.end, t.eline, t.els}
}

// newline is a line break, for bytes.Count.
var newline = []byte{'\n'}

// heredocLen is the length of the heredoc introducer at the start of b,
// which starts with "<<": "<<" or "<<-", an identifier and a line break;
// 0 when there is none.
func heredocLen(b []byte) int {
	i := 2
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) || identByte[b[i]] != 2 {
		return 0
	}
	for i < len(b) && identByte[b[i]] != 0 {
		i++
	}
	if i < len(b) && b[i] == '\r' {
		i++
	}
	if i < len(b) && b[i] == '\n' {
		return i + 1
	}
	return 0
}

// lineCommentLen is the length of the line comment at the start of b,
// its line break included.
func lineCommentLen(b []byte) int {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return i + 1
	}
	return len(b)
}

// skipBlank returns the offset of the first byte at or after i that is
// not a space or a tab: indentation is read eight bytes at a time.
func skipBlank(src []byte, i int) int {
	for i+8 <= len(src) {
		if x := binary.LittleEndian.Uint64(src[i:]) ^ 0x2020202020202020; x != 0 {
			i += bits.TrailingZeros64(x) / 8
			if src[i] != '\t' {
				return i
			}
			i++
			continue
		}
		i += 8
	}
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// isASCII reports whether b is ASCII, eight bytes at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func indexStarSlash(b []byte) int {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '*' && b[i+1] == '/' {
			return i
		}
	}
	return -1
}

// numberLen is the length of the number literal at the start of b, which
// starts with a digit: hclsyntax's longest run of digits, dots and
// exponents ("e", "E", then a sign, then a digit) that does not end with a
// dot.
func numberLen(b []byte) int {
	n, last := 1, 1 // last: the length up to the last unit that is not a dot
	for n < len(b) {
		c := b[n]
		switch {
		case isDigit(c):
			n++
			last = n
		case c == '.':
			n++
		case c == 'e' || c == 'E':
			j := n + 1
			if j < len(b) && (b[j] == '+' || b[j] == '-') {
				j++
			}
			if j < len(b) && isDigit(b[j]) {
				n = j + 1
				last = n
				continue
			}
			return last
		default:
			return last
		}
	}
	return last
}

// pos is the position of offset off on the line that starts at ls.
func (p *parser) pos(off, line, ls int) hcl.Pos {
	col := off - ls + 1
	if line == p.base.Line {
		col = off + p.base.Column
	}
	if len(p.excess) > 0 {
		col -= p.excessAt(off, line)
	}
	return hcl.Pos{Line: line, Column: col, Byte: p.base.Byte + off}
}

// excess records, for text other than ASCII, how many more bytes than
// grapheme clusters a line has up to an offset: hclsyntax counts columns
// in grapheme clusters, each token on its own.
type excess struct {
	off, line int
	n         int // on line, up to off, cumulated
}

// addExcess records that the text that ends at off, on line, has n more
// bytes than grapheme clusters. The lexer may read a token twice (peek in
// two modes): what it records is kept once, in increasing order.
func (p *parser) addExcess(off, line, n int) {
	k := len(p.excess)
	if k > 0 && p.excess[k-1].off >= off {
		return
	}
	if k > 0 && p.excess[k-1].line == line {
		n += p.excess[k-1].n
	}
	p.excess = append(p.excess, excess{off, line, n})
	p.plain = max(p.plain, line)
}

// excessAt is the excess of line up to off.
func (p *parser) excessAt(off, line int) int {
	if last := p.excess[len(p.excess)-1]; last.off <= off {
		// Mostly, positions are asked for after the last record.
		if last.line == line {
			return last.n
		}
		return 0
	}
	lo, hi := 0, len(p.excess) // the first record past off
	for lo < hi {
		m := (lo + hi) / 2
		if p.excess[m].off <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo > 0 && p.excess[lo-1].line == line {
		return p.excess[lo-1].n
	}
	return 0
}

// clusters is the number of grapheme clusters of b, valid UTF-8.
func clusters(b []byte) int {
	n := 0
	for len(b) > 0 {
		adv, _, _ := textseg.ScanGraphemeClusters(b, true)
		b = b[adv:]
		n++
	}
	return n
}

// identRune is the length of the letter at the start of b that the reader
// takes in an identifier beyond ASCII, or 0: Latin letters (U+00C0 to
// U+024F), which are ID_Start and ID_Continue in every version of Unicode
// and a grapheme cluster each unless a combining mark follows (which the
// reader does not take, and so falls back on).
func identRune(b []byte) int {
	r, n := utf8.DecodeRune(b)
	if r < 0xc0 || r > 0x24f || !unicode.IsLetter(r) {
		return 0
	}
	return n
}

// identLen is the length of the identifier at the start of b, and its
// bytes beyond its grapheme clusters.
func identLen(b []byte) (n, excess int) {
	for n < len(b) && identByte[b[n]] != 0 {
		n++
	}
	for n < len(b) {
		c := b[n]
		if c < 0x80 {
			if identByte[c] == 0 {
				break
			}
			n++
			continue
		}
		m := identRune(b[n:])
		if m == 0 {
			break
		}
		n += m
		excess += m - 1
	}
	return n, excess
}

// rng is the range of t.
func (p *parser) rng(t *token) hcl.Range {
	if t.line > p.plain {
		// pos, written out for the common case: past the first line
		// (so is the end), on lines that have no text beyond ASCII
		// before the token (records are made in the order of the
		// text: none of the token's line and after it).
		b := p.base.Byte
		return hcl.Range{
			Filename: p.filename,
			Start:    hcl.Pos{Line: t.line, Column: t.start - t.ls + 1, Byte: b + t.start},
			End:      hcl.Pos{Line: t.eline, Column: t.end - t.els + 1, Byte: b + t.end},
		}
	}
	return hcl.Range{Filename: p.filename, Start: p.pos(t.start, t.line, t.ls), End: p.pos(t.end, t.eline, t.els)}
}

// span is hcl.RangeBetween(p.rng(a), p.rng(b)), b at or after a, made
// at once.
func (p *parser) span(a, b *token) hcl.Range {
	if a.line > p.plain {
		// As in rng (b's lines are a's or after).
		base := p.base.Byte
		return hcl.Range{
			Filename: p.filename,
			Start:    hcl.Pos{Line: a.line, Column: a.start - a.ls + 1, Byte: base + a.start},
			End:      hcl.Pos{Line: b.eline, Column: b.end - b.els + 1, Byte: base + b.end},
		}
	}
	return hcl.Range{Filename: p.filename, Start: p.pos(a.start, a.line, a.ls), End: p.pos(b.end, b.eline, b.els)}
}

// peek returns the next token the parser sees, as hclsyntax's peeker
// does: comments are skipped, and so are line breaks where they are
// insignificant (p.nl false); where they are significant a comment that
// ends with one reads as a line break whose range is the comment's.
func (p *parser) peek() token {
	if !p.peeked || p.peekNL != p.nl {
		p.fill()
	}
	return p.pk
}

// peekKind is the kind of the token peek returns.
func (p *parser) peekKind() kind {
	if !p.peeked || p.peekNL != p.nl {
		p.fill()
	}
	return p.pk.kind
}

// fill scans the token peek returns into p.pk.
func (p *parser) fill() {
	c := p.cur
	t := &p.pk
	for {
		c = p.scan(c, t)
		switch t.kind {
		case tComment:
			if p.nl && p.src[t.end-1] == '\n' {
				t.kind = tNewline
				p.pkAfter, p.peeked, p.peekNL = c, true, p.nl
				return
			}
			continue
		case tNewline:
			if !p.nl {
				continue
			}
		case tInvalid:
			p.fail(reasonToken)
		}
		p.pkAfter, p.peeked, p.peekNL = c, true, p.nl
		return
	}
}

// read consumes the token peek returns. It is inlined, so that a caller
// that drops the token does not copy it.
func (p *parser) read() token {
	p.advance()
	return p.prev
}

// advance consumes the token peek returns into p.prev.
func (p *parser) advance() {
	if !p.peeked || p.peekNL != p.nl {
		p.fill()
	}
	p.cur = p.pkAfter
	p.peeked = false
	p.prev = p.pk
}

// expect reads the next token, which must be of kind k.
func (p *parser) expect(k kind) token {
	t := p.read()
	if t.kind != k {
		p.fail(reasonSyntax)
	}
	return t
}

// Package nativefmt lays out HCL native syntax as terraform fmt and tofu
// fmt do (their layout is hclwrite.Format's), without building hclwrite's
// token tree: one pass of hclsyntax's lexer, then the same three rules on
// a flat slice of tokens that point into the source.
//
// The rules, line by line (a line ends with a newline token or a
// single-line comment, which holds its newline; a heredoc's content is
// inside one line):
//
//  1. Indentation: two spaces per open bracket level, counted per line
//     ({, [, (, ${ and %{ open; }, ], ) and the end of a template
//     sequence close), with a stack that remembers how many brackets each
//     indenting line opened, so that lines closing several at once dedent
//     the right number of levels.
//  2. Spaces between tokens: one or none, by the kinds of the token, the
//     one before and the one after (no space around dots, before commas,
//     after an opening or before a closing bracket except braces, inside
//     templates; a minus after an operator or an opening bracket is a
//     negation; and so on).
//  3. Alignment: in a run of consecutive lines that each assign a
//     complete value (name = value, with as many brackets opened as
//     closed after the "="), the "=" signs line up one space after the
//     longest name; then, in a run of consecutive lines that end with a
//     comment after other tokens, the comments line up likewise.
//
// Only spaces and tabs between tokens change: every token keeps its
// bytes, and line breaks stay where they are, so a line number in the
// input is the same line in the output. Value lays out one argument's
// value and maps its offsets (Map). A value is lexed by the package's
// own reader of the common tokens (fastLex: names, numbers, punctuation,
// line breaks, strings and heredocs whose sequences are plain references
// and simple directives), which makes hclsyntax's tokens without their
// columns, and by hclsyntax's lexer when it reads something else;
// TestFastLexFiles and FuzzFastLex hold the two to the same tokens.
//
// nativefmt imports only hclsyntax and go-textseg (to count columns in
// grapheme clusters, as hclwrite does).
package nativefmt

import (
	"github.com/apparentlymart/go-textseg/v15/textseg"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// token is one lexed token: its kind, its bytes in the source, and the
// number of spaces to write before it.
type token struct {
	typ    hclsyntax.TokenType
	start  int // byte offset in the source
	end    int
	spaces int
	orig   int // the spaces before it in the source
}

// line is one line's tokens, split into cells: lead [from, assign),
// assign [assign, comment), comment [comment, to). assign == comment when
// the line assigns nothing; comment == to when it has no trailing comment.
type line struct {
	from, assign, comment, to int
}

func (l *line) hasAssign() bool  { return l.assign < l.comment }
func (l *line) hasComment() bool { return l.comment < l.to }

// formatter holds the tokens of one source.
type formatter struct {
	src  []byte
	toks []token
}

// Format returns src laid out as hclwrite.Format lays it out. Lexing
// errors do not stop it, as they do not stop hclwrite.Format: what the
// lexer returns is laid out. Input laid out already comes back as the
// same slice.
func Format(src []byte) []byte {
	return layout(src).write()
}

// Map translates byte offsets of a value's source into offsets of its
// laid-out text (see Value).
type Map struct {
	// starts[i], ends[i] and outs[i] are the offsets of token i in the
	// source (its start and end) and in the output (its start).
	starts, ends, outs []int
}

// Offset returns the offset in the output of the source offset off: an
// offset in a token, or at its end, keeps its distance from the token's
// start; an offset in the white space after a token maps to that token's
// end.
func (m *Map) Offset(off int) int {
	if m == nil {
		return off
	}
	// The last token starting at or before off.
	lo, hi := 0, len(m.starts)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if m.starts[mid] <= off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return off
	}
	i := lo - 1
	return m.outs[i] + min(off, m.ends[i]) - m.starts[i]
}

// layout lexes src and applies the three rules.
func layout(src []byte) *formatter {
	f := &formatter{src: src}
	f.lex()
	lines := f.lines()
	f.indent(lines)
	f.space(lines)
	f.align(lines)
	return f
}

// lex reads the tokens of src, with the spaces before each as written.
func (f *formatter) lex() {
	toks, _ := hclsyntax.LexConfig(f.src, "", hcl.InitialPos)
	f.toks = make([]token, 0, len(toks))
	last := 0
	for _, t := range toks {
		gap := t.Range.Start.Byte - last
		f.toks = append(f.toks, token{typ: t.Type, start: t.Range.Start.Byte, end: t.Range.End.Byte, spaces: gap, orig: gap})
		last = t.Range.End.Byte
	}
}

func (f *formatter) bytes(t *token) []byte { return f.src[t.start:t.end] }

// newline reports whether t ends a line: a newline, or a single-line
// comment, which holds its newline.
func (f *formatter) newline(t *token) bool {
	switch t.typ {
	case hclsyntax.TokenNewline:
		return true
	case hclsyntax.TokenComment:
		return t.end > t.start && f.src[t.end-1] == '\n'
	}
	return false
}

// brackets is the change in bracket depth that a token makes.
func brackets(typ hclsyntax.TokenType) int {
	switch typ {
	case hclsyntax.TokenOBrace, hclsyntax.TokenOBrack, hclsyntax.TokenOParen, hclsyntax.TokenTemplateControl, hclsyntax.TokenTemplateInterp:
		return 1
	case hclsyntax.TokenCBrace, hclsyntax.TokenCBrack, hclsyntax.TokenCParen, hclsyntax.TokenTemplateSeqEnd:
		return -1
	}
	return 0
}

// lines splits the tokens into lines and cells. The EOF token belongs to
// no line.
func (f *formatter) lines() []line {
	var lines []line
	from := 0
	n := len(f.toks)
	for i := range f.toks {
		t := &f.toks[i]
		if t.typ == hclsyntax.TokenEOF {
			n = i
			break
		}
		if f.newline(t) {
			lines = append(lines, f.cells(from, i+1))
			from = i + 1
		}
	}
	if from < n {
		lines = append(lines, f.cells(from, n))
	}
	return lines
}

// cells splits the line of tokens [from, to) into its cells: a trailing
// single-line comment after other tokens is the comment cell; an "=" after
// the first token, followed by balanced brackets, starts the assign cell.
func (f *formatter) cells(from, to int) line {
	l := line{from: from, assign: to, comment: to, to: to}
	if to-from > 1 && f.toks[to-1].typ == hclsyntax.TokenComment {
		l.comment, l.assign = to-1, to-1
	}
	for i := from + 1; i < l.comment; i++ {
		if f.toks[i].typ != hclsyntax.TokenEqual {
			continue
		}
		net := 0
		for j := i; j < l.comment; j++ {
			net += brackets(f.toks[j].typ)
		}
		if net == 0 {
			l.assign = i
		}
		break
	}
	return l
}

// indent sets the indentation of each line (rule 1).
func (f *formatter) indent(lines []line) { f.indentFrom(lines, make([]int, 0, 16)) }

// indentFrom is indent with the given stack of open lines to start from.
func (f *formatter) indentFrom(lines []line, stack []int) {
	for i := range lines {
		l := &lines[i]
		if l.from == l.to {
			continue
		}
		first := &f.toks[l.from]
		if first.typ == hclsyntax.TokenNewline {
			first.spaces = 0
			continue
		}
		net := 0
		for j := l.from; j < l.assign; j++ {
			net += brackets(f.toks[j].typ)
			if f.toks[j].typ == hclsyntax.TokenOHeredoc {
				break
			}
		}
		for j := l.assign; j < l.comment; j++ {
			net += brackets(f.toks[j].typ)
		}
		switch {
		case net > 0:
			first.spaces = 2 * len(stack)
			stack = append(stack, net)
		case net < 0:
			closed := -net
			for closed > 0 && len(stack) > 0 {
				top := &stack[len(stack)-1]
				switch {
				case closed > *top:
					closed -= *top
					stack = stack[:len(stack)-1]
				case closed < *top:
					*top -= closed
					closed = 0
				default:
					stack = stack[:len(stack)-1]
					closed = 0
				}
			}
			first.spaces = 2 * len(stack)
		default:
			first.spaces = 2 * len(stack)
		}
	}
}

// nilToken stands for "no token" before the first token of a cell.
var nilToken = token{typ: hclsyntax.TokenNil}

// space sets the spaces between the tokens of each cell (rule 2). The
// first token of the assign cell gets one space; the comment cell's one
// token is placed by align.
func (f *formatter) space(lines []line) {
	for i := range lines {
		l := &lines[i]
		f.spaceCell(l.from, l.assign)
		if l.hasAssign() {
			f.toks[l.assign].spaces = 1
			f.spaceCell(l.assign, l.comment)
		}
	}
}

func (f *formatter) spaceCell(from, to int) {
	for i := from; i+1 < to; i++ {
		before := &nilToken
		if i > from {
			before = &f.toks[i-1]
		}
		after := &f.toks[i+1]
		if f.spaceAfter(&f.toks[i], before, after) {
			after.spaces = 1
		} else {
			after.spaces = 0
		}
	}
}

// spaceAfter reports whether one space goes between subject and after;
// before is the token before subject in its cell, or nilToken.
func (f *formatter) spaceAfter(subject, before, after *token) bool {
	s, a := subject.typ, after.typ
	switch {
	case a == hclsyntax.TokenNewline || a == hclsyntax.TokenNil:
		return false
	case s == hclsyntax.TokenIdent && a == hclsyntax.TokenOParen:
		return false // a function call
	case s == hclsyntax.TokenIdent && a == hclsyntax.TokenDoubleColon,
		s == hclsyntax.TokenDoubleColon && a == hclsyntax.TokenIdent:
		return false // provider::name::function
	case s == hclsyntax.TokenDot || a == hclsyntax.TokenDot:
		return false
	case a == hclsyntax.TokenComma || a == hclsyntax.TokenEllipsis:
		return false
	case s == hclsyntax.TokenComma:
		return true
	case s == hclsyntax.TokenQuotedLit || s == hclsyntax.TokenStringLit || s == hclsyntax.TokenOQuote || s == hclsyntax.TokenOHeredoc,
		a == hclsyntax.TokenQuotedLit || a == hclsyntax.TokenStringLit || a == hclsyntax.TokenCQuote || a == hclsyntax.TokenCHeredoc:
		return false // inside templates
	case s == hclsyntax.TokenIdent && string(f.bytes(subject)) == "in" && before.typ == hclsyntax.TokenIdent:
		return true // [for x in [a]: x]
	case a == hclsyntax.TokenOBrack && (s == hclsyntax.TokenIdent || s == hclsyntax.TokenNumberLit || brackets(s) < 0):
		return false // an index
	case s == hclsyntax.TokenBang:
		return false
	case s == hclsyntax.TokenMinus:
		// A negation unless the token before can end an operand.
		switch before.typ {
		case hclsyntax.TokenNil,
			hclsyntax.TokenOParen, hclsyntax.TokenOBrace, hclsyntax.TokenOBrack, hclsyntax.TokenEqual, hclsyntax.TokenColon, hclsyntax.TokenComma, hclsyntax.TokenQuestion,
			hclsyntax.TokenPlus, hclsyntax.TokenStar, hclsyntax.TokenSlash, hclsyntax.TokenPercent, hclsyntax.TokenMinus,
			hclsyntax.TokenEqualOp, hclsyntax.TokenNotEqual, hclsyntax.TokenGreaterThan, hclsyntax.TokenGreaterThanEq, hclsyntax.TokenLessThan, hclsyntax.TokenLessThanEq,
			hclsyntax.TokenAnd, hclsyntax.TokenOr, hclsyntax.TokenBang:
			return false
		}
		return true
	case s == hclsyntax.TokenOBrace || a == hclsyntax.TokenCBrace:
		// Braces have spaces inside, except {}.
		return !(s == hclsyntax.TokenOBrace && a == hclsyntax.TokenCBrace)
	case (s == hclsyntax.TokenTemplateInterp || s == hclsyntax.TokenTemplateControl) && a == hclsyntax.TokenOBrace:
		return true
	case s == hclsyntax.TokenCBrace && a == hclsyntax.TokenTemplateSeqEnd:
		return true
	case s == hclsyntax.TokenTemplateSeqEnd && (a == hclsyntax.TokenTemplateInterp || a == hclsyntax.TokenTemplateControl):
		return false
	case brackets(s) > 0:
		return false
	case brackets(a) < 0:
		return false
	}
	return true
}

// columns is the width of tokens [from, to): their spaces and their
// grapheme clusters.
func (f *formatter) columns(from, to int) int {
	n := 0
	for i := from; i < to; i++ {
		t := &f.toks[i]
		n += t.spaces + graphemes(f.src[t.start:t.end])
	}
	return n
}

// graphemes counts the grapheme clusters of b.
func graphemes(b []byte) int {
	for _, c := range b {
		if c >= 0x80 || c == '\r' {
			n, _ := textseg.TokenCount(b, textseg.ScanGraphemeClusters)
			return n
		}
	}
	return len(b)
}

// align lines up the "=" of runs of assigning lines, then the comments of
// runs of lines with a trailing comment (rule 3).
func (f *formatter) align(lines []line) {
	f.alignRuns(lines, (*line).hasAssign, func(l *line) int { return f.columns(l.from, l.assign) }, func(l *line) int { return l.assign })
	f.alignRuns(lines, (*line).hasComment, func(l *line) int { return f.columns(l.from, l.comment) }, func(l *line) int { return l.comment })
}

func (f *formatter) alignRuns(lines []line, in func(*line) bool, width func(*line) int, cell func(*line) int) {
	start, widest := -1, 0
	closeRun := func(end int) {
		for j := start; j < end; j++ {
			f.toks[cell(&lines[j])].spaces = widest - width(&lines[j]) + 1
		}
		start, widest = -1, 0
	}
	for i := range lines {
		if !in(&lines[i]) {
			if start >= 0 {
				closeRun(i)
			}
			continue
		}
		if start < 0 {
			start = i
		}
		widest = max(widest, width(&lines[i]))
	}
	if start >= 0 {
		closeRun(len(lines))
	}
}

// joinsNumber reports whether the layout removed the space between a
// number and the token next to it, where the two may lex as one token
// ("0. 0", the number 0 indexed by 0, would become the number 0.0).
// hclwrite.Format does that; callers that must keep the meaning check
// the result then.
func (f *formatter) joinsNumber() bool {
	for i := 1; i < len(f.toks); i++ {
		t := &f.toks[i]
		if t.orig > 0 && t.spaces == 0 && (t.typ == hclsyntax.TokenNumberLit || f.toks[i-1].typ == hclsyntax.TokenNumberLit) {
			return true
		}
	}
	return false
}

// write assembles the output. When the layout changes nothing it returns
// the source itself.
func (f *formatter) write() []byte {
	same := true
	for i := range f.toks {
		t := &f.toks[i]
		if t.spaces != t.start-f.prevEnd(i) || !f.spacesOnly(i) {
			same = false
			break
		}
	}
	if same && (len(f.toks) == 0 || f.toks[len(f.toks)-1].end == len(f.src)) {
		return f.src
	}
	out := make([]byte, 0, len(f.src)+len(f.src)/16)
	for i := range f.toks {
		t := &f.toks[i]
		for range t.spaces {
			out = append(out, ' ')
		}
		out = append(out, f.src[t.start:t.end]...)
	}
	return out
}

func (f *formatter) prevEnd(i int) int {
	if i == 0 {
		return 0
	}
	return f.toks[i-1].end
}

// spacesOnly reports whether the gap before token i holds spaces only.
func (f *formatter) spacesOnly(i int) bool {
	for _, c := range f.src[f.prevEnd(i):f.toks[i].start] {
		if c != ' ' {
			return false
		}
	}
	return true
}

package template

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// lexer is one of hclsyntax's lexers, matching the parser used.
type lexer func([]byte, string, hcl.Pos) (hclsyntax.Tokens, hcl.Diagnostics)

// rangeInDetail matches what follows "filename:" in hcl.Range.String().
var rangeInDetail = regexp.MustCompile(`^(\d+),(\d+)-(?:(\d+),)?(\d+)`)

// fixDetails rewrites the ranges that some hclsyntax parse diagnostics
// print in their Detail ("The if directive at f.json:1,8-12 is missing its
// corresponding endif directive."). hclsyntax rendered them in its own
// line/column terms; they are found again among the token boundaries of a
// fresh lex of the text and rendered from the file. diags must belong to
// the caller (as sourceMap.Diagnostics results do); a range that cannot be
// resolved is left as it is. buf holds the bytes that were parsed.
func (m *sourceMap) fixDetails(diags hcl.Diagnostics, src Source, buf []byte, lex lexer) {
	if m == nil {
		return
	}
	prefix := m.filename + ":"
	var offsets map[[2]int]int // hclsyntax line/column of a token boundary -> byte
	for _, d := range diags {
		if !strings.Contains(d.Detail, prefix) {
			continue
		}
		if offsets == nil {
			offsets = tokenBoundaries(src, buf, lex)
		}
		d.Detail = m.rewriteRanges(d.Detail, prefix, offsets)
	}
}

func tokenBoundaries(src Source, buf []byte, lex lexer) (offsets map[[2]int]int) {
	offsets = map[[2]int]int{}
	defer func() {
		if recover() != nil {
			offsets = map[[2]int]int{} // leave the Details alone
		}
	}()
	toks, _ := lex(buf, src.Filename, src.Start)
	for _, t := range toks {
		offsets[[2]int{t.Range.Start.Line, t.Range.Start.Column}] = t.Range.Start.Byte
		offsets[[2]int{t.Range.End.Line, t.Range.End.Column}] = t.Range.End.Byte
	}
	return offsets
}

func (m *sourceMap) rewriteRanges(detail, prefix string, offsets map[[2]int]int) string {
	var b strings.Builder
	rest := detail
	for {
		i := strings.Index(rest, prefix)
		if i < 0 {
			break
		}
		after := rest[i+len(prefix):]
		loc := rangeInDetail.FindStringSubmatchIndex(after)
		if loc == nil {
			b.WriteString(rest[:i+len(prefix)])
			rest = after
			continue
		}
		num := func(k int) int {
			if loc[2*k] < 0 {
				return -1
			}
			n, _ := strconv.Atoi(after[loc[2*k]:loc[2*k+1]])
			return n
		}
		line, col, endLine, endCol := num(1), num(2), num(3), num(4)
		if endLine < 0 {
			endLine = line
		}
		start, okStart := offsets[[2]int{line, col}]
		end, okEnd := offsets[[2]int{endLine, endCol}]
		b.WriteString(rest[:i])
		if okStart && okEnd {
			r := m.Range(hcl.Range{
				Filename: m.filename,
				Start:    hcl.Pos{Line: line, Column: col, Byte: start},
				End:      hcl.Pos{Line: endLine, Column: endCol, Byte: end},
			})
			b.WriteString(r.String())
		} else {
			b.WriteString(prefix)
			b.WriteString(after[:loc[1]])
		}
		rest = after[loc[1]:]
	}
	b.WriteString(rest)
	return b.String()
}

package template

import (
	"bytes"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// manyLines is the number of newlines above which Parse folds the lines of
// a template's literal text before parsing it (see foldLines).
const manyLines = 32

// placeholders are the bytes foldLines may write in place of a newline, in
// order of preference: ASCII control characters that hclsyntax's template
// scanner reads as plain literal text, that unicode.IsSpace (the trimming
// of "~") does not strip, and that NFC neither composes nor reorders, just
// like "\n".
const placeholders = "\x1f\x1e\x1d\x1c\x1b\x1a\x19\x18\x17\x16\x15\x14\x13\x12\x11\x10\x0f\x0e\x08\x07\x06\x05\x04\x03\x02\x01"

// foldedLines records the newlines that foldLines replaced.
//
// hclsyntax's template scanner ends a literal token at every newline, and
// its parser then joins consecutive literal tokens by repeated string
// concatenation and slice deletion: quadratic in the number of lines of a
// literal run. A newline that stands in the literal text at the top level
// of the template (outside "${...}" and "%{...}") can be replaced by a
// placeholder byte that the scanner does not split on: the parser then sees
// one long literal token, with the same byte offsets, and the newlines are
// put back into the literal values of the AST afterwards. Line and column
// numbers in hclsyntax's ranges are wrong from the first placeholder on,
// which is why a folded template always goes through its source map, which
// works from byte offsets only.
//
// Where the parser trims white space ("~}" strips the start of the literal
// token after it, "${~" and "%{~" the end of the one before them) or uses a
// token's whole range (the first token of the template is the subject of
// "Unclosed template interpolation sequence"), the tokens must be the ones
// hclsyntax would have seen. So the first and the last newline of every
// run of literal tokens are kept, whether or not a strip marker is there.
// The run's first token is then unchanged. Its last token may now start
// earlier, but with a placeholder (or a "$${" split) just before what it
// was, and trimming stops at the placeholder where it stopped at the
// token's start. A run costs at most three tokens instead of one per line.
// Newlines that end a "\r\n" pair are kept as well.
type foldedLines struct {
	buf         []byte // the text as parsed, placeholders in place
	base        int    // Start.Byte: buf[i] is at byte base+i in hclsyntax's ranges
	at          []int  // offsets in buf of the replaced newlines, ascending
	placeholder byte
	ambiguous   bool // placeholder also occurs in the text itself
}

// foldLines replaces the foldable newlines of buf, which holds src.Text, by
// a placeholder, and returns what it did; nil (buf untouched) when there are
// few newlines, none that can be folded, or the scanner fails.
func foldLines(buf []byte, src Source) (f *foldedLines) {
	if bytes.Count(buf, []byte{'\n'}) <= manyLines {
		return nil
	}
	if n, ok := topLevelNewlines(src.Text); ok && n <= manyLines {
		// The lines are inside interpolations and directives (a long
		// expression written on many lines): the literal runs are
		// short, and there is nothing worth the scanner's second pass.
		return nil
	}
	defer func() {
		if recover() != nil {
			f = nil // parse as is; the parser will report the problem
		}
	}()
	toks, _ := hclsyntax.LexTemplate(buf, src.Filename, src.Start)
	at := foldable(toks, buf, src.Start.Byte)
	if len(at) == 0 {
		return nil
	}
	f = &foldedLines{buf: buf, base: src.Start.Byte, at: at, placeholder: placeholders[0], ambiguous: true}
	for i := 0; i < len(placeholders); i++ {
		if bytes.IndexByte(buf, placeholders[i]) < 0 {
			f.placeholder, f.ambiguous = placeholders[i], false
			break
		}
	}
	for _, i := range at {
		buf[i] = f.placeholder
	}
	return f
}

// topLevelNewlines counts the newlines of s outside its interpolation and
// directive sequences ("${...}", "%{...}"), which bounds the newlines of
// its literal runs, when it can tell the sequences' ends without the
// scanner: ok is false as soon as a sequence holds anything but
// identifiers, numbers, white space, operators, brackets and braces (a
// quoted string, a comment, a heredoc, non-ASCII text), in which a brace
// might not be one. An unclosed sequence runs to the end of s.
func topLevelNewlines(s string) (n int, ok bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if depth == 0 {
			switch {
			case c == '\n':
				n++
			case (c == '$' || c == '%') && i+1 < len(s) && s[i+1] == '{':
				depth = 1
				i++
			case (c == '$' || c == '%') && i+2 < len(s) && s[i+1] == c && s[i+2] == '{':
				i += 2 // an escape: "$${" is literal text
			}
			continue
		}
		switch {
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '/':
			if i+1 < len(s) && (s[i+1] == '/' || s[i+1] == '*') {
				return 0, false // a comment
			}
		case c == '<':
			if i+1 < len(s) && s[i+1] == '<' {
				return 0, false // a heredoc
			}
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			strings.IndexByte(" \t\r\n_-.,[]()?:=!>+*%&|~", c) >= 0:
		default:
			return 0, false
		}
	}
	return n, true
}

// foldable returns the offsets in buf of the newlines that may be folded.
//
// A run is a sequence of consecutive literal tokens at the top level of the
// template: TokenStringLit outside any heredoc (the scanner emits that type
// only in its top-level mode, in heredocs, and for what follows a point
// where it fails at the top level). Counting "${" against "}" would not do:
// the scanner also ends a sequence at a "~}" that closes an ordinary brace,
// without leaving the sequence. Within a run, every "\n" may be folded but
// the first, the last, and the "\n" of each "\r\n".
func foldable(toks hclsyntax.Tokens, buf []byte, base int) []int {
	var at []int
	heredocs := 0
	inRun, keepNext := false, false
	run := 0 // at[run:] are the folded newlines of the current run
	for _, tok := range toks {
		switch tok.Type {
		case hclsyntax.TokenOHeredoc:
			heredocs++
		case hclsyntax.TokenCHeredoc:
			heredocs = max(heredocs-1, 0)
		}
		s, e := tok.Range.Start.Byte-base, tok.Range.End.Byte-base
		if tok.Type != hclsyntax.TokenStringLit || heredocs > 0 || s < 0 || e > len(buf) || e < s {
			if inRun {
				at = at[:max(run, len(at)-1)]
				inRun = false
			}
			continue
		}
		if !inRun {
			inRun, keepNext, run = true, true, len(at)
		}
		for i := s; i < e; i++ {
			j := bytes.IndexByte(buf[i:e], '\n')
			if j < 0 {
				break
			}
			i += j
			if i > 0 && buf[i-1] == '\r' {
				continue
			}
			if keepNext {
				keepNext = false
				continue
			}
			at = append(at, i)
		}
	}
	if inRun {
		at = at[:max(run, len(at)-1)]
	}
	return at
}

// restore puts the folded newlines back into the literal parts of expr, the
// template parsed from f.buf.
func (f *foldedLines) restore(expr hclsyntax.Expression) {
	if t, ok := expr.(*hclsyntax.TemplateExpr); ok {
		f.restoreParts(t.Parts)
	}
}

// restoreParts walks the parts of a template at the top level: literals,
// interpolations, and the bodies of if and for directives. Only nodes whose
// range covers a folded newline are touched, and interpolations never do.
func (f *foldedLines) restoreParts(parts []hclsyntax.Expression) {
	for _, p := range parts {
		switch e := p.(type) {
		case *hclsyntax.LiteralValueExpr:
			if f.covers(e.SrcRange) && e.Val.Type() == cty.String && e.Val.IsKnown() && !e.Val.IsNull() && !e.Val.IsMarked() {
				e.Val = cty.StringVal(f.unfold(e.Val.AsString(), e.SrcRange))
			}
		case *hclsyntax.ConditionalExpr: // %{ if }
			if f.covers(e.SrcRange) {
				f.restore(e.TrueResult)
				f.restore(e.FalseResult)
			}
		case *hclsyntax.TemplateJoinExpr: // %{ for }
			if fe, ok := e.Tuple.(*hclsyntax.ForExpr); ok && f.covers(fe.SrcRange) {
				f.restore(fe.ValExpr)
			}
		}
	}
}

// covers reports whether a folded newline lies in r.
func (f *foldedLines) covers(r hcl.Range) bool {
	s, e := r.Start.Byte-f.base, r.End.Byte-f.base
	i := sort.SearchInts(f.at, s)
	return i < len(f.at) && f.at[i] < e
}

// unfold returns val, the value of the literal whose source is r, with the
// placeholders that stand for folded newlines turned back into newlines.
// The value differs from its source only by trimmed white space at either
// end and "$${" and "%%{" unescaped, so the placeholders of the value are
// those of the source, in order.
func (f *foldedLines) unfold(val string, r hcl.Range) string {
	ph := f.placeholder
	if !f.ambiguous {
		return strings.ReplaceAll(val, string(ph), "\n")
	}
	s, e := r.Start.Byte-f.base, r.End.Byte-f.base
	out := []byte(val)
	k := sort.SearchInts(f.at, s)
	j := s
	for i, c := range out {
		if c != ph {
			continue
		}
		for j < e && f.buf[j] != ph {
			j++
		}
		if j >= e {
			break // not expected: leave the rest as it is
		}
		for k < len(f.at) && f.at[k] < j {
			k++
		}
		if k < len(f.at) && f.at[k] == j {
			out[i] = '\n'
		}
		j++
	}
	return string(out)
}

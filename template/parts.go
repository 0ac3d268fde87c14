package template

import (
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// After "${traversal}", the commonest templates in .tf.json files are
// literal text mixed with such interpolations ("web-${var.env}-${count.index}",
// "arn:aws:s3:::${var.bucket}/*") and text whose only template syntax is
// escapes ("home/$${aws:username}/*", "%%{ not a directive }").
// parsePartsTemplate builds for both the AST that hclsyntax.ParseTemplate
// would build, node for node and range for range:
//
//	( text | "${" traversal "}" )*
//
// where the traversal is the plain one of parseTraversalTemplate and text
// has no newline or carriage return and no "${" or "%{" but as part of an
// escape. hclsyntax reads text token by token, left to right: "$${" (and
// "%%{") is an escape for "${" (and "%{"), a "~" right after it belongs to
// the same token, and any other '$' or '%' is a token of its own. So in a
// run of dollars before "{" the last two make the escape and the others
// stand for themselves ("$$${a}" is the literal "$${a}"). Consecutive text
// tokens become one LiteralValueExpr covering them all, holding their
// unescaped text; interpolations become their ScopeTraversalExpr; and the
// whole is a TemplateExpr, even when it has a single literal part. The
// text may be any valid UTF-8 that does not begin with U+FEFF (which
// hclsyntax skips): the AST then has hclsyntax's columns, which count
// grapheme clusters token by token, and the source map makes the ranges
// that are handed out exact, as for any other template.

// partsNodes holds a fast-path Template and the AST nodes of a template of
// up to four parts and six traversal steps, so that one allocation serves
// them all; literalNodes does the same for a template without
// interpolations.
type (
	partsNodes struct {
		t      Template
		tmpl   hclsyntax.TemplateExpr
		parts  [4]hclsyntax.Expression
		lits   [2]hclsyntax.LiteralValueExpr
		scopes [2]hclsyntax.ScopeTraversalExpr
		steps  [6]hcl.Traverser
	}
	literalNodes struct {
		t     Template
		tmpl  hclsyntax.TemplateExpr
		parts [1]hclsyntax.Expression
		lits  [1]hclsyntax.LiteralValueExpr
	}
)

// A piece is one part of a fast-path template: text, or an interpolation
// (from "${" to just after "}").
type piece struct {
	start, end int
	steps      int  // the traversal's steps; 0 for text and calls
	escapes    int  // "$${" and "%%{" in text
	call       bool // an interpolation of a call
}

// parsePartsTemplate returns the template for src when src.Text has the
// form above and is not one interpolation of a traversal alone, or when it
// is ASCII and has the form of callTemplate (call.go); nil otherwise. ascii
// tells whether the text is all ASCII.
func parsePartsTemplate(src Source, ascii bool) *Template {
	s := src.Text
	if !ascii && (!utf8.ValidString(s) || strings.HasPrefix(s, bom)) {
		return nil
	}
	var buf [8]piece
	var cc callCounts
	var calls *callCounts // calls are on the fast path in ASCII only
	if ascii {
		calls = &cc
	}
	pieces := splitPieces(s, buf[:0], calls)
	if len(pieces) > 0 && cc.calls > 0 {
		return callTemplate(src, pieces, cc)
	}
	if len(pieces) == 0 || len(pieces) == 1 && pieces[0].steps > 0 {
		return nil
	}
	nlits, nscopes, nsteps, unescLen := countPieces(pieces)
	if nscopes == 0 && unescLen == 0 {
		return nil // a literal; hclsyntax has a reason to see it (invalid UTF-8, U+FEFF)
	}

	var (
		t      *Template
		tmpl   *hclsyntax.TemplateExpr
		parts  []hclsyntax.Expression
		lits   []hclsyntax.LiteralValueExpr
		scopes []hclsyntax.ScopeTraversalExpr
		steps  []hcl.Traverser
	)
	if nscopes == 0 { // one piece of text
		nodes := &literalNodes{}
		t, tmpl, parts, lits = &nodes.t, &nodes.tmpl, nodes.parts[:0], nodes.lits[:]
	} else {
		nodes := &partsNodes{}
		t, tmpl, parts, lits, scopes, steps = &nodes.t, &nodes.tmpl, nodes.parts[:0], nodes.lits[:], nodes.scopes[:], nodes.steps[:]
		if len(pieces) > len(nodes.parts) {
			parts = make([]hclsyntax.Expression, 0, len(pieces))
		}
		if nlits > len(lits) {
			lits = make([]hclsyntax.LiteralValueExpr, nlits)
		}
		if nscopes > len(scopes) {
			scopes = make([]hclsyntax.ScopeTraversalExpr, nscopes)
		}
		if nsteps > len(steps) {
			steps = make([]hcl.Traverser, nsteps)
		}
	}
	var unesc string
	if unescLen > 0 {
		unesc = unescapePieces(s, pieces, unescLen)
	}
	var b []byte // s, for counting grapheme clusters
	if !ascii {
		b = []byte(s)
	}

	col := src.Start.Column
	pos := func(off, col int) hcl.Pos {
		return hcl.Pos{Line: src.Start.Line, Column: col, Byte: src.Start.Byte + off}
	}
	for _, p := range pieces {
		if p.steps > 0 {
			sp := spans{filename: src.Filename, line: src.Start.Line, col: col - p.start, off: src.Start.Byte}
			tr := appendTraversal(hcl.Traversal(steps[:0:p.steps]), s, p.start+2, p.end-1, sp)
			steps = steps[p.steps:]
			scope := &scopes[0]
			scopes = scopes[1:]
			*scope = hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: sp.rng(p.start+2, p.end-1)}
			parts = append(parts, scope)
			col += p.end - p.start
			continue
		}
		from := col
		if ascii {
			col += p.end - p.start
		} else {
			col += textColumns(b[p.start:p.end])
		}
		val := s[p.start:p.end]
		if p.escapes > 0 {
			n := len(val) - p.escapes
			val, unesc = unesc[:n], unesc[n:]
		}
		lit := &lits[0]
		lits = lits[1:]
		*lit = hclsyntax.LiteralValueExpr{
			Val:      cty.StringVal(val),
			SrcRange: hcl.Range{Filename: src.Filename, Start: pos(p.start, from), End: pos(p.end, col)},
		}
		parts = append(parts, lit)
	}
	*tmpl = hclsyntax.TemplateExpr{
		Parts:    parts,
		SrcRange: hcl.Range{Filename: src.Filename, Start: pos(0, src.Start.Column), End: pos(len(s), col)},
	}
	*t = Template{text: s, expr: tmpl, m: newSourceMap(src, ascii)}
	return t
}

// countPieces returns what the pieces other than calls need: literals
// (text), traversals and their steps, and the length of the unescaped
// text of the pieces with escapes.
func countPieces(pieces []piece) (lits, scopes, steps, unescLen int) {
	for _, p := range pieces {
		switch {
		case p.call:
		case p.steps > 0:
			scopes++
			steps += p.steps
		case p.escapes > 0:
			unescLen += p.end - p.start - p.escapes
			fallthrough
		default:
			lits++
		}
	}
	return lits, scopes, steps, unescLen
}

// splitPieces appends the pieces of s to pieces, consecutive text in one
// piece; nil when s does not have the form of parsePartsTemplate. With
// calls not nil, an interpolation may also be a call of callTemplate's
// grammar, whose nodes are added to calls.
func splitPieces(s string, pieces []piece, calls *callCounts) []piece {
	n := len(s)
	for i := 0; i < n; {
		if s[i] == '$' && i+1 < n && s[i+1] == '{' {
			end, steps := traversalEnd(s, i+2)
			if end < 0 && calls != nil {
				if e := callEnd(s, i+2, calls, 0); e >= 0 && e < n && s[e] == '}' {
					pieces = append(pieces, piece{start: i, end: e + 1, call: true})
					i = e + 1
					continue
				}
			}
			if end < 0 {
				return nil
			}
			pieces = append(pieces, piece{start: i, end: end + 1, steps: steps})
			i = end + 1
			continue
		}
		p := piece{start: i}
	text:
		for i < n {
			switch c := s[i]; c {
			case '\n', '\r':
				return nil
			case '$', '%':
				if i+1 < n && s[i+1] == '{' {
					break text
				}
				if i+2 < n && s[i+1] == c && s[i+2] == '{' {
					p.escapes++
					i += 3
					continue
				}
			}
			i++
		}
		if i < n && s[i] == '%' {
			return nil // a directive
		}
		p.end = i
		pieces = append(pieces, p)
	}
	return pieces
}

// unescapePieces returns the unescaped text of the pieces with escapes,
// one after the other; n is its length.
func unescapePieces(s string, pieces []piece, n int) string {
	var b strings.Builder
	b.Grow(n)
	for _, p := range pieces {
		if p.steps > 0 || p.escapes == 0 {
			continue
		}
		last := p.start
		for i := p.start; i < p.end; {
			if c := s[i]; (c == '$' || c == '%') && i+2 < p.end && s[i+1] == c && s[i+2] == '{' {
				b.WriteString(s[last : i+1])
				i += 2
				last = i
				continue
			}
			i++
		}
		b.WriteString(s[last:p.end])
	}
	return b.String()
}

// textColumns returns the columns that hclsyntax counts for text: the
// grapheme clusters of each of its tokens ("$${", "$${~", a lone '$' or
// '%', or a run of anything else), summed.
func textColumns(text []byte) int {
	cols := 0
	for i := 0; i < len(text); {
		j := i + 1
		switch c := text[i]; c {
		case '$', '%':
			if i+2 < len(text) && text[i+1] == c && text[i+2] == '{' {
				j = i + 3
				if j < len(text) && text[j] == '~' {
					j++
				}
			}
		default:
			for j < len(text) && text[j] != '$' && text[j] != '%' {
				j++
			}
		}
		cols += tokenColumns(text[i:j])
		i = j
	}
	return cols
}

// tokenColumns counts the grapheme clusters of one token without line
// breaks: one per byte when it is ASCII.
func tokenColumns(tok []byte) int {
	for _, c := range tok {
		if c >= utf8.RuneSelf {
			return clusters(tok)
		}
	}
	return len(tok)
}

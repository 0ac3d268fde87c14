package template

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// After traversals, the commonest interpolations in .tf.json files are
// function calls on traversals and literals ("${length(var.subnets)}",
// "${upper(local.name)}", "${lookup(var.tags, \"Name\", \"x\")}").
// parsePartsTemplate builds for them, alone or mixed with text and
// traversals, the AST that hclsyntax.ParseTemplate would build, node for
// node and range for range:
//
//	template = ( text | "${" traversal "}" | "${" call "}" )*   with at least one call
//	call     = ident "(" [ arg ( ( "," | ", " ) arg )* ] ")"
//	arg      = call | traversal | `"` quoted `"` | number | "true" | "false" | "null"
//	number   = digit+ [ "." digit+ ]
//
// The text and the traversals are those of parsePartsTemplate and
// parseTraversalTemplate, and the whole string is ASCII. A call's name is
// an ident as in traversals (true, false and null included: hclsyntax
// reads an ident before "(" as a call). A quoted literal is printable
// ASCII without '"', '\\', "${" or "%{" (hclsyntax makes it a TemplateExpr
// of one LiteralValueExpr; for "" that literal is empty and placed just
// after the closing quote, although hclsyntax's comment says after the
// opening one). A number may have leading zeros; its value is hclsyntax's,
// cty.ParseNumberVal of its text (shared for one digit). Calls nest at
// most maxCallDepth deep. There is
// no white space but the one space a separator may have, no "~", no
// provider namespace ("provider::p::f"), no "..." and no trailing comma;
// anything else goes to the parser. A template that is one call
// interpolation is a TemplateWrapExpr of the FunctionCallExpr.

// maxCallDepth bounds the nesting of calls on the fast path.
const maxCallDepth = 8

// callCounts counts the nodes of the call interpolations of a template.
type callCounts struct {
	calls  int // FunctionCallExprs
	exprs  int // arguments, and the one part of each quoted literal
	scopes int // ScopeTraversalExprs
	steps  int // their steps
	lits   int // LiteralValueExprs: numbers, keywords, quoted literals' text
	strs   int // quoted literals' TemplateExprs
}

// callNodes holds a call-path Template and the AST nodes of a common
// template with a call ("${upper(local.name)}", "${var.v}-${length(var.v)}",
// "${lookup(var.tags, \"Name\", null)}": one call, four arguments and
// parts, two traversals of four steps, two literals, one of them quoted),
// so that one allocation (of 1152 bytes) serves them all; a larger
// template takes slices of its own for what does not fit.
type callNodes struct {
	t      Template
	wrap   hclsyntax.TemplateWrapExpr
	tmpl   hclsyntax.TemplateExpr
	calls  [1]hclsyntax.FunctionCallExpr
	exprs  [4]hclsyntax.Expression
	scopes [2]hclsyntax.ScopeTraversalExpr
	steps  [4]hcl.Traverser
	lits   [2]hclsyntax.LiteralValueExpr
	strs   [1]hclsyntax.TemplateExpr
}

// callEnd returns the end (just after ")") of the call starting at s[i],
// adding its nodes to c; -1 when s[i:] does not start with a call of the
// grammar above.
func callEnd(s string, i int, c *callCounts, depth int) int {
	nameEnd := identEnd(s, i)
	if nameEnd == i || nameEnd >= len(s) || s[nameEnd] != '(' || depth >= maxCallDepth {
		return -1
	}
	c.calls++
	j := nameEnd + 1
	if j < len(s) && s[j] == ')' {
		return j + 1
	}
	for {
		if j = argEnd(s, j, c, depth); j < 0 || j >= len(s) {
			return -1
		}
		switch s[j] {
		case ')':
			return j + 1
		case ',':
			j++
			if j < len(s) && s[j] == ' ' {
				j++
			}
		default:
			return -1
		}
	}
}

// argEnd returns the end of the argument starting at s[i], adding its
// nodes to c; -1 when there is none of the grammar's there.
func argEnd(s string, i int, c *callCounts, depth int) int {
	if i >= len(s) {
		return -1
	}
	c.exprs++
	switch ch := s[i]; {
	case ch == '"':
		c.exprs++
		c.lits++
		c.strs++
		return quotedEnd(s, i)
	case isDigit(ch):
		c.lits++
		return numberEnd(s, i)
	case isLetter(ch):
		end := identEnd(s, i)
		if end < len(s) && s[end] == '(' {
			return callEnd(s, i, c, depth+1)
		}
		switch s[i:end] {
		case "true", "false", "null":
			c.lits++
			return end
		}
		steps := 1
		for end < len(s) && (s[end] == '.' || s[end] == '[') {
			if end = stepEnd(s, end); end < 0 {
				return -1
			}
			steps++
		}
		c.scopes++
		c.steps += steps
		return end
	}
	return -1
}

// quotedEnd returns the end (just after the closing quote) of the quoted
// literal starting at s[i], or -1.
func quotedEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch c := s[j]; {
		case c == '"':
			return j + 1
		case c < ' ' || c > '~' || c == '\\':
			return -1
		case (c == '$' || c == '%') && j+1 < len(s) && s[j+1] == '{':
			return -1
		}
	}
	return -1
}

// numberEnd returns the end of the number starting with the digit s[i].
func numberEnd(s string, i int) int {
	j := i + 1
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		j += 2
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	return j
}

// callArena hands out the nodes counted by callEnd, in order.
type callArena struct {
	sp     spans
	calls  []hclsyntax.FunctionCallExpr
	exprs  []hclsyntax.Expression
	scopes []hclsyntax.ScopeTraversalExpr
	steps  []hcl.Traverser
	lits   []hclsyntax.LiteralValueExpr
	strs   []hclsyntax.TemplateExpr
}

// newCallArena returns an arena for c's nodes (and the parts of a
// template) in nodes, or in slices of their own where nodes is too small.
func newCallArena(nodes *callNodes, c callCounts, sp spans) callArena {
	a := callArena{sp: sp, calls: nodes.calls[:], exprs: nodes.exprs[:], scopes: nodes.scopes[:],
		steps: nodes.steps[:], lits: nodes.lits[:], strs: nodes.strs[:]}
	if c.calls > len(a.calls) {
		a.calls = make([]hclsyntax.FunctionCallExpr, c.calls)
	}
	if c.exprs > len(a.exprs) {
		a.exprs = make([]hclsyntax.Expression, c.exprs)
	}
	if c.scopes > len(a.scopes) {
		a.scopes = make([]hclsyntax.ScopeTraversalExpr, c.scopes)
	}
	if c.steps > len(a.steps) {
		a.steps = make([]hcl.Traverser, c.steps)
	}
	if c.lits > len(a.lits) {
		a.lits = make([]hclsyntax.LiteralValueExpr, c.lits)
	}
	if c.strs > len(a.strs) {
		a.strs = make([]hclsyntax.TemplateExpr, c.strs)
	}
	return a
}

// takeExprs returns the next n expression slots.
func (a *callArena) takeExprs(n int) []hclsyntax.Expression {
	e := a.exprs[:n:n]
	a.exprs = a.exprs[n:]
	return e
}

func (a *callArena) lit(val cty.Value, rng hcl.Range) *hclsyntax.LiteralValueExpr {
	l := &a.lits[0]
	a.lits = a.lits[1:]
	*l = hclsyntax.LiteralValueExpr{Val: val, SrcRange: rng}
	return l
}

// scope builds the plain traversal s[i:end] of the given steps.
func (a *callArena) scope(s string, i, end, steps int) *hclsyntax.ScopeTraversalExpr {
	tr := appendTraversal(hcl.Traversal(a.steps[:0:steps]), s, i, end, a.sp)
	a.steps = a.steps[steps:]
	e := &a.scopes[0]
	a.scopes = a.scopes[1:]
	*e = hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: a.sp.rng(i, end)}
	return e
}

// call builds the call starting at s[i], which callEnd accepted, and
// returns it with its end.
func (a *callArena) call(s string, i int) (*hclsyntax.FunctionCallExpr, int) {
	nameEnd := identEnd(s, i)
	call := &a.calls[0]
	a.calls = a.calls[1:]
	*call = hclsyntax.FunctionCallExpr{
		Name:           s[i:nameEnd],
		NameRange:      a.sp.rng(i, nameEnd),
		OpenParenRange: a.sp.rng(nameEnd, nameEnd+1),
	}
	j := nameEnd + 1
	if s[j] != ')' {
		var buf [8]hclsyntax.Expression
		args := buf[:0]
		for {
			var arg hclsyntax.Expression
			arg, j = a.arg(s, j)
			args = append(args, arg)
			if s[j] == ')' {
				break
			}
			j++ // ","
			if s[j] == ' ' {
				j++
			}
		}
		call.Args = a.takeExprs(len(args))
		copy(call.Args, args)
	}
	call.CloseParenRange = a.sp.rng(j, j+1)
	return call, j + 1
}

// arg builds the argument starting at s[i] and returns it with its end.
func (a *callArena) arg(s string, i int) (hclsyntax.Expression, int) {
	switch c := s[i]; {
	case c == '"':
		j := i + 1 + strings.IndexByte(s[i+1:], '"') // the closing quote
		inner := a.sp.rng(i+1, j)
		if j == i+1 {
			inner = a.sp.rng(j+1, j+1) // hclsyntax's empty literal follows the quote
		}
		parts := a.takeExprs(1)
		parts[0] = a.lit(cty.StringVal(s[i+1:j]), inner)
		str := &a.strs[0]
		a.strs = a.strs[1:]
		*str = hclsyntax.TemplateExpr{Parts: parts, SrcRange: a.sp.rng(i, j+1)}
		return str, j + 1
	case isDigit(c):
		j := numberEnd(s, i)
		return a.lit(numberVal(s[i:j]), a.sp.rng(i, j)), j
	}
	end := identEnd(s, i)
	if s[end] == '(' {
		return a.call(s, i)
	}
	switch s[i:end] {
	case "true":
		return a.lit(cty.True, a.sp.rng(i, end)), end
	case "false":
		return a.lit(cty.False, a.sp.rng(i, end)), end
	case "null":
		return a.lit(cty.NullVal(cty.DynamicPseudoType), a.sp.rng(i, end)), end
	}
	steps := 1
	for s[end] == '.' || s[end] == '[' {
		end = stepEnd(s, end)
		steps++
	}
	return a.scope(s, i, end, steps), end
}

// numberVal is hclsyntax's value of a number literal.
func numberVal(text string) cty.Value {
	if len(text) == 1 {
		return smallIndexes[text[0]-'0']
	}
	v, err := cty.ParseNumberVal(text)
	if err != nil {
		panic("template: number literal " + text + ": " + err.Error()) // numberEnd accepts only decimals
	}
	return v
}

// callTemplate returns the template for src, whose text is ASCII and
// has the form above: its pieces as splitPieces found them, and c the
// nodes of their calls.
func callTemplate(src Source, pieces []piece, c callCounts) *Template {
	s := src.Text
	nlits, nscopes, nsteps, unescLen := countPieces(pieces)
	wraps := len(pieces) == 1
	if !wraps {
		c.exprs += len(pieces)
	}
	c.lits += nlits
	c.scopes += nscopes
	c.steps += nsteps

	nodes := &callNodes{}
	sp := spans{filename: src.Filename, line: src.Start.Line, col: src.Start.Column, off: src.Start.Byte}
	a := newCallArena(nodes, c, sp)
	if wraps {
		call, _ := a.call(s, 2)
		nodes.wrap = hclsyntax.TemplateWrapExpr{Wrapped: call, SrcRange: sp.rng(0, len(s))}
		nodes.t = Template{text: s, expr: &nodes.wrap, m: newSourceMap(src, true)}
		return &nodes.t
	}

	var unesc string
	if unescLen > 0 {
		unesc = unescapePieces(s, pieces, unescLen)
	}
	parts := a.takeExprs(len(pieces))[:0]
	for _, p := range pieces {
		switch {
		case p.call:
			call, _ := a.call(s, p.start+2)
			parts = append(parts, call)
		case p.steps > 0:
			parts = append(parts, a.scope(s, p.start+2, p.end-1, p.steps))
		default:
			val := s[p.start:p.end]
			if p.escapes > 0 {
				n := len(val) - p.escapes
				val, unesc = unesc[:n], unesc[n:]
			}
			parts = append(parts, a.lit(cty.StringVal(val), sp.rng(p.start, p.end)))
		}
	}
	nodes.tmpl = hclsyntax.TemplateExpr{Parts: parts, SrcRange: sp.rng(0, len(s))}
	nodes.t = Template{text: s, expr: &nodes.tmpl, m: newSourceMap(src, true)}
	return &nodes.t
}

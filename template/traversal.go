package template

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A template that is one interpolation of a traversal ("${var.region}",
// "${aws_instance.web[0].id}", "${local.tags[\"Name\"]}") is most of what
// .tf.json files hold. parseTraversalTemplate recognizes the plainest form
// of it and builds the AST that hclsyntax.ParseTemplate would build, node
// for node and range for range, without lexing and parsing:
//
//	"${" ident ( "." ident | "[" index "]" | "[" `"` key `"` "]" )* "}"
//
// with no white space or "~" anywhere. An ident is ASCII, a letter or "_"
// followed by letters, digits, "_" and "-" (hclsyntax's identifier, limited
// to ASCII); the root is not true, false or null. An index is a decimal
// integer without leading zeros; a key is printable ASCII without '"', '\\',
// "${" or "%{". Anything else goes to the parser.

// traversalNodes holds a fast-path Template and every node of its AST but
// the steps, so that one allocation serves them all.
type traversalNodes struct {
	t     Template
	wrap  hclsyntax.TemplateWrapExpr
	scope hclsyntax.ScopeTraversalExpr
	steps [4]hcl.Traverser
}

// smallIndexes are the keys of "[0]" to "[9]", as hclsyntax makes them
// (cty.ParseNumberVal, 512 bits of precision). cty never modifies a
// number's big.Float, so they can be shared.
var smallIndexes = func() (vals [10]cty.Value) {
	for i := range vals {
		vals[i] = cty.MustParseNumberVal(string(rune('0' + i)))
	}
	return vals
}()

// parseTraversalTemplate returns the template for src when src.Text has
// the form above, nil otherwise.
func parseTraversalTemplate(src Source) *Template {
	s := src.Text
	n := len(s)
	if n < 4 || s[0] != '$' || s[1] != '{' || s[n-1] != '}' {
		return nil
	}
	end, steps := traversalEnd(s, 2)
	if end != n-1 {
		return nil
	}

	nodes := &traversalNodes{}
	var tr hcl.Traversal
	if steps <= len(nodes.steps) {
		tr = nodes.steps[:0:steps]
	} else {
		tr = make(hcl.Traversal, 0, steps)
	}
	sp := spans{filename: src.Filename, line: src.Start.Line, col: src.Start.Column, off: src.Start.Byte}
	nodes.scope = hclsyntax.ScopeTraversalExpr{Traversal: appendTraversal(tr, s, 2, end, sp), SrcRange: sp.rng(2, end)}
	nodes.wrap = hclsyntax.TemplateWrapExpr{Wrapped: &nodes.scope, SrcRange: sp.rng(0, n)}
	nodes.t = Template{text: s, expr: &nodes.wrap, m: newSourceMap(src, true)}
	return &nodes.t
}

// spans makes the ranges of ASCII text on one line: offset i in the text
// is at column col+i and byte off+i.
type spans struct {
	filename       string
	line, col, off int
}

func (sp spans) rng(from, to int) hcl.Range {
	return hcl.Range{
		Filename: sp.filename,
		Start:    hcl.Pos{Line: sp.line, Column: sp.col + from, Byte: sp.off + from},
		End:      hcl.Pos{Line: sp.line, Column: sp.col + to, Byte: sp.off + to},
	}
}

// traversalEnd returns the offset of the "}" that ends the plain traversal
// starting at s[i] (just after "${"), and the number of its steps; -1 when
// s[i:] does not start with a plain traversal and a "}".
func traversalEnd(s string, i int) (end, steps int) {
	rootEnd := identEnd(s, i)
	switch s[i:rootEnd] {
	case "", "true", "false", "null":
		return -1, 0
	}
	steps = 1
	for end = rootEnd; end < len(s) && s[end] != '}'; steps++ {
		if end = stepEnd(s, end); end < 0 {
			return -1, 0
		}
	}
	if end >= len(s) {
		return -1, 0
	}
	return end, steps
}

// appendTraversal appends the steps of the plain traversal s[i:end], as
// found by traversalEnd, to tr.
func appendTraversal(tr hcl.Traversal, s string, i, end int, sp spans) hcl.Traversal {
	rootEnd := identEnd(s, i)
	tr = append(tr, hcl.TraverseRoot{Name: s[i:rootEnd], SrcRange: sp.rng(i, rootEnd)})
	for i = rootEnd; i < end; {
		next := stepEnd(s, i)
		switch {
		case s[i] == '.':
			tr = append(tr, hcl.TraverseAttr{Name: s[i+1 : next], SrcRange: sp.rng(i, next)})
		case s[i+1] == '"':
			tr = append(tr, hcl.TraverseIndex{Key: cty.StringVal(s[i+2 : next-2]), SrcRange: sp.rng(i, next)})
		default:
			tr = append(tr, hcl.TraverseIndex{Key: indexKey(s[i+1 : next-1]), SrcRange: sp.rng(i, next)})
		}
		i = next
	}
	return tr
}

// indexKey is the value of the decimal integer literal digits.
func indexKey(digits string) cty.Value {
	if len(digits) == 1 {
		return smallIndexes[digits[0]-'0']
	}
	return cty.MustParseNumberVal(digits)
}

// identEnd returns the end of the ASCII identifier starting at s[i], or i
// when there is none.
func identEnd(s string, i int) int {
	if i >= len(s) || !isLetter(s[i]) {
		return i
	}
	j := i + 1
	for j < len(s) && (isLetter(s[j]) || isDigit(s[j]) || s[j] == '-') {
		j++
	}
	return j
}

// stepEnd returns the end of the traversal step (".name", "[12]" or
// "[\"key\"]") starting at s[i], or -1 when there is none there.
func stepEnd(s string, i int) int {
	if i+1 >= len(s) {
		return -1
	}
	switch s[i] {
	case '.':
		if j := identEnd(s, i+1); j > i+1 {
			return j
		}
	case '[':
		switch c := s[i+1]; {
		case c == '0':
			if i+2 < len(s) && s[i+2] == ']' {
				return i + 3
			}
		case isDigit(c):
			j := i + 2
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j < len(s) && s[j] == ']' {
				return j + 1
			}
		case c == '"':
			for j := i + 2; j < len(s); j++ {
				switch c := s[j]; {
				case c == '"':
					if j+1 < len(s) && s[j+1] == ']' {
						return j + 2
					}
					return -1
				case c < ' ' || c > '~' || c == '\\':
					return -1
				case (c == '$' || c == '%') && j+1 < len(s) && s[j+1] == '{':
					return -1
				}
			}
		}
	}
	return -1
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// SameTraversal reports whether a and b name the same steps, their ranges
// aside; index keys are compared with cty.Value.RawEquals.
func SameTraversal(a, b hcl.Traversal) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		switch x := a[i].(type) {
		case hcl.TraverseRoot:
			y, ok := b[i].(hcl.TraverseRoot)
			if !ok || x.Name != y.Name {
				return false
			}
		case hcl.TraverseAttr:
			y, ok := b[i].(hcl.TraverseAttr)
			if !ok || x.Name != y.Name {
				return false
			}
		case hcl.TraverseIndex:
			y, ok := b[i].(hcl.TraverseIndex)
			if !ok || !x.Key.RawEquals(y.Key) {
				return false
			}
		case hcl.TraverseSplat:
			if _, ok := b[i].(hcl.TraverseSplat); !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

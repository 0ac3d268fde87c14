package nativefmt

import (
	"bytes"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// AppendValue appends to dst the text of an argument's value laid out as
// Format would lay out "name = value" at depth (the number of blocks
// around the argument): the spaces between its tokens, the indentation
// of its continuation lines, the alignment inside it. It returns whether
// the argument's line assigns a complete value (as many brackets opened
// as closed after the "=" on its first line, a heredoc included), which
// is what joins the line to a run of arguments whose "=" signs line up;
// the caller writes the name and aligns the "=". The value's first token
// follows the "=" after one space, which the caller writes too.
func AppendValue(dst, value []byte, depth int) ([]byte, bool) {
	if oneLine(value) && LaidOut(value) {
		return append(dst, value...), true
	}
	f, assign := layoutValue(value, depth)
	if f.joinsNumber() && !f.sameTokens(dst, valueStart) {
		// The layout would change a token: keep the value as it is.
		return append(dst, value...), assign
	}
	for i := valueStart; i < len(f.toks); i++ {
		t := &f.toks[i]
		if i > valueStart {
			for range t.spaces {
				dst = append(dst, ' ')
			}
		}
		dst = append(dst, f.src[t.start:t.end]...)
	}
	return dst, assign
}

// Value returns value, the text of an argument's value at depth, laid
// out as AppendValue lays it out, and a Map from offsets in value to
// offsets in the result. When value is laid out already, or when the
// layout would change a token, it returns value itself and a nil Map.
func Value(value []byte, depth int) ([]byte, *Map) {
	if oneLine(value) && LaidOut(value) {
		return value, nil
	}
	f, _ := layoutValue(value, depth)
	if f.joinsNumber() && !f.sameTokens(nil, valueStart) {
		return value, nil // the layout would change a token
	}
	same := true
	for i := valueStart + 1; i < len(f.toks); i++ {
		if t := &f.toks[i]; t.spaces != t.orig || !f.spacesOnly(i) {
			same = false
			break
		}
	}
	if same {
		return value, nil
	}
	n := len(f.toks) - valueStart
	m := &Map{starts: make([]int, n), ends: make([]int, n), outs: make([]int, n)}
	out := make([]byte, 0, len(value)+len(value)/8)
	shift := len(valuePrefix)
	for i := valueStart; i < len(f.toks); i++ {
		t := &f.toks[i]
		if i > valueStart {
			for range t.spaces {
				out = append(out, ' ')
			}
		}
		k := i - valueStart
		m.starts[k], m.ends[k], m.outs[k] = t.start-shift, t.end-shift, len(out)
		out = append(out, f.src[t.start:t.end]...)
	}
	return out, m
}

// valuePrefix is what layoutValue puts before a value; the value's first
// token is token valueStart.
const (
	valuePrefix = "x = "
	valueStart  = 2
)

// layoutValue lays out "x = value" at depth, and reports whether its
// first line assigns a complete value.
func layoutValue(value []byte, depth int) (*formatter, bool) {
	src := make([]byte, 0, len(valuePrefix)+len(value))
	f := &formatter{src: append(append(src, valuePrefix...), value...)}
	f.lexFast()
	lines := f.lines()
	stack := make([]int, depth, depth+16)
	for i := range stack {
		stack[i] = 1
	}
	f.indentFrom(lines, stack)
	f.space(lines)
	f.align(lines)
	return f, len(lines) > 0 && lines[0].hasAssign()
}

// oneLine reports whether text has no line break.
func oneLine(text []byte) bool {
	return bytes.IndexByte(text, '\n') < 0 && bytes.IndexByte(text, '\r') < 0
}

// PlainReference reports whether value is a traversal written plainly:
// a name, then attributes (.name), legacy indexes (.0), splats (.* and
// [*]) and indexes by number ([0]), with nothing between them: text that
// Format never changes.
func PlainReference(value []byte) bool { return plainReference(value) }

// plainReference reports whether value is a traversal written plainly:
// a name, then attributes (.name), legacy indexes (.0), splats (.* and
// [*]) and indexes by number ([0]), with nothing between them: text that
// Format never changes.
func plainReference(value []byte) bool {
	i := ident(value, 0)
	if i == 0 {
		return false
	}
	for i < len(value) {
		switch value[i] {
		case '.':
			i++
			switch {
			case i < len(value) && value[i] == '*':
				i++
			case i < len(value) && isDigit(value[i]):
				for i < len(value) && isDigit(value[i]) {
					i++
				}
				if i < len(value) && value[i] != '.' && value[i] != '[' {
					return false
				}
			default:
				j := ident(value, i)
				if j == i {
					return false
				}
				i = j
			}
		case '[':
			j := i + 1
			if j < len(value) && value[j] == '*' {
				j++
			} else {
				for j < len(value) && isDigit(value[j]) {
					j++
				}
				if j == i+1 {
					return false
				}
			}
			if j >= len(value) || value[j] != ']' {
				return false
			}
			i = j + 1
		default:
			return false
		}
	}
	return true
}

// ident returns the end of the ASCII identifier at value[i:], or i if
// there is none.
func ident(value []byte, i int) int {
	if i >= len(value) || !(value[i] >= 'a' && value[i] <= 'z' || value[i] >= 'A' && value[i] <= 'Z' || value[i] == '_') {
		return i
	}
	for i < len(value) && (isAlnum(value[i]) || value[i] == '_' || value[i] == '-') {
		i++
	}
	return i
}

// Columns is the width of text on one line: its grapheme clusters, as
// Format counts them to align.
func Columns(text []byte) int { return graphemes(text) }

// sameTokens reports whether the laid-out text of tokens [from:] lexes as
// the same tokens. scratch is a buffer it may use.
func (f *formatter) sameTokens(scratch []byte, from int) bool {
	text := scratch[len(scratch):]
	for i := from; i < len(f.toks); i++ {
		t := &f.toks[i]
		for range t.spaces {
			text = append(text, ' ')
		}
		text = append(text, f.src[t.start:t.end]...)
	}
	again, _ := hclsyntax.LexConfig(text, "", hcl.InitialPos)
	if len(again) != len(f.toks)-from {
		return false
	}
	for i, t := range again {
		o := &f.toks[from+i]
		if t.Type != o.typ || !bytes.Equal(t.Bytes, f.src[o.start:o.end]) {
			return false
		}
	}
	return true
}

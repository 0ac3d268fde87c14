package jsonpath

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/hcljson/hcljson/internal/jsonw"
)

// Step is one step of a Path: a Key, an Index or a Splat. The set of
// steps is closed: no other type implements Step.
type Step interface {
	// appendTo appends the step's canonical text to dst; first reports
	// whether it is the first step of its path.
	appendTo(dst []byte, first bool) []byte
}

// Key is a step that takes the member of an object with this name.
type Key string

// Index is a step that takes the element of an array at this 0-based
// position. Parse never returns a negative Index.
type Index int

// Splat is a step that takes every element of an array, or the value of
// every member of an object, in order: "[*]". Lookup takes one value and
// refuses it; LookupAll takes each.
type Splat struct{}

func (Splat) appendTo(dst []byte, _ bool) []byte { return append(dst, "[*]"...) }

// String returns "[*]".
func (Splat) String() string { return "[*]" }

// Path is a sequence of steps from the root of a JSON document. The empty
// Path is the root itself.
type Path []Step

func (k Key) appendTo(dst []byte, first bool) []byte {
	if !isBareKey(string(k)) {
		dst = append(dst, '[')
		dst = jsonw.AppendString(dst, string(k), jsonw.Plain)
		return append(dst, ']')
	}
	if !first {
		dst = append(dst, '.')
	}
	return append(dst, k...)
}

func (i Index) appendTo(dst []byte, _ bool) []byte {
	dst = append(dst, '[')
	dst = strconv.AppendInt(dst, int64(i), 10)
	return append(dst, ']')
}

// String returns the key as it is written in a path: bare when it is a
// name, in brackets and quotes otherwise.
func (k Key) String() string { return string(k.appendTo(nil, true)) }

// String returns the index as it is written in a path: "[3]".
func (i Index) String() string { return string(i.appendTo(nil, true)) }

// String returns the canonical text of p, which Parse reads back as p: keys
// that are names (a letter or "_", then letters, digits, "_" or "-") are
// written bare after a ".", other keys as JSON strings in brackets, indexes
// as decimal numbers in brackets. The root (an empty Path) is "". It
// panics if a step of p is nil.
func (p Path) String() string {
	p.check("Path.String")
	var b []byte
	for i, s := range p {
		b = s.appendTo(b, i == 0)
	}
	return string(b)
}

// check panics, naming the function fn, if a step of p is nil.
func (p Path) check(fn string) {
	for i, s := range p {
		if s == nil {
			panic(fmt.Sprintf("jsonpath: %s: step %d of the path is nil", fn, i))
		}
	}
}

// isBareKey reports whether k is written without quotes in the canonical
// form: like an HCL identifier, a letter or "_" followed by letters,
// digits, "_" or "-".
func isBareKey(k string) bool {
	for i, r := range k {
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && (isDigit(r) || r == '-')) {
			return false
		}
	}
	return k != ""
}

// isNameRune reports whether r may appear in a bare key when parsing. Parse
// is more lenient than String: a bare key may start with a digit or "-".
func isNameRune(r rune) bool {
	return unicode.IsLetter(r) || isDigit(r) || r == '_' || r == '-'
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// describe returns p for a sentence: "the root" for the empty path, the
// path's text otherwise.
func (p Path) describe() string {
	if len(p) == 0 {
		return "the root"
	}
	return p.String()
}

// join returns p followed by s, without sharing p's backing array.
func (p Path) join(s Step) Path {
	q := make(Path, len(p), len(p)+1)
	copy(q, p)
	return append(q, s)
}

// quoteKey returns k as a JSON string, for messages.
func quoteKey(k string) string { return string(jsonw.AppendString(nil, k, jsonw.Plain)) }

// keyList returns keys quoted and separated by commas.
func keyList(keys []string) string {
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quoteKey(k))
	}
	return b.String()
}

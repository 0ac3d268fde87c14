package jsonpath

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hcljson/hcljson/internal/jsonw"
)

// Step is one step of a Path: a Key, an Index, a Splat or a Filter. The
// set of steps is closed: no other type implements Step.
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

// Filter is a step that selects, among the elements of an array (or the
// member values of an object), the objects whose member Key holds Value:
// "[address=aws_instance.web]" takes the one element whose "address" is
// the string "aws_instance.web". A member holds Value when it is a string
// whose text is Value, or a number, true, false or null written as Value
// (numbers compared by value: "1.0" holds 1). The first member of a
// repeated key is the one compared.
//
// Without All the filter must select exactly one value: none, or several,
// is an error that names them. With All ("[*address=...]") it takes
// every value it selects, as Splat takes every value (LookupAll).
type Filter struct {
	Key   string
	Value string
	All   bool
}

// String returns the filter as it is written in a path:
// [address=aws_instance.web], [*type=aws_instance], ["a b"="x y"].
func (f Filter) String() string { return string(f.appendTo(nil, true)) }

func (f Filter) appendTo(dst []byte, _ bool) []byte {
	dst = append(dst, '[')
	if f.All {
		dst = append(dst, '*')
	}
	if isBareKey(f.Key) {
		dst = append(dst, f.Key...)
	} else {
		dst = jsonw.AppendString(dst, f.Key, jsonw.Plain)
	}
	dst = append(dst, '=')
	if isBareValue(f.Value) {
		dst = append(dst, f.Value...)
	} else {
		dst = jsonw.AppendString(dst, f.Value, jsonw.Plain)
	}
	return append(dst, ']')
}

// isBareValue reports whether the canonical form writes a filter's value
// without quotes: printable text without white space, brackets or quotes.
func isBareValue(v string) bool {
	for _, r := range v {
		if r == '[' || r == ']' || r == '"' || !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return false
		}
	}
	return v != "" && utf8.ValidString(v)
}

// Path is a sequence of steps from the root of a JSON document. The empty
// Path is the root itself.
type Path []Step

// Several reports whether p may lead to several values: whether it has a
// Splat or a Filter with All. Lookup refuses such a path; LookupAll takes
// every value it leads to. It panics if a step of p is nil.
func (p Path) Several() bool {
	p.check("Path.Several")
	for _, s := range p {
		switch s := s.(type) {
		case Splat:
			return true
		case Filter:
			if s.All {
				return true
			}
		}
	}
	return false
}

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

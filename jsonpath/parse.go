package jsonpath

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/scanner"
)

// SyntaxError reports a path that Parse cannot read, and where.
type SyntaxError struct {
	Path   string // the text given to Parse
	Offset int    // byte offset in Path of the problem (len(Path) at its end)
	Msg    string // what is wrong, as a sentence without a final period
}

// Column returns the 1-based column of the problem in Path, counting
// characters (UTF-8 sequences), not bytes.
func (e *SyntaxError) Column() int {
	off := min(max(e.Offset, 0), len(e.Path))
	return utf8.RuneCountInString(e.Path[:off]) + 1
}

// Error returns the message with the path and the column.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid path %q: column %d: %s", e.Path, e.Column(), e.Msg)
}

// Parse reads a path written as in the package documentation:
//
//	resource.aws_instance.web.ami
//	planned_values.root_module.resources[0].values.tags["Name"]
//	["key with.dots"][0]
//
// The empty string and "." are the root. A leading "." is allowed, as jq
// writes paths. Errors are *SyntaxError values naming the column.
func Parse(s string) (Path, error) {
	p := parser{src: s}
	return p.path()
}

// parser reads one path.
type parser struct {
	src string
	off int
}

func (p *parser) errorf(off int, format string, args ...any) error {
	return &SyntaxError{Path: p.src, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// path := ["."] [ (name | bracket) { "." name | bracket } ]
func (p *parser) path() (Path, error) {
	if strings.HasPrefix(p.src, ".") {
		p.off++
	}
	var path Path
	for p.off < len(p.src) {
		var s Step
		var err error
		switch c := p.src[p.off]; {
		case c == '[':
			s, err = p.bracket()
		case c == '.' && len(path) > 0:
			p.off++
			s, err = p.dotName()
		case len(path) == 0:
			s, err = p.name()
		default:
			err = p.unexpected("after a step", `expected ".", "[" or the end of the path`)
		}
		if err != nil {
			return nil, err
		}
		path = append(path, s)
	}
	return path, nil
}

// dotName reads the name after a ".".
func (p *parser) dotName() (Step, error) {
	if p.off == len(p.src) {
		return nil, p.errorf(p.off, `expected a key after "." at the end of the path`)
	}
	switch p.src[p.off] {
	case '.':
		return nil, p.errorf(p.off, `expected a key after ".", found another "."`)
	case '[':
		return nil, p.errorf(p.off, `expected a key after ".", found "[": write a[0] or a["key"], without the "."`)
	}
	return p.name()
}

// name reads a bare key: letters, digits, "_" and "-".
func (p *parser) name() (Step, error) {
	start := p.off
	for p.off < len(p.src) {
		r, size := utf8.DecodeRuneInString(p.src[p.off:])
		if !isNameRune(r) || r == utf8.RuneError && size == 1 {
			break
		}
		p.off += size
	}
	if p.off == start {
		return nil, p.unexpected("where a key should start", `a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`)
	}
	if p.off < len(p.src) && p.src[p.off] != '.' && p.src[p.off] != '[' {
		return nil, p.unexpected("in a key", `a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`)
	}
	return Key(p.src[start:p.off]), nil
}

// unexpected reports the character at p.off.
func (p *parser) unexpected(where, hint string) error {
	r, size := utf8.DecodeRuneInString(p.src[p.off:])
	what := strconv.QuoteRune(r)
	if r == utf8.RuneError && size == 1 {
		what = fmt.Sprintf("byte 0x%02X", p.src[p.off])
	}
	return p.errorf(p.off, "unexpected %s %s: %s", what, where, hint)
}

// bracket reads "[" (index | string | "*" | filter) "]".
func (p *parser) bracket() (Step, error) {
	open := p.off
	p.off++
	if p.off == len(p.src) {
		return nil, p.errorf(open, `"[" is not closed: expected an index, a quoted key, [*] or a filter, then "]"`)
	}
	var s Step
	var err error
	switch c := p.src[p.off]; {
	case isDigit(rune(c)) && !p.filterAhead():
		s, err = p.index()
	case c == '"':
		var k string
		k, err = p.quoted()
		s = Key(k)
		if err == nil && p.off < len(p.src) && p.src[p.off] == '=' {
			s, err = p.filterValue(k, false)
		}
	case c == '*':
		p.off++
		s = Splat{}
		if p.off < len(p.src) && p.src[p.off] != ']' {
			s, err = p.filterKey(true)
		}
	case c == '\'':
		err = p.errorf(p.off, `single quotes do not delimit a key: write ["..."] with double quotes, as in JSON`)
	case c == '-' && p.off+1 < len(p.src) && isDigit(rune(p.src[p.off+1])):
		err = p.errorf(p.off, "negative indexes are not supported: count from 0 at the start of the array")
	case c == ']':
		err = p.errorf(p.off, `empty brackets: expected an index such as [0], a quoted key such as ["name"], [*] or a filter such as [address=aws_instance.web]`)
	default:
		s, err = p.filterKey(false)
	}
	if err != nil {
		return nil, err
	}
	if p.off == len(p.src) {
		return nil, p.errorf(p.off, `expected "]" at the end of the path, to close the "[" at column %d`, utf8.RuneCountInString(p.src[:open])+1)
	}
	if p.src[p.off] != ']' {
		return nil, p.unexpected(`in brackets`, `expected "]"`)
	}
	p.off++
	return s, nil
}

// filterAhead reports whether the bare name at p.off is followed by "=":
// a filter whose key is written with digits, as in [0=x].
func (p *parser) filterAhead() bool {
	i := p.off
	for i < len(p.src) {
		r, size := utf8.DecodeRuneInString(p.src[i:])
		if !isNameRune(r) || r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	return i < len(p.src) && p.src[i] == '='
}

// filterKey reads the key of a filter, bare or quoted, and its value:
// key "=" value. all says that the filter started with "[*".
func (p *parser) filterKey(all bool) (Step, error) {
	start := p.off
	if p.src[p.off] == '"' {
		k, err := p.quoted()
		if err != nil {
			return nil, err
		}
		if p.off == len(p.src) || p.src[p.off] != '=' {
			return nil, p.errorf(p.off, `expected "=" and a value after the key of a filter, as in [*%s=VALUE]`, p.src[start:p.off])
		}
		return p.filterValue(k, all)
	}
	for p.off < len(p.src) {
		r, size := utf8.DecodeRuneInString(p.src[p.off:])
		if !isNameRune(r) || r == utf8.RuneError && size == 1 {
			break
		}
		p.off += size
	}
	if p.off == start {
		if all {
			return nil, p.unexpected(`after "[*"`, `expected "]", or a filter such as [*type=aws_instance]`)
		}
		return nil, p.unexpected(`after "["`, `expected an index such as [0], a quoted key such as ["name"], [*] or a filter such as [address=aws_instance.web]`)
	}
	if p.off == len(p.src) || p.src[p.off] != '=' {
		k := p.src[start:p.off]
		return nil, p.errorf(start, `a key in brackets is quoted: write [%s] (or .%s); a filter is [%s=VALUE]`, quoteKey(k), k, k)
	}
	return p.filterValue(p.src[start:p.off], all)
}

// filterValue reads the "=" and the value of a filter whose key is k: a
// JSON string, or bare text up to the "]" that closes the filter, in which
// brackets nest (aws_instance.web[0], aws_instance.web["a"]).
func (p *parser) filterValue(k string, all bool) (Step, error) {
	p.off++ // "="
	if p.off < len(p.src) && p.src[p.off] == '"' {
		v, err := p.quoted()
		if err != nil {
			return nil, err
		}
		return Filter{Key: k, Value: v, All: all}, nil
	}
	start := p.off
	depth := 0
	for p.off < len(p.src) {
		r, size := utf8.DecodeRuneInString(p.src[p.off:])
		switch {
		case r == ']' && depth == 0:
			if p.off == start {
				return nil, p.errorf(p.off, `empty value after "=": write "" for the empty string`)
			}
			return Filter{Key: k, Value: p.src[start:p.off], All: all}, nil
		case r == ']':
			depth--
		case r == '[':
			depth++
		case r == '"' && depth > 0:
			// A quoted key inside the value, as in aws_instance.web["a"].
			i := p.off + 1
			for i < len(p.src) && p.src[i] != '"' {
				if p.src[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(p.src) {
				return nil, p.errorf(p.off, "the quoted key that starts here has no closing quote")
			}
			size = i + 1 - p.off
		case r == '"':
			return nil, p.errorf(p.off, `a quote inside a value written without quotes: write the whole value as a JSON string, as in [%s="..."]`, k)
		case r == utf8.RuneError && size == 1, unicode.IsSpace(r), !unicode.IsPrint(r):
			return nil, p.unexpected("in a value written without quotes", `write a value with white space or control characters as a JSON string`)
		}
		p.off += size
	}
	if p.off == start {
		return nil, p.errorf(p.off, `expected a value after "=" at the end of the path`)
	}
	return Filter{Key: k, Value: p.src[start:p.off], All: all}, nil
}

// index reads the decimal digits of an index.
func (p *parser) index() (Step, error) {
	start := p.off
	for p.off < len(p.src) && isDigit(rune(p.src[p.off])) {
		p.off++
	}
	n, err := strconv.Atoi(p.src[start:p.off])
	if err != nil {
		return nil, p.errorf(start, "index %s is too large", p.src[start:p.off])
	}
	return Index(n), nil
}

// quoted reads a JSON string, through the scanner so that escapes mean
// exactly what they mean in JSON, and returns its text.
func (p *parser) quoted() (string, error) {
	start := p.off
	end := -1
	for i := start + 1; i < len(p.src); i++ {
		if p.src[i] == '\\' {
			i++
			continue
		}
		if p.src[i] == '"' {
			end = i + 1
			break
		}
	}
	if end < 0 {
		return "", p.errorf(start, "the quoted key that starts here has no closing quote")
	}
	doc := scanner.Parse([]byte(p.src[start:end]), scanner.Options{})
	if len(doc.Errors) > 0 {
		e := doc.Errors[0]
		return "", p.errorf(start+e.Start, "%s", lowerFirst(strings.TrimSuffix(hcljson.SyntaxErrorDetail(e), ".")))
	}
	p.off = end
	return strings.Clone(doc.Text(0)), nil
}

// lowerFirst lowers the first letter of a sentence that follows a colon in
// a message, unless it starts an acronym ("JSON").
func lowerFirst(s string) string {
	if len(s) > 1 && 'A' <= s[0] && s[0] <= 'Z' && !('A' <= s[1] && s[1] <= 'Z') {
		return string(s[0]+'a'-'A') + s[1:]
	}
	return s
}

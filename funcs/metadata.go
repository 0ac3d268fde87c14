package funcs

import (
	"encoding/json"
	"errors"
	"fmt"
)

// parseMetadata reads the output of "metadata functions -json": the
// signatures by name; members it does not know are skipped. It reads the
// JSON with metaReader rather than encoding/json, whose reflection made
// the first use of a table the largest cost of checking a small module
// (BENCHMARKS.md, "Processes"); the types go through typeCache
// (go-cty's reader), each distinct one once.
func parseMetadata(b []byte) (map[string]Signature, error) {
	r := &metaReader{b: b}
	var version string
	out := map[string]Signature{}
	types := typeCache{}
	err := r.object(func(key []byte) error {
		switch string(key) {
		case "format_version":
			v, err := r.string()
			version = v
			return err
		case "function_signatures":
			return r.object(func(name []byte) error {
				sig, err := r.signature(types)
				if err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
				out[string(name)] = sig
				return nil
			})
		}
		return r.skip()
	})
	if err == nil && r.skipSpace() < len(b) {
		err = r.errorf("data after the document")
	}
	if err != nil {
		return nil, err
	}
	if version != "1.0" {
		return nil, fmt.Errorf("format_version %q, want 1.0", version)
	}
	return out, nil
}

// signature reads one function's object: parameters, variadic_parameter
// and return_type.
func (r *metaReader) signature(types typeCache) (Signature, error) {
	var sig Signature
	var ret []byte
	err := r.object(func(key []byte) error {
		switch string(key) {
		case "parameters":
			sig.Params = nil
			if r.null() {
				return nil
			}
			return r.array(func() error {
				p, err := r.param(types)
				sig.Params = append(sig.Params, p)
				return err
			})
		case "variadic_parameter":
			sig.VarParam = nil
			if r.null() {
				return nil
			}
			p, err := r.param(types)
			sig.VarParam = &p
			return err
		case "return_type":
			v, err := r.value()
			ret = compact(v)
			return err
		}
		return r.skip()
	})
	if err != nil {
		return Signature{}, err
	}
	ty, err := types.read(ret)
	if err != nil {
		return Signature{}, fmt.Errorf("return type: %w", err)
	}
	sig.ReturnType = ty
	return sig, nil
}

// param reads one parameter's object: name, type and is_nullable.
func (r *metaReader) param(types typeCache) (Param, error) {
	var p Param
	var ty []byte
	err := r.object(func(key []byte) error {
		var err error
		switch string(key) {
		case "name":
			p.Name, err = r.string()
		case "type":
			ty, err = r.value()
			ty = compact(ty)
		case "is_nullable":
			p.Nullable, err = r.bool()
		default:
			err = r.skip()
		}
		return err
	})
	if err != nil {
		return Param{}, err
	}
	if p.Type, err = types.read(ty); err != nil {
		return Param{}, fmt.Errorf("parameter %s: %w", p.Name, err)
	}
	return p, nil
}

// compact returns v without white space outside strings, so that
// typeCache reads a type once however the document indents it. v is a
// value that metaReader read.
func compact(v []byte) []byte {
	var out []byte // nil until the first white space
	in, esc := false, false
	for i, c := range v {
		white := false
		switch {
		case esc:
			esc = false
		case in:
			esc, in = c == '\\', c != '"'
		case c == '"':
			in = true
		default:
			white = c == ' ' || c == '\t' || c == '\n' || c == '\r'
		}
		switch {
		case white && out == nil:
			out = append(make([]byte, 0, len(v)), v[:i]...)
		case !white && out != nil:
			out = append(out, c)
		}
	}
	if out == nil {
		return v
	}
	return out
}

// metaReader reads a JSON document front to back: objects and arrays
// member by member, strings, booleans, and any value as its text.
type metaReader struct {
	b []byte
	i int
}

var errMetaSyntax = errors.New("invalid JSON")

func (r *metaReader) errorf(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %w: %s", r.i, errMetaSyntax, fmt.Sprintf(format, args...))
}

// skipSpace moves past white space and returns the offset of what follows.
func (r *metaReader) skipSpace() int {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return r.i
		}
	}
	return r.i
}

// next reports whether the next byte after white space is c, and moves
// past it if so.
func (r *metaReader) next(c byte) bool {
	if r.skipSpace() < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// object reads an object, calling member with each key (decoded; only
// for the call) after its colon; member reads the value.
func (r *metaReader) object(member func(key []byte) error) error {
	if !r.next('{') {
		return r.errorf("want an object")
	}
	if r.next('}') {
		return nil
	}
	for {
		key, err := r.stringBytes()
		if err != nil {
			return err
		}
		if !r.next(':') {
			return r.errorf("want a colon")
		}
		if err := member(key); err != nil {
			return err
		}
		if r.next('}') {
			return nil
		}
		if !r.next(',') {
			return r.errorf("want a comma or }")
		}
	}
}

// array reads an array, calling elem to read each element.
func (r *metaReader) array(elem func() error) error {
	if !r.next('[') {
		return r.errorf("want an array")
	}
	if r.next(']') {
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		if r.next(']') {
			return nil
		}
		if !r.next(',') {
			return r.errorf("want a comma or ]")
		}
	}
}

// null reads null if it comes next.
func (r *metaReader) null() bool {
	r.skipSpace()
	if len(r.b)-r.i >= 4 && string(r.b[r.i:r.i+4]) == "null" {
		r.i += 4
		return true
	}
	return false
}

func (r *metaReader) bool() (bool, error) {
	v, err := r.value()
	switch {
	case err != nil:
		return false, err
	case string(v) == "true":
		return true, nil
	case string(v) == "false", string(v) == "null":
		return false, nil
	}
	return false, r.errorf("want a boolean")
}

// string reads a string.
func (r *metaReader) string() (string, error) {
	b, err := r.stringBytes()
	return string(b), err
}

// stringBytes reads a string and returns its bytes: the document's own
// when it has no escapes; one with escapes is decoded by encoding/json.
func (r *metaReader) stringBytes() ([]byte, error) {
	v, err := r.value()
	if err != nil {
		return nil, err
	}
	if len(v) < 2 || v[0] != '"' {
		return nil, r.errorf("want a string")
	}
	for _, c := range v[1 : len(v)-1] {
		if c == '\\' {
			var s string
			err := json.Unmarshal(v, &s)
			return []byte(s), err
		}
	}
	return v[1 : len(v)-1], nil
}

// skip reads a value that is not used, and checks it.
func (r *metaReader) skip() error {
	v, err := r.value()
	if err == nil && !json.Valid(v) {
		return r.errorf("invalid value %s", v)
	}
	return err
}

// value reads any value and returns its text. A string's text is checked
// for its closing quote and for control characters, a compound value's
// for balanced brackets outside strings (skip and go-cty's reader of
// types check it fully), and a literal's fully.
func (r *metaReader) value() ([]byte, error) {
	start := r.skipSpace()
	if start == len(r.b) {
		return nil, r.errorf("unexpected end of the document")
	}
	depth := 0
	for r.i < len(r.b) {
		switch c := r.b[r.i]; c {
		case '"':
			r.i++
			for {
				if r.i == len(r.b) {
					return nil, r.errorf("unterminated string")
				}
				c := r.b[r.i]
				r.i++
				if c == '"' {
					break
				}
				if c < 0x20 {
					return nil, r.errorf("control character in a string")
				}
				if c == '\\' {
					r.i++
				}
			}
		case '{', '[':
			depth++
			r.i++
		case '}', ']':
			if depth == 0 {
				return r.literal(start)
			}
			depth--
			r.i++
		case ',', ':', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return r.literal(start)
			}
			r.i++
		default:
			r.i++
		}
		if depth == 0 && (r.b[start] == '"' || r.b[start] == '{' || r.b[start] == '[') {
			return r.b[start:r.i], nil
		}
	}
	if depth > 0 {
		return nil, r.errorf("unexpected end of the document")
	}
	return r.literal(start)
}

// literal returns the text from start to the reader's offset, which must
// be a number, true, false or null.
func (r *metaReader) literal(start int) ([]byte, error) {
	v := r.b[start:r.i]
	if len(v) == 0 {
		return nil, r.errorf("want a value")
	}
	if !json.Valid(v) {
		return nil, r.errorf("invalid literal %q", v)
	}
	return v, nil
}

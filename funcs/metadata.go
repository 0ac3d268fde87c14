package funcs

import (
	"errors"
	"fmt"

	"github.com/hcljson/hcljson/scanner"
)

// parseMetadata reads the output of "metadata functions -json": the
// signatures by name; members it does not know are skipped, and of a
// repeated member the last counts, as with encoding/json. The JSON is
// read by the module's own scanner (a tape, no reflection: encoding/json's
// made the first use of a table the largest cost of checking a small
// module, BENCHMARKS.md "Processes"); the types go through typeCache
// (go-cty's reader), each distinct one once.
func parseMetadata(b []byte) (map[string]Signature, error) {
	d := scanner.Parse(b, scanner.Options{})
	if len(d.Errors) > 0 {
		return nil, fmt.Errorf("%w: %w", errMetadata, d.Errors[0])
	}
	m := meta{d}
	var version string
	out := map[string]Signature{}
	types := typeCache{}
	err := m.object(0, func(key string, v int) error {
		switch key {
		case "format_version":
			s, err := m.string(v)
			version = s
			return err
		case "function_signatures":
			return m.object(v, func(name string, v int) error {
				sig, err := m.signature(v, types)
				if err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
				out[name] = sig
				return nil
			})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if version != "1.0" {
		return nil, fmt.Errorf("format_version %q, want 1.0", version)
	}
	return out, nil
}

// errMetadata is wrapped by the errors of a document that is not JSON, or
// whose values are not of the kinds the metadata format gives them.
var errMetadata = errors.New("invalid metadata")

// meta reads the values of a scanned metadata document by node index.
type meta struct{ d *scanner.Document }

func (m meta) errorf(i int, format string, args ...any) error {
	return fmt.Errorf("at byte %d: %w: %s", m.d.Nodes[i].Start, errMetadata, fmt.Sprintf(format, args...))
}

// object calls member with each member's key and value node of object
// node i, in written order.
func (m meta) object(i int, member func(key string, v int) error) error {
	if len(m.d.Nodes) <= i || m.d.Nodes[i].Kind() != scanner.Object {
		if len(m.d.Nodes) <= i {
			return fmt.Errorf("%w: want an object", errMetadata)
		}
		return m.errorf(i, "want an object")
	}
	for k, end := i+1, m.d.Next(i); k < end; k = m.d.Next(k + 1) {
		if err := member(m.d.Text(k), k+1); err != nil {
			return err
		}
	}
	return nil
}

// array calls elem with each element's node of array node i (null: none).
func (m meta) array(i int, elem func(v int) error) error {
	switch m.d.Nodes[i].Kind() {
	case scanner.Null:
		return nil
	case scanner.Array:
	default:
		return m.errorf(i, "want an array")
	}
	for k, end := i+1, m.d.Next(i); k < end; k = m.d.Next(k) {
		if err := elem(k); err != nil {
			return err
		}
	}
	return nil
}

func (m meta) string(i int) (string, error) {
	if m.d.Nodes[i].Kind() != scanner.String {
		return "", m.errorf(i, "want a string")
	}
	return m.d.Text(i), nil
}

func (m meta) bool(i int) (bool, error) {
	switch m.d.Nodes[i].Kind() {
	case scanner.True:
		return true, nil
	case scanner.False:
		return false, nil
	}
	return false, m.errorf(i, "want a boolean")
}

// signature reads one function's object: parameters, variadic_parameter
// and return_type.
func (m meta) signature(i int, types typeCache) (Signature, error) {
	var sig Signature
	var ret []byte
	err := m.object(i, func(key string, v int) error {
		switch key {
		case "parameters":
			sig.Params = nil
			return m.array(v, func(e int) error {
				p, err := m.param(e, types)
				sig.Params = append(sig.Params, p)
				return err
			})
		case "variadic_parameter":
			sig.VarParam = nil
			if m.d.Nodes[v].Kind() == scanner.Null {
				return nil
			}
			p, err := m.param(v, types)
			sig.VarParam = &p
			return err
		case "return_type":
			ret = compact(m.d.Raw(v))
		}
		return nil
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
func (m meta) param(i int, types typeCache) (Param, error) {
	var p Param
	var ty []byte
	err := m.object(i, func(key string, v int) error {
		var err error
		switch key {
		case "name":
			p.Name, err = m.string(v)
		case "type":
			ty = compact(m.d.Raw(v))
		case "is_nullable":
			p.Nullable, err = m.bool(v)
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

// compact returns v, the text of a JSON value, without white space
// outside strings, so that typeCache reads a type once however the
// document indents it.
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

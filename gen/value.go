package gen

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Mode says how the attribute that holds a value is read, which decides how
// its strings are written.
type Mode uint8

const (
	// Expr is full expression mode (Value with an evaluation context):
	// every string is a template, so literal text is escaped ("${" is
	// written "$${", "%{" is written "%%{"), object keys too.
	Expr Mode = iota
	// Literal is literal-only mode (Value(nil)), as Terraform reads
	// variable defaults, descriptions, module sources and backend settings:
	// strings are written as they are.
	Literal
)

// check panics if m is not one of the modes, naming the function called.
func (m Mode) check(fn string) {
	if m > Literal {
		panic(fmt.Sprintf("gen: %s with Mode(%d)", fn, m))
	}
}

// kind is the kind of a Value.
type kind uint8

const (
	kindNull kind = iota
	kindFalse
	kindTrue
	kindNumber   // text: an exact decimal literal in JSON number syntax
	kindString   // text: literal text, escaped for templates in Expr mode
	kindTemplate // text: HCL template source, written as it is
	kindArray
	kindObject
)

// Value is a JSON value to write. Build it with the functions below; the
// zero Value is null.
type Value struct {
	kind  kind
	text  string
	elems []Value
	props []Prop
	// syn and raw, for a Value made by Ref, Type, Keyword or Call: what
	// it is, and its native text (see Body.Set).
	syn syntax
	raw string
}

// Prop is one property of an object Value. Its Key is a String (escaped in
// Expr mode like any string) or a Template (written as it is); a key of
// another kind is written as the string of its compact JSON text ("1",
// "true", "null": the zero Prop's key).
type Prop struct {
	Key   Value
	Value Value
}

// Null returns the JSON null.
func Null() Value { return Value{} }

// Bool returns true or false.
func Bool(b bool) Value {
	if b {
		return Value{kind: kindTrue}
	}
	return Value{kind: kindFalse}
}

// String returns literal text. In an Expr-mode attribute it is escaped so
// that it evaluates to exactly this text. Invalid UTF-8 cannot be read back
// by HCL; each invalid byte is written as U+FFFD, as encoding/json does.
func String(s string) Value { return Value{kind: kindString, text: s} }

// Template returns HCL template source ("${var.x}", "web-${count.index}"),
// written exactly as given in any mode.
func Template(src string) Value { return Value{kind: kindTemplate, text: src} }

// Array returns a JSON array of the given elements.
func Array(elems ...Value) Value { return Value{kind: kindArray, elems: elems} }

// Object returns a JSON object with the given properties, in that order.
func Object(props ...Prop) Value { return Value{kind: kindObject, props: props} }

// Number returns a number from its decimal text, which must follow the
// JSON number grammar (RFC 8259). The text is kept exactly; HCL reads it
// with 512 bits of precision.
//
// Text that HCL's JSON syntax cannot read is an error: a number of more
// than 4,096 characters, or one too large or too small for 512-bit
// arithmetic (beyond about 1e646456992 and 1e-646457000; spec.md
// §syntax-numbers, §syntax-limits).
//
// The number is written as it is in every mode, also where a reader that
// holds numbers in float64 would change it (9007199254740993, 1e400):
// HCL, Terraform and OpenTofu read it exactly, and a template such as
// "${1e400}" would turn a constant into an expression (terraform show
// -json then has no constant_value for it).
func Number(literal string) (Value, error) {
	if !isJSONNumber(literal) {
		return Value{}, fmt.Errorf("gen: %q is not a JSON number", literal)
	}
	if err := checkReadable(literal); err != nil {
		return Value{}, err
	}
	return Value{kind: kindNumber, text: literal}, nil
}

// NumberFloat returns a number with the shortest decimal text that
// identifies f at its precision, in plain digits from 1e-6 up to 1e21 and
// in exponent form outside (1e+21, 1.5e-7), as encoding/json writes
// float64 values. f must be finite and not nil, and its text readable (see
// Number).
func NumberFloat(f *big.Float) (Value, error) {
	if f == nil {
		return Value{}, fmt.Errorf("gen: nil *big.Float")
	}
	if f.IsInf() {
		return Value{}, fmt.Errorf("gen: %v cannot be written in JSON", f)
	}
	text := f.Text('e', -1) // "1.5e-07", "-0e+00"
	i := strings.LastIndexByte(text, 'e')
	exp, err := strconv.Atoi(text[i+1:])
	switch {
	case err == nil && exp >= -6 && exp < 21:
		text = f.Text('f', -1)
	default:
		// Drop the leading zeros of the exponent: "1.5e-07" → "1.5e-7".
		j := i + 2
		for j < len(text)-1 && text[j] == '0' {
			j++
		}
		text = text[:i+2] + text[j:]
	}
	if err := checkReadable(text); err != nil {
		return Value{}, err
	}
	return Value{kind: kindNumber, text: text}, nil
}

// NumberInt returns an integer.
func NumberInt(i int64) Value {
	return Value{kind: kindNumber, text: strconv.FormatInt(i, 10)}
}

// IsNull reports whether v is null.
func (v Value) IsNull() bool { return v.kind == kindNull }

// isJSONNumber reports whether s follows the JSON number grammar.
func isJSONNumber(s string) bool {
	i := 0
	if strings.HasPrefix(s, "-") {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// maxNumberLen is the longest number text hcljson reads (spec.md
// §syntax-limits).
const maxNumberLen = 4096

// checkReadable returns an error if HCL's JSON syntax cannot read the JSON
// number text: too long, or out of the range of cty.ParseNumberVal (an
// infinity, or zero from non-zero digits).
func checkReadable(text string) error {
	if len(text) > maxNumberLen {
		return fmt.Errorf("gen: a number of %d characters is longer than HCL reads (%d)", len(text), maxNumberLen)
	}
	// With at most 8 significant digits of exponent and 4,096 characters,
	// the number is far from the limits.
	exp := ""
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		exp = strings.TrimLeft(text[i+1:], "+-0")
	}
	if len(exp) <= 8 {
		return nil
	}
	f, _, err := big.ParseFloat(text, 10, 512, big.ToNearestEven)
	if err != nil || f.IsInf() || f.Sign() == 0 {
		return fmt.Errorf("gen: %s is too large or too small for HCL to read", text)
	}
	return nil
}

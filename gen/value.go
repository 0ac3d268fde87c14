package gen

import (
	"fmt"
	"math/big"
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
}

// Prop is one property of an object Value. Its Key is a String (escaped in
// Expr mode like any string) or a Template (written as it is).
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
// that it evaluates to exactly this text.
func String(s string) Value { return Value{kind: kindString, text: s} }

// Template returns HCL template source ("${var.x}", "web-${count.index}"),
// written exactly as given in any mode.
func Template(src string) Value { return Value{kind: kindTemplate, text: src} }

// Array returns a JSON array of the given elements.
func Array(elems ...Value) Value { return Value{kind: kindArray, elems: elems} }

// Object returns a JSON object with the given properties, in that order.
func Object(props ...Prop) Value { return Value{kind: kindObject, props: props} }

// Number returns a number from its decimal text, which must follow the
// JSON number grammar (RFC 8259). The text is kept exactly.
func Number(literal string) (Value, error) {
	if !isJSONNumber(literal) {
		return Value{}, fmt.Errorf("gen: %q is not a JSON number", literal)
	}
	return Value{kind: kindNumber, text: literal}, nil
}

// NumberFloat returns a number with the shortest decimal text that
// identifies f at its precision. f must be finite.
func NumberFloat(f *big.Float) (Value, error) {
	if f.IsInf() {
		return Value{}, fmt.Errorf("gen: %v cannot be written in JSON", f)
	}
	text := f.Text('g', -1)
	// big.Float writes "1e+06"; JSON accepts it, and keeps "-0".
	return Value{kind: kindNumber, text: text}, nil
}

// NumberInt returns an integer.
func NumberInt(i int64) Value {
	return Value{kind: kindNumber, text: fmt.Sprint(i)}
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

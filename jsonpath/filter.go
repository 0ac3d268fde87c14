package jsonpath

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/scanner"
)

// choice is one value that a Splat or a Filter may take from a container:
// an element (key -1) or a member value with its key node, and the step
// that names it.
type choice struct {
	node, key int
	step      Step
}

// choices returns the elements of array node, or the member values of
// object node (the first member of a repeated key, with a warning for each
// later one when warn is set), in order; ok is false for a scalar.
func (w *walker) choices(node int, buf []choice, warn bool) (out []choice, ok bool) {
	d := w.doc
	out = buf[:0]
	switch d.Nodes[node].Kind() {
	case scanner.Array:
		j := 0
		for c := range d.Elements(node) {
			w.work++
			out = append(out, choice{node: c, key: -1, step: Index(j)})
			j++
		}
		return out, true
	case scanner.Object:
		later := w.duplicates(node)
		for k, v := range d.Members(node) {
			w.work++
			again, dup := later[k]
			if dup && again == nil {
				continue // a repeated key: the first is taken
			}
			key := d.Text(k)
			if warn {
				for _, a := range again {
					w.diags = append(w.diags, w.duplicate(key, k, a))
				}
			}
			out = append(out, choice{node: v, key: k, step: Key(key)})
		}
		return out, true
	}
	return nil, false
}

// holds reports whether node is an object whose member f.Key holds
// f.Value (see Filter).
func (w *walker) holds(node int, f Filter) bool {
	v := w.memberValue(node, f.Key)
	return v >= 0 && scalarIs(w.doc, v, f.Value)
}

// memberValue returns the value of the first member named k of node, or
// -1 when node is not an object or has none.
func (w *walker) memberValue(node int, k string) int {
	d := w.doc
	if d.Nodes[node].Kind() != scanner.Object {
		return -1
	}
	for c, v := range d.Members(node) {
		w.work++
		if d.Text(c) == k {
			return v
		}
	}
	return -1
}

// scalarIs reports whether node v is a string whose text is value, or a
// number, true, false or null written as value (numbers by value).
func scalarIs(d *scanner.Document, v int, value string) bool {
	switch d.Nodes[v].Kind() {
	case scanner.String:
		return d.Text(v) == value
	case scanner.Number:
		return numberIs(d.Literal(v), value)
	case scanner.True, scanner.False, scanner.Null:
		return d.Literal(v) == value
	}
	return false
}

// maxCompared is the length up to which numbers are compared by value.
const maxCompared = 100

// numberIs reports whether the JSON number lit equals value, read as a
// number: by text, or by value at 512 bits when both are at most
// maxCompared bytes long, which tells apart any two numbers of so few
// digits.
func numberIs(lit, value string) bool {
	if lit == value {
		return true
	}
	if len(lit) > maxCompared || len(value) > maxCompared || !isJSONNumber(value) {
		return false
	}
	a, _, err1 := big.ParseFloat(lit, 10, 512, big.ToNearestEven)
	b, _, err2 := big.ParseFloat(value, 10, 512, big.ToNearestEven)
	return err1 == nil && err2 == nil && !a.IsInf() && !b.IsInf() && a.Cmp(b) == 0
}

// isJSONNumber reports whether s is one JSON number:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isJSONNumber(s string) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
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

// filter takes the one value of the current array or object that f
// selects (f.All is not looked at: Lookup refuses it before).
func (w *walker) filter(f Filter) *hcl.Diagnostic {
	matches, err := w.matches(f)
	if err != nil {
		return err
	}
	if len(matches) != 1 {
		return w.notOne(f, matches)
	}
	w.node, w.member = matches[0].node, matches[0].key
	return nil
}

// matches returns the values of the current array or object that f
// selects, or an error when it is neither.
func (w *walker) matches(f Filter) ([]choice, *hcl.Diagnostic) {
	all, ok := w.choices(w.node, w.scratch, true)
	w.scratch = all[:0]
	if !ok {
		return nil, w.errorf("Not an array or object", "The value at %s is %s: a filter %s selects among the elements of an array or the member values of an object.", w.done.describe(), w.kindPhrase(), f)
	}
	var out []choice
	for _, c := range all {
		if w.holds(c.node, f) {
			out = append(out, c)
		}
	}
	return out, nil
}

// notOne reports that f, which must select one value of the current
// container, selects none or several (matches).
func (w *walker) notOne(f Filter, matches []choice) *hcl.Diagnostic {
	d := w.doc
	noun, container := "element", "array"
	if d.Nodes[w.node].Kind() == scanner.Object {
		noun, container = "member", "object"
	}
	what := noun + " of the " + container
	if len(matches) > 1 {
		var places []string
		for _, m := range matches {
			places = append(places, w.done.join(m.step).String()+" at "+w.rangeOf(m.node).String())
		}
		return w.errorf("Several matches", "%d %ss of the %s at %s have %s equal to %s: %s. Write %s to take every one, or a filter that tells them apart.",
			len(matches), noun, container, w.done.describe(), quoteKey(f.Key), quoteKey(f.Value), listPlaces(places),
			Filter{Key: f.Key, Value: f.Value, All: true})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "No %s at %s has %s equal to %s.", what, w.done.describe(), quoteKey(f.Key), quoteKey(f.Value))
	values, keys := w.valuesOf(f.Key)
	switch {
	case len(values) > 0:
		var texts []string
		for _, v := range values {
			if d.Nodes[v].Kind() == scanner.String {
				texts = append(texts, d.Text(v))
			}
		}
		if s := didyoumean.Closest(f.Value, texts); s != "" {
			fmt.Fprintf(&b, " Did you mean %s?", quoteKey(s))
		}
		var shown []string
		for _, v := range values {
			if d.Nodes[v].Kind() == scanner.String {
				shown = append(shown, quoteKey(d.Text(v)))
			} else {
				shown = append(shown, shorten(d.Literal(v)))
			}
		}
		if len(shown) > maxListedKeys {
			fmt.Fprintf(&b, " Its %ss have %d values of %s; the first %d are %s.", noun, len(shown), quoteKey(f.Key), maxListedKeys, strings.Join(shown[:maxListedKeys], ", "))
		} else {
			fmt.Fprintf(&b, " The values of %s there are %s.", quoteKey(f.Key), strings.Join(shown, ", "))
		}
	case len(keys) > 0:
		fmt.Fprintf(&b, " None has the key %s.", quoteKey(f.Key))
		if s := didyoumean.Closest(f.Key, keys); s != "" {
			fmt.Fprintf(&b, " Did you mean %s?", quoteKey(s))
		}
		b.WriteString(" ")
		b.WriteString(strings.Replace(keysSentence(keys), "Its", "Their", 1))
	case d.Len(w.node) == 0:
		b.Reset()
		fmt.Fprintf(&b, "The %s at %s is empty, so no %s has %s equal to %s.", container, w.done.describe(), noun, quoteKey(f.Key), quoteKey(f.Value))
	default:
		fmt.Fprintf(&b, " None is an object.")
	}
	return w.errorf("No match", "%s", b.String())
}

// valuesOf returns the distinct values (by their source text) of the
// members named k of the current container's elements or member values,
// in order, and, when none has one, the distinct keys they have.
func (w *walker) valuesOf(k string) (values []int, keys []string) {
	d := w.doc
	seenValue, seenKey := map[string]bool{}, map[string]bool{}
	all, _ := w.choices(w.node, w.scratch, false)
	w.scratch = all[:0]
	for _, c := range all {
		if d.Nodes[c.node].Kind() != scanner.Object {
			continue
		}
		if v := w.memberValue(c.node, k); v >= 0 {
			if raw := string(d.Raw(v)); !seenValue[raw] {
				seenValue[raw] = true
				values = append(values, v)
			}
			continue
		}
		for key := range d.Members(c.node) {
			if t := d.Text(key); !seenKey[t] {
				seenKey[t] = true
				keys = append(keys, t)
			}
		}
	}
	if len(values) > 0 {
		keys = nil
	}
	return values, keys
}

// rangeOf returns the range of node.
func (w *walker) rangeOf(node int) hcl.Range {
	return w.rng(int(w.doc.Nodes[node].Start), w.doc.End(node))
}

// listPlaces joins places, at most maxListedKeys of them.
func listPlaces(places []string) string {
	if len(places) > maxListedKeys {
		return strings.Join(places[:maxListedKeys], ", ") + fmt.Sprintf(" and %d more", len(places)-maxListedKeys)
	}
	return strings.Join(places, ", ")
}

package jsonpath

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/scanner"
)

// maxListedKeys bounds the keys an error lists.
const maxListedKeys = 20

// maxShownScalar bounds the text of a scalar quoted in an error.
const maxShownScalar = 40

// missingKey reports that the current object has no member k.
func (w *walker) missingKey(k string) *hcl.Diagnostic {
	keys := w.keys()
	if len(keys) == 0 {
		return w.errorf("Key not found", "The object at %s is empty, so it has no key %s.", w.done.describe(), quoteKey(k))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The object at %s has no key %s.", w.done.describe(), quoteKey(k))
	if s := didyoumean.Closest(k, keys); s != "" {
		fmt.Fprintf(&b, " Did you mean %s?", quoteKey(s))
	}
	b.WriteString(" ")
	b.WriteString(keysSentence(keys))
	return w.errorf("Key not found", "%s", b.String())
}

// outOfRange reports that the current array, of n elements, has no
// element i.
func (w *walker) outOfRange(i, n int) *hcl.Diagnostic {
	if n == 0 {
		return w.errorf("Index out of range", "The array at %s is empty, so it has no element [%d].", w.done.describe(), i)
	}
	return w.errorf("Index out of range", "The array at %s has %s, so its last index is %d: [%d] is out of range.",
		w.done.describe(), plural(n, "element"), n-1, i)
}

// notObject reports a key step on a value that is not an object.
func (w *walker) notObject(k string) *hcl.Diagnostic {
	detail := fmt.Sprintf("The value at %s is %s, not an object, so it has no key %s.", w.done.describe(), w.kindPhrase(), quoteKey(k))
	if w.doc.Nodes[w.node].Kind() == scanner.Array {
		hint := fmt.Sprintf(" Take an element by its index, as in %s.", w.done.join(Index(0)))
		if n, err := strconv.Atoi(k); err == nil && n >= 0 {
			hint = fmt.Sprintf(" To take element %d, write %s.", n, w.done.join(Index(n)))
		}
		detail += hint
	}
	return w.errorf("Not an object", "%s", detail)
}

// notArray reports an index step on a value that is not an array.
func (w *walker) notArray(i int) *hcl.Diagnostic {
	detail := fmt.Sprintf("The value at %s is %s, not an array, so it has no element [%d].", w.done.describe(), w.kindPhrase(), i)
	if w.doc.Nodes[w.node].Kind() == scanner.Object {
		detail += w.objectHint(strconv.Itoa(i))
	}
	return w.errorf("Not an array", "%s", detail)
}

// objectHint returns, for an index step on an object, a sentence that
// points at its key with the index's digits, or lists its keys.
func (w *walker) objectHint(key string) string {
	keys := w.keys()
	for _, k := range keys {
		if k == key {
			return fmt.Sprintf(" To take its key %s, write %s.", quoteKey(key), w.done.join(Key(key)))
		}
	}
	if len(keys) == 0 {
		return ""
	}
	return " " + keysSentence(keys)
}

// duplicate warns that key k of the current object appears at key node
// again after key node first.
func (w *walker) duplicate(k string, first, again int) *hcl.Diagnostic {
	f := w.pos(int(w.doc.Nodes[first].Start))
	a := &w.doc.Nodes[again]
	subject := w.rng(int(a.Start), w.doc.End(again))
	ap := subject.Start
	return &hcl.Diagnostic{
		Severity: hcl.DiagWarning,
		Summary:  "Duplicate key",
		Detail: fmt.Sprintf("The object at %s has the key %s more than once: the first, at line %d, column %d, is used; this one, at line %d, column %d, is ignored.",
			w.done.describe(), quoteKey(k), f.Line, f.Column, ap.Line, ap.Column),
		Subject: &subject,
	}
}

// keys returns the keys of the current object, in document order, with
// repeated keys listed once.
func (w *walker) keys() []string {
	d := w.doc
	var keys []string
	seen := map[string]bool{}
	for c := range d.Members(w.node) {
		if k := d.Text(c); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// keysSentence lists keys, at most maxListedKeys of them.
func keysSentence(keys []string) string {
	switch {
	case len(keys) == 1:
		return fmt.Sprintf("Its only key is %s.", quoteKey(keys[0]))
	case len(keys) <= maxListedKeys:
		return fmt.Sprintf("Its keys are %s.", keyList(keys))
	}
	return fmt.Sprintf("It has %d keys; the first %d are %s.", len(keys), maxListedKeys, keyList(keys[:maxListedKeys]))
}

// kindPhrase describes the current value: "an object with 2 keys",
// "an array of 3 elements", "a string ("ami-123")", "null".
func (w *walker) kindPhrase() string {
	d := w.doc
	n := &d.Nodes[w.node]
	switch n.Kind() {
	case scanner.Object:
		if len(w.keys()) == 0 {
			return "an empty object"
		}
		return "an object with " + plural(len(w.keys()), "key")
	case scanner.Array:
		if n := d.Len(w.node); n > 0 {
			return "an array of " + plural(n, "element")
		}
		return "an empty array"
	case scanner.String:
		return "a string (" + shorten(d.Literal(w.node)) + ")"
	case scanner.Number:
		return "a number (" + shorten(d.Literal(w.node)) + ")"
	case scanner.True, scanner.False:
		return "a boolean (" + d.Literal(w.node) + ")"
	}
	return n.Kind().String()
}

// shorten cuts a long literal to about maxShownScalar bytes.
func shorten(s string) string {
	if len(s) <= maxShownScalar {
		return s
	}
	cut := maxShownScalar
	for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…"
}

// plural returns "1 key", "2 keys".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// nowhere lists the summaries of the errors of a path that leads nowhere.
var nowhere = map[string]bool{
	"Key not found":          true,
	"Block not found":        true,
	"Index out of range":     true,
	"No match":               true,
	"Not an object":          true,
	"Not an array":           true,
	"Not an array or object": true,
	"Not an object or array": true,
}

// LeadsNowhere reports whether diag is the error of a look-up whose path
// leads nowhere in the document: a key, label, block, index or match that
// is not there, or a value of another kind on the way. The other errors of
// a look-up are those of a document that is not JSON and of a path that
// leads to several values where one is needed (an address that names
// several blocks); a program that looks a path up in many documents, and
// skips those that do not have it, must not skip those. It is false for
// nil.
func LeadsNowhere(diag *hcl.Diagnostic) bool {
	return diag != nil && diag.Severity == hcl.DiagError && nowhere[diag.Summary]
}

package scanner

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// FuzzValidJSON checks that Parse accepts exactly the texts that
// encoding/json accepts, except for the differences spec.md lists: a
// leading UTF-8 byte order mark is skipped (D1); invalid UTF-8 and lone
// surrogate escapes in strings (D2), numbers out of range (D4) and number
// tokens longer than MaxNumberLen (D15) are errors, and so is nesting
// deeper than 1,000 levels (D5; encoding/json allows 10,000). The seeds run with go test; a campaign (go test -fuzz)
// runs outside it.
func FuzzValidJSON(f *testing.F) {
	for _, s := range []string{
		``, ` `, `{}`, `[]`, `1`, `-0.5e+3`, `"a"`, `true`, `null`, `{"a":1,"a":[2,{}]}`,
		"\ufeff{}", "\ufeff", `{"a":1,}`, `[1 2]`, `{"a" 1}`, `01`, `1.`, `.5`, `+1`, `tru`, `NaN`,
		"\"\xff\"", `"\ud800"`, `"\ud800\udc00"`, `1e1000000000`, `"\q"`, "\"\t\"", `{"a":1}x`,
		"[[[[[[[[[[]]]]]]]]]]", `{"a":{"b":[null,true,false,"\u00e9\/"]}}`, `{"k\"\\\/\b\f\n\r\t":"\ud83d\ude00\u0000x\u20ac"}`, "\x7f", `"` + "\x7f" + `"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := Parse(src, Options{})
		checkSpans(t, doc)
		// With Options.Lines, the same tape and errors, and the line
		// table Lines builds; without, none.
		withLines := Parse(src, Options{Lines: true})
		checkLineTable(t, withLines)
		if doc.lineMarks != nil || !slices.Equal(doc.Nodes, withLines.Nodes) || len(doc.Errors) != len(withLines.Errors) {
			t.Fatalf("%q: Options.Lines changed the tape or errors, or a table was made without it", src)
		}
		valid := json.Valid(src)
		if !valid && bytes.HasPrefix(src, bom) && json.Valid(src[len(bom):]) {
			valid = true // D1
		}
		if !valid {
			if len(doc.Errors) == 0 {
				t.Fatalf("encoding/json rejects %q, Parse accepts it", src)
			}
			return
		}
		for _, e := range doc.Errors {
			switch e.Code {
			case CodeUTF8, CodeSurrogate, CodeNumberRange, CodeNumberLong, CodeDepth:
			case CodeTooManyErrors:
				// Past MaxErrors of the codes above (a string of
				// more than a thousand bytes that are not UTF-8).
			default:
				t.Fatalf("encoding/json accepts %q, Parse reports %v (code %d)", src, e, e.Code)
			}
		}
		// The tape of a valid document is allocated once (the estimate is
		// an upper bound), and kept at about its size.
		// Every string reads as encoding/json reads it (the escaped ones
		// are unescaped from the source on demand).
		if len(doc.Errors) == 0 {
			for i := range doc.Nodes {
				if doc.Nodes[i].Kind() != String {
					continue
				}
				var want string
				if err := json.Unmarshal(doc.Raw(i), &want); err != nil {
					t.Fatalf("%q: node %d %s: %v", src, i, doc.Raw(i), err)
				}
				if got := doc.Text(i); got != want {
					t.Fatalf("%q: node %d: Text %q, encoding/json %q", src, i, got, want)
				}
			}
		}
		est, opens := estimateNodes(src)
		if n := len(doc.Nodes); n > est || cap(doc.Nodes)-n > max(n/16, tapeSlack) {
			t.Fatalf("%q: %d nodes in a tape of capacity %d, estimate %d", src, n, cap(doc.Nodes), est)
		}
		if n := len(doc.ext); cap(doc.ext) > opens+opens/8+1 && cap(doc.ext)-n > max(n/16, tapeSlack) {
			t.Fatalf("%q: %d exts in a slice of capacity %d, %d opening brackets", src, n, cap(doc.ext), opens)
		}
	})
}

// checkSpans checks that every node of doc lies within its source and
// within its container, after the previous sibling, and that Raw and Text
// agree with the spans: what the tape stores (a length, or an end beside
// it) gives back the bytes the node was read from.
func checkSpans(t *testing.T, doc *Document) {
	t.Helper()
	var walk func(i, lo, hi int)
	walk = func(i, lo, hi int) {
		n := &doc.Nodes[i]
		start, end := int(n.Start), doc.End(i)
		if start < lo || end > hi || start > end {
			t.Fatalf("node %d (%v) spans %d-%d, outside %d-%d", i, n.Kind(), start, end, lo, hi)
		}
		if raw := doc.Raw(i); len(raw) != end-start {
			t.Fatalf("node %d: Raw has %d bytes, span %d-%d", i, len(raw), start, end)
		}
		if n.Kind() == String && !n.Escaped() && end-start >= 2 && doc.Text(i) != string(doc.Src[start+1:end-1]) {
			t.Fatalf("node %d: Text %q, span %d-%d", i, doc.Text(i), start, end)
		}
		if k := n.Kind(); k == Object || k == Array {
			prev := start
			for c := doc.FirstChild(i); c >= 0; c = doc.NextChild(i, c) {
				walk(c, prev, end)
				prev = doc.End(c)
			}
		}
	}
	if len(doc.Nodes) > 0 {
		walk(0, 0, len(doc.Src))
	}
}

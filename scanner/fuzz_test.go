package scanner

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzValidJSON checks that Parse accepts exactly the texts that
// encoding/json accepts, except for the differences spec.md lists: a
// leading UTF-8 byte order mark is skipped (D1); invalid UTF-8 and lone
// surrogate escapes in strings (D2), numbers out of range (D4) and number
// tokens longer than MaxNumberLen (D15) are errors. Both limit nesting to
// 10,000 levels. The seeds run with go test; a campaign (go test -fuzz)
// runs outside it.
func FuzzValidJSON(f *testing.F) {
	for _, s := range []string{
		``, ` `, `{}`, `[]`, `1`, `-0.5e+3`, `"a"`, `true`, `null`, `{"a":1,"a":[2,{}]}`,
		"\ufeff{}", "\ufeff", `{"a":1,}`, `[1 2]`, `{"a" 1}`, `01`, `1.`, `.5`, `+1`, `tru`, `NaN`,
		"\"\xff\"", `"\ud800"`, `"\ud800\udc00"`, `1e1000000000`, `"\q"`, "\"\t\"", `{"a":1}x`,
		"[[[[[[[[[[]]]]]]]]]]", `{"a":{"b":[null,true,false,"\u00e9\/"]}}`, "\x7f", `"` + "\x7f" + `"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := Parse(src, Options{})
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
			case CodeUTF8, CodeSurrogate, CodeNumberRange, CodeNumberLong:
			default:
				t.Fatalf("encoding/json accepts %q, Parse reports %v (code %d)", src, e, e.Code)
			}
		}
		// The tape of a valid document is allocated once (the estimate is
		// an upper bound), and kept at about its size.
		if n, est := len(doc.Nodes), estimateNodes(src); n > est || cap(doc.Nodes)-n > max(n/16, tapeSlack) {
			t.Fatalf("%q: %d nodes in a tape of capacity %d, estimate %d", src, n, cap(doc.Nodes), est)
		}
	})
}

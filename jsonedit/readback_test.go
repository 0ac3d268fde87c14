package jsonedit

import (
	"strings"
	"testing"

	"github.com/hcljson/hcljson/scanner"
)

// TestEditReadBack checks that an edit whose result the scanner would
// not read (values nested deeper than scanner.DefaultMaxDepth) is refused
// with a diagnostic on the place of the edit, and leaves the document as
// it was; one level less is made. Set replaces a value and adds a member,
// both ways of going past the limit.
func TestEditReadBack(t *testing.T) {
	const src = `{"a": {"b": 1}}`
	// The root and "a" are two levels: a value of n more brackets nests
	// 2+n deep.
	over := strings.Repeat("[", scanner.DefaultMaxDepth-1) + strings.Repeat("]", scanner.DefaultMaxDepth-1)
	under := over[1 : len(over)-1]
	for _, tt := range []struct {
		path       string
		start, end int // the subject's bytes
	}{
		{"a.b", 12, 13}, // replaced
		{"a.c", 13, 13}, // added at the end of the object
	} {
		doc, diags := Open("f.json", []byte(src))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		diags = doc.Set(mustPath(t, tt.path), []byte(over))
		if len(diags) != 1 || diags[0].Summary != "Result cannot be read back" || diags[0].Subject == nil {
			t.Fatalf("%s: diagnostics %v", tt.path, diags)
		}
		d := diags[0]
		want := "After this edit the document could not be read again (its values would nest deeper than 1000 levels, the most that is read), so it was not changed."
		if d.Detail != want || d.Subject.Start.Byte != tt.start || d.Subject.End.Byte != tt.end {
			t.Errorf("%s: %q at %d-%d, want %q at %d-%d", tt.path, d.Detail, d.Subject.Start.Byte, d.Subject.End.Byte, want, tt.start, tt.end)
		}
		if got := string(doc.Bytes()); got != src {
			t.Errorf("%s: the document became %.60q", tt.path, got)
		}
		if diags := doc.Set(mustPath(t, tt.path), []byte(under)); diags.HasErrors() {
			t.Fatalf("%s, one level less: %v", tt.path, diags)
		}
		if res := scanner.Parse(doc.Bytes(), scanner.Options{}); len(res.Errors) != 0 {
			t.Errorf("%s: the result does not scan: %v", tt.path, res.Errors[0])
		}
	}
}

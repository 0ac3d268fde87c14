package template

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// testFile is a JSON-file-like buffer whose string tokens can be turned into
// Sources the way the scanner and hcljson do.
type testFile struct {
	name  string
	bytes []byte
	lines []int // byte offset of the start of each line
}

func newTestFile(name, content string) *testFile {
	f := &testFile{name: name, bytes: []byte(content), lines: []int{0}}
	for i, c := range f.bytes {
		if c == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	return f
}

// pos resolves a byte offset: lines split at \n, columns are grapheme
// clusters from the start of the line (the files used here are ASCII
// outside strings, so this is how the JSON scanner counts too).
func (f *testFile) pos(off int) hcl.Pos {
	line := 0
	for line+1 < len(f.lines) && f.lines[line+1] <= off {
		line++
	}
	return hcl.Pos{Line: line + 1, Column: clusters(f.bytes[f.lines[line]:off]) + 1, Byte: off}
}

// str returns the Source of the n-th string token (0-based, keys included).
func (f *testFile) str(t testing.TB, n int) Source {
	t.Helper()
	b := f.bytes
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		j := i + 1
		escaped := false
		for ; j < len(b) && b[j] != '"'; j++ {
			if b[j] == '\\' {
				escaped = true
				j++
			}
		}
		if n > 0 {
			n--
			i = j
			continue
		}
		var text string
		if err := json.Unmarshal(b[i:j+1], &text); err != nil {
			t.Fatalf("token %s: %v", b[i:j+1], err)
		}
		src := Source{Text: text, Filename: f.name, Start: f.pos(i + 1), Pos: f.pos}
		if escaped {
			src.Raw = b[i+1 : j : j]
		}
		return src
	}
	t.Fatalf("no string token %d in %s", n, b)
	return Source{}
}

// rng returns the range of the n-th occurrence (0-based) of sub in the file.
func (f *testFile) rng(t testing.TB, sub string, n int) hcl.Range {
	t.Helper()
	off := 0
	for {
		i := bytes.Index(f.bytes[off:], []byte(sub))
		if i < 0 {
			t.Fatalf("%q: occurrence %d not found", sub, n)
		}
		if n == 0 {
			return hcl.Range{Filename: f.name, Start: f.pos(off + i), End: f.pos(off + i + len(sub))}
		}
		n--
		off += i + 1
	}
}

// slice returns the file bytes a range covers.
func (f *testFile) slice(r hcl.Range) string {
	if r.Start.Byte < 0 || r.End.Byte > len(f.bytes) || r.End.Byte < r.Start.Byte {
		return "<out of file>"
	}
	return string(f.bytes[r.Start.Byte:r.End.Byte])
}

// unescapeRaw decodes a fragment of a JSON string token.
func unescapeRaw(t testing.TB, raw string) string {
	t.Helper()
	var s string
	if err := json.Unmarshal([]byte(`"`+raw+`"`), &s); err != nil {
		t.Fatalf("fragment %q: %v", raw, err)
	}
	return s
}

// traversalRanges lists the ranges of every step.
func traversalRanges(tr hcl.Traversal) []hcl.Range {
	var out []hcl.Range
	for _, s := range tr {
		out = append(out, s.SourceRange())
	}
	return out
}

package cli

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// scannedSnippetCode is how the snippet's code was chosen before
// snippetCode: every line of the file through hcl.RangeScanner, kept when
// it overlaps the snippet. snippetCode must choose the same lines.
func scannedSnippetCode(src []byte, snippet hcl.Range) (int, string) {
	var code strings.Builder
	start := -1
	sc := hcl.NewRangeScanner(src, snippet.Filename, bufio.ScanLines)
	for sc.Scan() {
		line := sc.Range()
		if line.Overlaps(snippet) {
			if start < 0 {
				start = line.Start.Byte
			}
			code.Write(line.SliceBytes(src))
			code.WriteByte('\n')
		}
	}
	return max(start, 0), strings.TrimSuffix(code.String(), "\n")
}

// snippetCode chooses the lines a scan of the whole file chose, for every
// range over random files of short, empty, CRLF and long lines: ranges
// starting or ending on a line feed, a carriage return, a line's first
// byte, the end of the file.
func TestSnippetCodeAsScanned(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"\n", "\r\n", "a", "bcd", "\r", "é", "{\"k\": 1}", strings.Repeat("x", 100)}
	for range 200 {
		var b strings.Builder
		for range r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		src := []byte(b.String())
		for a := 0; a <= len(src); a++ {
			for _, e := range []int{a, a + 1, a + 2, a + r.IntN(len(src)+1)} {
				e = min(e, len(src)+1)
				rng := hcl.Range{Filename: "f", Start: hcl.Pos{Byte: a}, End: hcl.Pos{Byte: e}}
				ws, wt := scannedSnippetCode(src, rng)
				if gs, gt := snippetCode(src, rng); gs != ws || gt != wt {
					t.Fatalf("%q, bytes %d-%d: snippetCode = %d %q, a scan of the file gives %d %q", src, a, e, gs, gt, ws, wt)
				}
			}
		}
	}
}

// A diagnostic's JSON snippet looks at the lines around it, not the whole
// file: with the file scanned for each diagnostic, "check --format json"
// was quadratic in the number of diagnostics (800 of them: 2.3 to 4.7 s;
// text output 0.01 s). Scanning a line allocated, so the allocations of
// one diagnostic near the start of a file of 20,000 lines tell a rescan
// from none (before: over 20,000).
func TestSnippetJSONLooksAround(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "  \"k%d\": %d,\n", i, i)
	}
	src := []byte(b.String())
	f := &hcl.File{Bytes: src}
	d := &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Bad",
		Subject:  &hcl.Range{Filename: "f", Start: hcl.Pos{Line: 2, Column: 3, Byte: 13}, End: hcl.Pos{Line: 2, Column: 7, Byte: 17}},
	}
	var out []byte
	allocs := testing.AllocsPerRun(20, func() {
		out = appendSnippetJSON(out[:0], d, f, *d.Subject, *d.Subject)
	})
	want := `{"context":null,"code":"  \"k1\": 1,","start_line":2,"highlight_start_offset":2,"highlight_end_offset":6,"values":[]}`
	if string(out) != want {
		t.Errorf("snippet:\n%s\nwant:\n%s", out, want)
	}
	if allocs > 10 {
		t.Errorf("%.0f allocations for one snippet in a file of 20,000 lines: the file is scanned", allocs)
	}
}

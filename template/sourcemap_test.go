package template

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

func TestRawOffset(t *testing.T) {
	tests := []struct {
		name string
		raw  string // between the quotes, as in the file
		want []int  // raw offset of each text offset 0..len(Text)
	}{
		{name: "no escapes", raw: `abc`, want: []int{0, 1, 2, 3}},
		{name: "newline", raw: `a\nb`, want: []int{0, 1, 3, 4}},
		{name: "quotes", raw: `\"x\"`, want: []int{0, 2, 3, 5}},
		{name: "backslash and solidus", raw: `\\\/`, want: []int{0, 2, 4}},
		{name: "control escapes", raw: `\b\f\r\t`, want: []int{0, 2, 4, 6, 8}},
		{name: "u ascii", raw: `\u0041B`, want: []int{0, 6, 7}},
		{name: "u NUL", raw: `\u0000`, want: []int{0, 6}},
		{name: "u two bytes", raw: `\u00e9x`, want: []int{0, 0, 6, 7}},
		{name: "u three bytes", raw: `\u20ACx`, want: []int{0, 0, 0, 6, 7}},
		{name: "surrogate pair", raw: `\ud83d\ude00!`, want: []int{0, 0, 0, 0, 12, 13}},
		{name: "verbatim multibyte then escape", raw: `é\u00e9`, want: []int{0, 1, 2, 2, 8}},
		{name: "escaped template", raw: `${\"a\"}`, want: []int{0, 1, 2, 4, 5, 7, 8}},
		{name: "adjacent escapes", raw: `\n\n\n`, want: []int{0, 2, 4, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := unescapeRaw(t, tt.raw)
			if len(text)+1 != len(tt.want) {
				t.Fatalf("bad table row: text %q has %d bytes, want has %d offsets", text, len(text), len(tt.want))
			}
			m := mustSourceMap(Source{Text: text, Raw: []byte(tt.raw)})
			var got []int
			for d := 0; d <= len(text); d++ {
				got = append(got, m.rawOffset(d))
			}
			if !equalInts(got, tt.want) {
				t.Errorf("raw offsets of %q = %v, want %v", tt.raw, got, tt.want)
			}
			// Out-of-range offsets are clamped.
			if got := m.rawOffset(-3); got != 0 {
				t.Errorf("rawOffset(-3) = %d, want 0", got)
			}
			if got := m.rawOffset(len(text) + 5); got != len(tt.raw) {
				t.Errorf("rawOffset(len+5) = %d, want %d", got, len(tt.raw))
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Without a Pos function, positions are counted from Start in grapheme
// clusters of the raw token bytes.
func TestPositionWithoutPosFunc(t *testing.T) {
	raw := `é\n${x}e` + "\u0301" + `${y}`
	m := mustSourceMap(Source{
		Text:  unescapeRaw(t, raw),
		Raw:   []byte(raw),
		Start: hcl.Pos{Line: 3, Column: 5, Byte: 40},
	})
	tests := []struct {
		d    int
		want hcl.Pos
	}{
		{d: 0, want: hcl.Pos{Line: 3, Column: 5, Byte: 40}},
		// 'é' (2 bytes, 1 column), '\n' escape (2 bytes, 2 columns), "${".
		{d: 5, want: hcl.Pos{Line: 3, Column: 10, Byte: 46}},
		// After "x}" and "e" + U+0301 (one cluster), "${" again: y.
		{d: 12, want: hcl.Pos{Line: 3, Column: 15, Byte: 53}},
		{d: 14, want: hcl.Pos{Line: 3, Column: 17, Byte: 55}},
	}
	for _, tt := range tests {
		if got := m.position(tt.d); got != tt.want {
			t.Errorf("position(%d) = %#v, want %#v", tt.d, got, tt.want)
		}
	}
}

// A Raw that the scanner would have rejected must not cause a panic, and
// offsets stay inside Raw.
func TestMalformedRaw(t *testing.T) {
	for _, raw := range []string{`\`, `a\`, `\u12`, `\u12zz`, `\ud800`, `\ud800\u0041`, `\udc00x`, `\q`, `\ud83d\ude`} {
		for _, text := range []string{"", "x", "some longer text than raw"} {
			m := mustSourceMap(Source{Text: text, Raw: []byte(raw)})
			for d := -1; d <= len(text)+1; d++ {
				if r := m.rawOffset(d); r < 0 || r > len(raw) {
					t.Errorf("raw %q text %q: rawOffset(%d) = %d, outside [0, %d]", raw, text, d, r, len(raw))
				}
			}
		}
	}
}

func TestRangeOutsideStringUnchanged(t *testing.T) {
	m := mustSourceMap(Source{Text: "a\nb", Raw: []byte(`a\nb`), Filename: "f", Start: hcl.Pos{Line: 1, Column: 8, Byte: 7}})
	for _, r := range []hcl.Range{
		{Filename: "other", Start: hcl.Pos{Line: 1, Column: 8, Byte: 7}, End: hcl.Pos{Line: 1, Column: 9, Byte: 8}},
		{Filename: "f", Start: hcl.Pos{Line: 1, Column: 1, Byte: 0}, End: hcl.Pos{Line: 1, Column: 2, Byte: 1}},
		{Filename: "f", Start: hcl.Pos{Line: 1, Column: 8, Byte: 7}, End: hcl.Pos{Line: 2, Column: 2, Byte: 11}},
	} {
		if got := m.Range(r); got != r {
			t.Errorf("Range(%#v) = %#v, want it unchanged", r, got)
		}
	}
	in := hcl.Range{Filename: "f", Start: hcl.Pos{Line: 2, Column: 1, Byte: 9}, End: hcl.Pos{Line: 2, Column: 2, Byte: 10}}
	want := hcl.Range{Filename: "f", Start: hcl.Pos{Line: 1, Column: 11, Byte: 10}, End: hcl.Pos{Line: 1, Column: 12, Byte: 11}}
	if got := m.Range(in); got != want {
		t.Errorf("Range(%#v) = %#v, want %#v", in, got, want)
	}
}

// Pos may count offsets from the start of the input while positions carry
// a start position (hcl's ParseWithStartPos), as long as the difference is
// constant.
func TestPosWithStartOffset(t *testing.T) {
	f := newTestFile("s.json", `{"a": "\t${var.foo} \u00e9${bar}"}`)
	shifted := func(off int) hcl.Pos {
		p := f.pos(off)
		if p.Line == 1 {
			p.Column += 9
		}
		p.Line += 4
		p.Byte += 100
		return p
	}
	src := f.str(t, 1)
	src.Start, src.Pos = shifted(7), shifted
	vars := Parse(src).Variables()
	if len(vars) != 2 {
		t.Fatalf("Variables() = %#v", vars)
	}
	want := f.rng(t, "bar", 0)
	want.Start, want.End = shifted(want.Start.Byte), shifted(want.End.Byte)
	if got := vars[1][0].SourceRange(); got != want {
		t.Errorf("bar range = %#v, want %#v", got, want)
	}
}

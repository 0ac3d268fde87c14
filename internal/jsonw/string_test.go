package jsonw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hcljson/hcljson/template"
)

func TestAppendString(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		plain string // JSON written with Plain
		tmpl  string // JSON written with Template; "" when the same as plain
	}{
		{name: "empty", in: "", plain: `""`},
		{name: "ascii", in: "abc XYZ 0-9 ~", plain: `"abc XYZ 0-9 ~"`},
		{name: "quote and backslash", in: `a"b\c`, plain: `"a\"b\\c"`},
		{name: "slash", in: "a/b", plain: `"a/b"`},
		{name: "short escapes", in: "\b\f\n\r\t", plain: `"\b\f\n\r\t"`},
		{name: "nul", in: "\x00", plain: `"\u0000"`},
		{name: "0x0b", in: "\x0b", plain: `"\u000b"`},
		{name: "0x1b", in: "a\x1bb", plain: `"a\u001bb"`},
		{name: "0x1f", in: "\x1f", plain: `"\u001f"`},
		{name: "del", in: "\x7f", plain: "\"\x7f\""},
		{name: "c1", in: "\u0085\u009b", plain: "\"\u0085\u009b\""},
		{name: "html", in: "<a href='x'>&amp;</a>", plain: `"<a href='x'>&amp;</a>"`},
		{name: "line separators", in: "a\u2028b\u2029c", plain: `"a\u2028b\u2029c"`},
		{name: "bidi", in: "\u202e", plain: "\"\u202e\""},
		{name: "unicode", in: "é日本😀", plain: `"é日本😀"`},
		{name: "U+FFFD itself", in: "\ufffd", plain: "\"\ufffd\""},
		{name: "invalid byte", in: "a\xffb", plain: `"a\ufffdb"`},
		{name: "lone continuation", in: "\x80", plain: `"\ufffd"`},
		{name: "truncated", in: "a\xe2\x80", plain: `"a\ufffd\ufffd"`},
		{name: "overlong", in: "\xc0\x80", plain: `"\ufffd\ufffd"`},
		{name: "surrogate", in: "\xed\xa0\x80", plain: `"\ufffd\ufffd\ufffd"`},
		{name: "invalid then separator", in: "\xff\u2028", plain: `"\ufffd\u2028"`},
		{name: "interpolation", in: "${x}", plain: `"${x}"`, tmpl: `"$${x}"`},
		{name: "directive", in: "%{if x}", plain: `"%{if x}"`, tmpl: `"%%{if x}"`},
		{name: "escaped", in: "$${x}%%{y}", plain: `"$${x}%%{y}"`, tmpl: `"$$${x}%%%{y}"`},
		{name: "dollar alone", in: "$ % $x %y $", plain: `"$ % $x %y $"`},
		{name: "leading bom", in: "\ufeffx", plain: "\"\ufeffx\"", tmpl: "\"\ufeff\ufeffx\""},
		{name: "inner bom", in: "x\ufeff", plain: "\"x\ufeff\""},
		{name: "crlf then interpolation", in: "\r\n${x}", plain: `"\r\n${x}"`, tmpl: `"\r\n$${x}"`},
		{name: "lone cr", in: "a\rb", plain: `"a\rb"`},
		{name: "interpolation then lone cr", in: "${x}\r", plain: `"${x}\r"`, tmpl: `"$${x}\r"`},
		{
			name:  "lone cr then interpolation",
			in:    "a\r${x}\"\\\n\t\x01\x7f\u2028\ufeff%{y}é\xff",
			plain: `"a\r${x}\"\\\n\t\u0001` + "\x7f" + `\u2028` + "\ufeff" + `%{y}é\ufffd"`,
			tmpl:  `"${\"a\\r$${x}\\\"\\\\\\n\\t\\u0001\\u007f\\u2028\\ufeff%%{y}é\\ufffd\"}"`,
		},
		{name: "lone cr then escaped", in: "\r$${", plain: `"\r$${"`, tmpl: `"${\"\\r$$${\"}"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.tmpl == "" {
				tt.tmpl = tt.plain
			}
			for _, c := range []struct {
				esc  Escape
				want string
			}{{Plain, tt.plain}, {Template, tt.tmpl}} {
				if got := string(AppendString(nil, tt.in, c.esc)); got != c.want {
					t.Errorf("%v: %s, want %s", c.esc, got, c.want)
				}
				// Appending keeps what the buffer holds, and so does the
				// quoted interpolation, which rewrites what it appended.
				if got := string(AppendString([]byte("x,"), tt.in, c.esc)); got != "x,"+c.want {
					t.Errorf("%v after a prefix: %s, want x,%s", c.esc, got, c.want)
				}
			}
		})
	}
}

func (e Escape) String() string {
	if e == Template {
		return "Template"
	}
	return "Plain"
}

// Every control character has its escape: the short one where JSON has
// one, \u00XX with lowercase digits otherwise.
func TestControlCharacters(t *testing.T) {
	short := map[byte]string{'\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}
	for c := byte(0); c < 0x20; c++ {
		want, ok := short[c]
		if !ok {
			want = fmt.Sprintf(`\u%04x`, c)
		}
		want = `"a` + want + `b"`
		for _, esc := range []Escape{Plain, Template} {
			if got := string(AppendString(nil, "a"+string(rune(c))+"b", esc)); got != want {
				t.Errorf("%#x (%v): %s, want %s", c, esc, got, want)
			}
		}
	}
}

// Plain is encoding/json's escaping without its HTML escaping: the same
// bytes for every single byte, every rune class and invalid UTF-8.
func TestPlainIsEncodingJSON(t *testing.T) {
	var ins []string
	for c := range 256 {
		ins = append(ins, "a"+string([]byte{byte(c)})+"z")
	}
	ins = append(ins, "é", "日本", "😀", "\u2028\u2029", "\ufeff", "\ufffd", "\u0085", "\xed\xa0\x80", "\xf4\x90\x80\x80",
		"\xc0\xaf", "\xe2\x82", "a\xf0\x9f\x98", strings.Repeat("x\x00\"\\é", 100))
	for _, in := range ins {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(in); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(b.String(), "\n")
		if got := string(AppendString(nil, in, Plain)); got != want {
			t.Errorf("%q: %s, encoding/json writes %s", in, got, want)
		}
	}
}

// FuzzAppendString checks that the output is one valid JSON string, which
// encoding/json reads back as the input (each invalid byte as U+FFFD)
// with Plain, and as template.Escape of it with Template unless the text
// has no escaped form and is written as an interpolation.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{
		"", "abc", `"\/`, "\x00\x01\x1f\x7f", "\b\f\n\r\t", "<>&", "\u2028\u2029", "é😀",
		"\xff", "a\xe2\x80", "\xed\xa0\x80", "${x}", "%{y}", "$${x}", "\ufeff${x}", "\r${x}",
		"\r\n%{x}", "a\r$${", "\ufeff\ufeff", "$", "%",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		valid := strings.ToValidUTF8(s, "") == s
		want := s
		if !valid {
			var b strings.Builder
			for i := 0; i < len(s); {
				r, size := utf8.DecodeRuneInString(s[i:])
				b.WriteRune(r) // an invalid byte decodes as U+FFFD, size 1
				i += size
			}
			want = b.String()
		}
		for _, esc := range []Escape{Plain, Template} {
			out := AppendString(nil, s, esc)
			var got string
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("%v: %q: %s: %v", esc, s, out, err)
			}
			switch {
			case esc == Plain:
				if got != want {
					t.Fatalf("Plain: %q reads back as %q", s, got)
				}
			case !bytes.HasPrefix(out, []byte(`"${\"`)):
				if e := template.Escape(want); got != e {
					t.Fatalf("Template: %q reads back as %q, want %q", s, got, e)
				}
			default:
				if !strings.Contains(s, "\r") {
					t.Fatalf("Template: %q written as an interpolation: %s", s, out)
				}
			}
		}
	})
}

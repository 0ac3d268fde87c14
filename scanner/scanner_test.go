package scanner

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// dump renders a document's tape and errors as text.
func dump(d *Document) string {
	var sb strings.Builder
	var walk func(i, depth int)
	walk = func(i, depth int) {
		n := &d.Nodes[i]
		fmt.Fprintf(&sb, "%s%v %d-%d", strings.Repeat("  ", depth), n.Kind(), n.Start, d.End(i))
		switch n.Kind() {
		case String:
			fmt.Fprintf(&sb, " %q", d.Text(i))
		case Number:
			fmt.Fprintf(&sb, " %s", d.Literal(i))
		}
		if n.Unclosed() {
			sb.WriteString(" unclosed")
		}
		sb.WriteByte('\n')
		if n.Kind() == Object || n.Kind() == Array {
			for c := d.FirstChild(i); c >= 0; c = d.NextChild(i, c) {
				walk(c, depth+1)
			}
		}
	}
	if len(d.Nodes) > 0 {
		walk(0, 0)
	}
	for _, e := range d.Errors {
		fmt.Fprintf(&sb, "error %d-%d %v", e.Start, e.End, e.Code)
		if e.Text != "" {
			fmt.Fprintf(&sb, " %q", e.Text)
		}
		if e.Unread {
			sb.WriteString(" unread")
		}
		if e.CtxStart >= 0 {
			fmt.Fprintf(&sb, " [ctx %d-%d]", e.CtxStart, e.CtxEnd)
		}
		if e.Pointer != "" {
			fmt.Fprintf(&sb, " at %s", e.Pointer)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "members in order with duplicates",
			src:  `{"b": 1, "a": [true, false, null], "b": "x"}`,
			want: `object 0-44
  string 1-4 "b"
  number 6-7 1
  string 9-12 "a"
  array 14-33
    true 15-19
    false 21-26
    null 28-32
  string 35-38 "b"
  string 40-43 "x"
`,
		},
		{
			name: "numbers keep their text",
			src:  `[0.1, -0, 1e400, 123456789012345678901234567890, 2.5E-3]`,
			want: `array 0-56
  number 1-4 0.1
  number 6-8 -0
  number 10-15 1e400
  number 17-47 123456789012345678901234567890
  number 49-55 2.5E-3
`,
		},
		{
			name: "escapes",
			src:  `["a\"b\\c\/d\b\f\n\r\t", "\u00e9\ud83d\ude00", "\u0000"]`,
			want: "array 0-56\n  string 1-23 \"a\\\"b\\\\c/d\\b\\f\\n\\r\\t\"\n  string 25-45 \"é😀\"\n  string 47-55 \"\\x00\"\n",
		},
		{
			name: "byte order mark",
			src:  "\uFEFF {}",
			want: "object 4-6\n",
		},
		{
			name: "empty input",
			src:  "  ",
			want: "error 2-2 end of input where a value should be\n",
		},
		{
			name: "trailing comma consumes the closer",
			src:  `{"r": {"a": {"x": 1,}}, "other": 1}`,
			want: `object 0-35
  string 1-4 "r"
  object 6-22
    string 7-10 "a"
    object 12-21
      string 13-16 "x"
      number 18-19 1
  string 24-31 "other"
  number 33-34 1
error 19-20 trailing comma in an object at /r/a/x
`,
		},
		{
			name: "trailing comma in array",
			src:  `[1,]`,
			want: "array 0-4\n  number 1-2 1\nerror 2-3 trailing comma in an array at /1\n",
		},
		{
			name: "missing comma",
			src:  `{"a": 1 "b": 2}`,
			want: `object 0-15
  string 1-4 "a"
  number 6-7 1
  string 8-11 "b"
  number 13-14 2
error 8-9 no comma between members at /a
`,
		},
		{
			name: "equals instead of colon",
			src:  `{"a" = 1}`,
			want: "object 0-9\n  string 1-4 \"a\"\n  number 7-8 1\nerror 5-6 '=' after a key at /a\n",
		},
		{
			name: "missing object value",
			src:  `{"a", "b": 1}`,
			want: "object 0-13\n  string 1-4 \"a\"\n  invalid 4-4\n  string 6-9 \"b\"\n  number 11-12 1\nerror 4-5 key without a value at /a\n",
		},
		{
			name: "bare key",
			src:  `{a: 1}`,
			want: "object 0-6\n  string 1-2 \"a\"\n  number 4-5 1\nerror 1-2 object key that is not a string \"a\"\n",
		},
		{
			name: "bare words",
			src:  `[True, NaN]`,
			want: "array 0-11\n  invalid 1-5\n  invalid 7-10\nerror 1-5 invalid keyword \"True\" at /0\nerror 7-10 JavaScript identifier \"NaN\" at /1\n",
		},
		{
			name: "bad numbers",
			src:  `[01, 1., .5, +1, 1e, 1-2]`,
			want: "array 0-25\n  invalid 1-3\n  invalid 5-7\n  invalid 9-11\n  invalid 13-15\n  invalid 17-19\n  invalid 21-24\n" +
				"error 1-3 malformed number \"01\" at /0\n" +
				"error 5-7 malformed number \"1.\" at /1\n" +
				"error 9-11 malformed number \".5\" at /2\n" +
				"error 13-15 malformed number \"+1\" at /3\n" +
				"error 17-19 malformed number \"1e\" at /4\n" +
				"error 21-24 malformed number \"1-2\" at /5\n",
		},
		{
			name: "number out of range",
			src:  `[1e1000000000, 1e-1000000000, 0e-1000000000]`,
			want: "array 0-44\n  invalid 1-13\n  invalid 15-28\n  number 30-43 0e-1000000000\n" +
				"error 1-13 number out of range \"1e1000000000\" at /0\n" +
				"error 15-28 number out of range \"1e-1000000000\" at /1\n",
		},
		{
			name: "string errors name the problem",
			src:  "[\"a\\qb\", \"\\u12\", \"\\ud800x\", \"a\tb\", \"\xff\"]",
			want: "array 0-39\n  invalid 1-7\n  invalid 9-15\n  invalid 17-26\n  invalid 28-33\n  invalid 35-38\n" +
				"error 3-5 invalid escape sequence \"\\\\q\" [ctx 1-7] at /0\n" +
				"error 10-14 invalid escape sequence \"\\\\u12\" [ctx 9-15] at /1\n" +
				"error 18-24 lone UTF-16 surrogate \"\\\\ud800\" [ctx 17-26] at /2\n" +
				"error 30-31 control character in a string \"U+0009\" [ctx 28-33] at /3\n" +
				"error 36-37 invalid UTF-8 in a string \"0xFF\" [ctx 35-38] at /4\n",
		},
		{
			name: "unterminated string stops",
			src:  "{\"a\": \"abc\n, \"b\": 1}",
			want: "object 0-10 unclosed\n  string 1-4 \"a\"\n  invalid 6-10\nerror 6-7 unterminated string unread [ctx 6-10] at /a\n",
		},
		{
			name: "unclosed",
			src:  `{"a": [1, 2`,
			want: "object 0-11 unclosed\n  string 1-4 \"a\"\n  array 6-11 unclosed\n    number 7-8 1\n    number 10-11 2\nerror 6-7 unclosed array at /a/2\n",
		},
		{
			name: "mismatched closer closes the right container",
			src:  `{"a": [1}, "b": 2}`,
			want: "object 0-18\n  string 1-4 \"a\"\n  array 6-9\n    number 7-8 1\n  string 11-14 \"b\"\n  number 16-17 2\nerror 8-9 array closed by '}' at /a/1\n",
		},
		{
			name: "mismatched closer of the enclosing container",
			src:  `{"a": [1}`,
			want: "object 0-9\n  string 1-4 \"a\"\n  array 6-8 unclosed\n    number 7-8 1\nerror 8-9 array closed by '}' at /a/1\n",
		},
		{
			name: "invalid start stops",
			src:  `{"a": #}`,
			want: "object 0-6 unclosed\n  string 1-4 \"a\"\n  invalid 6-6\nerror 6-7 a byte that cannot start a value unread at /a\n",
		},
		{
			name: "one error per token",
			src:  `[,]`,
			want: "array 0-3\n  invalid 1-1\nerror 1-2 a byte that cannot start a value at /0\n",
		},
		{
			name: "numbers run over letters",
			src:  `[0x10, -Infinity, 1_0]`,
			want: "array 0-22\n  invalid 1-5\n  invalid 7-16\n  invalid 18-21\n" +
				"error 1-5 malformed number \"0x10\" at /0\n" +
				"error 7-16 malformed number \"-Infinity\" at /1\n" +
				"error 18-21 malformed number \"1_0\" at /2\n",
		},
		{
			name: "a quote after a member stops",
			src:  `{"a": 1 'b': 2}`,
			want: "object 0-8 unclosed\n  string 1-4 \"a\"\n  number 6-7 1\nerror 8-9 no comma between members unread at /a\n",
		},
		{
			name: "unterminated at the end says nothing of the rest",
			src:  "{\"a\": \"abc\n",
			want: "object 0-10 unclosed\n  string 1-4 \"a\"\n  invalid 6-10\nerror 6-7 unterminated string [ctx 6-10] at /a\n",
		},
		{
			name: "trailing data",
			src:  `{} x`,
			want: "object 0-2\nerror 3-4 data after the root value\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := dump(Parse([]byte(tt.src), Options{}))
			if got != tt.want {
				t.Errorf("Parse(%q):\ngot:\n%s\nwant:\n%s", tt.src, got, tt.want)
			}
		})
	}
}

func TestDepthLimit(t *testing.T) {
	for _, n := range []int{5, 10000, 100000, 1000000} {
		src := strings.Repeat("[", n) + strings.Repeat("]", n)
		d := Parse([]byte(src), Options{MaxDepth: 5})
		if n <= 5 {
			if len(d.Errors) != 0 {
				t.Fatalf("depth %d: unexpected %v", n, d.Errors)
			}
			continue
		}
		if len(d.Errors) != 1 {
			t.Fatalf("depth %d: got %d errors, want 1: %v", n, len(d.Errors), d.Errors)
		}
		e := d.Errors[0]
		if e.Code != CodeDepth || e.Start != 5 || e.End != 6 || !errors.Is(e, ErrLimit) {
			t.Fatalf("depth %d: got %+v", n, e)
		}
		if e.Pointer != "/0/0/0/0/0" {
			t.Errorf("pointer %q", e.Pointer)
		}
	}
	// The default limit: 1,000 nested arrays parse, 1,001 do not.
	ok := strings.Repeat("[", DefaultMaxDepth) + strings.Repeat("]", DefaultMaxDepth)
	if d := Parse([]byte(ok), Options{}); len(d.Errors) != 0 {
		t.Fatalf("1000 levels: %v", d.Errors[0])
	}
	deep := "[" + ok + "]"
	if d := Parse([]byte(deep), Options{}); len(d.Errors) != 1 || d.Errors[0].Code != CodeDepth {
		t.Fatalf("10001 levels: %v", d.Errors)
	}
}

func TestErrorsWrapSentinels(t *testing.T) {
	d := Parse([]byte(`{"a": tru}`), Options{})
	if len(d.Errors) != 1 {
		t.Fatalf("got %v", d.Errors)
	}
	var err error = d.Errors[0]
	if !errors.Is(err, ErrSyntax) {
		t.Errorf("%v does not wrap ErrSyntax", err)
	}
	if got, want := err.Error(), `offset 6 (at "/a"): invalid keyword: "tru"`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	d = Parse([]byte(`{"a": [}`), Options{})
	if len(d.Errors) != 1 {
		t.Fatalf("got %v", d.Errors)
	}
	if got, want := d.Errors[0].Error(), `offset 7 (at "/a/0"): '}' where a value should be`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestVerbatimStringAllocs(t *testing.T) {
	src := []byte(`{"name": "a verbatim string with no escapes at all, unicode é 日本"}`)
	d := Parse(src, Options{})
	allocs := testing.AllocsPerRun(100, func() {
		if d.Text(2) == "" {
			t.Fatal("empty")
		}
	})
	if allocs != 0 {
		t.Errorf("Text of a verbatim string allocates %v times", allocs)
	}
	// Scanning allocates the document and its tape, nothing per string.
	one := testing.AllocsPerRun(20, func() { Parse(src, Options{}) })
	many := []byte(`{"a": "x", "b": "y", "c": "z", "d": "w", "e": "v", "f": "u", "g": "t"}`)
	more := testing.AllocsPerRun(20, func() { Parse(many, Options{}) })
	if one != more {
		t.Errorf("allocations grow with verbatim strings: %v for 1, %v for 7", one, more)
	}
}

func TestKeyWithoutValue(t *testing.T) {
	// Every key on the tape is followed by a value, even when parsing
	// stopped in the middle of a member.
	for _, src := range []string{`{"a`, `{"a"`, `{"a":`, `{"a" #`, `{"x": {"a"`, "{\"a\n"} {
		d := Parse([]byte(src), Options{})
		if len(d.Errors) == 0 {
			t.Errorf("%q: no error", src)
		}
		var check func(i int)
		check = func(i int) {
			n := d.Nodes[i]
			if n.Kind() != Object && n.Kind() != Array {
				return
			}
			kids := 0
			for c := d.FirstChild(i); c >= 0; c = d.NextChild(i, c) {
				if n.Kind() == Object && kids%2 == 0 && d.Nodes[c].Kind() != String {
					t.Errorf("%q: key %d is a %v", src, c, d.Nodes[c].Kind())
				}
				check(c)
				kids++
			}
			if n.Kind() == Object && kids%2 != 0 {
				t.Errorf("%q: object %d has a key without a value:\n%s", src, i, dump(d))
			}
		}
		check(0)
	}
}

func TestNumberTooLong(t *testing.T) {
	long := strings.Repeat("1", MaxNumberLen+1)
	d := Parse([]byte("["+long+", "+long[:MaxNumberLen]+"]"), Options{})
	if len(d.Errors) != 1 {
		t.Fatalf("got %d errors: %v", len(d.Errors), d.Errors)
	}
	e := d.Errors[0]
	if e.Code != CodeNumberLong || e.Start != 1 || e.End != 1+MaxNumberLen+1 || !errors.Is(e, ErrLimit) {
		t.Errorf("got %+v", e)
	}
	if e.Text != "4096" {
		t.Errorf("Text = %q, want the limit, 4096", e.Text)
	}
	if d.Nodes[2].Kind() != Number {
		t.Errorf("a number of %d digits: %v", MaxNumberLen, d.Nodes[2].Kind())
	}
}

func TestTooManyErrors(t *testing.T) {
	// Deep nesting and many errors: each error carries a pointer as deep as
	// the nesting, so their number is bounded and parsing stops there.
	src := strings.Repeat("[", 500) + strings.Repeat(" x,", 3000)
	d := Parse([]byte(src), Options{})
	if len(d.Errors) != MaxErrors+1 {
		t.Fatalf("got %d errors, want %d", len(d.Errors), MaxErrors+1)
	}
	last := d.Errors[MaxErrors]
	if last.Code != CodeTooManyErrors || !last.Stopped || !errors.Is(last, ErrLimit) {
		t.Errorf("last error %+v", last)
	}
	// The 1001st bad word is at 500 + 3*1000 + 1.
	if last.Start != 500+3*MaxErrors+1 {
		t.Errorf("stopped at %d", last.Start)
	}
	if last.Text != "1000" {
		t.Errorf("Text = %q, want the limit, 1000", last.Text)
	}
}

// A tape holds at most Options.MaxNodes values: parsing stops at the value
// that would pass it, with an error on that value, and the tape is never
// larger than the limit.
func TestTooManyValues(t *testing.T) {
	if size := unsafe.Sizeof(Node{}); size != 8 {
		t.Errorf("a Node is %d bytes, want 8", size)
	}
	for _, tt := range []struct {
		src   string
		start int
	}{
		{`[1,2,3,4,5,6,7,8,9,10,11,12]`, 15},                     // "8": after the array and 7 elements, 8 nodes and 3 reserved pass 10
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}`, 23},            // "d"'s value: after the object, 3 members and key "d"
		{` [ [ [ [ [ [ [ [ [ [ [ [ ] ] ] ] ] ] ] ] ] ] ] ]`, 17}, // the 9th array
	} {
		d := Parse([]byte(tt.src), Options{MaxNodes: 10})
		if len(d.Errors) != 1 {
			t.Fatalf("%s: errors %v", tt.src, d.Errors)
		}
		e := d.Errors[0]
		if e.Code != CodeTooManyValues || !e.Stopped || !e.Unread || e.Text != "10" || !errors.Is(e, ErrLimit) || e.Start != tt.start || e.End != tt.start+1 {
			t.Errorf("%s: error %+v, want CodeTooManyValues at %d", tt.src, e, tt.start)
		}
		if len(d.Nodes) > 10 || cap(d.Nodes) > 10 {
			t.Errorf("%s: %d nodes in a tape of %d, limit 10", tt.src, len(d.Nodes), cap(d.Nodes))
		}
	}
	// The limit is not an error when the document fits.
	if d := Parse([]byte(`[1,2,3,4,5,6]`), Options{MaxNodes: 10}); len(d.Errors) != 0 || len(d.Nodes) != 7 {
		t.Errorf("a document of 7 values: %d nodes, errors %v", len(d.Nodes), d.Errors)
	}
}

// A tape whose unused tail passes tapeSlack (and a sixteenth) is copied to
// its exact size; the estimate never falls short of a valid document.
func TestTapeExactSize(t *testing.T) {
	defer func(s int) { tapeSlack = s }(tapeSlack)
	src := []byte(`{"url": "https://a:b@c:8080/x,y,z", "list": [1, 2, 3], "obj": {"k": ":,:,:,:,:,:,:,:,:,:"}}`)
	tapeSlack = 1 << 20
	d := Parse(src, Options{})
	if est, _ := estimateNodes(src); cap(d.Nodes) != est || len(d.Nodes) != 12 {
		t.Fatalf("below the slack: %d nodes in a tape of %d, estimate %d", len(d.Nodes), cap(d.Nodes), est)
	}
	tapeSlack = 0
	if d := Parse(src, Options{}); cap(d.Nodes) != 12 || len(d.Nodes) != 12 || len(d.Errors) != 0 {
		t.Errorf("above the slack: %d nodes in a tape of %d", len(d.Nodes), cap(d.Nodes))
	}
}

// A scalar too long for the node's 27 bits keeps its end beside the tape:
// with the limit lowered to 3 bytes, strings (escaped or not, keys and
// values), numbers, keywords and invalid values of every length read back
// with the same spans, text and tape as with the real limit.
func TestLongScalars(t *testing.T) {
	src := []byte(`{"a": "abcdef", "long key": [1, 12345, true, null, "x\ny", "é", tru, "", -1.5e3], "k\"": {"": false}, "q": ` + "\"broken\n}")
	want := dump(Parse(src, Options{}))
	defer func(n int) { longScalar = n }(longScalar)
	longScalar = 3
	d := Parse(src, Options{})
	if got := dump(d); got != want {
		t.Errorf("with long scalars:\n%s\nwant:\n%s", got, want)
	}
	long, withExt := 0, 0
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if n.Kind() < Object && n.bits&flagLong != 0 {
			long++
		}
		if n.inExt() {
			withExt++
		}
	}
	if long != 9 {
		t.Errorf("%d long unescaped scalars, want 9", long)
	}
	// One ext a node that needs one: an escaped string that was long
	// first keeps the ext it had.
	if len(d.ext) != withExt {
		t.Errorf("%d exts for %d nodes that need one", len(d.ext), withExt)
	}
	checkSpans(t, d)
}

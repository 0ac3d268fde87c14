package jsonw

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// sample writes {"a": [1, "x", {}, []], "b\n": {"c": null}} with w.
func sample(w *Writer) {
	w.Open('{')
	w.Key("a")
	w.Open('[')
	w.Buf = append(w.Buf, "1"...)
	w.Next()
	w.String("x", Plain)
	w.Next()
	w.Buf = append(w.Buf, "{}"...)
	w.Next()
	w.Buf = append(w.Buf, "[]"...)
	w.Close(']')
	w.Next()
	w.Key("b\n")
	w.Open('{')
	w.String("c", Plain)
	w.Colon()
	w.Buf = append(w.Buf, "null"...)
	w.Close('}')
	w.Close('}')
}

func TestWriterLayout(t *testing.T) {
	for _, tt := range []struct {
		indent int
		want   string
	}{
		{0, `{"a":[1,"x",{},[]],"b\n":{"c":null}}`},
		{2, "{\n  \"a\": [\n    1,\n    \"x\",\n    {},\n    []\n  ],\n  \"b\\n\": {\n    \"c\": null\n  }\n}"},
		{4, "{\n    \"a\": [\n        1,\n        \"x\",\n        {},\n        []\n    ],\n    \"b\\n\": {\n        \"c\": null\n    }\n}"},
	} {
		w := Writer{Buf: []byte("x="), Indent: tt.indent}
		sample(&w)
		if got := string(w.Buf); got != "x="+tt.want {
			t.Errorf("indent %d:\n%s\nwant\n%s", tt.indent, got, "x="+tt.want)
		}
		if w.depth != 0 {
			t.Errorf("indent %d: depth %d after closing everything", tt.indent, w.depth)
		}
	}
}

// Indentation deeper than the spaces constant is written in pieces.
func TestWriterDeep(t *testing.T) {
	const depth = 50
	w := Writer{Indent: 3}
	for range depth {
		w.Open('[')
	}
	w.Buf = append(w.Buf, '0')
	for range depth {
		w.Close(']')
	}
	var want bytes.Buffer
	if err := json.Indent(&want, []byte(strings.Repeat("[", depth)+"0"+strings.Repeat("]", depth)), "", "   "); err != nil {
		t.Fatal(err)
	}
	if got := string(w.Buf); got != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got, want.String())
	}
}

var reindentInputs = []string{
	`{}`, `[]`, `0`, `-1.5e+30`, `"a"`, `true`, `null`,
	`{"a":[],"b":{},"c":[{},[[]],{"d":"x\"}]{,:\\"}],"e":"\\","f":-1.5e3,"g":[true,false,null]}`,
	" { \"a\" : [ 1 , 2 ] ,\n\t\"b\" :\r\n { } , \"c\":[ ] , \"a\" : \"dup\\u00e9 \\\" , \" } ",
	`[[[[[[1]]]],[[{"k":{"k":{"k":[0.5,"\ud83d\ude00",""]}}}]]]]`,
	`{"":"","\u0000":"\n\t"}`,
}

// Reindent lays out valid JSON as json.Indent and json.Compact do.
func TestReindent(t *testing.T) {
	for _, src := range reindentInputs {
		for _, indent := range []int{0, 2, 4} {
			var want bytes.Buffer
			var err error
			if indent == 0 {
				err = json.Compact(&want, []byte(src))
			} else {
				err = json.Indent(&want, []byte(src), "", strings.Repeat(" ", indent))
			}
			if err != nil {
				t.Fatal(err)
			}
			if indent > 0 {
				// json.Indent keeps leading and trailing space as it is.
				want = *bytes.NewBufferString(strings.TrimSpace(want.String()))
			}
			w := Writer{Indent: indent}
			w.Reindent([]byte(src))
			if got := string(w.Buf); got != want.String() {
				t.Errorf("%s, indent %d:\n%s\nwant\n%s", src, indent, got, want.String())
			}
		}
	}
}

// Reindent starts at the writer's depth, as a value written in its place.
func TestReindentNested(t *testing.T) {
	w := Writer{Indent: 2}
	w.Open('{')
	w.Key("value")
	w.Reindent([]byte("{ \"x\": [1,\n 2], \"y\": [ ] }"))
	w.Next()
	w.Key("n")
	w.Reindent([]byte(" 7 "))
	w.Close('}')
	want := "{\n  \"value\": {\n    \"x\": [\n      1,\n      2\n    ],\n    \"y\": []\n  },\n  \"n\": 7\n}"
	if got := string(w.Buf); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

type recorder struct {
	writes [][]byte
	fail   int // the write that fails, counted from 1; 0: none
}

var errWrite = errors.New("write failed")

func (r *recorder) Write(p []byte) (int, error) {
	r.writes = append(r.writes, bytes.Clone(p))
	if len(r.writes) == r.fail {
		return 0, errWrite
	}
	return len(p), nil
}

// With Out, the text is handed over in pieces of about FlushSize bytes;
// after an error nothing more is written.
func TestWriterOut(t *testing.T) {
	src := []byte("[" + strings.Repeat(`"`+strings.Repeat("x", 1000)+`",`, 500) + "0]")
	var want []byte
	{
		w := Writer{Indent: 2}
		w.Reindent(src)
		want = w.Buf
	}
	r := &recorder{}
	w := Writer{Indent: 2, Out: r}
	w.Reindent(src)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if len(r.writes) < 5 || !bytes.Equal(bytes.Join(r.writes, nil), want) {
		t.Errorf("%d writes, want several that join to the output", len(r.writes))
	}
	for _, p := range r.writes {
		if len(p) > FlushSize+1100 {
			t.Errorf("a write of %d bytes, want at most about %d", len(p), FlushSize)
		}
	}
	if len(w.Buf) != 0 {
		t.Errorf("%d bytes left in the buffer after Flush", len(w.Buf))
	}

	r = &recorder{fail: 2}
	w = Writer{Out: r}
	w.Reindent(src)
	if err := w.Flush(); err != errWrite {
		t.Errorf("Flush error = %v, want %v", err, errWrite)
	}
	if len(r.writes) != 2 {
		t.Errorf("%d writes, want 2 (none after the error)", len(r.writes))
	}

	// Without Out, Flush keeps the text.
	w = Writer{}
	w.String("a", Plain)
	if err := w.Flush(); err != nil || string(w.Buf) != `"a"` {
		t.Errorf("Flush without Out: %v, %q", err, w.Buf)
	}
}

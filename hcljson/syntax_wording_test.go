package hcljson_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/scanner"
)

// syntaxErrorLines renders the syntax errors of src, parsed as one JSON
// value, as "error START-END Summary: Detail [ctx START-END]" lines.
func syntaxErrorLines(src string) string {
	_, diags := hcljson.ParseExpression([]byte(src), "t.json")
	var sb strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&sb, "error %d-%d %s: %s", d.Subject.Start.Byte, d.Subject.End.Byte, d.Summary, d.Detail)
		if d.Context != nil {
			fmt.Fprintf(&sb, " [ctx %d-%d]", d.Context.Start.Byte, d.Context.End.Byte)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestSyntaxErrorWording checks the words of the diagnostics that report
// the scanner's errors: the scanner gives a code and the offending text,
// hcljson the summary and detail, with a suggestion for a misspelt
// keyword.
func TestSyntaxErrorWording(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "empty input",
			src:  "  ",
			want: "error 2-2 Missing value: The JSON data ends prematurely.\n",
		},
		{
			name: "trailing comma consumes the closer",
			src:  "{\"r\": {\"a\": {\"x\": 1,}}, \"other\": 1}",
			want: "error 19-20 Trailing comma in object: JSON does not permit a trailing comma after the final property in an object.\n",
		},
		{
			name: "trailing comma in array",
			src:  "[1,]",
			want: "error 2-3 Trailing comma in array: JSON does not permit a trailing comma after the final value in an array.\n",
		},
		{
			name: "missing comma",
			src:  "{\"a\": 1 \"b\": 2}",
			want: "error 8-9 Missing attribute separator comma: A comma must appear between each property definition in an object.\n",
		},
		{
			name: "equals instead of colon",
			src:  "{\"a\" = 1}",
			want: "error 5-6 Missing property value colon: JSON uses a colon as its name/value delimiter, not an equals sign.\n",
		},
		{
			name: "missing object value",
			src:  "{\"a\", \"b\": 1}",
			want: "error 4-5 Missing object value: A JSON object attribute must have a value, introduced by a colon.\n",
		},
		{
			name: "bare key",
			src:  "{a: 1}",
			want: "error 1-2 Invalid object property name: A JSON object property name must be a string in double quotes, not the bare word \"a\".\n",
		},
		{
			name: "keyword suggestion",
			src:  "[True, NaN]",
			want: "error 1-5 Invalid JSON keyword: \"True\" is not a valid JSON keyword. Did you mean \"true\"?\n" +
				"error 7-10 Invalid JSON keyword: The JavaScript identifier \"NaN\" cannot be used in JSON.\n",
		},
		{
			name: "bad numbers",
			src:  "[01, 1., .5, +1, 1e, 1-2]",
			want: "error 1-3 Invalid JSON number: There is a syntax error in the given JSON number \"01\".\n" +
				"error 5-7 Invalid JSON number: There is a syntax error in the given JSON number \"1.\".\n" +
				"error 9-11 Invalid JSON number: There is a syntax error in the given JSON number \".5\".\n" +
				"error 13-15 Invalid JSON number: There is a syntax error in the given JSON number \"+1\".\n" +
				"error 17-19 Invalid JSON number: There is a syntax error in the given JSON number \"1e\".\n" +
				"error 21-24 Invalid JSON number: There is a syntax error in the given JSON number \"1-2\".\n",
		},
		{
			name: "number out of range",
			src:  "[1e1000000000, 1e-1000000000, 0e-1000000000]",
			want: "error 1-13 Invalid JSON number: The number 1e1000000000 is too large or too small to be represented; write it as a string if it is meant as text.\n" +
				"error 15-28 Invalid JSON number: The number 1e-1000000000 is too large or too small to be represented; write it as a string if it is meant as text.\n",
		},
		{
			name: "string errors name the problem",
			src:  "[\"a\\qb\", \"\\u12\", \"\\ud800x\", \"a\tb\", \"\xff\"]",
			want: "error 3-5 Invalid JSON string: Invalid escape sequence \"\\q\" in a JSON string. Valid escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u followed by four hexadecimal digits. [ctx 1-7]\n" +
				"error 10-14 Invalid JSON string: Invalid escape sequence \"\\u12\" in a JSON string. Valid escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u followed by four hexadecimal digits. [ctx 9-15]\n" +
				"error 18-24 Invalid JSON string: The escape \\ud800 is half of a UTF-16 surrogate pair, and its other half is missing. [ctx 17-26]\n" +
				"error 30-31 Invalid JSON string: Control character U+0009 must be escaped in a JSON string. [ctx 28-33]\n" +
				"error 36-37 Invalid JSON string: A JSON string must be valid UTF-8; found the byte 0xFF. [ctx 35-38]\n",
		},
		{
			name: "unterminated string stops",
			src:  "{\"a\": \"abc\n, \"b\": 1}",
			want: "error 6-7 Invalid JSON string: This JSON string has no closing quote. The rest of the input was not read. [ctx 6-10]\n",
		},
		{
			name: "unclosed",
			src:  "{\"a\": [1, 2",
			want: "error 6-7 Unclosed array: No closing bracket was found for this JSON array.\n",
		},
		{
			name: "mismatched closer closes the right container",
			src:  "{\"a\": [1}, \"b\": 2}",
			want: "error 8-9 Mismatched brackets: A JSON array must be closed with a bracket, not a brace.\n",
		},
		{
			name: "mismatched closer of the enclosing container",
			src:  "{\"a\": [1}",
			want: "error 8-9 Mismatched brackets: A JSON array must be closed with a bracket, not a brace.\n",
		},
		{
			name: "invalid start stops",
			src:  "{\"a\": #}",
			want: "error 6-7 Invalid start of value: A JSON value must start with a brace, a bracket, a number, a string, or a keyword. The rest of the input was not read.\n",
		},
		{
			name: "one error per token",
			src:  "[,]",
			want: "error 1-2 Invalid start of value: A JSON value must start with a brace, a bracket, a number, a string, or a keyword.\n",
		},
		{
			name: "numbers run over letters",
			src:  "[0x10, -Infinity, 1_0]",
			want: "error 1-5 Invalid JSON number: There is a syntax error in the given JSON number \"0x10\".\n" +
				"error 7-16 Invalid JSON number: There is a syntax error in the given JSON number \"-Infinity\".\n" +
				"error 18-21 Invalid JSON number: There is a syntax error in the given JSON number \"1_0\".\n",
		},
		{
			name: "a quote after a member stops",
			src:  "{\"a\": 1 'b': 2}",
			want: "error 8-9 Missing attribute separator comma: A comma must appear between each property definition in an object. The rest of the input was not read.\n",
		},
		{
			name: "unterminated at the end says nothing of the rest",
			src:  "{\"a\": \"abc\n",
			want: "error 6-7 Invalid JSON string: This JSON string has no closing quote. [ctx 6-10]\n",
		},
		{
			name: "trailing data",
			src:  "{} x",
			want: "error 3-4 Extraneous data after value: Extra characters appear after the JSON value.\n",
		},
		{
			name: "number too long",
			src:  "[" + strings.Repeat("1", scanner.MaxNumberLen+1) + "]",
			want: "error 1-4098 Invalid JSON number: A JSON number longer than 4096 characters is not supported; write it as a string, or with an exponent.\n",
		},
		{
			name: "nesting too deep",
			src:  strings.Repeat("[", scanner.DefaultMaxDepth+1) + strings.Repeat("]", scanner.DefaultMaxDepth+1),
			want: "error 1000-1001 Nesting too deep: JSON values nested more than 1000 levels deep are not supported; the rest of the input was not read.\n",
		},
		{
			name: "missing value before a brace",
			src:  "{\"a\": }",
			want: "error 6-7 Missing JSON value: A JSON value must start with a brace, a bracket, a number, a string, or a keyword.\n",
		},
		{
			name: "missing value before a bracket",
			src:  "{\"a\": ]",
			want: "error 6-7 Missing array element value: A JSON value must start with a brace, a bracket, a number, a string, or a keyword.\n",
		},
		{
			name: "number as a key",
			src:  "{1: 2}",
			want: "error 1-2 Invalid object property name: A JSON object property name must be a string in double quotes, not the bare word \"1\".\n",
		},
		{
			name: "key that is no word",
			src:  "{#: 1}",
			want: "error 1-2 Invalid object property name: A JSON object property name must be a string in double quotes. The rest of the input was not read.\n",
		},
		{
			name: "no colon",
			src:  "{\"a\" 1}",
			want: "error 5-6 Missing property value colon: A colon must appear between an object property's name and its value.\n",
		},
		{
			name: "unclosed object",
			src:  "{\"a\": 1, \"b\": 2",
			want: "error 0-1 Unclosed object: No closing brace was found for this JSON object.\n",
		},
		{
			name: "mismatched braces",
			src:  "{\"a\": 1]",
			want: "error 7-8 Mismatched braces: A JSON object must be closed with a brace, not a bracket.\n",
		},
		{
			name: "colon in an array",
			src:  "[1: 2]",
			want: "error 2-3 Invalid array value: A colon is not used to introduce values in a JSON array.\n",
		},
		{
			name: "missing comma in an array",
			src:  "[1 2]",
			want: "error 3-4 Missing attribute separator comma: A comma must appear between each value in an array.\n",
		},
		{
			name: "keywords without and with a suggestion",
			src:  "[undefined, nul, fals, xyz]",
			want: "error 1-10 Invalid JSON keyword: The JavaScript identifier \"undefined\" cannot be used in JSON.\n" +
				"error 12-15 Invalid JSON keyword: \"nul\" is not a valid JSON keyword. Did you mean \"null\"?\n" +
				"error 17-21 Invalid JSON keyword: \"fals\" is not a valid JSON keyword. Did you mean \"false\"?\n" +
				"error 23-26 Invalid JSON keyword: \"xyz\" is not a valid JSON keyword.\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := syntaxErrorLines(tt.src); got != tt.want {
				t.Errorf("ParseExpression(%q):\ngot:\n%s\nwant:\n%s", tt.src, got, tt.want)
			}
		})
	}
}

func TestSyntaxErrorWordingTooManyErrors(t *testing.T) {
	lines := strings.Split(syntaxErrorLines(strings.Repeat("[", 500)+strings.Repeat(" x,", 3000)), "\n")
	if len(lines) != scanner.MaxErrors+2 {
		t.Fatalf("got %d lines, want %d", len(lines), scanner.MaxErrors+2)
	}
	if got, want := lines[scanner.MaxErrors], "error 3501-3502 Too many errors: After 1000 errors the rest of the input is not read; fix these first."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestSyntaxErrorEveryCode checks that every code the scanner reports has
// its own summary and a detail, including the one no test input can
// reach (an input of 4 GiB).
func TestSyntaxErrorEveryCode(t *testing.T) {
	for c := scanner.CodeTrailingData; c <= scanner.CodeTooManyValues; c++ {
		e := &scanner.Error{Code: c, CtxStart: -1, CtxEnd: -1, Text: "x"}
		if s := hcljson.SyntaxErrorSummary(e); s == "Invalid JSON" {
			t.Errorf("%v: no summary of its own", c)
		}
		if d := hcljson.SyntaxErrorDetail(e); d == "" {
			t.Errorf("%v: no detail", c)
		}
	}
	e := &scanner.Error{Code: scanner.CodeTooLarge, CtxStart: -1, CtxEnd: -1, Stopped: true}
	if got, want := hcljson.SyntaxErrorSummary(e)+": "+hcljson.SyntaxErrorDetail(e), "Input too large: Inputs of 4 GiB or more are not supported."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if !errors.Is(e, scanner.ErrLimit) {
		t.Errorf("%v does not wrap ErrLimit", e)
	}
}

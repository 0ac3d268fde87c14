package jsonpath

import (
	"errors"
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		name      string
		in        string
		want      Path
		canonical string // "" means in
	}{
		{name: "root", in: "", want: nil},
		{name: "root dot", in: ".", want: nil, canonical: ""},
		{name: "one key", in: "resource", want: Path{Key("resource")}},
		{name: "dotted", in: "resource.aws_instance.web.ami", want: Path{Key("resource"), Key("aws_instance"), Key("web"), Key("ami")}},
		{name: "leading dot", in: ".resource.x", want: Path{Key("resource"), Key("x")}, canonical: "resource.x"},
		{
			name: "plan",
			in:   `planned_values.root_module.resources[0].values.tags["Name"]`,
			want: Path{Key("planned_values"), Key("root_module"), Key("resources"), Index(0), Key("values"), Key("tags"), Key("Name")},
			// "Name" is a name, so the canonical form writes it bare.
			canonical: `planned_values.root_module.resources[0].values.tags.Name`,
		},
		{name: "key with dots", in: `["key with.dots"]`, want: Path{Key("key with.dots")}},
		{name: "quoted then bare", in: `["a b"].c`, want: Path{Key("a b"), Key("c")}},
		{name: "nested indexes", in: `a[0][1]`, want: Path{Key("a"), Index(0), Index(1)}},
		{name: "root index", in: `[2].x`, want: Path{Index(2), Key("x")}},
		{name: "leading dot index", in: `.[2]`, want: Path{Index(2)}, canonical: "[2]"},
		{name: "leading zeros", in: `a[007]`, want: Path{Key("a"), Index(7)}, canonical: "a[7]"},
		{name: "hyphen", in: `aws-west.x_1`, want: Path{Key("aws-west"), Key("x_1")}},
		{name: "digits are a key", in: `a.0`, want: Path{Key("a"), Key("0")}, canonical: `a["0"]`},
		{name: "leading hyphen is quoted", in: `-x`, want: Path{Key("-x")}, canonical: `["-x"]`},
		{name: "unicode name", in: `tags.café`, want: Path{Key("tags"), Key("café")}},
		{name: "escapes", in: `["a\"b\\c\/d\u00e9\n"]`, want: Path{Key("a\"b\\c/dé\n")}, canonical: `["a\"b\\c/dé\n"]`},
		{name: "surrogate pair", in: `["\ud83d\ude00"]`, want: Path{Key("😀")}, canonical: `["😀"]`},
		{name: "empty key", in: `[""]`, want: Path{Key("")}},
		{name: "bracket chars in key", in: `["]["]`, want: Path{Key("][")}},
		{name: "provider address", in: `provider_schemas["registry.terraform.io/hashicorp/aws"]`, want: Path{Key("provider_schemas"), Key("registry.terraform.io/hashicorp/aws")}},
		{name: "filter", in: `resource_changes[address=aws_instance.web].change`, want: Path{Key("resource_changes"), Filter{Key: "address", Value: "aws_instance.web"}, Key("change")}},
		{name: "filter all", in: `resource_changes[*type=aws_instance]`, want: Path{Key("resource_changes"), Filter{Key: "type", Value: "aws_instance", All: true}}},
		{name: "filter quoted", in: `a["k y"="v w"]`, want: Path{Key("a"), Filter{Key: "k y", Value: "v w"}}},
		{name: "filter quoted bare", in: `a["k"="v"]`, want: Path{Key("a"), Filter{Key: "k", Value: "v"}}, canonical: `a[k=v]`},
		{name: "filter brackets", in: `a[address=aws_instance.web[0]]`, want: Path{Key("a"), Filter{Key: "address", Value: "aws_instance.web[0]"}}, canonical: `a[address="aws_instance.web[0]"]`},
		{name: "filter quoted key in value", in: `a[address=x["k]\""]].b`, want: Path{Key("a"), Filter{Key: "address", Value: `x["k]\""]`}, Key("b")}, canonical: `a[address="x[\"k]\\\"\"]"].b`},
		{name: "filter digit key", in: `a[0=x]`, want: Path{Key("a"), Filter{Key: "0", Value: "x"}}, canonical: `a["0"=x]`},
		{name: "filter equals in value", in: `a[k=x=y]`, want: Path{Key("a"), Filter{Key: "k", Value: "x=y"}}},
		{name: "filter empty string", in: `a[k=""]`, want: Path{Key("a"), Filter{Key: "k", Value: ""}}},
		{name: "filter at root", in: `[*n=1.0]`, want: Path{Filter{Key: "n", Value: "1.0", All: true}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Parse(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
			canonical := tt.canonical
			if canonical == "" && tt.in != "." {
				canonical = tt.in
			}
			if s := got.String(); s != canonical {
				t.Errorf("String() = %q, want %q", s, canonical)
			}
			again, err := Parse(got.String())
			if err != nil || !reflect.DeepEqual(again, got) {
				t.Errorf("Parse(String()) = %#v, %v; want %#v", again, err, got)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct {
		in     string
		column int
		msg    string
	}{
		{"a.", 3, `expected a key after "." at the end of the path`},
		{"a..b", 3, `expected a key after ".", found another "."`},
		{"a.[0]", 3, `expected a key after ".", found "[": write a[0] or a["key"], without the "."`},
		{"..", 2, `unexpected '.' where a key should start: a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`},
		{"a b", 2, `unexpected ' ' in a key: a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`},
		{"tags.Name:x", 10, `unexpected ':' in a key: a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`},
		{"café.ü!", 7, `unexpected '!' in a key: a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`},
		{"$x", 1, `unexpected '$' where a key should start: a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`},
		{"a\xffb", 2, `unexpected byte 0xFF in a key: a bare key holds letters, digits, "_" and "-"; write ["..."] for any other key`},
		{"a[0]b", 5, `unexpected 'b' after a step: expected ".", "[" or the end of the path`},
		{"a[", 2, `"[" is not closed: expected an index, a quoted key, [*] or a filter, then "]"`},
		{"a[0", 4, `expected "]" at the end of the path, to close the "[" at column 2`},
		{"a[0x]", 4, `unexpected 'x' in brackets: expected "]"`},
		{`a["b"`, 6, `expected "]" at the end of the path, to close the "[" at column 2`},
		{"a[]", 3, `empty brackets: expected an index such as [0], a quoted key such as ["name"], [*] or a filter such as [address=aws_instance.web]`},
		{"a[-1]", 3, `negative indexes are not supported: count from 0 at the start of the array`},
		{"a['b']", 3, `single quotes do not delimit a key: write ["..."] with double quotes, as in JSON`},
		{"a[b]", 3, `a key in brackets is quoted: write ["b"] (or .b); a filter is [b=VALUE]`},
		{"a[!]", 3, `unexpected '!' after "[": expected an index such as [0], a quoted key such as ["name"], [*] or a filter such as [address=aws_instance.web]`},
		{"a[*!]", 4, `unexpected '!' after "[*": expected "]", or a filter such as [*type=aws_instance]`},
		{`a["b"c]`, 6, `unexpected 'c' in brackets: expected "]"`},
		{"a[b=]", 5, `empty value after "=": write "" for the empty string`},
		{"a[b=", 5, `expected a value after "=" at the end of the path`},
		{"a[b=x y]", 6, `unexpected ' ' in a value written without quotes: write a value with white space or control characters as a JSON string`},
		{`a[b=x"y"]`, 6, `a quote inside a value written without quotes: write the whole value as a JSON string, as in [b="..."]`},
		{`a[b=x["y]]`, 7, `the quoted key that starts here has no closing quote`},
		{"a[b=x[0]", 9, `expected "]" at the end of the path, to close the "[" at column 2`},
		{`a[b="x]`, 5, `the quoted key that starts here has no closing quote`},
		{`a["b" = 1]`, 6, `unexpected ' ' in brackets: expected "]"`},
		{"a[99999999999999999999]", 3, `index 99999999999999999999 is too large`},
		{`a["b]`, 3, `the quoted key that starts here has no closing quote`},
		{`a["b\"]`, 3, `the quoted key that starts here has no closing quote`},
		{`é["a\x"]`, 5, `invalid escape sequence "\x" in a JSON string. Valid escapes are \", \\, \/, \b, \f, \n, \r, \t and \u followed by four hexadecimal digits`},
		{`["\ud800"]`, 3, `the escape \ud800 is half of a UTF-16 surrogate pair, and its other half is missing`},
		{"[\"a\tb\"]", 4, `control character U+0009 must be escaped in a JSON string`},
		{"[\"\xff\"]", 3, `a JSON string must be valid UTF-8; found the byte 0xFF`},
	} {
		t.Run(tt.in, func(t *testing.T) {
			p, err := Parse(tt.in)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) = %#v, %v; want a *SyntaxError", tt.in, p, err)
			}
			if se.Column() != tt.column || se.Msg != tt.msg || se.Path != tt.in {
				t.Errorf("Parse(%q): column %d, %q\nwant column %d, %q", tt.in, se.Column(), se.Msg, tt.column, tt.msg)
			}
		})
	}
}

func TestSyntaxErrorError(t *testing.T) {
	_, err := Parse("a..b")
	want := `invalid path "a..b": column 3: expected a key after ".", found another "."`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestString checks the canonical form of paths built from steps,
// including keys that Parse never returns.
func TestString(t *testing.T) {
	for _, tt := range []struct {
		path Path
		want string
	}{
		{nil, ""},
		{Path{Key("a"), Index(3), Key("b c")}, `a[3]["b c"]`},
		{Path{Key("_x"), Key("x-y"), Key("1a")}, `_x.x-y["1a"]`},
		{Path{Key("a.b"), Key("")}, `["a.b"][""]`},
		{Path{Key("\x01\t\r\"")}, `["\u0001\t\r\""]`},
		{Path{Key("bad\xffutf8")}, `["bad\ufffdutf8"]`},
		{Path{Key("\b\f\x7f\u2028\u2029<&>")}, `["\b\f` + "\x7f" + `\u2028\u2029<&>"]`},
		{Path{Index(-1)}, `[-1]`},
		{Path{Filter{Key: "", Value: ""}}, `[""=""]`},
		{Path{Filter{Key: "a", Value: " x\n", All: true}}, `[*a=" x\n"]`},
		{Path{Filter{Key: "a", Value: "\xff"}}, `[a="\ufffd"]`},
	} {
		if got := tt.path.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.path, got, tt.want)
		}
	}
	if got := Key("x y").String(); got != `["x y"]` {
		t.Errorf("Key.String() = %q", got)
	}
	if got := Index(4).String(); got != `[4]` {
		t.Errorf("Index.String() = %q", got)
	}
}

// FuzzParse checks that Parse never panics and that the canonical form of
// every path it accepts reads back to the same path and is a fixed point.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", ".", "a.b[0]", `["x y"].z`, `a["\u00e9\n"]`, "a..b", "[1][2]", `["\ud83d\ude00"]`, "-1.0", "a[007]", `a[k=x["y"]]`, `a[*"k"=""]`, "[0=1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Column() < 1 {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		c := p.String()
		q, err := Parse(c)
		if err != nil {
			t.Fatalf("Parse(%q) = %#v; its String %q does not parse: %v", s, p, c, err)
		}
		if len(p) != len(q) || (len(p) > 0 && !reflect.DeepEqual(p, q)) {
			t.Fatalf("Parse(%q) = %#v; Parse(%q) = %#v", s, p, c, q)
		}
		if q.String() != c {
			t.Fatalf("String is not a fixed point: %q then %q", c, q.String())
		}
	})
}

package hcltest

import (
	"reflect"
	"testing"
)

func TestParseSchema(t *testing.T) {
	tests := []struct {
		name string
		text string
		want *Schema
	}{
		{
			name: "empty",
			text: "",
			want: &Schema{},
		},
		{
			name: "attrs and comments",
			text: "# top\nattr a   # optional\nattr! b\n\n",
			want: &Schema{Attributes: []Attribute{{Name: "a"}, {Name: "b", Required: true}}},
		},
		{
			name: "mode words",
			text: "partial\nattr a\nblock b {\n  attrs\n}\nblock c {\n  content\n}",
			want: &Schema{
				Mode:       Partial,
				Attributes: []Attribute{{Name: "a"}},
				Blocks: []Block{
					{Type: "b", Body: &Schema{Mode: Attrs}},
					{Type: "c", Body: &Schema{}},
				},
			},
		},
		{
			name: "nested blocks with labels",
			text: "block resource type name {\n  attr! count\n  block lifecycle {\n    attr ignore_changes\n  }\n}\nblock empty\n",
			want: &Schema{Blocks: []Block{
				{Type: "resource", Labels: []string{"type", "name"}, Body: &Schema{
					Attributes: []Attribute{{Name: "count", Required: true}},
					Blocks: []Block{{Type: "lifecycle", Body: &Schema{
						Attributes: []Attribute{{Name: "ignore_changes"}},
					}}},
				}},
				{Type: "empty", Body: &Schema{}},
			}},
		},
		{
			name: "one-line bodies",
			text: "block a {}\nblock b { attr x }\n",
			want: &Schema{Blocks: []Block{
				{Type: "a", Body: &Schema{}},
				{Type: "b", Body: &Schema{Attributes: []Attribute{{Name: "x"}}}},
			}},
		},
		{
			name: "quoted and odd names",
			text: "attr \"a b\"\nattr \"\"\nattr //\nattr \"block\"\nattr π\nblock \"x{\" \"#l\"\n",
			want: &Schema{
				Attributes: []Attribute{{Name: "a b"}, {Name: ""}, {Name: "//"}, {Name: "block"}, {Name: "π"}},
				Blocks:     []Block{{Type: "x{", Labels: []string{"#l"}, Body: &Schema{}}},
			},
		},
		{
			name: "same name as attribute and block",
			text: "attr a\nblock a\n",
			want: &Schema{Attributes: []Attribute{{Name: "a"}}, Blocks: []Block{{Type: "a", Body: &Schema{}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSchema(tt.text)
			if err != nil {
				t.Fatalf("ParseSchema(%q): %v", tt.text, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ParseSchema(%q)\n got %#v\nwant %#v", tt.text, got, tt.want)
			}
			// String writes the same schema back.
			again, err := ParseSchema(got.String())
			if err != nil {
				t.Fatalf("ParseSchema(String()) of %q: %v\n%s", tt.text, err, got)
			}
			if !reflect.DeepEqual(again, got) {
				t.Fatalf("String() does not round-trip:\n%s\n got %#v\nwant %#v", got, again, got)
			}
		})
	}
}

func TestParseSchemaErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{name: "unknown statement", text: "attr a\nfield b", want: `schema line 2: unknown statement "field" (want attr, attr!, block, content, partial or attrs)`},
		{name: "attr without name", text: "attr", want: `schema line 1: want "attr" followed by one name`},
		{name: "attr with two names", text: "attr! a b", want: `schema line 1: want "attr!" followed by one name`},
		{name: "attr with brace", text: "attr {", want: `schema line 1: want "attr" followed by one name`},
		{name: "duplicate attr", text: "attr a\nattr! a", want: `schema line 2: attribute "a" already declared on line 1`},
		{name: "duplicate block", text: "block a\n\nblock a x {\n}", want: `schema line 3: block type "a" already declared on line 1`},
		{name: "block without type", text: "block {\n}", want: `schema line 1: block needs a type name`},
		{name: "unclosed block", text: "block a {\n attr x\n", want: `schema: missing "}" at end of input`},
		{name: "stray closer", text: "attr a\n}", want: `schema line 2: unexpected "}"`},
		{name: "text after closer", text: "block a {\n} attr b", want: `schema line 2: text after "}"`},
		{name: "mode twice", text: "partial\nattrs", want: `schema line 2: mode given twice`},
		{name: "mode with argument", text: "attrs x", want: `schema line 1: mode "attrs" takes no arguments`},
		{name: "quoted keyword is not a keyword", text: `"attr" a`, want: `schema line 1: unknown statement "attr" (want attr, attr!, block, content, partial or attrs)`},
		{name: "unterminated quote", text: `attr "a`, want: `schema line 1: unterminated quoted name`},
		{name: "bad quote", text: `attr "\q"`, want: `schema line 1: bad quoted name "\q": invalid syntax`},
		{name: "brace in header", text: "block a } b", want: `schema line 1: unexpected "}"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseSchema(tt.text)
			if err == nil {
				t.Fatalf("ParseSchema(%q) = %#v, want error %q", tt.text, s, tt.want)
			}
			if err.Error() != tt.want {
				t.Fatalf("ParseSchema(%q) error\n got %q\nwant %q", tt.text, err, tt.want)
			}
		})
	}
}

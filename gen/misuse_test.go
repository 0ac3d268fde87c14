package gen

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/internal/misusetest"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// TestMisuse checks what each exported function and method does with nil,
// zero and out-of-range arguments (spec.md §misuse): a nil File is an
// empty file, the zero Value null, the zero Body and Block empty, a nil
// schema none; a nil writer and a Mode out of range panic, and so do the
// methods of nil pointers; text that is not what a constructor takes is
// its error.
func TestMisuse(t *testing.T) {
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	text := func(t *testing.T, got []byte, want string) {
		t.Helper()
		if string(got) != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	value := func(t *testing.T, v Value, want string) {
		t.Helper()
		text(t, AppendValue(nil, v, Expr, Options{Compact: true}), want)
	}
	failed := func(t *testing.T, err error, want string) {
		t.Helper()
		if err == nil || err.Error() != want {
			t.Errorf("error %v, want %q", err, want)
		}
	}
	format := func(t *testing.T, out []byte, diags hcl.Diagnostics, want string) {
		t.Helper()
		if out != nil {
			t.Errorf("output %q, want none", out)
		}
		if got := hcltest.RenderDiags(diags); got != want {
			t.Errorf("diagnostics\n%s\nwant\n%s", got, want)
		}
	}
	const notParsed = "-: error: Not a valid JSON-syntax file; FormatFile reads files that hcljson.Parse made without syntax errors.\n"
	misusetest.Run(t, ".", []misusetest.Case{
		{Func: "AppendFile", Name: "nil file", Call: func(t *testing.T) { text(t, AppendFile(nil, nil, Options{}), "{}\n") }},
		{Func: "AppendValue", Name: "zero Value", Call: func(t *testing.T) { value(t, Value{}, "null") }},
		{Func: "AppendValue", Name: "mode out of range", Panic: "gen: AppendValue with Mode(2)", Call: func(t *testing.T) {
			AppendValue(nil, Null(), Mode(2), Options{})
		}},
		{Func: "FormatFile", Name: "nil file", Call: func(t *testing.T) {
			out, diags := FormatFile(nil, nil, Options{})
			format(t, out, diags, notParsed)
		}},
		{Func: "FormatFile", Name: "file of no parser", Call: func(t *testing.T) {
			out, diags := FormatFile(&hcl.File{}, nil, Options{})
			format(t, out, diags, notParsed)
		}},
		{Func: "LayoutFile", Name: "nil file", Call: func(t *testing.T) {
			out, diags := LayoutFile(nil, nil)
			format(t, out, diags, strings.Replace(notParsed, "FormatFile", "LayoutFile", 1))
		}},
		{Func: "LayoutFile", Name: "file of no parser", Call: func(t *testing.T) {
			out, diags := LayoutFile(&hcl.File{Bytes: []byte("{}")}, nil)
			format(t, out, diags, strings.Replace(notParsed, "FormatFile", "LayoutFile", 1))
		}},
		{Func: "FormatJSON", Name: "nil input", Call: func(t *testing.T) {
			out, diags := FormatJSON(nil, "", nil, Options{})
			format(t, out, diags, ":1,1-1: error: Missing value; The JSON data ends prematurely.\n")
		}},
		{Func: "NewStream", Name: "nil newSpool", Panic: "gen: NewStream with a nil newSpool", Call: func(t *testing.T) { NewStream(Options{}, nil) }},
		{Func: "Stream.WriteTo", Name: "empty stream", Call: func(t *testing.T) {
			var b bytes.Buffer
			s := NewStream(Options{}, func() Spool { return new(bytes.Buffer) })
			if n, err := s.WriteTo(&b); b.String() != "{}\n" || n != 3 || err != nil {
				t.Errorf("WriteTo of an empty stream = %q, %d, %v", b.String(), n, err)
			}
		}},
		{Func: "Stream.Flush", Name: "nothing appended", Call: func(t *testing.T) {
			if err := NewStream(Options{}, func() Spool { return new(bytes.Buffer) }).Flush(); err != nil {
				t.Error(err)
			}
		}},
		{Func: "Stream.Body", Name: "zero use", Call: func(t *testing.T) {
			if NewStream(Options{}, func() Spool { return new(bytes.Buffer) }).Body() == nil {
				t.Error("nil body")
			}
		}},
		{Func: "NewEncoder", Name: "nil writer", Panic: "gen: NewEncoder with a nil io.Writer", Call: func(t *testing.T) { NewEncoder(nil, Options{}) }},
		{Func: "Encoder.Encode", Name: "nil file", Call: func(t *testing.T) {
			var b bytes.Buffer
			if err := NewEncoder(&b, Options{}).Encode(nil); err != nil {
				t.Fatal(err)
			}
			text(t, b.Bytes(), "{}\n")
		}},
		{Func: "Encoder.Encode", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Encoder)(nil).Encode(NewFile()) }},
		{Func: "NewFile", Name: "empty", Call: func(t *testing.T) { text(t, NewFile().Bytes(), "{}\n") }},
		{Func: "NewFileFor", Name: "nil schema", Call: func(t *testing.T) {
			f := NewFileFor(nil)
			if err := f.Body().Set("x", String("${y}")); err != nil {
				t.Fatal(err)
			}
			text(t, f.Bytes(), "{\n  \"x\": \"$${y}\"\n}\n")
		}},
		{Func: "File.Body", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*File)(nil).Body() }},
		{Func: "File.Body", Name: "zero File", Call: func(t *testing.T) {
			f := &File{}
			f.Body().AppendComment("c")
			text(t, f.Bytes(), "{\n  \"//\": \"c\"\n}\n")
		}},
		{Func: "File.Bytes", Name: "nil receiver", Call: func(t *testing.T) { text(t, (*File)(nil).Bytes(), "{}\n") }},
		{Func: "Body.AppendAttribute", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Body)(nil).AppendAttribute("a", Null(), Expr) }},
		{Func: "Body.AppendAttribute", Name: "mode out of range", Panic: "gen: Body.AppendAttribute with Mode(2)", Call: func(t *testing.T) {
			NewFile().Body().AppendAttribute("a", Null(), Mode(2))
		}},
		{Func: "Body.AppendAttribute", Name: "zero Body, empty name", Call: func(t *testing.T) {
			f := NewFile()
			f.Body().AppendAttribute("", Value{}, Literal)
			text(t, f.Bytes(), "{\n  \"\": null\n}\n")
		}},
		{Func: "Body.AppendAttributeCty", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) {
			(*Body)(nil).AppendAttributeCty("a", cty.True, Expr)
		}},
		{Func: "Body.AppendAttributeCty", Name: "mode out of range", Panic: "gen: Body.AppendAttributeCty with Mode(2)", Call: func(t *testing.T) {
			NewFile().Body().AppendAttributeCty("a", cty.True, Mode(2))
		}},
		{Func: "Body.AppendAttributeCty", Name: "cty.NilVal", Call: func(t *testing.T) {
			err := NewFile().Body().AppendAttributeCty("a", cty.NilVal, Expr)
			failed(t, err, "gen: a: value is cty.NilVal")
		}},
		{Func: "Body.AppendBlock", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Body)(nil).AppendBlock("a") }},
		{Func: "Body.AppendBlock", Name: "empty type", Call: func(t *testing.T) {
			f := NewFile()
			f.Body().AppendBlock("")
			text(t, f.Bytes(), "{\n  \"\": [\n    {}\n  ]\n}\n")
		}},
		{Func: "Body.AddBlock", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Body)(nil).AddBlock("a") }},
		{Func: "Body.AddBlock", Name: "zero Body, empty type", Call: func(t *testing.T) {
			b := &Body{}
			if _, err := b.AddBlock(""); err != nil {
				t.Fatal(err)
			}
		}},
		{Func: "Body.AddBlock", Name: "schema, empty type", Call: func(t *testing.T) {
			_, err := NewFileFor(schema.Terraform.Root).Body().AddBlock("")
			failed(t, err, `the root body: "" is not a block type here`)
		}},
		{Func: "MustRef", Name: "empty", Panic: `gen: "" is not a reference: Variable name required`, Call: func(t *testing.T) { MustRef("") }},
		{Func: "MustType", Name: "empty", Panic: `gen: "" is not a type constraint: Missing expression`, Call: func(t *testing.T) { MustType("") }},
		{Func: "MustKeyword", Name: "empty", Panic: `gen: "" is not a keyword: a keyword is one name`, Call: func(t *testing.T) { MustKeyword("") }},
		{Func: "MustCall", Name: "empty name", Panic: `gen: "" is not a function name`, Call: func(t *testing.T) { MustCall("") }},
		{Func: "MustNumber", Name: "empty", Panic: `gen: "" is not a JSON number`, Call: func(t *testing.T) { MustNumber("") }},
		{Func: "Body.Grow", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Body)(nil).Grow(1) }},
		{Func: "Body.Grow", Name: "negative count", Call: func(t *testing.T) {
			f := NewFile()
			f.Body().Grow(-1)
			f.Body().AppendAttribute("a", NumberInt(1), Literal)
			text(t, AppendFile(nil, f, Options{Compact: true}), "{\"a\":1}\n")
		}},
		{Func: "Body.AppendComment", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Body)(nil).AppendComment("c") }},
		{Func: "Body.Set", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Body)(nil).Set("a", Null()) }},
		{Func: "Body.Set", Name: "zero Body", Call: func(t *testing.T) {
			b := &Body{}
			if err := b.Set("", Value{}); err != nil {
				t.Fatal(err)
			}
			text(t, AppendFile(nil, &File{body: *b}, Options{Compact: true}), "{\"\":null}\n")
		}},
		{Func: "Block.Body", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Block)(nil).Body() }},
		{Func: "Block.Labels", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Block)(nil).Labels() }},
		{Func: "Block.Type", Name: "nil receiver", Panic: nilDeref, Call: func(t *testing.T) { (*Block)(nil).Type() }},
		{Func: "Block.Body", Name: "zero Block", Call: func(t *testing.T) {
			b := &Block{}
			if b.Body() == nil || len(b.Labels()) != 0 || b.Type() != "" {
				t.Errorf("zero Block: %v %q %q", b.Body(), b.Labels(), b.Type())
			}
		}},
		{Func: "Null", Name: "null", Call: func(t *testing.T) { value(t, Null(), "null") }},
		{Func: "Bool", Name: "false", Call: func(t *testing.T) { value(t, Bool(false), "false") }},
		{Func: "String", Name: "empty", Call: func(t *testing.T) { value(t, String(""), `""`) }},
		{Func: "Template", Name: "empty", Call: func(t *testing.T) { value(t, Template(""), `""`) }},
		{Func: "NumberInt", Name: "zero", Call: func(t *testing.T) { value(t, NumberInt(0), "0") }},
		{Func: "Array", Name: "no elements", Call: func(t *testing.T) { value(t, Array(), "[]") }},
		{Func: "Object", Name: "no properties", Call: func(t *testing.T) { value(t, Object(), "{}") }},
		{Func: "Object", Name: "zero Prop", Call: func(t *testing.T) { value(t, Object(Prop{}), `{"null":null}`) }},
		{Func: "Value.IsNull", Name: "zero Value", Call: func(t *testing.T) {
			if !(Value{}).IsNull() {
				t.Error("the zero Value is not null")
			}
		}},
		{Func: "Call", Name: "empty name", Call: func(t *testing.T) { _, err := Call(""); failed(t, err, `"" is not a function name`) }},
		{Func: "Call", Name: "zero Value argument", Call: func(t *testing.T) {
			v, err := Call("f", Value{})
			if err != nil {
				t.Fatal(err)
			}
			value(t, v, `"${f(null)}"`)
		}},
		{Func: "JSONEncode", Name: "zero Value", Call: func(t *testing.T) {
			v, err := JSONEncode(Value{})
			if err != nil {
				t.Fatal(err)
			}
			value(t, v, `"${jsonencode(null)}"`)
		}},
		{Func: "FromCty", Name: "cty.NilVal", Call: func(t *testing.T) {
			_, err := FromCty(cty.NilVal)
			failed(t, err, "gen: value is cty.NilVal")
			var pe *PathError
			if !errors.As(err, &pe) || pe.Path != "" {
				t.Errorf("error %#v, want a *PathError with an empty Path", err)
			}
		}},
		{Func: "Keyword", Name: "empty", Call: func(t *testing.T) {
			_, err := Keyword("")
			failed(t, err, `"" is not a keyword: a keyword is one name`)
		}},
		{Func: "Number", Name: "empty", Call: func(t *testing.T) { _, err := Number(""); failed(t, err, `gen: "" is not a JSON number`) }},
		{Func: "NumberFloat", Name: "nil", Call: func(t *testing.T) { _, err := NumberFloat(nil); failed(t, err, "gen: nil *big.Float") }},
		{Func: "Ref", Name: "empty", Call: func(t *testing.T) { _, err := Ref(""); failed(t, err, `"" is not a reference: Variable name required`) }},
		{Func: "Type", Name: "empty", Call: func(t *testing.T) {
			_, err := Type("")
			failed(t, err, `"" is not a type constraint: Missing expression`)
		}},
		{Func: "PathError.Error", Name: "nil Err", Panic: nilDeref, Call: func(t *testing.T) { _ = (&PathError{Path: "a"}).Error() }},
		{Func: "PathError.Unwrap", Name: "zero", Call: func(t *testing.T) {
			if err := (&PathError{}).Unwrap(); err != nil {
				t.Errorf("Unwrap = %v", err)
			}
		}},
	})
}

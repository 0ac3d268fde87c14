package gen

import (
	"errors"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/zclconf/go-cty/cty"
)

func TestFromCty(t *testing.T) {
	tests := []struct {
		name string
		in   cty.Value
		want string // compact JSON in Expr mode
	}{
		{"string", cty.StringVal("a${b}"), `"a$${b}"`},
		{"number", cty.NumberIntVal(42), `42`},
		{"wide number", cty.MustParseNumberVal("1e400"), `1e+400`},
		{"float", cty.NumberFloatVal(0.1), `0.1`},
		{"true", cty.True, `true`},
		{"false", cty.False, `false`},
		{"null dynamic", cty.NullVal(cty.DynamicPseudoType), `null`},
		{"null string", cty.NullVal(cty.String), `null`},
		{"null object", cty.NullVal(cty.Object(map[string]cty.Type{"a": cty.String})), `null`},
		{"list", cty.ListVal([]cty.Value{cty.StringVal("b"), cty.StringVal("a")}), `["b","a"]`},
		{"empty list", cty.ListValEmpty(cty.String), `[]`},
		{"set", cty.SetVal([]cty.Value{cty.NumberIntVal(3), cty.NumberIntVal(1), cty.NumberIntVal(2)}), `[1,2,3]`},
		{"tuple", cty.TupleVal([]cty.Value{cty.StringVal("a"), cty.NumberIntVal(1), cty.NullVal(cty.Bool)}), `["a",1,null]`},
		{"empty tuple", cty.EmptyTupleVal, `[]`},
		{"map", cty.MapVal(map[string]cty.Value{"b": cty.True, "a": cty.False, "${c}": cty.True}), `{"$${c}":true,"a":false,"b":true}`},
		{"empty map", cty.MapValEmpty(cty.Number), `{}`},
		{"object", cty.ObjectVal(map[string]cty.Value{"z": cty.NumberIntVal(1), "a": cty.ListVal([]cty.Value{cty.StringVal("x")})}), `{"a":["x"],"z":1}`},
		{"empty object", cty.EmptyObjectVal, `{}`},
		{"unicode keys", cty.MapVal(map[string]cty.Value{"é": cty.True, "e": cty.False, "f": cty.True}), `{"e":false,"f":true,"é":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := FromCty(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(AppendValue(nil, v, Expr, Options{Compact: true})); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			// Written in an attribute, it reads back as the value, with
			// lists, sets and tuples as tuples and maps and objects as
			// objects (the JSON syntax has no other types).
			f := NewFile()
			if err := f.Body().AppendAttributeCty("v", tt.in, Expr); err != nil {
				t.Fatal(err)
			}
			checkReadsBack(t, f, f.Bytes())
		})
	}
}

func TestFromCtyDeep(t *testing.T) {
	v := cty.StringVal("leaf")
	want := `"leaf"`
	for i := range 200 {
		if i%2 == 0 {
			v = cty.ListVal([]cty.Value{v})
			want = "[" + want + "]"
		} else {
			v = cty.ObjectVal(map[string]cty.Value{"k": v})
			want = `{"k":` + want + "}"
		}
	}
	got, err := FromCty(v)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(AppendValue(nil, got, Expr, Options{Compact: true})); s != want {
		t.Errorf("got %s", s)
	}
	f := NewFile()
	f.Body().AppendAttribute("deep", got, Expr)
	checkReadsBack(t, f, f.Bytes())
}

func TestFromCtyErrors(t *testing.T) {
	sensitive := func(v cty.Value) cty.Value { return v.Mark("sensitive") }
	tests := []struct {
		name string
		in   cty.Value
		want string // error of FromCty
		is   error  // what it wraps
	}{
		{"unknown", cty.UnknownVal(cty.String), "gen: value is unknown", ErrUnknown},
		{"dynamic", cty.DynamicVal, "gen: value is unknown", ErrUnknown},
		{"marked", sensitive(cty.StringVal("s")), "gen: value is marked", ErrMarked},
		{"marked null", sensitive(cty.NullVal(cty.String)), "gen: value is marked", ErrMarked},
		{"marked unknown", sensitive(cty.UnknownVal(cty.String)), "gen: value is marked", ErrMarked},
		{
			"map element",
			cty.MapVal(map[string]cty.Value{"Name": cty.UnknownVal(cty.String), "a": cty.StringVal("x")}),
			`gen: ["Name"]: value is unknown`, ErrUnknown,
		},
		{
			"object attribute",
			cty.ObjectVal(map[string]cty.Value{"tags": cty.ObjectVal(map[string]cty.Value{"a b": sensitive(cty.True)})}),
			`gen: .tags["a b"]: value is marked`, ErrMarked,
		},
		{
			"list element",
			cty.ListVal([]cty.Value{cty.StringVal("a"), cty.UnknownVal(cty.String)}),
			`gen: [1]: value is unknown`, ErrUnknown,
		},
		{
			"tuple in object",
			cty.ObjectVal(map[string]cty.Value{"a": cty.TupleVal([]cty.Value{cty.True, cty.ObjectVal(map[string]cty.Value{"b": cty.DynamicVal})})}),
			`gen: .a[1].b: value is unknown`, ErrUnknown,
		},
		{
			"marked list element",
			cty.ListVal([]cty.Value{cty.StringVal("a"), sensitive(cty.StringVal("b"))}),
			`gen: [1]: value is marked`, ErrMarked,
		},
		{
			"deep mark",
			cty.MapVal(map[string]cty.Value{"k": cty.ListVal([]cty.Value{cty.True, cty.False.Mark("x")})}),
			`gen: ["k"][1]: value is marked`, ErrMarked,
		},
		{
			"set element",
			cty.SetVal([]cty.Value{cty.StringVal("a"), cty.UnknownVal(cty.String)}),
			`gen: [1]: value is unknown`, ErrUnknown,
		},
		{"infinity", cty.PositiveInfinity, "gen: +Inf cannot be written in JSON", nil},
		{"nil", cty.NilVal, "gen: value is cty.NilVal", nil},
		{"capsule", cty.CapsuleVal(cty.Capsule("thing", reflect.TypeFor[struct{}]()), &struct{}{}), "gen: cannot write a value of type thing", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromCty(tt.in)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error = %v, want %s", err, tt.want)
			}
			var pe *PathError
			if !errors.As(err, &pe) {
				t.Errorf("error %T is not a *PathError", err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error does not wrap %v", tt.is)
			}
		})
	}
}

func TestAppendAttributeCtyErrorPath(t *testing.T) {
	f := NewFile()
	root := f.Body()
	unknownTag := cty.ObjectVal(map[string]cty.Value{
		"tags": cty.MapVal(map[string]cty.Value{"Name": cty.UnknownVal(cty.String)}),
	})

	err := root.AppendAttributeCty("locals_value", unknownTag, Expr)
	if err == nil || err.Error() != `gen: locals_value.tags["Name"]: value is unknown` {
		t.Errorf("root: %v", err)
	}

	web := root.AppendBlock("resource", "aws_instance", "web")
	err = web.Body().AppendAttributeCty("tags", unknownTag.GetAttr("tags"), Expr)
	if err == nil || err.Error() != `gen: resource.aws_instance.web.tags["Name"]: value is unknown` {
		t.Errorf("resource: %v", err)
	}
	var pe *PathError
	if !errors.As(err, &pe) || pe.Path != `resource.aws_instance.web.tags["Name"]` || !errors.Is(err, ErrUnknown) {
		t.Errorf("PathError = %#v", pe)
	}

	lc := web.Body().AppendBlock("lifecycle")
	err = lc.Body().AppendAttributeCty("secret", cty.StringVal("s").Mark("sensitive"), Literal)
	if err == nil || err.Error() != `gen: resource.aws_instance.web.lifecycle.secret: value is marked` {
		t.Errorf("nested block: %v", err)
	}

	// Nothing was appended for the errors; the file holds the two blocks.
	if got, want := string(AppendFile(nil, f, Options{Compact: true})), `{"resource":[{"aws_instance":[{"web":[{"lifecycle":[{}]}]}]}]}`+"\n"; got != want {
		t.Errorf("file = %s, want %s", got, want)
	}

	if err := web.Body().AppendAttributeCty("ok", cty.StringVal("${x}"), Literal); err != nil {
		t.Fatal(err)
	}
	if got := string(AppendFile(nil, f, Options{Compact: true})); !strings.Contains(got, `"ok":"${x}"`) {
		t.Errorf("file = %s", got)
	}
}

// FromCty keeps every digit of a cty number.
func TestFromCtyNumbersExact(t *testing.T) {
	third := new(big.Float).SetPrec(512).Quo(big.NewFloat(1).SetPrec(512), big.NewFloat(3).SetPrec(512))
	for _, v := range []cty.Value{
		cty.NumberVal(third),
		cty.MustParseNumberVal("123456789012345678901234567890.125"),
		cty.MustParseNumberVal("-1e-400"),
		cty.NumberFloatVal(5e-324),
		cty.NumberIntVal(-1 << 63),
	} {
		for _, mode := range []Mode{Expr, Literal} {
			f := NewFile()
			if err := f.Body().AppendAttributeCty("n", v, mode); err != nil {
				t.Fatal(err)
			}
			checkReadsBack(t, f, f.Bytes())
			got, _ := readAttr(t, f.Bytes(), "n", mode)
			if !got.RawEquals(v) {
				t.Errorf("%s in mode %d reads back as %#v", v.AsBigFloat().Text('g', -1), mode, got)
			}
		}
	}
}

// readAttr parses data and returns the value of the root attribute name,
// read in mode.
func readAttr(t *testing.T, data []byte, name string, mode Mode) (cty.Value, hcl.Diagnostics) {
	t.Helper()
	file, diags := hcljson.Parse(data, "t.json")
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	attrs, diags := file.Body.JustAttributes()
	if len(diags) > 0 || attrs[name] == nil {
		t.Fatalf("attribute %q: %s", name, hcltest.RenderDiags(diags))
	}
	return attrs[name].Expr.Value(ctxFor(mode))
}

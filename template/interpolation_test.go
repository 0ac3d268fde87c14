package template

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

func TestInterpolation(t *testing.T) {
	start := hcl.Pos{Line: 3, Column: 9, Byte: 40}
	for _, tc := range []struct {
		text, raw string
		want      string
		ok        bool
	}{
		{text: "${var.x}", want: "var.x", ok: true},
		{text: "${aws_instance.web[0].id}", want: "aws_instance.web[0].id", ok: true},
		{text: "${ var.x }", want: "var.x", ok: true},
		{text: "${foo(1, \"a\")}", want: "foo(1, \"a\")", ok: true},
		{text: "${a ? b : c}", want: "a ? b : c", ok: true},
		{text: "${~ x ~}", want: "x", ok: true},
		{text: "a${x}"},
		{text: "${x}${y}"},
		{text: "${x}b"},
		{text: "plain"},
		{text: "${x"},                                              // an error
		{text: "${\"a\"}", raw: `${\"a\"}`, want: `"a"`, ok: true}, // escapes in the JSON string
		{text: "${join(\",\", var.x)}", raw: `${join(\",\", var.x)}`, want: `join(",", var.x)`, ok: true},
		{text: "${var.x}", raw: `${var.\u0078}`, want: "var.x", ok: true},              // the traversal fast path
		{text: "${\"é\" == x}", raw: `${\"\u00e9\" == x}`, want: `"é" == x`, ok: true}, // not ASCII
		{text: "%{ if x }y%{ endif }"},            // a directive
		{text: "${\n  x\n}", want: "x", ok: true}, // lines
	} {
		src := Source{Text: tc.text, Filename: "t.json", Start: start}
		if tc.raw != "" {
			src.Raw = []byte(tc.raw)
		}
		got, ok := Parse(src).Interpolation()
		if got != tc.want || ok != tc.ok {
			t.Errorf("Interpolation of %q = %q, %v; want %q, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}

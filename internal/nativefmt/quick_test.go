package nativefmt

import (
	"bytes"
	"testing"

	"github.com/hashicorp/hcl/v2/hclwrite"
)

var laidOut = []string{
	`var.x`, `"text"`, `"a \"quoted\" \\ text é"`, `1`, `1.5`, `-1`, `true`, `null`,
	`foo(a, b)`, `merge(local.tags, { Name = "x" })`, `[1, 2, 3]`, `{}`, `[]`, `{ a = 1 }`,
	`var.on ? 1 : 2`, `a == b && !c`, `x[0]`, `x[*].id`, `a.b[0]["k"]`, `length(var.l) > 0 ? var.l[0] : null`,
	`[for k, v in var.m : k if v != null]`, `{ for k, v in var.m : k => v }`, `provider::aws::arn_parse(var.x)`,
	`foo(var.l...)`, `1 - 2`, `a * -b`, `(a + b) / 2`, `x % 2`,
	`"${var.x}"`, `"web-${count.index}"`, `{ Name = "web-${count.index}-${var.env}" }`, `["${a.b[0]}", "x${y.z[12].w}"]`,
}

var notLaidOut = []string{
	`var.on ? 1 :   2`, `foo( a )`, `[1,2]`, `{a=1}`, `a+b`, `- 1`, `x [0]`, ` var.x`, `var.x `,
	`"${ var.x }"`, `"${var.x ~}"`, `"${A.*[0]}"`, `"${a.0}"`, `"${a+b}"`, `"$${x}"`, `"%{if a}b%{endif}"`, `"${"`, "a\n+ b", `1e5`, `a # c`, "a\t+ b", `<<EOT`,
}

func TestLaidOut(t *testing.T) {
	for _, v := range laidOut {
		if !LaidOut([]byte(v)) {
			t.Errorf("LaidOut(%q) = false, want true", v)
		}
		if f := hclwrite.Format([]byte("x = " + v)); string(f) != "x = "+v {
			t.Errorf("%q is not laid out: hclwrite.Format gives %q", v, f)
		}
	}
	for _, v := range notLaidOut {
		if LaidOut([]byte(v)) {
			t.Errorf("LaidOut(%q) = true, want false", v)
		}
	}
}

// FuzzLaidOut: LaidOut is never wrong when it says true.
func FuzzLaidOut(f *testing.F) {
	for _, v := range append(laidOut, notLaidOut...) {
		f.Add([]byte(v))
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		if !LaidOut(v) {
			return
		}
		src := append([]byte("x = "), v...)
		if got := hclwrite.Format(src); !bytes.Equal(got, src) {
			t.Errorf("LaidOut(%q) = true, but hclwrite.Format gives %q", v, got)
		}
	})
}

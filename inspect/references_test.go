package inspect

import (
	"slices"
	"strconv"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
)

// TestReferences checks the reference lists of native expressions and of
// the same expressions written as JSON templates ("${...}").
func TestReferences(t *testing.T) {
	tests := []struct {
		expr string
		want []string
	}{
		{`data.x.y[1].vars["baz"]`, []string{`data.x.y[1].vars["baz"]`, `data.x.y[1].vars`, `data.x.y[1]`, `data.x.y`}},
		{`module.foo.out`, []string{`module.foo.out`, `module.foo`}},
		{`module.foo`, []string{`module.foo`}},
		{`module.foo[0]`, []string{`module.foo[0]`, `module.foo`}},
		// The output of a keyed instance implies the instance, not the call.
		{`module.foo["a"].out.x`, []string{`module.foo["a"].out.x`, `module.foo["a"].out`, `module.foo["a"]`}},
		{`var.x`, []string{`var.x`}},
		{`var.x[0].y`, []string{`var.x[0].y`, `var.x[0]`, `var.x`}},
		{`local.a.b`, []string{`local.a.b`, `local.a`}},
		{`count.index + each.key`, []string{`count.index`, `each.key`}},
		{`"${path.module}/${terraform.workspace}-${tofu.workspace}"`, []string{`path.module`, `terraform.workspace`, `tofu.workspace`}},
		{`self.private_ip`, []string{`self.private_ip`, `self`}},
		{`aws_instance.web.id`, []string{`aws_instance.web.id`, `aws_instance.web`}},
		{`aws_instance.web[0]["x"]`, []string{`aws_instance.web[0]["x"]`, `aws_instance.web[0]`, `aws_instance.web`}},
		{`aws_instance.web[count.index].id`, []string{`aws_instance.web`, `count.index`}},
		{`aws_instance.web[*].id`, []string{`aws_instance.web`}},
		{`resource.aws_instance.web`, []string{`aws_instance.web`}},
		{`ephemeral.random_password.p.result`, []string{`ephemeral.random_password.p.result`, `ephemeral.random_password.p`}},
		// Not references: too short, a fractional key, reserved names.
		{`data.x`, nil},
		{`aws_instance`, nil},
		{`aws_instance.web[1.5]`, nil},
		{`template.x`, nil},
		// A bare var is reported as "var.", as OpenTofu reports it.
		{`var`, []string{`var.`}},
		// Nothing is de-duplicated.
		{`var.x + var.x`, []string{`var.x`, `var.x`}},
		{`[for v in var.list : v.name if v.on]`, []string{`var.list`}},
		{`upper(var.x)`, []string{`var.x`}},
		{`provider::aws::arn_parse(var.arn).region`, []string{`var.arn`, `provider::aws::arn_parse`}},
		{`provider::aws::east::f(1)`, []string{`provider::aws::east::f`}},
		// Index keys as OpenTofu writes them: Go quoting after the subject,
		// HCL quoting in an instance key, ten significant digits.
		{`local.m["a\nb"]`, []string{`local.m["a\nb"]`, `local.m`}},
		{`aws_instance.x["$${a}"].id`, []string{`aws_instance.x["$${a}"].id`, `aws_instance.x["$${a}"]`, `aws_instance.x`}},
		{`var.x[10000000000]`, []string{`var.x[1e+10]`, `var.x`}},
		{`"literal"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			native, diags := hclsyntax.ParseExpression([]byte(tt.expr), "t.tf", hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if got := References(native); !slices.Equal(got, tt.want) {
				t.Errorf("native: %q, want %q", got, tt.want)
			}
			src := strconv.Quote("${" + tt.expr + "}")
			js, diags := hcljson.ParseExpression([]byte(src), "t.json")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if got := References(js); !slices.Equal(got, tt.want) {
				t.Errorf("JSON %s: %q, want %q", src, got, tt.want)
			}
		})
	}
}

// TestNewExpression checks constant values in both syntaxes: a JSON string
// is a template, never its raw text.
func TestNewExpression(t *testing.T) {
	tests := []struct {
		name, native, json, want string
	}{
		{"string", `"hello"`, `"hello"`, `{"constant_value":"hello"}`},
		{"escaped template", `"$${x}"`, `"$${x}"`, `{"constant_value":"${x}"}`},
		{"reference", `var.x`, `"${var.x}"`, `{"references":["var.x"]}`},
		{"template", `"a-${var.x}"`, `"a-${var.x}"`, `{"references":["var.x"]}`},
		{"arithmetic", `1 + 2`, `"${1 + 2}"`, `{"constant_value":3}`},
		{"function call", `upper("a")`, `"${upper(\"a\")}"`, `{}`},
		{"object", `{a = [1, true, null]}`, `{"a": [1, true, null]}`, `{"constant_value":{"a":[1,true,null]}}`},
		{"object with reference", `{a = var.x}`, `{"a": "${var.x}"}`, `{"references":["var.x"]}`},
		{"null", `null`, `null`, `{"constant_value":null}`},
		{"html characters", `"<a&b>"`, `"<a&b>"`, `{"constant_value":"\u003ca\u0026b\u003e"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			native, diags := hclsyntax.ParseExpression([]byte(tt.native), "t.tf", hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if got := jsonOf(t, NewExpression(native)); got != tt.want {
				t.Errorf("native: %s, want %s", got, tt.want)
			}
			js, diags := hcljson.ParseExpression([]byte(tt.json), "t.json")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if got := jsonOf(t, NewExpression(js)); got != tt.want {
				t.Errorf("JSON: %s, want %s", got, tt.want)
			}
		})
	}
}

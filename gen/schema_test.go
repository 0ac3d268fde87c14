package gen_test

import (
	"strings"
	"testing"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tonative"
)

func must(v gen.Value, err error) gen.Value {
	if err != nil {
		panic(err)
	}
	return v
}

// TestSetReadsAsMeant builds a Terraform file with Set and converts it to
// native syntax as Terraform reads it: each argument means what the Go
// code said (text stays text, "$${" in native syntax where Terraform
// would otherwise see a template; references and calls are evaluated;
// types, references and keywords are bare).
func TestSetReadsAsMeant(t *testing.T) {
	f := gen.NewFileFor(schema.Terraform.Root)
	root := f.Body()
	v := root.AppendBlock("variable", "names").Body()
	set := func(b *gen.Body, name string, val gen.Value) {
		t.Helper()
		if err := b.Set(name, val); err != nil {
			t.Fatalf("Set(%s): %v", name, err)
		}
	}
	set(v, "type", must(gen.Type("list(string)")))
	set(v, "default", gen.Array(gen.String("a-${b}")))
	set(v, "description", gen.String("costs ${cents}"))
	m := root.AppendBlock("module", "vpc").Body()
	set(m, "source", gen.String("./modules/vpc"))
	set(m, "name", gen.String("vpc ${literal}"))
	set(m, "names", must(gen.Ref("var.names")))
	r := root.AppendBlock("resource", "aws_instance", "web").Body()
	set(r, "count", must(gen.Call("length", must(gen.Ref("var.names")))))
	set(r, "depends_on", gen.Array(must(gen.Ref("module.vpc"))))
	set(r, "user_data", must(gen.JSONEncode(gen.Object(
		gen.Prop{Key: gen.String("Version"), Value: gen.String("2012-10-17")},
		gen.Prop{Key: gen.String("a b"), Value: gen.Array(must(gen.Ref("var.names[0]")), gen.NumberInt(1), gen.Null())},
	))))
	lc := r.AppendBlock("lifecycle").Body()
	set(lc, "ignore_changes", must(gen.Keyword("all")))
	p := r.AppendBlock("provisioner", "local-exec").Body()
	set(p, "when", must(gen.Keyword("destroy")))
	set(p, "command", must(gen.Call("upper", gen.String(`say "${hi}"`))))
	o := root.AppendBlock("output", "first").Body()
	set(o, "value", must(gen.Ref("aws_instance.web[0].id")))

	js := gen.AppendFile(nil, f, gen.Options{})
	native, diags := tonative.Convert(js, "main.tf.json", tonative.Options{Schema: schema.Terraform.Root, ObjectsAsAttributes: true})
	if diags.HasErrors() {
		t.Fatalf("%s\n%s", hcltest.RenderDiags(diags), js)
	}
	want := `variable "names" {
  type        = list(string)
  default     = ["a-$${b}"]
  description = "costs $${cents}"
}

module "vpc" {
  source = "./modules/vpc"
  name   = "vpc $${literal}"
  names  = var.names
}

resource "aws_instance" "web" {
  count      = length(var.names)
  depends_on = [module.vpc]
  user_data  = jsonencode({ Version = "2012-10-17", "a b" = [var.names[0], 1, null] })

  lifecycle {
    ignore_changes = all
  }

  provisioner "local-exec" {
    when    = destroy
    command = upper("say \"$${hi}\"")
  }
}

output "first" {
  value = aws_instance.web[0].id
}
`
	if string(native) != want {
		t.Errorf("as Terraform reads it:\n%s\nwant:\n%s\nJSON:\n%s", native, want, js)
	}
}

// TestSetRefuses: what would change meaning is refused, and nothing is
// appended.
func TestSetRefuses(t *testing.T) {
	f := gen.NewFileFor(schema.Terraform.Root)
	v := f.Body().AppendBlock("variable", "x").Body()
	r := f.Body().AppendBlock("resource", "aws_instance", "web").Body()
	lc := r.AppendBlock("lifecycle").Body()
	p := r.AppendBlock("provisioner", "local-exec").Body()
	for _, tt := range []struct {
		body *gen.Body
		name string
		val  gen.Value
		want string
	}{
		{v, "type", gen.String("string"), `variable.x: type takes a type, not a String`},
		{v, "default", must(gen.Ref("var.y")), `variable.x: default is read literally: a reference would be its text, not evaluated`},
		{v, "description", gen.Array(must(gen.Call("upper", gen.String("a")))), `variable.x: description is read literally: a call would be its text, not evaluated`},
		{v, "defautl", gen.String("a"), `variable.x: "defautl" is not an argument here (did you mean "default"?)`},
		{r, "depends_on", must(gen.Ref("module.a")), `resource.aws_instance.web: depends_on takes a list of references (an Array)`},
		{r, "depends_on", gen.Array(gen.String("module.a")), `resource.aws_instance.web: depends_on takes a reference, not a String`},
		{lc, "ignore_changes", must(gen.Keyword("none")), `resource.aws_instance.web.lifecycle: ignore_changes takes one of all, not "none"`},
		{p, "when", must(gen.Keyword("later")), `resource.aws_instance.web.provisioner.local-exec: when takes one of create, destroy, not "later"`},
	} {
		err := tt.body.Set(tt.name, tt.val)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Set(%s): %v, want %q", tt.name, err, tt.want)
		}
	}
	if got := string(gen.AppendFile(nil, f, gen.Options{Compact: true})); strings.Contains(got, `"type"`) || strings.Contains(got, "depends_on") {
		t.Errorf("a refused argument was appended: %s", got)
	}
	for _, tt := range []struct {
		make func() (gen.Value, error)
		want string
	}{
		{func() (gen.Value, error) { return gen.Ref("var.x + 1") }, `"var.x + 1" is not a reference: `},
		{func() (gen.Value, error) { return gen.Ref(" var.x") }, `" var.x" is not a reference: spaces around it`},
		{func() (gen.Value, error) { return gen.Type("lisst(string)") }, `"lisst(string)" is not a type constraint: `},
		{func() (gen.Value, error) { return gen.Keyword("a b") }, `"a b" is not a keyword: a keyword is one name`},
		{func() (gen.Value, error) { return gen.Call("x::y", gen.Null()) }, `"x::y" is not a function name`},
		{func() (gen.Value, error) { return gen.Call("provider::aws", gen.Null()) }, `"provider::aws" is not a function name`},
		{func() (gen.Value, error) { return gen.Call("f", gen.Template("${a}")) }, `argument 1 of f: a Template cannot be an argument: write its parts as Values (String, Ref, Call)`},
	} {
		if _, err := tt.make(); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%v, want %q", err, tt.want)
		}
	}
}

// TestCallText: a provider function's name, and arguments of every kind,
// written as native syntax.
func TestCallText(t *testing.T) {
	arn, err := gen.Call("provider::aws::arn_parse", gen.String(`a"b\c ${x} %{y}`), gen.NumberInt(-3), gen.Bool(false),
		gen.Object(gen.Prop{Key: gen.String("if"), Value: gen.Array()}, gen.Prop{Key: gen.String("ok"), Value: must(gen.Ref("local.m[\"k\"]"))}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"x":"${provider::aws::arn_parse(\"a\\\"b\\\\c $${x} %%{y}\", -3, false, {\"if\" = [], ok = local.m[\"k\"]})}"}` + "\n"
	f := gen.NewFile()
	f.Body().AppendAttribute("x", arn, gen.Expr)
	if got := string(gen.AppendFile(nil, f, gen.Options{Compact: true})); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

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

// TestAddBlock: with a schema, a block type the body does not have, a
// wrong number of labels, a resource type its provider's schema lacks and
// a dynamic block of a nested block the resource does not have are
// refused with the nearest name, and nothing is appended; open bodies,
// attributes written as blocks and the resources of providers whose
// schema is not given are taken.
func TestAddBlock(t *testing.T) {
	ps, err := schema.ReadProviderSchemas([]byte(`{"format_version": "1.0", "provider_schemas": {
  "registry.terraform.io/hashicorp/aws": {"provider": {"version": 0, "block": {}}, "resource_schemas": {
    "aws_instance": {"version": 1, "block": {
      "attributes": {"ami": {"type": "string", "optional": true}},
      "block_types": {"ebs_block_device": {"nesting_mode": "set", "block": {"attributes": {"device_name": {"type": "string", "optional": true}}}}}
    }}
  }}
}}`))
	if err != nil {
		t.Fatal(err)
	}
	lang, err := schema.Terraform.WithProviders(ps)
	if err != nil {
		t.Fatal(err)
	}
	f := gen.NewFileFor(lang.Root)
	root := f.Body()
	web, err := root.AddBlock("resource", "aws_instance", "web")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		body   *gen.Body
		typ    string
		labels []string
		want   string
	}{
		{root, "resourse", []string{"aws_instance", "a"}, `the root body: "resourse" is not a block type here (did you mean "resource"?)`},
		{root, "resource", []string{"aws_instance"}, `the root body: a resource block takes 2 (type, name), not 1`},
		{root, "variable", []string{"a", "b"}, `the root body: a variable block takes 1 (name), not 2`},
		{root, "locals", []string{"a"}, `the root body: a locals block takes no labels, not 1`},
		{root, "resource", []string{"aws_instnce", "a"}, `the root body: "aws_instnce" is not a resource type here (did you mean "aws_instance"?)`},
		{web.Body(), "ebs_block_devic", nil, `resource.aws_instance.web: "ebs_block_devic" is not a block type here (did you mean "ebs_block_device"?)`},
		{web.Body(), "dynamic", []string{"ebs_block_devices"}, `resource.aws_instance.web: "ebs_block_devices" is not a block type that a dynamic block here can generate (did you mean "ebs_block_device"?)`},
		{web.Body(), "lifecycle", []string{"x"}, `resource.aws_instance.web: a lifecycle block takes no labels, not 1`},
	} {
		blk, err := tt.body.AddBlock(tt.typ, tt.labels...)
		if blk != nil || err == nil || err.Error() != tt.want {
			t.Errorf("AddBlock(%s %q): %v, %v, want %q", tt.typ, tt.labels, blk, err, tt.want)
		}
	}
	for _, tt := range []struct {
		body   *gen.Body
		typ    string
		labels []string
	}{
		{root, "resource", []string{"google_compute_instance", "vm"}}, // no schema for google: taken as written
		{web.Body(), "ebs_block_device", nil},
		{web.Body(), "dynamic", []string{"ebs_block_device"}},
		{web.Body(), "lifecycle", nil},
		{root, "terraform", nil},
	} {
		if _, err := tt.body.AddBlock(tt.typ, tt.labels...); err != nil {
			t.Errorf("AddBlock(%s %q): %v", tt.typ, tt.labels, err)
		}
	}
	got := strings.TrimSpace(string(gen.AppendFile(nil, f, gen.Options{Compact: true})))
	for _, refused := range []string{"resourse", "aws_instnce", "ebs_block_devic\"", "ebs_block_devices", "variable", "locals"} {
		if strings.Contains(got, refused) {
			t.Errorf("a refused block was appended (%s): %s", refused, got)
		}
	}
	const want = `{"resource":[{"aws_instance":[{"web":[{"ebs_block_device":[{}],"dynamic":[{"ebs_block_device":[{}]}],"lifecycle":[{}]}]}]},{"google_compute_instance":[{"vm":[{}]}]}],"terraform":[{}]}`
	if got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// TestMust: the Must constructors return what the others return for
// constant input, and panic, naming the input, otherwise.
func TestMust(t *testing.T) {
	text := func(v gen.Value) string { return string(gen.AppendValue(nil, v, gen.Expr, gen.Options{})) }
	for _, tt := range []struct{ got, want gen.Value }{
		{gen.MustRef("var.x"), must(gen.Ref("var.x"))},
		{gen.MustType("map(string)"), must(gen.Type("map(string)"))},
		{gen.MustKeyword("all"), must(gen.Keyword("all"))},
		{gen.MustCall("upper", gen.MustRef("var.x")), must(gen.Call("upper", must(gen.Ref("var.x"))))},
		{gen.MustNumber("1.50"), must(gen.Number("1.50"))},
	} {
		if text(tt.got) != text(tt.want) || text(tt.got) == "" {
			t.Errorf("Must: %s, want %s", text(tt.got), text(tt.want))
		}
	}
	for _, tt := range []struct {
		f    func()
		want string
	}{
		{func() { gen.MustRef("var.x + 1") }, `gen: "var.x + 1" is not a reference`},
		{func() { gen.MustType("lisst(string)") }, `gen: "lisst(string)" is not a type constraint`},
		{func() { gen.MustKeyword("a b") }, `gen: "a b" is not a keyword`},
		{func() { gen.MustCall("x::y") }, `gen: "x::y" is not a function name`},
		{func() { gen.MustNumber("1e") }, `gen: "1e" is not a JSON number`},
	} {
		func() {
			defer func() {
				r := recover()
				if s, ok := r.(string); !ok || !strings.HasPrefix(s, tt.want) {
					t.Errorf("panic %v, want %q...", r, tt.want)
				}
			}()
			tt.f()
		}()
	}
}

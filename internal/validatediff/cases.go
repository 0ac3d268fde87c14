package validatediff

import "maps"

// Cases returns the table of cases, class by class: the faulty ones,
// then the valid ones that look suspicious. Each adds the file case.tf to
// the base module unless it says otherwise.
func Cases() []Case {
	var all []Case
	for _, class := range [][]Case{undeclared, context, attributes, functions, expressions, duplicates, meta, types, cycles} {
		all = append(all, class...)
	}
	return all
}

// bad is a faulty case adding case.tf with src.
func bad(class, name, src string) Case {
	return Case{Class: class, Name: name, Files: map[string]string{"case.tf": src}}
}

// ok is a valid case adding case.tf with src, named valid-NAME.
func ok(class, name, src string) Case {
	c := bad(class, "valid-"+name, src)
	c.Valid = true
	return c
}

// with adds the file path to c.
func (c Case) with(path, src string) Case {
	c.Files = maps.Clone(c.Files)
	c.Files[path] = src
	return c
}

// json writes the JSON twin's file path (NAME.tf.json) directly.
func (c Case) json(path, src string) Case {
	c.JSON = maps.Clone(c.JSON)
	if c.JSON == nil {
		c.JSON = map[string]string{}
	}
	c.JSON[path] = src
	return c
}

// noJSON says why c has no JSON twin.
func (c Case) noJSON(why string) Case {
	c.NoJSON = why
	return c
}

// only marks c as known to the client called name only.
func (c Case) only(name string) Case {
	c.Only = name
	return c
}

// usesC is a resource that uses the provider configuration standin.c:
// the clients validate only the provider configurations in use.
const usesC = `
resource "standin_thing" "uses_c" {
  provider = standin.c
  name     = "c"
}
`

// childVersions makes the child module require the stand-in, so that a
// module block may pass it a configuration.
const childVersions = `terraform {
  required_providers {
    standin = {
      source = "hcljson/standin"
    }
  }
}
`

// out is an output c whose value is expr.
func out(expr string) string {
	return "output \"c\" {\n  value = " + expr + "\n}\n"
}

var undeclared = []Case{
	bad(Undeclared, "var", out("var.nope")),
	bad(Undeclared, "var-case", out("var.Name")),
	bad(Undeclared, "local", out("local.nope")),
	bad(Undeclared, "resource", out("standin_thing.nope.id")),
	bad(Undeclared, "resource-builtin", out("terraform_data.nope.output")),
	bad(Undeclared, "data", out("data.standin_echo.nope.output")),
	bad(Undeclared, "module", out("module.nope.greeting")),
	bad(Undeclared, "module-output", out("module.child.nope")),
	bad(Undeclared, "template", out(`"id-${var.nope}"`)),
	bad(Undeclared, "in-for", out(`[for n in var.names : "${n}-${local.nope}"]`)),
	bad(Undeclared, "in-conditional", out(`var.name == "" ? local.nope : var.name`)),
	bad(Undeclared, "in-function", out(`upper(var.nope)`)),
	bad(Undeclared, "in-resource", `resource "standin_thing" "c" {
  name = var.nope
}
`),
	bad(Undeclared, "in-nested-block", `resource "standin_thing" "c" {
  name = "c"
  settings {
    mode = local.nope
  }
}
`),
	bad(Undeclared, "in-locals", `locals {
  c = local.nope
}
`),
	bad(Undeclared, "in-data", `data "standin_echo" "c" {
  input = data.standin_echo.nope.output
}
`),
	bad(Undeclared, "in-module-input", `module "c" {
  source = "./child"
  name   = var.nope
}
`),
	bad(Undeclared, "in-provider", `provider "standin" {
  alias = "c"
  label = var.nope
}
`+usesC),
	ok(Undeclared, "in-unused-provider", `provider "standin" {
  alias = "c"
  label = var.nope
}
`),
	bad(Undeclared, "in-count", `resource "terraform_data" "c" {
  count = var.nope
}
`),
	bad(Undeclared, "path-attribute", out("path.nope")),
	bad(Undeclared, "terraform-attribute", out("terraform.nope")),
	bad(Undeclared, "second-file", out("local.later")).with("case2.tf", `locals {
  latter = 1
}
`),

	bad(Undeclared, "in-child-module", out("module.child.greeting")).with("child/extra.tf", `output "extra" {
  value = var.nope
}
`),

	ok(Undeclared, "var-index", out("var.names[0]")),
	ok(Undeclared, "local", out("local.prefix")),
	ok(Undeclared, "resource-map", out(`standin_thing.a.tags["env"]`)),
	ok(Undeclared, "data", out("data.standin_echo.e.output")),
	ok(Undeclared, "module-output", out("module.child.greeting")),
	ok(Undeclared, "module-object", out("module.child")),
	ok(Undeclared, "resource-object", out("standin_thing.a")),
	ok(Undeclared, "path", out(`"${path.module}/${path.root}/${path.cwd}"`)),
	ok(Undeclared, "workspace", out("terraform.workspace")),
	ok(Undeclared, "declared-later", out("local.later")+`
locals {
  later = terraform_data.z.output
}

resource "terraform_data" "z" {
  input = "z"
}
`),
	ok(Undeclared, "second-file", out("local.later")).with("case2.tf", `locals {
  later = 1
}
`),
	ok(Undeclared, "for-variable-named-like-var", out(`[for name in var.names : "${name}-${var.name}"]`)),
	ok(Undeclared, "escaped-template", out(`"$${var.nope} %%{if x}"`)),
	ok(Undeclared, "count-resource-index", out("terraform_data.c[0].id")+`
resource "terraform_data" "c" {
  count = 2
}
`),
	ok(Undeclared, "for-each-resource-key", out(`terraform_data.c["a"].id`)+`
resource "terraform_data" "c" {
  for_each = toset(["a"])
}
`),
	bad(Undeclared, "resource-prefix-undeclared", out("resource.standin_thing.nope.id")),
	ok(Undeclared, "resource-prefix", out("resource.standin_thing.a.id")+`
resource "terraform_data" "p" {
  depends_on = [resource.standin_thing.a]
}
`),
	// Ephemeral resources came with OpenTofu 1.11 and Terraform 1.10.
	ok(Undeclared, "ephemeral-in-provider", `ephemeral "standin_secret" "s" {
  name = "pw"
}

provider "standin" {
  alias = "c"
  label = ephemeral.standin_secret.s.value
}
`+usesC).only("tofu"),
}

var context = []Case{
	bad(Context, "count-index-without-count", `resource "terraform_data" "c" {
  input = count.index
}
`),
	bad(Context, "each-key-without-for-each", `resource "terraform_data" "c" {
  input = each.key
}
`),
	bad(Context, "each-value-in-output", out("each.value")),
	bad(Context, "count-index-in-output", out("count.index")),
	bad(Context, "self-in-resource", `resource "terraform_data" "c" {
  input = self.id
}
`),
	bad(Context, "self-in-output", out("self.id")),
	bad(Context, "each-in-locals", `locals {
  c = each.key
}
`),
	ok(Context, "count-in-module-without-count", `module "c" {
  source = "./child"
  name   = count.index
}
`),
	bad(Context, "each-in-count-resource", `resource "terraform_data" "c" {
  count = 2
  input = each.key
}
`),
	bad(Context, "count-in-for-each-resource", `resource "terraform_data" "c" {
  for_each = toset(["a"])
  input    = count.index
}
`),
	bad(Context, "count-in-data-without-count", `data "standin_echo" "c" {
  input = count.index
}
`),
	bad(Context, "count-in-provider", `provider "standin" {
  alias = "c"
  label = count.index
}
`+usesC),
	bad(Context, "each-in-variable-default", `variable "c" {
  default = each.key
}
`).noJSON("a JSON default is a literal: there is no expression to be out of context"),
	bad(Context, "count-attribute", `resource "terraform_data" "c" {
  count = 2
  input = count.nope
}
`),
	bad(Context, "self-in-nested-block", `resource "standin_thing" "c" {
  name = "c"
  settings {
    mode = self.name
  }
}
`),

	bad(Context, "scoped-data-outside-check", `check "c" {
  data "terraform_remote_state" "s" {
    backend = "local"
  }

  assert {
    condition     = data.terraform_remote_state.s.outputs != null
    error_message = "Readable."
  }
}

output "c" {
  value     = data.terraform_remote_state.s.outputs
  sensitive = true
}
`),

	ok(Context, "count-index", `resource "terraform_data" "c" {
  count = 2
  input = count.index
}
`),
	ok(Context, "each-key-value", `resource "terraform_data" "c" {
  for_each = { a = 1, b = 2 }
  input    = "${each.key}=${each.value}"
}
`),
	ok(Context, "self-in-provisioner", `resource "terraform_data" "c" {
  input = "c"

  provisioner "local-exec" {
    command = "echo ${self.id}"
  }
}
`),
	ok(Context, "self-in-postcondition", `resource "standin_thing" "c" {
  name = "c"

  lifecycle {
    postcondition {
      condition     = self.id != ""
      error_message = "The thing has an id."
    }
  }
}
`),
	ok(Context, "each-in-module", `module "c" {
  source   = "./child"
  for_each = toset(var.names)
  name     = each.key
}
`),
	ok(Context, "count-in-data", `data "standin_echo" "c" {
  count = 2
  input = "n${count.index}"
}
`),
	ok(Context, "count-in-nested-block", `resource "standin_thing" "c" {
  count = 2
  name  = "c${count.index}"
  settings {
    level = count.index
  }
}
`),
	ok(Context, "each-in-precondition", `resource "terraform_data" "c" {
  for_each = toset(var.names)
  input    = each.value

  lifecycle {
    precondition {
      condition     = each.value != ""
      error_message = "Not empty."
    }
  }
}
`),
	ok(Context, "dynamic-iterator", `resource "standin_thing" "c" {
  name = "c"
  dynamic "rule" {
    for_each = var.names
    content {
      description = "${rule.key}: ${rule.value}"
    }
  }
}
`),
	ok(Context, "each-in-for-each-data", `data "standin_echo" "c" {
  for_each = toset(["x"])
  input    = each.key
}
`),
}

var attributes = []Case{
	bad(Attributes, "unknown-argument", `resource "standin_thing" "c" {
  name  = "c"
  bogus = 1
}
`),
	bad(Attributes, "unknown-block", `resource "standin_thing" "c" {
  name = "c"
  bogus {
  }
}
`),
	bad(Attributes, "reference-unknown-attribute", out("standin_thing.a.bogus")),
	bad(Attributes, "data-reference-unknown", out("data.standin_echo.e.bogus")),
	bad(Attributes, "nested-block-unknown-argument", `resource "standin_thing" "c" {
  name = "c"
  rule {
    bogus = 1
  }
}
`),
	bad(Attributes, "single-block-unknown-argument", `resource "standin_thing" "c" {
  name = "c"
  settings {
    bogus = 1
  }
}
`),
	bad(Attributes, "object-attribute-unknown", out("standin_thing.a.meta.bogus")),
	bad(Attributes, "nested-block-reference-unknown", out("standin_thing.a.rule[0].bogus")),
	bad(Attributes, "computed-set", `resource "standin_thing" "c" {
  name = "c"
  id   = "x"
}
`),
	bad(Attributes, "data-computed-set", `data "standin_echo" "c" {
  input  = "x"
  output = "y"
}
`),
	bad(Attributes, "unknown-resource-type", `resource "standin_nope" "c" {
}
`),
	bad(Attributes, "unknown-data-type", `data "standin_nope" "c" {
}
`),
	bad(Attributes, "variable-object-unknown", out("var.settings.nope")),
	bad(Attributes, "data-unknown-argument", `data "standin_echo" "c" {
  input = "x"
  bogus = 1
}
`),
	bad(Attributes, "provider-unknown-argument", `provider "standin" {
  alias = "c"
  bogus = 1
}
`+usesC),
	ok(Attributes, "unused-provider-unknown-argument", `provider "standin" {
  alias = "c"
  bogus = 1
}
`),
	ok(Attributes, "nested-attribute-extra", `resource "standin_thing" "c" {
  name      = "c"
  listeners = [{ port = 1, bogus = "x" }]
}
`),
	bad(Attributes, "builtin-unknown-argument", `resource "terraform_data" "c" {
  bogus = 1
}
`).json("case.tf.json", `{
  "resource": {
    "terraform_data": {
      "c": {
        "bogus": 1
      }
    }
  }
}
`),
	bad(Attributes, "builtin-reference-unknown", out("terraform_data.d.bogus")),
	bad(Attributes, "local-object-unknown", out("local.o.nope")+`
locals {
  o = { a = 1 }
}
`),

	ok(Attributes, "every-argument", `resource "standin_thing" "c" {
  name    = "c"
  count_n = 3
  enabled = true
  list    = ["a"]
  tags    = { a = "b" }
  object  = { any = ["thing", 1] }
  meta = {
    owner  = "me"
    size   = 2
    labels = ["x"]
  }
  listeners = [{ port = 80, protocol = "tcp" }]
}
`),
	ok(Attributes, "nested-blocks", `resource "standin_thing" "c" {
  name = "c"
  rule {
    from_port = 1
    to_port   = 2
    cidr      = ["10.0.0.0/8"]
  }
  rule {
    description = "second"
  }
  settings {
    mode = "fast"
    step {
      run = "a"
    }
    step {
      run = "b"
    }
  }
}
`),
	ok(Attributes, "dynamic-object-reference", out("standin_thing.a.object.anything.deep")),
	ok(Attributes, "meta-member", out("standin_thing.a.meta.owner")),
	ok(Attributes, "nested-block-reference", out("standin_thing.a.rule[0].description")),
	ok(Attributes, "legacy-blocks", `resource "standin_legacy" "c" {
  name = "c"
  ingress {
    from_port   = 1
    to_port     = 2
    cidr_blocks = ["10.0.0.0/8"]
    description = "in"
    rules       = []
  }
}
`),
	ok(Attributes, "legacy-argument", `resource "standin_legacy" "c" {
  name = "c"
  ingress = [{
    from_port   = 1
    to_port     = 2
    cidr_blocks = []
    description = "in"
    rules       = [{ protocol = "tcp", priority = 1 }]
  }]
}
`),
	ok(Attributes, "dynamic-block", `resource "standin_thing" "c" {
  name = "c"
  dynamic "rule" {
    for_each = var.names
    content {
      description = rule.value
    }
  }
}
`),
	ok(Attributes, "data-input", out("data.standin_echo.e.input")),
	ok(Attributes, "variable-object-member", out("var.settings.owner")),
	ok(Attributes, "builtin-output", out("terraform_data.d.output")),
	ok(Attributes, "provider-label", `provider "standin" {
  alias = "c"
  label = var.name
}
`),
}

var functions = []Case{
	bad(Functions, "unknown", out("nope(1)")),
	bad(Functions, "misspelt", out(`uper("a")`)),
	bad(Functions, "too-few", out("upper()")),
	bad(Functions, "too-many", out(`upper("a", "b")`)),
	bad(Functions, "lookup-too-few", out(`lookup({ a = 1 })`)),
	bad(Functions, "join-without-lists", out(`join(",")`)),
	bad(Functions, "number-from-string", out(`abs("x")`)),
	bad(Functions, "string-from-list", out(`upper(["a"])`)),
	bad(Functions, "length-of-number", out("length(1)")),
	bad(Functions, "variable-type", out("upper(var.names)")),
	bad(Functions, "element-of-string", out(`element("x", 0)`)),
	bad(Functions, "merge-number", out(`merge({ a = 1 }, 2)`)),
	bad(Functions, "tonumber-invalid", out(`tonumber("abc")`)),
	bad(Functions, "jsondecode-invalid", out(`jsondecode("{")`)),
	bad(Functions, "cidrsubnet-invalid", out(`cidrsubnet("nope", 8, 1)`)),
	bad(Functions, "file-missing", out(`file("${path.module}/missing.txt")`)),
	bad(Functions, "provider-function-unknown", out(`provider::standin::nope(1)`)),
	bad(Functions, "provider-function-not-required", out(`provider::nope::f(1)`)),
	bad(Functions, "try-undeclared", out(`try(local.nope, 1)`)),
	bad(Functions, "try-all-fail", out(`try(tonumber("x"), tobool("y"))`)),
	bad(Functions, "in-resource", `resource "standin_thing" "c" {
  name = nope("c")
}
`),
	bad(Functions, "in-locals", `locals {
  c = max()
}
`),

	ok(Functions, "upper", out("upper(var.name)")),
	ok(Functions, "join", out(`join(",", var.names)`)),
	ok(Functions, "max", out("max(1, 2, 3)")),
	ok(Functions, "format", out(`format("%s-%d", "a", 1)`)),
	ok(Functions, "lookup", out(`lookup({ a = 1 }, "a", 0)`)),
	ok(Functions, "jsonencode", out(`jsonencode({ a = var.names })`)),
	ok(Functions, "try", out(`try(var.names[5], "d")`)),
	ok(Functions, "can", out("can(var.names[0])")),
	ok(Functions, "tonumber", out(`tonumber("5")`)),
	ok(Functions, "string-from-number", out("upper(var.settings.size)")),
	ok(Functions, "cidrsubnet", out(`cidrsubnet("10.0.0.0/16", 8, 1)`)),
	ok(Functions, "element-wraps", out("element(var.names, 3)")),
	ok(Functions, "expand-arguments", out("max([1, 2]...)")),
	ok(Functions, "strcontains", out(`strcontains(var.name, "e")`)),
	ok(Functions, "coalesce", out(`coalesce(var.name, "x")`)),
	ok(Functions, "timestamp", out("timestamp()")),
	ok(Functions, "file-exists", out(`file("${path.module}/data.txt")`)).with("data.txt", "hello\n"),
	ok(Functions, "try-null-attribute", out(`try(local.nothing.attr, "fallback")`)+`
locals {
  nothing = null
}
`),
	ok(Functions, "can-conversion", out(`can(tonumber("x"))`)),
	ok(Functions, "can-in-for", out(`[for k, v in { a = "x", b = { c = 1 } } : can(tostring(v)) ? "scalar" : "complex"]`)),
	ok(Functions, "try-missing-attribute", out("try(var.settings.missing.key, null)")),
	// Provider functions came with OpenTofu 1.7 and Terraform 1.8.
	ok(Functions, "provider-function", out(`provider::standin::id("thing", "a")`)).only("tofu"),
}

var expressions = []Case{
	bad(Expressions, "add-string", out(`1 + "a"`)),
	bad(Expressions, "multiply-string", out(`"a" * 2`)),
	bad(Expressions, "add-bool", out("true + 1")),
	bad(Expressions, "not-number", out("!1")),
	bad(Expressions, "negate-string", out(`-"x"`)),
	bad(Expressions, "and-number", out("true && 2")),
	bad(Expressions, "compare-string", out(`1 < "a"`)),
	bad(Expressions, "condition-not-bool", out(`"x" ? 1 : 2`)),
	bad(Expressions, "conditional-inconsistent", out("true ? 1 : [1]")),
	bad(Expressions, "index-out-of-range", out("[1, 2][5]")),
	bad(Expressions, "index-list-by-string", out(`[1, 2]["a"]`)),
	bad(Expressions, "index-string", out(`"abc"[0]`)),
	bad(Expressions, "object-missing-attribute", out("{ a = 1 }.b")),
	bad(Expressions, "object-missing-key", out(`{ a = 1 }["b"]`)),
	bad(Expressions, "for-over-number", out("[for x in 1 : x]")),
	bad(Expressions, "for-duplicate-key", out(`{ for x in ["a", "a"] : x => 1 }`)),
	bad(Expressions, "for-if-not-bool", out(`[for x in [1] : x if "maybe"]`)),
	bad(Expressions, "list-plus-number", out("var.names + 1")),
	bad(Expressions, "variable-string-index", out("var.name[0]")),
	bad(Expressions, "list-times-number", out("var.names * 2")),
	bad(Expressions, "splat-unknown-attribute", out("var.names[*].nope")),
	bad(Expressions, "in-resource", `resource "standin_thing" "c" {
  name = "a" + 1
}
`),
	bad(Expressions, "in-count", `resource "terraform_data" "c" {
  count = "x" ? 1 : 0
}
`),

	ok(Expressions, "add-numeric-string", out(`1 + "2"`)),
	ok(Expressions, "multiply-numeric-string", out(`"3" * 2`)),
	ok(Expressions, "conditional-unifies", out(`true ? 1 : "a"`)),
	ok(Expressions, "index-in-range", out("[1, 2][0]")),
	ok(Expressions, "object-key", out(`{ a = 1 }["a"]`)),
	ok(Expressions, "unknown-index", out("var.names[5]")),
	ok(Expressions, "for-list", out("[for x in var.names : upper(x)]")),
	ok(Expressions, "for-grouping", out(`{ for x in ["a", "a"] : x => 1... }`)),
	ok(Expressions, "conditional", out(`var.name == "a" ? 1 : 2`)),
	ok(Expressions, "null-equals-null", out("null == null")),
	ok(Expressions, "guarded-index", out(`length(var.names) > 0 ? var.names[0] : ""`)),
	ok(Expressions, "object-index-by-string", out(`var.settings["owner"]`)),
	ok(Expressions, "for-object-pairs", out("[for k, v in var.settings : k]")),
	ok(Expressions, "splat", out("var.names[*]")),
	ok(Expressions, "compare-different-types", out(`"abc" == 1`)),
	ok(Expressions, "heredoc", out("<<-EOT\n    ${var.name}\n  EOT")),
	ok(Expressions, "string-template-directives", out(`"%{for n in var.names}${n},%{endfor}"`)),
	ok(Expressions, "number-to-bool-string", out(`"true" ? 1 : 2`)),
}

var duplicates = []Case{
	bad(Duplicates, "variable", `variable "name" {
  type = string
}
`),
	bad(Duplicates, "output", `output "thing_id" {
  value = 1
}
`),
	bad(Duplicates, "local", `locals {
  prefix = "y"
}
`),
	bad(Duplicates, "resource", `resource "standin_thing" "a" {
  name = "b"
}
`),
	bad(Duplicates, "data", `data "standin_echo" "e" {
  input = "b"
}
`),
	bad(Duplicates, "module", `module "child" {
  source = "./child"
  name   = "b"
}
`),
	bad(Duplicates, "provider-default", `provider "standin" {
  label = "again"
}
`),
	bad(Duplicates, "provider-alias", `provider "standin" {
  alias = "east"
}
`),
	bad(Duplicates, "same-file-variable", `variable "c" {
}

variable "c" {
}
`),
	bad(Duplicates, "attribute", `output "c" {
  value = 1
  value = 2
}
`).json("case.tf.json", `{
  "output": {
    "c": {
      "value": 1,
      "value": 2
    }
  }
}
`),
	bad(Duplicates, "required-provider", `terraform {
  required_providers {
    standin = {
      source = "hcljson/standin"
    }
  }
}
`),
	bad(Duplicates, "check", `check "c" {
  assert {
    condition     = true
    error_message = "x"
  }
}

check "c" {
  assert {
    condition     = true
    error_message = "y"
  }
}
`),
	bad(Duplicates, "mixed-variable", `variable "extra" {
}
`).with("extra.tf.json", `{
  "variable": {
    "extra": {}
  }
}
`),
	bad(Duplicates, "mixed-resource", `resource "terraform_data" "m" {
}
`).with("extra.tf.json", `{
  "resource": {
    "terraform_data": {
      "m": {}
    }
  }
}
`),
	bad(Duplicates, "mixed-output", out("1")).with("extra.tf.json", `{
  "output": {
    "c": {
      "value": 2
    }
  }
}
`),
	bad(Duplicates, "mixed-local", `locals {
  m = 1
}
`).with("extra.tf.json", `{
  "locals": {
    "m": 2
  }
}
`),
	bad(Duplicates, "mixed-provider", `variable "unused" {
  default = 1
}
`).with("extra.tf.json", `{
  "provider": {
    "standin": {
      "label": "json"
    }
  }
}
`),
	bad(Duplicates, "mixed-module", `variable "unused" {
  default = 1
}
`).with("extra.tf.json", `{
  "module": {
    "child": {
      "source": "./child",
      "name": "json"
    }
  }
}
`),
	bad(Duplicates, "mixed-data", `variable "unused" {
  default = 1
}
`).with("extra.tf.json", `{
  "data": {
    "standin_echo": {
      "e": {
        "input": "json"
      }
    }
  }
}
`),
	bad(Duplicates, "json-variable-twice", `variable "unused" {
  default = 1
}
`).with("extra.tf.json", `{
  "variable": [
    {"j": {}},
    {"j": {}}
  ]
}
`),

	ok(Duplicates, "same-name-other-kinds", `variable "c" {
  default = 1
}

locals {
  c = var.c
}

output "c" {
  value = local.c
}

resource "terraform_data" "c" {
}

data "standin_echo" "c" {
  input = "x"
}

module "c" {
  source = "./child"
  name   = "c"
}
`),
	ok(Duplicates, "same-name-other-type", `resource "standin_legacy" "a" {
  name = "l"
}
`),
	ok(Duplicates, "data-and-resource", `resource "terraform_data" "e" {
}
`),
	ok(Duplicates, "override", `variable "unused" {
  default = 1
}
`).with("variables_override.tf", `variable "name" {
  default = "other"
}
`),
	ok(Duplicates, "override-resource", `variable "unused" {
  default = 1
}
`).with("main_override.tf", `resource "standin_thing" "a" {
  name = "overridden"
}
`),
	ok(Duplicates, "mixed-override", `variable "unused" {
  default = 1
}
`).with("override.tf.json", `{
  "variable": {
    "name": {
      "default": "json"
    }
  }
}
`),
	ok(Duplicates, "terraform-blocks", `terraform {
  required_version = ">= 1.0"
}
`),
	ok(Duplicates, "locals-blocks", `locals {
  c = 1
}

locals {
  d = local.c
}
`),
	ok(Duplicates, "provider-other-alias", `provider "standin" {
  alias = "west"
}
`),
	ok(Duplicates, "mixed-distinct", `variable "extra" {
  default = 1
}
`).with("extra.tf.json", `{
  "variable": {
    "other": {}
  },
  "output": {
    "extra": {
      "value": "${var.extra}"
    }
  }
}
`),
	ok(Duplicates, "child-same-names", `variable "unused" {
  default = 1
}
`).with("child/more.tf", `variable "names" {
  default = []
}

locals {
  prefix = "child"
}
`),
}

var meta = []Case{
	bad(Meta, "count-and-for-each", `resource "terraform_data" "c" {
  count    = 1
  for_each = toset(["a"])
}
`),
	bad(Meta, "depends-on-undeclared", `resource "terraform_data" "c" {
  depends_on = [terraform_data.nope]
}
`),
	ok(Meta, "depends-on-quoted", `resource "terraform_data" "c" {
  depends_on = ["terraform_data.d"]
}
`).json("case.tf.json", `{
  "resource": {
    "terraform_data": {
      "c": {
        "depends_on": ["terraform_data.d"]
      }
    }
  }
}
`),
	bad(Meta, "depends-on-template", `resource "terraform_data" "c" {
  depends_on = ["${terraform_data.d.id}"]
}
`).json("case.tf.json", `{
  "resource": {
    "terraform_data": {
      "c": {
        "depends_on": ["${terraform_data.d}"]
      }
    }
  }
}
`),
	bad(Meta, "depends-on-function", `resource "terraform_data" "c" {
  depends_on = [upper("x")]
}
`).json("case.tf.json", `{
  "resource": {
    "terraform_data": {
      "c": {
        "depends_on": ["upper(\"x\")"]
      }
    }
  }
}
`),
	bad(Meta, "depends-on-undeclared-module", out("1")+`
resource "terraform_data" "c" {
  depends_on = [module.nope]
}
`),
	bad(Meta, "lifecycle-string", `resource "terraform_data" "c" {
  lifecycle {
    create_before_destroy = "yes"
  }
}
`),
	bad(Meta, "prevent-destroy-variable", `resource "terraform_data" "c" {
  lifecycle {
    prevent_destroy = var.name == "x"
  }
}
`).json("case.tf.json", `{
  "resource": {
    "terraform_data": {
      "c": {
        "lifecycle": {
          "prevent_destroy": "${var.name == \"x\"}"
        }
      }
    }
  }
}
`),
	bad(Meta, "ignore-changes-unknown", `resource "standin_thing" "c" {
  name = "c"
  lifecycle {
    ignore_changes = [bogus]
  }
}
`),
	bad(Meta, "ignore-changes-keyword", `resource "standin_thing" "c" {
  name = "c"
  lifecycle {
    ignore_changes = none
  }
}
`).json("case.tf.json", `{
  "resource": {
    "standin_thing": {
      "c": {
        "name": "c",
        "lifecycle": {
          "ignore_changes": "none"
        }
      }
    }
  }
}
`),
	bad(Meta, "lifecycle-unknown-argument", `resource "terraform_data" "c" {
  lifecycle {
    bogus = true
  }
}
`).json("case.tf.json", `{
  "resource": {
    "terraform_data": {
      "c": {
        "lifecycle": {
          "bogus": true
        }
      }
    }
  }
}
`),
	bad(Meta, "replace-triggered-by-variable", `resource "terraform_data" "c" {
  lifecycle {
    replace_triggered_by = [var.name]
  }
}
`),
	bad(Meta, "provider-undeclared-alias", `resource "standin_thing" "c" {
  provider = standin.west
  name     = "c"
}
`),
	bad(Meta, "provider-other-name", `resource "standin_thing" "c" {
  provider = other.east
  name     = "c"
}
`),
	bad(Meta, "module-providers-undeclared", `module "c" {
  source = "./child"
  name   = "c"
  providers = {
    standin = standin.west
  }
}
`).with("child/versions.tf", childVersions),
	bad(Meta, "module-providers-type-mismatch", `module "c" {
  source = "./child"
  name   = "c"
  providers = {
    standin = standin.east
  }
}
`),
	bad(Meta, "moved-incompatible", `moved {
  from = terraform_data.old
  to   = module.child
}
`),
	ok(Meta, "moved-from-existing", `moved {
  from = terraform_data.d
  to   = terraform_data.new
}
`),
	ok(Meta, "moved-same", `moved {
  from = terraform_data.d
  to   = terraform_data.d
}
`),
	ok(Meta, "import-undeclared", `import {
  to = terraform_data.nope
  id = "x"
}
`),
	bad(Meta, "import-without-id", `import {
  to = standin_thing.a
}
`),
	ok(Meta, "removed-existing", `removed {
  from = terraform_data.d

  lifecycle {
    destroy = false
  }
}
`).only("tofu"),
	bad(Meta, "count-string", `resource "terraform_data" "c" {
  count = "x"
}
`),
	bad(Meta, "count-negative", `resource "terraform_data" "c" {
  count = -1
}
`),
	bad(Meta, "for-each-list", `resource "terraform_data" "c" {
  for_each = ["a"]
}
`),
	bad(Meta, "for-each-number", `resource "terraform_data" "c" {
  for_each = 3
}
`),
	bad(Meta, "depends-on-in-variable", `variable "c" {
  default    = 1
  depends_on = [terraform_data.d]
}
`).json("case.tf.json", `{
  "variable": {
    "c": {
      "default": 1,
      "depends_on": ["terraform_data.d"]
    }
  }
}
`),
	bad(Meta, "count-in-output", `output "c" {
  count = 1
  value = 1
}
`).json("case.tf.json", `{
  "output": {
    "c": {
      "count": 1,
      "value": 1
    }
  }
}
`),

	bad(Meta, "for-each-sensitive", `variable "c" {
  type      = set(string)
  default   = ["a"]
  sensitive = true
}

resource "terraform_data" "c" {
  for_each = var.c
}
`),

	ok(Meta, "count", `resource "terraform_data" "c" {
  count = length(var.names)
}
`),
	ok(Meta, "count-zero", `resource "terraform_data" "c" {
  count = 0
}
`),
	ok(Meta, "for-each-set", `resource "terraform_data" "c" {
  for_each = toset(var.names)
}
`),
	ok(Meta, "for-each-map", `resource "terraform_data" "c" {
  for_each = { a = 1 }
}
`),
	ok(Meta, "depends-on-each-kind", `resource "terraform_data" "c" {
  depends_on = [standin_thing.a, data.standin_echo.e, module.child, terraform_data.d]
}
`),
	ok(Meta, "lifecycle", `resource "standin_thing" "c" {
  name = "c"
  lifecycle {
    create_before_destroy = true
    prevent_destroy       = false
    ignore_changes        = [tags, meta]
  }
}
`),
	ok(Meta, "ignore-changes-all", `resource "standin_thing" "c" {
  name = "c"
  lifecycle {
    ignore_changes = all
  }
}
`),
	ok(Meta, "provider-alias", `resource "standin_thing" "c" {
  provider = standin.east
  name     = "c"
}
`),
	ok(Meta, "module-providers", `module "c" {
  source = "./child"
  name   = "c"
  providers = {
    standin = standin.east
  }
}
`).with("child/versions.tf", childVersions),
	ok(Meta, "moved", `moved {
  from = terraform_data.old
  to   = terraform_data.d
}
`),
	ok(Meta, "import", `import {
  to = standin_thing.a
  id = "a"
}
`),
	ok(Meta, "removed", `removed {
  from = terraform_data.gone

  lifecycle {
    destroy = false
  }
}
`).only("tofu"),
	ok(Meta, "replace-triggered-by", `resource "terraform_data" "c" {
  lifecycle {
    replace_triggered_by = [standin_thing.a, terraform_data.d.output]
  }
}
`),
	ok(Meta, "depends-on-in-output", `output "c" {
  value      = 1
  depends_on = [terraform_data.d]
}
`),
	ok(Meta, "module-count", `module "c" {
  source = "./child"
  count  = 2
  name   = "c${count.index}"
}
`),
}

var types = []Case{
	bad(Types, "default-vs-number", `variable "c" {
  type    = number
  default = "x"
}
`),
	bad(Types, "default-list-vs-string", `variable "c" {
  type    = string
  default = ["a"]
}
`),
	bad(Types, "default-object-missing-attribute", `variable "c" {
  type = object({
    a = string
  })
  default = {}
}
`),
	bad(Types, "validation-without-reference", `variable "c" {
  type    = string
  default = "a"

  validation {
    condition     = 1 == 1
    error_message = "Always."
  }
}
`),
	bad(Types, "validation-other-variable", `variable "c" {
  type    = string
  default = "a"

  validation {
    condition     = var.name != ""
    error_message = "Not empty."
  }
}
`),
	ok(Types, "validation-condition-unknown-string", `variable "c" {
  type    = string
  default = "a"

  validation {
    condition     = "maybe${var.c}"
    error_message = "Not empty."
  }
}
`),
	bad(Types, "sensitive-string", `variable "c" {
  default   = 1
  sensitive = "yes"
}
`),
	bad(Types, "output-sensitive-string", `output "c" {
  value     = 1
  sensitive = "yes"
}
`),
	bad(Types, "ephemeral-string", `variable "c" {
  default   = 1
  ephemeral = "yes"
}
`).only("tofu"),
	bad(Types, "nullable-string", `variable "c" {
  default  = 1
  nullable = "x"
}
`),
	bad(Types, "unknown-type", `variable "c" {
  type = strin
}
`).json("case.tf.json", `{
  "variable": {
    "c": {
      "type": "strin"
    }
  }
}
`),
	bad(Types, "provider-attribute-type", `provider "standin" {
  alias = "c"
  label = ["a"]
}
`+usesC),
	ok(Types, "unused-provider-attribute-type", `provider "standin" {
  alias = "c"
  label = ["a"]
}
`),
	bad(Types, "resource-attribute-type", `resource "standin_thing" "c" {
  name = ["a"]
}
`),
	bad(Types, "bool-attribute", `resource "standin_thing" "c" {
  name    = "c"
  enabled = "maybe"
}
`),
	bad(Types, "number-attribute", `resource "standin_thing" "c" {
  name    = "c"
  count_n = "abc"
}
`),
	bad(Types, "map-attribute", `resource "standin_thing" "c" {
  name = "c"
  tags = "x"
}
`),
	bad(Types, "object-attribute-member", `resource "standin_thing" "c" {
  name = "c"
  meta = {
    owner  = "a"
    size   = "big"
    labels = []
  }
}
`),
	bad(Types, "missing-required-resource", `resource "standin_thing" "c" {
}
`),
	bad(Types, "missing-required-data", `data "standin_echo" "c" {
}
`),
	bad(Types, "missing-module-input", `module "c" {
  source = "./child"
}
`),
	bad(Types, "module-unknown-input", `module "c" {
  source = "./child"
  name   = "c"
  bogus  = 1
}
`),
	bad(Types, "module-input-type", `module "c" {
  source = "./child"
  name   = ["a"]
}
`),
	bad(Types, "unknown-block-in-variable", `variable "c" {
  bogus {
  }
}
`).json("case.tf.json", `{
  "variable": {
    "c": {
      "bogus": {}
    }
  }
}
`),
	bad(Types, "unknown-block-in-output", `output "c" {
  value = 1
  bogus {
  }
}
`).json("case.tf.json", `{
  "output": {
    "c": {
      "value": 1,
      "bogus": {}
    }
  }
}
`),
	bad(Types, "unknown-top-level-block", `bogus "c" {
}
`).json("case.tf.json", `{
  "bogus": {
    "c": {}
  }
}
`),
	bad(Types, "output-without-value", `output "c" {
}
`),
	bad(Types, "variable-reference-in-default", `variable "c" {
  default = var.name
}
`).noJSON("a JSON default is a literal: there is no reference"),

	bad(Types, "output-of-sensitive", `variable "c" {
  default   = "x"
  sensitive = true
}
`+out("var.c")),
	ok(Types, "validation-other-variable-and-self", `variable "c" {
  type    = string
  default = "a"

  validation {
    condition     = var.c != "" && var.name != ""
    error_message = "Not empty."
  }
}
`),

	ok(Types, "default-matches", `variable "c" {
  type    = map(number)
  default = { a = 1 }
}
`),
	ok(Types, "default-null", `variable "c" {
  type    = number
  default = null
}
`),
	ok(Types, "default-converts", `variable "c" {
  type    = string
  default = 5
}
`),
	ok(Types, "type-any", `variable "c" {
  type    = any
  default = [1, "a"]
}
`),
	ok(Types, "optional-attributes", `variable "c" {
  type = object({
    a = optional(string, "x")
    b = optional(number)
  })
  default = {}
}
`),
	ok(Types, "sensitive", `variable "c" {
  default   = 1
  sensitive = true
}

output "c" {
  value     = var.c
  sensitive = true
}
`),
	ok(Types, "ephemeral", `variable "c" {
  default   = 1
  ephemeral = true
}
`).only("tofu"),
	ok(Types, "nullable", `variable "c" {
  type     = string
  default  = "a"
  nullable = false
}
`),
	ok(Types, "validation", `variable "c" {
  type    = string
  default = "a"

  validation {
    condition     = length(var.c) > 0
    error_message = "Not empty."
  }
}
`),
	ok(Types, "converting-arguments", `resource "standin_thing" "c" {
  name    = 5
  count_n = "5"
  enabled = "true"
}
`),
	ok(Types, "set-default", `variable "c" {
  type    = set(string)
  default = ["a", "a"]
}
`),
	ok(Types, "tuple-type", `variable "c" {
  type    = tuple([string, number])
  default = ["a", 1]
}
`),
	ok(Types, "module-input-converts", `module "c" {
  source = "./child"
  name   = 5
}
`),
	ok(Types, "provider-label-number", `provider "standin" {
  alias = "c"
  label = 5
}
`),
	ok(Types, "output-description", `output "c" {
  value       = 1
  description = "One."
}
`),
}

var cycles = []Case{
	bad(Cycles, "locals", `locals {
  c1 = local.c2
  c2 = local.c1
}
`),
	bad(Cycles, "local-self", `locals {
  c = local.c
}
`),
	bad(Cycles, "locals-three", `locals {
  c1 = local.c2
  c2 = local.c3
  c3 = "${local.c1}!"
}
`),
	bad(Cycles, "locals-across-files", `locals {
  c1 = local.c2
}
`).with("case2.tf", `locals {
  c2 = local.c1
}
`),
	bad(Cycles, "resources", `resource "terraform_data" "c1" {
  input = terraform_data.c2.output
}

resource "terraform_data" "c2" {
  input = terraform_data.c1.output
}
`),
	ok(Cycles, "resource-self-id", `resource "terraform_data" "c" {
  input = terraform_data.c.id
}
`),
	bad(Cycles, "resource-local", `resource "terraform_data" "c" {
  input = local.c
}

locals {
  c = terraform_data.c.output
}
`),
	bad(Cycles, "depends-on", `resource "terraform_data" "c1" {
  depends_on = [terraform_data.c2]
}

resource "terraform_data" "c2" {
  depends_on = [terraform_data.c1]
}
`),
	bad(Cycles, "module-self", `module "c" {
  source = "./child"
  name   = module.c.greeting
}
`),
	bad(Cycles, "module-resource", `module "c" {
  source = "./child"
  name   = terraform_data.c.output
}

resource "terraform_data" "c" {
  input = module.c.greeting
}
`),
	bad(Cycles, "data-resource", `data "standin_echo" "c" {
  input = terraform_data.c.output
}

resource "terraform_data" "c" {
  input = data.standin_echo.c.output
}
`),
	ok(Cycles, "count-self", `resource "terraform_data" "c" {
  count = length(terraform_data.c)
}
`),
	bad(Cycles, "standin-resources", `resource "standin_thing" "c1" {
  name = standin_thing.c2.id
}

resource "standin_thing" "c2" {
  name = standin_thing.c1.id
}
`),

	ok(Cycles, "modules-cross-unrelated-outputs", `module "c1" {
  source = "./fixed"
  name   = module.c2.fixed
}

module "c2" {
  source = "./fixed"
  name   = module.c1.fixed
}
`).with("fixed/main.tf", `variable "name" {
  type = string
}

output "fixed" {
  value = "fixed"
}

output "named" {
  value = var.name
}
`),
	bad(Cycles, "modules-cross-outputs", `module "c1" {
  source = "./fixed"
  name   = module.c2.named
}

module "c2" {
  source = "./fixed"
  name   = module.c1.named
}
`).with("fixed/main.tf", `variable "name" {
  type = string
}

output "named" {
  value = var.name
}
`),

	ok(Cycles, "locals-chain", `locals {
  c1 = local.c2
  c2 = local.c3
  c3 = 1
}
`),
	ok(Cycles, "resources-chain", `resource "terraform_data" "c1" {
  input = terraform_data.c2.output
}

resource "terraform_data" "c2" {
  input = terraform_data.d.output
}
`),
	ok(Cycles, "module-between-resources", `module "c" {
  source = "./child"
  name   = terraform_data.c1.output
}

resource "terraform_data" "c1" {
  input = "x"
}

resource "terraform_data" "c2" {
  input = module.c.greeting
}
`),
	ok(Cycles, "locals-partial", `locals {
  c1 = local.c2.x
  c2 = {
    x = 1
    y = local.c3
  }
  c3 = 2
}
`),
	ok(Cycles, "self-postcondition", `resource "terraform_data" "c" {
  input = "c"

  lifecycle {
    postcondition {
      condition     = self.output == "c"
      error_message = "Kept."
    }
  }
}
`),
	ok(Cycles, "depends-on-chain", `resource "terraform_data" "c1" {
  depends_on = [terraform_data.c2]
}

resource "terraform_data" "c2" {
  depends_on = [terraform_data.d]
}
`),
	ok(Cycles, "modules-chained", `module "c1" {
  source = "./child"
  name   = module.child.greeting
}

module "c2" {
  source = "./child"
  name   = module.c1.greeting
}
`),
	ok(Cycles, "output-of-local", `locals {
  c = terraform_data.d.output
}
`+out("local.c")),
}

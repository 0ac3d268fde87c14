package tfgentest

import (
	"github.com/zclconf/go-cty/cty"
)

// prologue writes the fixed part of a document: terraform, provider,
// variable, locals, module and moved blocks.
func (g *gen) prologue() {
	e := &g.e

	e.key("terraform")
	e.obj()
	e.key("required_version")
	e.str(">= 1.6.0", rawUnicode)
	e.key("required_providers")
	e.obj()
	for _, p := range [][3]string{
		{"aws", "hashicorp/aws", "~> 5.40"},
		{"google", "hashicorp/google", ">= 5.0, < 7.0"},
		{"kubernetes", "hashicorp/kubernetes", "2.31.0"},
	} {
		e.key(p[0])
		e.obj()
		e.key("source")
		e.str(p[1], rawUnicode)
		e.key("version")
		e.str(p[2], rawUnicode)
		e.end('}')
	}
	e.end('}')
	e.key("backend")
	e.obj()
	e.key("s3")
	e.obj()
	e.key("bucket")
	e.str("atlas-terraform-state", rawUnicode)
	e.key("key")
	e.str("atlas/prod/terraform.tfstate", rawUnicode)
	e.key("region")
	e.str("us-east-1", rawUnicode)
	e.key("encrypt")
	e.bool(true)
	e.key("dynamodb_table")
	e.str("terraform-locks", rawUnicode)
	e.end('}')
	e.end('}')
	e.end('}')

	e.key("provider")
	e.obj()
	e.key("aws")
	e.arr()
	e.elem()
	e.obj()
	e.key("region")
	e.str("${var.region}", rawUnicode)
	e.key("default_tags")
	e.obj()
	e.key("tags")
	e.str("${local.common_tags}", rawUnicode)
	e.end('}')
	e.end('}')
	e.elem()
	e.obj()
	e.key("alias")
	e.str("west", rawUnicode)
	e.key("region")
	e.str("us-west-2", rawUnicode)
	e.key("assume_role")
	e.obj()
	e.key("role_arn")
	e.str("arn:aws:iam::123456789012:role/deploy", rawUnicode)
	e.key("session_name")
	e.str("tfgen", rawUnicode)
	e.end('}')
	e.end('}')
	e.end(']')
	e.key("google")
	e.obj()
	e.key("project")
	e.str("atlas-prod-1234", rawUnicode)
	e.key("region")
	e.str("europe-west1", rawUnicode)
	e.end('}')
	e.key("kubernetes")
	e.obj()
	e.key("config_path")
	e.str("~/.kube/config", rawUnicode)
	e.key("config_context")
	e.str("atlas-prod", rawUnicode)
	e.end('}')
	e.end('}')

	e.key("variable")
	e.obj()
	for _, v := range variables {
		e.key(v.name)
		e.obj()
		e.key("type")
		e.str(v.typ, rawUnicode)
		e.key("description")
		e.str(v.desc, rawUnicode)
		e.key("default")
		writeValue(e, v.def)
		if v.sensitive {
			e.key("sensitive")
			e.bool(true)
			e.key("nullable")
			e.bool(false)
		}
		if v.validate {
			e.key("validation")
			e.obj()
			e.key("condition")
			e.str(`${contains(["prod", "staging", "dev", "qa"], var.`+v.name+`)}`, rawUnicode)
			e.key("error_message")
			e.str("The environment must be one of prod, staging, dev or qa.", rawUnicode)
			e.end('}')
		}
		e.end('}')
	}
	e.end('}')

	// Two locals blocks, in the body level array form.
	e.key("locals")
	e.arr()
	half := len(locals) / 2
	for _, part := range [][]local{locals[:half], locals[half:]} {
		e.elem()
		e.obj()
		for _, l := range part {
			e.key(l.name)
			l.src(e)
		}
		e.end('}')
	}
	e.end(']')

	e.key("module")
	e.obj()
	e.key("vpc")
	e.obj()
	for _, kv := range [][2]string{
		{"source", "terraform-aws-modules/vpc/aws"}, {"version", "~> 5.0"},
		{"name", "${local.name_prefix}"}, {"cidr", "${var.cidr}"}, {"azs", "${var.azs}"},
		{"private_subnets", "${local.subnet_cidrs}"}, {"tags", "${local.common_tags}"},
	} {
		e.key(kv[0])
		e.str(kv[1], rawUnicode)
	}
	e.key("enable_nat_gateway")
	e.bool(true)
	e.key("single_nat_gateway")
	e.bool(false)
	e.end('}')
	e.key("labels")
	e.obj()
	e.key("source")
	e.str("cloudposse/label/null", rawUnicode)
	e.key("version")
	e.str("0.25.0", rawUnicode)
	e.key("stage")
	e.str("${var.env}", rawUnicode)
	e.key("attributes")
	list("blue", "green")(g)
	e.end('}')
	e.end('}')

	e.key("moved")
	e.arr()
	for _, m := range [][2]string{{"aws_instance.legacy", "aws_instance.web_0"}, {"module.old_vpc", "module.vpc"}} {
		e.elem()
		e.obj()
		e.key("from")
		e.str(m[0], rawUnicode)
		e.key("to")
		e.str(m[1], rawUnicode)
		e.end('}')
	}
	e.end(']')
}

// writeValue writes a known, non-null cty value made of strings, whole
// numbers, bools, lists and maps or objects, as JSON.
func writeValue(e *enc, v cty.Value) {
	t := v.Type()
	switch {
	case t == cty.String:
		e.str(v.AsString(), rawUnicode)
	case t == cty.Number:
		e.number(v.AsBigFloat().Text('g', -1))
	case t == cty.Bool:
		e.bool(v.True())
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		e.arr()
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			e.elem()
			writeValue(e, ev)
		}
		e.end(']')
	default: // map or object
		e.obj()
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			e.key(k.AsString())
			writeValue(e, ev)
		}
		e.end('}')
	}
}

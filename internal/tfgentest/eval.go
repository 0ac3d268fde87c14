package tfgentest

import (
	"math/big"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// A variable declared in every generated document; its default is also the
// value of var.<name> in EvalContext.
type variable struct {
	name, typ, desc string
	def             cty.Value
	sensitive       bool
	validate        bool
}

func strList(s ...string) cty.Value {
	vals := make([]cty.Value, len(s))
	for i, v := range s {
		vals[i] = cty.StringVal(v)
	}
	return cty.ListVal(vals)
}

var variables = []variable{
	{name: "region", typ: "string", desc: "AWS region to deploy into", def: cty.StringVal("us-east-1")},
	{name: "env", typ: "string", desc: "Deployment environment", def: cty.StringVal("prod"), validate: true},
	{name: "project", typ: "string", desc: "Project name, used in resource names", def: cty.StringVal("atlas")},
	{name: "domain", typ: "string", desc: "Public DNS zone", def: cty.StringVal("example.com")},
	{name: "cidr", typ: "string", desc: "VPC address range", def: cty.StringVal("10.0.0.0/16")},
	{name: "instance_type", typ: "string", desc: "EC2 instance type for the web tier", def: cty.StringVal("t3.micro")},
	{name: "instance_count", typ: "number", desc: "Number of web instances", def: cty.NumberIntVal(3)},
	{name: "enabled", typ: "bool", desc: "Turn the optional features on", def: cty.True},
	{name: "azs", typ: "list(string)", desc: "Availability zones (zones de disponibilité)",
		def: strList("us-east-1a", "us-east-1b", "us-east-1c")},
	{name: "tags", typ: "map(string)", desc: "Extra tags for every resource",
		def: cty.MapVal(map[string]cty.Value{
			"Owner":      cty.StringVal("platform-team"),
			"CostCenter": cty.StringVal("cc-4821"),
			"Projet":     cty.StringVal("Étoile ⭐"),
		})},
	{name: "ingress_rules", typ: "list(object({from_port=number,to_port=number,protocol=string,cidr_blocks=list(string)}))",
		desc: "Ingress rules of the web security group",
		def: cty.ListVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{
				"from_port": cty.NumberIntVal(443), "to_port": cty.NumberIntVal(443),
				"protocol": cty.StringVal("tcp"), "cidr_blocks": strList("0.0.0.0/0"),
			}),
			cty.ObjectVal(map[string]cty.Value{
				"from_port": cty.NumberIntVal(22), "to_port": cty.NumberIntVal(22),
				"protocol": cty.StringVal("tcp"), "cidr_blocks": strList("10.0.0.0/8", "192.168.0.0/16"),
			}),
		})},
	{name: "ebs_volumes", typ: "list(object({device_name=string,volume_size=number}))",
		desc: "Extra EBS volumes",
		def: cty.ListVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{"device_name": cty.StringVal("/dev/sdf"), "volume_size": cty.NumberIntVal(100)}),
		})},
	{name: "db_password", typ: "string", desc: "Database password", def: cty.StringVal("change-me"), sensitive: true},
}

// A local value declared in every generated document: the JSON it is
// written as, and the value it evaluates to, which is also local.<name> in
// EvalContext.
type local struct {
	name string
	src  func(e *enc)
	val  cty.Value
}

func strSrc(s string, mode strMode) func(e *enc) { return func(e *enc) { e.str(s, mode) } }

var locals = []local{
	{"name_prefix", strSrc("${var.project}-${var.env}", rawUnicode), cty.StringVal("atlas-prod")},
	{"common_tags", func(e *enc) {
		e.obj()
		for _, kv := range [][2]string{{"Project", "${var.project}"}, {"Environment", "${var.env}"},
			{"ManagedBy", "terraform"}, {"Propriétaire", "équipe-infra"}} {
			e.key(kv[0])
			e.str(kv[1], rawUnicode)
		}
		e.end('}')
	}, cty.ObjectVal(map[string]cty.Value{
		"Project": cty.StringVal("atlas"), "Environment": cty.StringVal("prod"),
		"ManagedBy": cty.StringVal("terraform"), "Propriétaire": cty.StringVal("équipe-infra"),
	})},
	{"az_count", strSrc("${length(var.azs)}", rawUnicode), cty.NumberIntVal(3)},
	{"is_prod", strSrc(`${var.env == "prod"}`, rawUnicode), cty.True},
	{"bucket_suffix", strSrc("café-日本-🚀", asciiOnly), cty.StringVal("café-日本-🚀")},
	{"subnet_cidrs", func(e *enc) {
		e.arr()
		for _, s := range []string{"10.0.1.0/24", "10.0.2.0/24", "10.0.3.0/24"} {
			e.elem()
			e.str(s, rawUnicode)
		}
		e.end(']')
	}, cty.TupleVal([]cty.Value{cty.StringVal("10.0.1.0/24"), cty.StringVal("10.0.2.0/24"), cty.StringVal("10.0.3.0/24")})},
	{"settings", func(e *enc) {
		e.obj()
		e.key("retention_days")
		e.int(14)
		e.key("ratio")
		e.number("0.75")
		e.key("max_bytes")
		e.number("1e3")
		e.key("nested")
		e.obj()
		e.key("enabled")
		e.bool(true)
		e.key("owner")
		e.null()
		e.end('}')
		e.end('}')
	}, cty.ObjectVal(map[string]cty.Value{
		"retention_days": cty.NumberIntVal(14),
		"ratio":          cty.NumberVal(big.NewFloat(0.75)),
		"max_bytes":      cty.NumberIntVal(1000),
		"nested": cty.ObjectVal(map[string]cty.Value{
			"enabled": cty.True, "owner": cty.NullVal(cty.DynamicPseudoType),
		}),
	})},
	{"greeting", strSrc("%{ if var.enabled }Bonjour%{ else }Au revoir%{ endif }, ${title(var.project)}!", rawUnicode),
		cty.StringVal("Bonjour, Atlas!")},
	{"zones", strSrc("${[for az in var.azs : upper(az)]}", rawUnicode),
		cty.TupleVal([]cty.Value{cty.StringVal("US-EAST-1A"), cty.StringVal("US-EAST-1B"), cty.StringVal("US-EAST-1C")})},
	{"banner", strSrc("line one\nline two\t\"quoted\" \\ backslash", rawUnicode),
		cty.StringVal("line one\nline two\t\"quoted\" \\ backslash")},
}

func varDef(name string) cty.Value {
	for _, v := range variables {
		if v.name == name {
			return v.def
		}
	}
	panic("tfgen: no variable " + name)
}

func obj(kv ...any) cty.Value {
	m := make(map[string]cty.Value, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		v := kv[i+1]
		switch v := v.(type) {
		case string:
			m[kv[i].(string)] = cty.StringVal(v)
		case cty.Value:
			m[kv[i].(string)] = v
		}
	}
	return cty.ObjectVal(m)
}

// EvalContext returns the evaluation context that every template in a
// generated document needs: var.* (the variables' defaults), local.*, count,
// each, path, terraform, self, the iterators of dynamic blocks, the
// resources and data sources that templates refer to, and the functions
// they call. Each call returns a new context.
func EvalContext() *hcl.EvalContext {
	vars := make(map[string]cty.Value, len(variables))
	for _, v := range variables {
		vars[v.name] = v.def
	}
	locs := make(map[string]cty.Value, len(locals))
	for _, l := range locals {
		locs[l.name] = l.val
	}
	ingress := obj("key", cty.NumberIntVal(0), "value", varDef("ingress_rules").Index(cty.NumberIntVal(0)))
	vol := obj("key", cty.NumberIntVal(0), "value", varDef("ebs_volumes").Index(cty.NumberIntVal(0)))
	subnet := func(id string) cty.Value {
		return obj("id", id, "arn", "arn:aws:ec2:us-east-1:123456789012:subnet/"+id)
	}
	return &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"var":              cty.ObjectVal(vars),
			"local":            cty.ObjectVal(locs),
			"count":            obj("index", cty.NumberIntVal(0)),
			"each":             obj("key", "us-east-1a", "value", "US-EAST-1A"),
			"path":             obj("module", ".", "root", ".", "cwd", "/work"),
			"terraform":        obj("workspace", "default"),
			"self":             obj("id", "i-0123456789abcdef0", "private_ip", "10.0.1.17", "public_ip", "203.0.113.7"),
			"ingress":          ingress,
			"rule":             ingress,
			"ebs_block_device": vol,
			"vol":              vol,
			"aws_vpc":          obj("main", obj("id", "vpc-0a1b2c3d4e5f60718", "cidr_block", "10.0.0.0/16")),
			"aws_subnet": obj("private", cty.TupleVal([]cty.Value{
				subnet("subnet-0a1b2c3d"), subnet("subnet-0e5f6a7b"), subnet("subnet-09c8d7e6"),
			})),
			"aws_security_group": obj("web", obj("id", "sg-0a1b2c3d4e5f60718")),
			"aws_iam_role": obj("lambda", obj("arn", "arn:aws:iam::123456789012:role/lambda-exec",
				"name", "lambda-exec")),
			"aws_s3_bucket": obj("logs", obj("id", "atlas-logs", "arn", "arn:aws:s3:::atlas-logs",
				"bucket", "atlas-logs")),
			"aws_kms_key":   obj("main", obj("arn", "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab")),
			"aws_sns_topic": obj("alerts", obj("arn", "arn:aws:sns:us-east-1:123456789012:alerts")),
			"aws_instance":  obj("web", obj("id", "i-0123456789abcdef0")),
			"data": obj(
				"aws_ami", obj("ubuntu", obj("id", "ami-0c55b159cbfafe1f0")),
				"aws_availability_zones", obj("available", obj("names", strList("us-east-1a", "us-east-1b", "us-east-1c"))),
				"aws_iam_policy_document", obj("assume", obj("json", `{"Version":"2012-10-17","Statement":[]}`)),
				"aws_caller_identity", obj("current", obj("account_id", "123456789012")),
			),
		},
		Functions: map[string]function.Function{
			"contains":   stdlib.ContainsFunc,
			"element":    stdlib.ElementFunc,
			"format":     stdlib.FormatFunc,
			"join":       stdlib.JoinFunc,
			"jsonencode": stdlib.JSONEncodeFunc,
			"length":     stdlib.LengthFunc,
			"lookup":     stdlib.LookupFunc,
			"lower":      stdlib.LowerFunc,
			"merge":      stdlib.MergeFunc,
			"min":        stdlib.MinFunc,
			"title":      stdlib.TitleFunc,
			"toset":      stdlib.MakeToFunc(cty.Set(cty.String)),
			"upper":      stdlib.UpperFunc,
		},
	}
}

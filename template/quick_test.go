package template

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/customdecode"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// tryFunc takes an expression, as Terraform's try does: Quick leaves it
// to the parsed template.
var tryFunc = function.New(&function.Spec{
	VarParam: &function.Parameter{Name: "expressions", Type: customdecode.ExpressionClosureType},
	Type:     function.StaticReturnType(cty.String),
	Impl: func([]cty.Value, cty.Type) (cty.Value, error) {
		return cty.StringVal("tried"), nil
	},
})

// quickCtx has a value of every kind Quick reads, and of the kinds it
// leaves to the parsed template (null, unknown, marked, sets, maps of
// lists), in a child context whose parent holds more.
func quickCtx() *hcl.EvalContext {
	parent := &hcl.EvalContext{Variables: map[string]cty.Value{
		"parent":  cty.StringVal("from the parent"),
		"shadow":  cty.StringVal("parent's"),
		"self":    cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("i-1")}),
		"nothing": cty.NullVal(cty.String),
	}}
	child := parent.NewChild()
	child.Variables = map[string]cty.Value{
		"var": cty.ObjectVal(map[string]cty.Value{
			"env":       cty.StringVal("prod"),
			"n":         cty.NumberIntVal(3),
			"frac":      cty.NumberFloatVal(2.5),
			"on":        cty.True,
			"azs":       cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}),
			"tup":       cty.TupleVal([]cty.Value{cty.StringVal("t0"), cty.NumberIntVal(1)}),
			"tags":      cty.MapVal(map[string]cty.Value{"Name": cty.StringVal("web"), "a-b": cty.StringVal("dash")}),
			"set":       cty.SetVal([]cty.Value{cty.StringVal("s")}),
			"null":      cty.NullVal(cty.String),
			"unknown":   cty.UnknownVal(cty.String),
			"secret":    cty.StringVal("hunter2").Mark("sensitive"),
			"obj":       cty.ObjectVal(map[string]cty.Value{"inner": cty.ObjectVal(map[string]cty.Value{"x": cty.StringVal("deep")})}),
			"empty":     cty.ListValEmpty(cty.String),
			"dyn":       cty.DynamicVal,
			"unkobj":    cty.UnknownVal(cty.Object(map[string]cty.Type{"a": cty.String, "l": cty.List(cty.Number)})),
			"unkmap":    cty.UnknownVal(cty.Map(cty.Bool)),
			"unklist":   cty.UnknownVal(cty.List(cty.String)),
			"dynsecret": cty.DynamicVal.Mark("sensitive"),
			"nullobj":   cty.NullVal(cty.Object(map[string]cty.Type{"a": cty.String})),
			"markedobj": cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("x")}).Mark("m"),
			"big":       cty.MustParseNumberVal("123456789012345678901234567890.5"),
		}),
		"shadow": cty.StringVal("child's"),
		"count":  cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(0)}),
		"subnets": cty.TupleVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("s-1"), "n": cty.NumberIntVal(1)}),
			cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("s-2"), "n": cty.NumberIntVal(2)}),
		}),
		"sublist": cty.ListVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("l-1"), "o": cty.ObjectVal(map[string]cty.Value{"x": cty.True})}),
			cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("l-2"), "o": cty.ObjectVal(map[string]cty.Value{"x": cty.False})}),
		}),
		"emptylist": cty.ListValEmpty(cty.Object(map[string]cty.Type{"id": cty.String})),
		"mixed": cty.TupleVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("m")}),
			cty.ObjectVal(map[string]cty.Value{"id": cty.NumberIntVal(7)}),
		}),
	}
	child.Functions = map[string]function.Function{
		"upper":      stdlib.UpperFunc,
		"lower":      stdlib.LowerFunc,
		"join":       stdlib.JoinFunc,
		"length":     stdlib.LengthFunc,
		"element":    stdlib.ElementFunc,
		"lookup":     stdlib.LookupFunc,
		"toset":      stdlib.MakeToFunc(cty.Set(cty.String)),
		"tolist":     stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"concat":     stdlib.ConcatFunc,
		"format":     stdlib.FormatFunc,
		"min":        stdlib.MinFunc,
		"coalesce":   stdlib.CoalesceFunc,
		"jsonencode": stdlib.JSONEncodeFunc,
		"merge":      stdlib.MergeFunc,
		"contains":   stdlib.ContainsFunc,
		"try":        tryFunc,
		"split":      stdlib.SplitFunc,
	}
	parent.Functions = map[string]function.Function{"title": stdlib.TitleFunc, "upper": stdlib.LowerFunc}
	return child
}

// generalValue evaluates text the general way: hclsyntax's parser and
// evaluator, with no fast path of ours.
func generalValue(text string, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	expr, diags := hclsyntax.ParseTemplate([]byte(text), "q", hcl.InitialPos)
	if diags.HasErrors() {
		return cty.DynamicVal, diags
	}
	v, more := expr.Value(ctx)
	return v, append(diags, more...)
}

func TestQuick(t *testing.T) {
	tests := []struct {
		text string
		ok   bool
	}{
		// One interpolation: the value itself, of any type.
		{"${var.env}", true},
		{"${var.n}", true},
		{"${var.azs}", true},
		{"${var.azs[1]}", true},
		{"${var.tup[1]}", true},
		{`${var.tags["Name"]}`, true},
		{`${var.tags.Name}`, true},
		{`${var.tags["a-b"]}`, true},
		{`${var.obj.inner.x}`, true},
		{`${var.obj["inner"]["x"]}`, true},
		{"${parent}", true},
		{"${shadow}", true},
		{"${self.id}", true},
		{"${var.null}", true},
		{"${var.unknown}", true},
		{"${var.secret}", true},
		{"${var.dyn}", true},
		{"${nothing}", true},
		// Text with interpolations, on one line or several.
		{"web-${var.env}-${count.index}", true},
		{"${var.env}${var.env}", true},
		{"n=${var.n} f=${var.frac} on=${var.on} big=${var.big}", true},
		{"line one\nline ${var.env}\n\tthree $${HOME} %%{x} $ % $$${var.env}", true},
		{"#!/bin/bash\necho \"${var.env}\"\nexport A=$${HOME}\n", true},
		// Calls, splats, literals and tuples.
		{`${join(",", var.azs)}`, true},
		{`${ join( ",", var.azs ) }`, true},
		{`${length(var.azs)}`, true},
		{`${upper(var.env)}`, true},
		{`${title(var.env)}`, true},
		{`${lower(var.env)}-${var.env}-artifacts`, true},
		{`${lookup(var.tags, "Owner", "nobody")}`, true},
		{`${lookup(var.tags, "Name", "nobody")}`, true},
		{`${toset(var.azs)}`, true},
		{`${tolist(var.azs)}`, true},
		{`${element(subnets[*].id, 1)}`, true},
		{`${subnets[*].id}`, true},
		{`${sublist[*].id}`, true},
		{`${sublist[*].o.x}`, true},
		{`${subnets[*]}`, true},
		{`${var.azs[*]}`, true},
		{`${join("-", subnets[*].id)}`, true},
		{`${concat(var.azs, ["c"])}`, true},
		{`${[var.env, 1, true]}`, true},
		{`${[]}`, true},
		{`${format("%s-%03d", var.env, length(var.azs))}`, true},
		{`${min(3, var.n)}`, true},
		{`${min(3, 1.5, 10)}`, true},
		{`${coalesce("", var.env)}`, true},
		{`${jsonencode([var.env, var.n])}`, true},
		{`${contains(var.azs, "b")}`, true},
		{`${var.n}${length(var.tags)}`, true},
		{`x ${upper(var.unknown)}`, true},
		{`${upper(var.unknown)}`, true},
		{`${upper(var.secret)}`, true},
		{`${length(var.null)}`, false},
		{`${upper(var.n)}`, true},
		{`${upper(var.azs)}`, false},
		{`${upper()}`, false},
		{`${upper(var.env, var.env)}`, false},
		{`${nope(var.env)}`, false},
		{`${element(var.empty, 0)}`, false},
		{`${try(var.env)}`, false},
		{`${emptylist[*].id}`, false},
		{`${mixed[*].id}`, true},
		{`${var.set[*]}`, false},
		{`${var.env[*]}`, false},
		{`${subnets[*].id[0]}`, false},
		{`${subnets[*].nope}`, false},
		{`${upper("a\b")}`, false},
		{`${upper("${x}")}`, false},
		{`${min(01)}`, false},
		{`${min(1e3)}`, false},
		{`${min(1.)}`, false},
		{`${null}`, true},
		{`${upper(var.env,)}`, true},
		{`${upper(var.env,,)}`, false},
		{`${upper(,)}`, false},
		{`${[,]}`, false},
		{`${[var.env, ]}`, true},
		{"${lookup(\n  var.tags,\n  \"Name\",\n  \"x\",\n)}", true},
		{`${upper(upper(upper(upper(upper(upper(upper(upper(upper(var.env)))))))))}`, false},
		// Quoted templates inside expressions.
		{`${jsonencode({Version = "2012-10-17", Resource = ["${var.env}/*", "$${x}"]})}`, true},
		{`${upper("${var.env}")}`, true},
		{`${"${var.n}"}`, true},
		{`${"n=${var.n}"}`, true},
		{`${"${var.n}${var.n}"}`, true},
		{`${upper("${var.unknown}-x")}`, true},
		{`${"a-${var.dyn}-${var.unknown}-${var.n}"}`, true},
		{`${"${var.unknown}${var.azs}"}`, false},
		{`${"x${var.dynsecret}"}`, false},
		{`${"x${var.unkobj}"}`, true},
		{`${var.on ? "${var.dyn}-" : null}`, true},
		{`${coalesce(var.env, "${var.dyn}-rg")}`, true},
		{"${\"" + strings.Repeat("p", 130) + "${var.dyn}\"}", true},
		{`${{"${var.env}" = 1}}`, true},
		// Keys that are expressions.
		{"${{(var.env) = 1}}", true},
		{"${{(var.unknown) = 1, b = 2}}", true},
		{`${{var.on ? "a" : "b" = 1}}`, true},
		{"${{var.env == \"prod\" ? \"a\" : \"b\" = {\n  # c\n  x = 1\n}}}", true},
		{"${{var.env.x = 1}}", false},
		{"${{var.tags.Name = 1}}", false},
		{"${{var.azs[0] = 1}}", false},
		{"${{(var.tags.Name) = 1}}", true},
		{"${{(var.null) = 1}}", false},
		{"${{(var.secret) = 1}}", false},
		{"${{(var.azs) = 1}}", false},
		{"${{(var.n) = 1}}", true},
		{`${{"${var.dyn}-x" = var.env}}`, true},
		{"${{(var.env) = 1, prod = 2}}", true}, // the last one, as ObjectConsExpr keeps it
		{"${{upper(var.env) = 1}}", true},
		{"${{var.n + 1 = 1}}", true},
		{"${{(var.unknown) = var.missing}}", false},
		{"${{(var.dyn) = 1, (var.dyn) = 2}}", true},
		{"${{a => 1}}", false},
		{`${"a%{ if true }b%{ endif }"}`, false},
		// If directives.
		{`%{ if var.on }active%{ else }standby%{ endif }`, true},
		{`%{if var.on}a%{endif}`, true},
		{`%{ if !var.on }a%{ endif }`, true},
		{`x %{ if var.n > 2 }big ${var.env}%{ else }small%{ endif } y`, true},
		{`%{ if var.on }%{ if var.n == 3 }3%{ else }?%{ endif }%{ endif }`, true},
		{`%{ if var.on }a%{ else }${var.unknown}%{ endif }`, false},
		{`%{ if var.env }a%{ endif }`, false},
		{`%{ if var.on }a%{ else }b`, false},
		{`%{ if var.on }a%{ endfor }`, false},
		{`%{ else }`, false},
		{`%{ if var.on ~}a%{ endif }`, false},
		{`%{ for x in var.azs }${x}%{ endfor }`, false},
		{`%{ if var.on }Bonjour%{ else }Au revoir%{ endif }, ${title(var.env)}!`, true},
		// Operators, conditionals, computed indexes, objects.
		{`${var.on ? 1 : 0}`, true},
		{`${var.on ? "a" : "b"}`, true},
		{`${!var.on ? 1 : 0}`, true},
		{`${var.on ? 1 : "0"}`, true},
		{`${var.on ? var.env : null}`, true},
		{`${!var.on ? var.env : null}`, true},
		{`${var.n > 5 ? var.env : null}`, true},
		{`${var.n > 5 ? null : var.azs}`, true},
		{`${var.on ? null : null}`, false},
		{`${var.on ? var.dyn : null}`, true},
		{`${[null, 1]}`, true},
		{`${upper(null)}`, false},
		{`${null == null}`, true},
		{`${var.on ? var.unknown : var.env}`, true},
		{`${var.env == "prod" ? "big" : "small"}`, true},
		{`${var.env == "prod"}`, true},
		{`${var.env != "prod"}`, true},
		{`${length(var.azs) > 1}`, true},
		{`${length(var.azs) >= 3}`, true},
		{`${var.n < 1 == false}`, true},
		{`${count.index + 10}`, true},
		{`10.${count.index + 10}.0.0/16`, true},
		{`${min(3, var.n) * 2.5}`, true},
		{`${1 + 2 * 3 - 4 / 2 % 3}`, true},
		{`${var.n - 1}`, true},
		{`${var.n-1}`, false},
		{`${var.n % 0}`, true},
		{`${var.n / 0}`, true},
		{`${var.azs[count.index]}`, true},
		{`${subnets[count.index % 2].id}`, true},
		{`${subnets[var.n - 2]["id"]}`, true},
		{`${var.tags[var.env]}`, false},
		{`${var.tags["Na${x}"]}`, false},
		{`${var.azs[var.n]}`, false},
		{`${var.azs[1.5]}`, false},
		{`${var.obj[var.env]}`, false},
		{`${{Extra = "oui", n = var.n}}`, true},
		{`${merge(var.tags, {Extra = "oui"})}`, true},
		{`${{"quoted key" = 1, bare = [var.env]}}`, true},
		{`${{a = 1, a = 2}}`, true}, // the last one, as ObjectConsExpr keeps it
		{`${{a = 1, b = 3, "a" = var.env}}`, true},
		{`${{a: 1}}`, true},
		{`${{"a-b" : var.env, c : [1]}}`, true},
		{`${var.on ? { "User-Agent" : var.env } : null}`, true},
		{`${{a :: 1}}`, false},
		{`${{a :}}`, false},
		{`${{a == 1}}`, false},
		{`${{}}`, true},
		{`${var.on && true}`, true},
		// Operators over unknown, marked and null operands: the
		// operator's function decides, as in BinaryOpExpr and
		// UnaryOpExpr; a failing conversion or call is the node's.
		{`${var.unknown == "x"}`, true},
		{`${var.dyn + 1}`, true},
		{`${var.unkobj.a != null}`, true},
		{`${var.secret == "hunter2"}`, true},
		{`${var.n + var.big}`, true},
		{`${var.dynsecret > 2}`, true},
		{`${-var.dyn}`, true},
		{`${!var.dyn}`, true},
		{`${-var.dynsecret}`, true},
		{`${var.null == null}`, true},
		{`${var.null != "x"}`, true},
		{`${var.null + 1}`, false},
		{`${-var.null}`, false},
		{`${!var.null}`, false},
		{`${var.env + 1}`, false},
		{`${-var.env}`, false},
		{`${!var.n}`, false},
		{`${var.unknown && true}`, true},
		{`${var.dyn && var.on || var.dyn}`, true},
		{`${var.unknown + 1}`, true},
		{`${var.n // comment
}`, true},
		// Comments, dropped; a line comment ends an object's item.
		{"${var.n # comment\n}", true},
		{"${var.n # comment}", false},
		{"${var.n /* c */ + 1}", true},
		{"${var.n /* c + 1}", false},
		{"${var.n # c \r x\n}", false},
		{"${var.n # c\r\n}", true},
		{"${var.n /* a\nb */}", true},
		{"${{\n  a = 1 # one\n  # a line\n  b = 2 // two\n}}", true},
		{"${{a = 1 /* c */, b = 2}}", true},
		{"${{a = 1 /* c */ b = 2}}", false},
		{"${{a = 1 + # c\n 2}}", false},
		{"${[ # c\n for x in var.dyn : x]}", true},
		{"${{ # c\n for k, v in var.dyn : k => v}}", true},
		{"${{a = {\n for k, v in var.dyn : k => v}}}", true},
		{"${[ /* c */ for x in var.dyn : x]}", true},
		{"${var.n # } ${var.env}\n}", true},
		{"${merge(var.tags, { # {\n  x = 1 # }\n})}", true},
		{"${upper(var.env) // x\n  }-${var.n}", true},
		{"${var.n / 2}", true},
		{"${var.n /2}", true},
		{"${var.n //2\n}", true},
		// Left to the parsed template: errors, nulls, unknowns, marks,
		// other shapes.
		{"${var.missing}", false},
		{"${missing}", false},
		{"${var.azs[2]}", false},
		{"${var.empty[0]}", false},
		{`${var.tags["Nope"]}`, false},
		{`${var.tags.Nope}`, false},
		{"${var.set[0]}", false},
		{`${var.azs["0"]}`, false},
		{"${var.tup.x}", false},
		{"${var.null.x}", false},
		{"${var.nullobj.a}", false},
		{"${var.markedobj.a}", false},
		{"${var.null}-x", false},
		{"${var.secret}-x", false},
		{"${var.azs}-x", false},
		{"${var.dynsecret}", true},
		{"${var.dynsecret.a}", false},
		{"x-${var.dynsecret}", false},
		{"${var.unkobj.nope}", false},
		// Backslash escapes in quoted templates.
		{`${join("\n", var.azs)}`, true},
		{`${"a\"b"}`, true},
		{`${"\\"}`, true},
		{`${"x\ty\r"}`, true},
		{`${"\\${var.env}\\"}`, true},
		{`${"\"${var.dyn}\""}`, true},
		{`${var.on ? "\"" : "\\\\"}`, true},
		{`${{"a\"b" = 1, "c\\d" : var.env}}`, true},
		{`${"\\$${var.env}"}`, true},
		{`${"\u00e9"}`, false},
		{`${"\q"}`, false},
		{`${"\$"}`, false},
		{`${"x\`, false},
		// The attribute-only splat.
		{"${subnets.*.id}", true},
		{"${sublist.*.o.x}", true},
		{"${subnets.*}", true},
		{"${var.dyn.*.id}", true},
		{"${var.dyn.*.id.name}", true},
		{"${join(\",\", sublist.*.id)}", true},
		{"${subnets.*.id[0]}", false},
		{"${subnets.*.0}", false},
		{"${subnets.*.nosuch}", false},
		{"${var.null.*.id}", false},
		{"${emptylist.*.id}", false},
		{"${subnets.*id}", false},
		// Unknown collections of known types, and unknown keys: hcl.Index.
		{"${var.unklist[0]}", true},
		{"${var.unkmap[var.env]}", true},
		{"${var.unklist[\"x\"]}", false},
		{"${var.unklist[var.unknown]}", true},
		{"${var.azs[var.unknown]}", true},
		{"${var.tags[var.unknown]}", true},
		{"${var.tup[var.unknown]}", true},
		{"${var.unkobj[\"a\"]}", true},
		{"${var.unkobj[\"nosuch\"]}", true}, // an unknown object: cty.DynamicVal, whatever the key
		{"${var.unkobj[var.unknown]}", true},
		{"${split(\"/\", var.dyn)[0]}", true},
		{"${split(\"/\", var.unknown)[1]}", true},
		{"${var.unklist[0][1]}", false},
		{"${var.unklist[-1]}", true},
		{"${var.unklist[1.5]}", true},
		{"${var.dyn[var.null]}", false},
		{"%{ if var.on }a%{ else }${var.dyn}%{ endif }", false},
		{"%{ if var.dyn }a%{ endif }", false},
		{"${var.dyn == 1}", true},
		{"${var.dyn ? 1 : 2}", true},
		{"${var.dyn[*].id}", true},
		{"${var.dyn[*].id[0]}", false},
		{"${var.dynsecret[*].id}", false},
		// For expressions over a collection of unknown type: the
		// expressions after the colon are read, not evaluated.
		{"${[for x in var.dyn : upper(x)]}", true},
		{"${{for k, v in var.dyn : k => v}}", true},
		{"${{for k, v in var.dyn : k => v... if v != null}}", true},
		{"${[for x in var.dyn : x if x.enabled]}", true},
		{"${[for x in var.dyn : nosuchfunc(x, nosuchvar)]}", true},
		{"${[for x in var.dyn : [for y in x : y.id]]}", true},
		{"${length([for x in var.dyn : x])}", true},
		{"${[\n  for x in var.dyn :\n  x\n]}", true},
		{"${{\n  for k, v in var.dyn :\n  k => v\n  if v\n}}", true},
		{"${[for x in var.dyn : \"${x}-a\"]}", true},
		{"${[for x in var.dyn : x[*].id]}", true},
		// Precedence and grouping, left to right within a level.
		{"${10 - 3 - 2}", true},
		{"${8 / 4 / 2}", true},
		{"${2 * 3 % 4}", true},
		{"${7 % 4 * 3}", true},
		{"${1 + 2 < 4 && 3 * 2 >= 6}", true},
		{"${var.on || false && false}", true},
		{"${false && true || true}", true},
		{"${1 < 2 == true}", true},
		{"${1 == 1 != false}", true},
		{"${-var.n - -2 * 3}", true},
		{"${!var.on || !false}", true},
		{"${1 + 2 * 3 - 4 / 2 % 3 == 5 != false ? 1 - 1 - 1 : 2}", true},
		{"${1 +* 2}", false},
		{"${1 << 2}", false},
		{"${var.n >= 3 >= true}", false},
		// Known collections: evaluated for each element, as ForExpr does.
		{"${[for x in var.azs : upper(x)]}", true},
		{"${[for i, x in var.azs : \"${i}-${x}\"]}", true},
		{"${[for x in var.tup : x]}", true},
		{"${[for x in var.set : x]}", true},
		{"${[for k, v in var.tags : \"${k}=${v}\"]}", true},
		{"${[for k, v in var.obj : k]}", true},
		{"${{for k, v in var.tags : v => k}}", true},
		{"${{for x in var.azs : x => upper(x)}}", true},
		{"${{for x in [\"a\", \"b\", \"a\"] : x => x...}}", true},
		{"${{for x in [\"a\", \"b\", \"a\"] : x => 1}}", false}, // duplicate key: an error
		{"${[for x in var.azs : x if x != \"a\"]}", true},
		{"${[for x in var.azs : x if var.dyn]}", true},
		{"${{for x in var.azs : x => x if var.dyn}}", true},
		{"${{for x in var.azs : var.dyn => x}}", true},
		{"${[for x in var.azs : x if var.null]}", false},  // a null condition: an error
		{"${[for x in var.azs : x if \"maybe\"]}", false}, // not a bool: an error
		{"${[for x in var.azs : x if var.on]}", true},
		{"${[for x in var.empty : nosuchvar]}", true},
		{"${[for x in var.empty : x if nosuchvar]}", false}, // the condition is checked once
		{"${[for x in var.azs : [for y in var.azs : \"${x}${y}\"]]}", true},
		{"${[for x in var.azs : [for y in var.dyn : y]]}", true},
		{"${[for x in subnets : x.id if x.n > 1]}", true},
		{"${[for x in subnets : x.nosuch]}", false},
		{"${{for x in subnets : x.n => x.id}}", true},
		{"${{for x in subnets : x => 1}}", false}, // an object key: an error
		{"${[for x in var.azs : var.secret]}", true},
		{"${[for x in var.azs : x if var.secret == \"x\"]}", false},
		{"${[for x in [var.secret] : x]}", true},
		{"${[for x in var.markedobj : x]}", false},
		{"${[for x in var.n : x]}", false}, // not iterable: an error
		{"${[for x in var.unklist : x]}", true},
		{"${[for x in var.unkmap : x]}", true},
		{"${[for x in var.unknown : x]}", false},
		{"${[for x, x in var.azs : x]}", true},
		{"${[for x in var.azs : x\n]}", true},
		{"${[for x in var.azs : nosuchfunc(x)]}", false},
		{"${[for x in null : x]}", false},
		{"${[for x in var.dynsecret : x]}", false},
		{"${[for x in var.dyn : x => 1]}", false},
		{"${{for x in var.dyn : x}}", false},
		{"${[for x in var.dyn : x...]}", false},
		{"${[for x, in var.dyn : x]}", false},
		{"${[for x in var.dyn x]}", false},
		{"${[for in var.dyn : 1]}", false},
		{"${[for x in var.dyn :: x]}", false},
		{"${[for x in var.dyn : x if]}", false},
		{"${[for x in var.dyn : x] }", true},
		{"${[for x in var.dyn : x]]}", false},
		{"${[for x in var.dyn : x if x ? 1 : [1]]}", true},
		{"${merge([for x in var.dyn : x]...)}", false},
		{"${[for x in var.dyn : x ~]}", false},
		{"${[for x in var.dyn : x\r]}", false},
		// Unknowns: a reference through a value of unknown type is
		// unknown, an unknown object's or map's attribute is unknown of
		// its type, and text with an unknown part is an unknown string
		// refined with the text before it.
		{"${var.unknown}-x", true},
		{"${var.dyn}-x", true},
		{"${var.dyn.a.b[0][\"k\"]}", true},
		{"${var.dyn[var.n].x}", true},
		{"${var.azs[var.dyn]}", true},
		{"${var.unkobj.a}", true},
		{"${var.unkobj.l}", true},
		{"${var.unkmap.k}", true},
		{"arn:${var.dyn.partition}:s3:::${var.env}-${var.dyn}", true},
		{"${var.dyn}${var.null}", false},
		{"${var.dyn}${var.azs}", false},
		{"${var.dyn}${var.unkobj}", true},
		{"x %{ if var.on }y%{ endif } ${var.dyn} z ${var.n}", true},
		{"${upper(var.dyn)}-${lower(var.env)}", true},
		{"${join(\",\", [var.dyn, var.env])}", true},
		{"${[var.dyn, var.unkobj.a]}", true},
		{strings.Repeat("long text ", 20) + "${var.dyn}", true},
		// Operators and conditionals over unknown, null or marked values:
		// hclsyntax's own node, over the values.
		{"${var.dyn != null ? [var.dyn] : []}", true},
		{"${var.on ? var.unkobj : null}", true},
		{"${var.dyn ? var.n : 7}", true},
		{"${var.dyn ? var.unkobj : null}", true},
		{"${var.dyn ? null : null}", true},
		{`${var.secret == "x" ? 1 : 2}`, true},
		{"${var.n > 1 && var.dyn}", true},
		{"${var.dyn || var.on && false}", true},
		{"${var.on || var.dyn}", true},
		{"${!var.dyn}", true},
		{"${-var.dyn}", true},
		{"${-var.n * 2}", true},
		{"${-1 + 2}", true},
		{"${- -1}", true},
		{"${!!var.on}", true},
		{"${!var.on == false}", true},
		{"${var.unknown == var.env}", true},
		{"${var.n + var.dyn}", true},
		{"x-${var.dyn ? \"a\" : \"b\"}", true},
		{"${var.null ? 1 : 2}", false},
		{"${!var.env}", false},
		{"${-var.env}", false},
		{"${var.on ? 1 : var.azs}", false},
		{"${var.env && true}", false},
		{"${var.dyn + var.azs}", false},
		{"${!= 1}", false},
		{"${var.on &&& true}", false},
		{"${var.on | true}", false},
		// White space across lines, parentheses.
		{"${\n  var.env\n}", true},
		{"${\tvar.env\t}", true},
		{"${upper(\n  var.env\n)}", true},
		{"${upper(\n  var.env,\n)}", true},
		{"${[\n  var.env,\n  var.n\n]}", true},
		{"${(\n  var.on\n  ? 1\n  : 0\n)}", true},
		{"${(var.n + 1) * 2}", true},
		{"${((var.dyn))}", true},
		{"${var.on\n? 1\n: 0}", true},
		{"${var.env\r\n}", true},
		{"${var.env\r}", false},
		{"${{\n a = 1\n}}", true},
		{"${{\n\n  a = 1\n\n  b = var.env,\n  \"c\" = [\n    1,\n  ]\n}}", true},
		{"${{\n\n  a = 1\n\n  b = var.env,\n  \"c\" = [\n    1\n  ]\n}}", true},
		{"${merge(var.tags, {\r\n  Name = var.env\r\n})}", true},
		{"${{a = 1\n, b = 2}}", false},
		{"${{a = 1 b = 2}}", false},
		{"${{a\n= 1}}", false},
		{"${{a =\n1}}", false},
		{"${{a = 1\n+ 1}}", false},
		{"${{a = 1,\n}}", true},
		{"${{a = 1\r}}", false},
		{"${{a = (1\n+ 1)}}", true},
		{"${{a = [1,\n2]}}", true},
		{"${(var.obj).inner}", true},
		{"${(var.obj).inner.x}", true},
		{"${(var.azs)[1]}", true},
		{"${(var.azs)[5]}", false},
		{"${(var.env).x}", false},
		{`${tolist(var.azs)[1]}`, true},
		{`${concat(var.azs, ["c"])[2]}`, true},
		{`${merge(var.tags, {x = var.obj}).x.inner}`, true},
		{`${lookup(var.tags, "Name", "x")[0]}`, false},
		{`${concat(var.azs)[*]}`, true},
		{`${concat(subnets)[*].id}`, true},
		{`${upper(var.dyn).x}`, false},
		{`${merge(var.dyn).x}`, true},
		{`${upper(var.env) [0]}`, false},
		{`${upper(var.env).0}`, false},
		{`${-length(var.azs)[0]}`, false},
		{`${!contains(var.azs, "a")}`, true},
		{`${-(var.n)}`, true},
		{"${(var.env}", false},
		{"${var.azs\n[0]}", false},
		{"${upper\n(var.env)}", false},
		{"${ {for = 1} }", false},
		{"${ {\nfor = 1} }", false},
		{"${[for]}", false},
		{"${ {a = 1, for = 2} }", true},
		{"${ {format = 1} }", true},
		{"${[format(\"%s\", var.env)]}", true},
		{strings.Repeat("a", 127) + "${var.env}${var.dyn}", true},
		{"a ${var.env} %{ if true }b%{ endif }", true},
		{"\r${var.env}", false},
		{"é ${var.env}", false},
		{"${ var.env }", true},
		{"${var.env ~}", false},
		{"$${var.env}", true},
		{"home/$${aws:username}/* %%{x}", true},
		{"$${", false},
		{"$$${x}", true},
		{"${true}", true},
		{"${var.azs[01]}", false},
	}
	ctx := quickCtx()
	for _, tt := range tests {
		got, ok := Quick(tt.text, ctx)
		if ok != tt.ok {
			t.Errorf("Quick(%q): ok = %v, want %v", tt.text, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		want, diags := generalValue(tt.text, ctx)
		if len(diags) > 0 {
			t.Errorf("Quick(%q) = %#v, but the general path says: %s", tt.text, got, diags.Error())
			continue
		}
		if !got.RawEquals(want) {
			t.Errorf("Quick(%q) = %#v, general path %#v", tt.text, got, want)
		}
		// And the template as Parse builds it, fast paths included.
		src := Source{Text: tt.text, Filename: "q", Start: hcl.InitialPos}
		if v, diags := Parse(src).Value(ctx); len(diags) > 0 || !v.RawEquals(got) {
			t.Errorf("Quick(%q) = %#v, Parse(...).Value = %#v, %v", tt.text, got, v, diags)
		}
	}
	if _, ok := Quick("${var.env}", nil); ok {
		t.Error("Quick with a nil context: ok")
	}
}

// TestQuickBounded checks that QuickBounded gives up on a for expression
// over a known collection, anywhere in the template, and otherwise gives
// what Quick gives.
func TestQuickBounded(t *testing.T) {
	ctx := quickCtx()
	for _, tt := range []struct {
		text string
		ok   bool
	}{
		{"${[for x in var.azs : upper(x)]}", false},
		{"${{for k, v in var.tags : v => k}}", false},
		{"${length([for x in var.set : x])}", false},
		{"${var.on ? [for x in var.azs : x] : []}", false},
		{"a ${length([for x in var.dyn : [for y in var.azs : y]])}", true},
		{"${[for x in var.unklist : [for y in var.azs : y]]}", true},
		{"${[for x in var.dyn : x]}", true},
		{"${var.env}-${count.index}", true},
		{"${join(\",\", var.azs)}", true},
	} {
		got, ok := QuickBounded(tt.text, ctx)
		if ok != tt.ok {
			t.Errorf("QuickBounded(%q): ok = %v, want %v", tt.text, ok, tt.ok)
			continue
		}
		if want, wantOK := Quick(tt.text, ctx); ok && (!wantOK || !got.RawEquals(want)) {
			t.Errorf("QuickBounded(%q) = %#v; Quick %#v, %v", tt.text, got, want, wantOK)
		}
	}
}

// FuzzQuick checks Quick against the general path: whenever Quick answers,
// hclsyntax parses and evaluates the text to the same value (RawEquals:
// type, marks and refinements included) with no diagnostic.
func FuzzQuick(f *testing.F) {
	for _, s := range []string{
		"${var.env}", "${var.tags[\"Name\"]}", "web-${var.env}-${count.index}", "x\n${var.n}\n$${y}",
		"$$$${var.env}", "%%%{var.env}${var.on}", "${var.obj.inner.x}", "${var.big}", "${shadow}${parent}",
		"${var.azs[1]}${var.tup[0]}", "a}${var.env}}", "${var.env}$", "${var.env}%", "$${~var.env}${var.env}",
		`${join(",", var.azs)}`, `${element(subnets[*].id, 1)}`, `${lookup(var.tags, "Owner", "x")}`, `${[var.env, 1.5, false]}`,
		`${format("%s-%03d", var.env, length(var.azs))}`, `${mixed[*].id}`, `${sublist[*].o.x}`, `a ${min(3, var.n)} b`,
		`${var.on ? 1 : 0}`, `${length(var.azs) > 1}`, `10.${count.index + 10}.0.0/16`, `${subnets[count.index % 2].id}`,
		`${merge(var.tags, {Extra = "oui"})}`, `${1 + 2 * 3 - 4 / 2 % 3 == 5 != false}`, `${var.env == "prod" ? "a" : "b"}`,
		`%{ if var.on }active%{ else }standby%{ endif }`, `x %{ if var.n > 2 }big ${var.env}%{ else }small%{ endif } y`,
		`${jsonencode({Resource = ["${var.env}/*"]})}`, `${"${var.n}"}`, `${var.n > 5 ? var.env : null}`, `${var.on ? null : var.azs}`,
		`arn:${var.dyn.p}:s3:::${var.env}-${var.dyn}`, `${var.unkobj.a}-${var.unkmap.k}`, `${var.dyn[var.n]["k"]}`, `${upper(var.dyn)} x`,
		`${var.dyn != null ? [var.dyn] : []}`, `${!var.on || var.dyn && var.n > 2 ? -var.n : var.unkobj.l[0]}`, `${var.secret == "x" ? var.dyn : null}`,
		"${(\n  var.on\n  ? [1,\n 2]\n  : [])}", "${{a = (1\n+ 1), b = [\n2]}}", "${ {for = 1} }", "${\tupper(\r\nvar.env)}",
		"${merge(var.tags, {\n  Name = var.env\n\n  x = 1,\n})}",
		`${upper(var.env,)}`, `${[var.env, 1,]}`, `${"${var.dyn}-x"}`, `${{"k" : var.dyn}}`, `${split("/", var.env)[0]}`,
		`${(var.obj).inner.x}`, `${concat(subnets, [])[*].id}`, `${jsonencode({a = 1}).x}`,
		`${[for x in var.dyn : upper(x) if x != ""]}`, `${{for k, v in var.dyn : k => v...}}`, "${[\n for s in var.dyn :\n s.id\n]}",
		`${var.dyn[*].id}`, `${{for k, v in var.dyn : "${k}-x" => [for y in v : y]}}`,
		"${var.n # c\n}", "${{\n a = 1 # one\n # two\n b = 2 // three\n}}", "${var.n /* } */ + 1}", "${[ # c\n for x in var.dyn : x]}",
		"${upper(var.env) # }\n}-${var.n}",
		`${join("\n", var.azs)}`, `${"a\"b\\c\t"}`, `${"\"${var.dyn}\""}`, `${subnets.*.id}`, `${var.dyn.*.id}`, `${sublist.*.o.x}`, `${split("/", var.unknown)[0]}`, `${var.unklist[var.n]}`, `${var.unkmap["k"]}`,
		`${[for i, x in var.azs : "${i}-${x}" if x != "b"]}`, `${{for k, v in var.tags : v => k...}}`, `${[for x in subnets : x.id]}`,
		`${{for x in var.azs : x => [for y in var.set : y] if var.on}}`, `${[for x in var.tup : x if var.dyn]}`,
		"${{(var.env) = 1}}", `${{var.on ? "a" : "b" = {x = 1}}}`, `${{"${var.dyn}" = 1, (var.n) = 2}}`, "${{var.tags.Name = 1}}",
	} {
		f.Add(s)
	}
	ctx := quickCtx()
	f.Fuzz(func(t *testing.T, text string) {
		got, ok := Quick(text, ctx)
		if !ok {
			return
		}
		want, diags := generalValue(text, ctx)
		if len(diags) > 0 {
			t.Fatalf("Quick(%q) = %#v, but the general path says: %s", text, got, diags.Error())
		}
		if !got.RawEquals(want) {
			t.Fatalf("Quick(%q) = %#v, general path %#v", text, got, want)
		}
	})
}

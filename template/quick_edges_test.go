package template

import (
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// TestQuickReviewEdges checks Quick against hclsyntax's parser and
// evaluator (generalValue) on the edges of what the merged speed work
// (issue 27) taught it: for expressions over known collections (with and
// without if, grouping, keys of every type, sets, maps, null, marked and
// unknown collections and conditions, nested and shadowing names),
// backslash escapes and "$${"/"%%{" in quoted templates, the text after
// an unknown part, keys given twice, precedence climbing, the
// attribute-only splat and indexes into unknown collections. Whenever
// Quick answers, the general path must give the same value (RawEquals)
// with no diagnostic; the cases marked take must be answered by Quick
// (so that the edge is exercised, not left to the parser).
func TestQuickReviewEdges(t *testing.T) {
	tests := []struct {
		text string
		take bool // Quick must answer
	}{
		// for expressions: tuples.
		{`${[for x in var.azs : upper(x)]}`, true},
		{`${[for i, x in var.azs : i]}`, true},
		{`${[for x, x in var.azs : x]}`, true},
		{`${[for x in var.azs : x if x == "b"]}`, true},
		{`${[for x in var.azs : x if "true"]}`, true},
		{`${[for x in var.azs : x if "yes"]}`, false},
		{`${[for x in var.azs : x if 1]}`, false},
		{`${[for x in var.azs : x if var.null]}`, false},
		{`${[for x in var.azs : x if var.unknown == x]}`, true},
		{`${[for x in var.azs : x if var.dyn]}`, true},
		{`${[for x in var.azs : x if var.secret == x]}`, false},
		{`${[for x in var.set : x]}`, true},
		{`${[for k, v in var.tags : "${k}=${v}"]}`, true},
		{`${[for k, v in var.obj : k]}`, true},
		{`${[for x in subnets : x.id if x.n > 1]}`, true},
		{`${[for x in var.empty : x]}`, true},
		{`${[for x in var.empty : x if "no"]}`, false},
		{`${[for x in var.nullobj : x]}`, false},
		{`${[for x in var.null : x]}`, false},
		{`${[for x in var.markedobj : x]}`, false},
		{`${[for x in var.env : x]}`, false},
		{`${[for x in var.unklist : x]}`, true},
		{`${[for x in var.unklist : x if "no"]}`, true},
		{`${[for x in var.unkmap : x]}`, true},
		{`${[for x in var.dynsecret : x]}`, false},
		{`${[for x in var.azs : [for y in var.azs : "${x}${y}"]]}`, true},
		{`${[for x in var.azs : [for x in var.tup : x]]}`, true},
		{`${[for var in var.azs : var]}`, true},
		{`${[for x in var.azs : var.unknown]}`, true},
		{`${[for x in var.azs : "${x}-${var.unknown}"]}`, true},
		{`${[for x in var.azs : x if x != "a" && var.on]}`, true},
		{`${[for x in var.azs : x if var.on ? x == "a" : false]}`, true},
		{`${[for x in var.azs : var.on ? x : null]}`, true},
		{`${[for x in var.azs : x...]}`, false},
		{`${[for x in var.azs : x => x]}`, false},
		{"${[\n for x in var.azs :\n x\n if x != \"a\"\n]}", true},
		{`${length([for x in var.tup : x])}`, true},
		{`${[for null in var.azs : null]}`, false},
		{`${[for true in var.azs : true]}`, false},
		{`${[for in in var.azs : in]}`, true},
		{`${[for x in var.azs: x]}`, true},
		{`${[for x in var.azs :x]}`, true},
		{"${[for x in var.azs : x # c\n]}", true},
		{`${[for x in var.azs : /* c */ x if /* d */ x != "a"]}`, true},
		{`${[for m in mixed : m.id]}`, true},
		{`${{for k, v in var.tags : k => v if v == "web"}}`, true},
		{`${[for x in [for y in var.azs : upper(y)] : lower(x)]}`, true},
		{`${{for x in var.azs : x => {for y in var.azs : y => x}}}`, true},
		{`${[for x in var.azs : x][0]}`, false},
		{`${[for x in var.tup : x if x == 1]}`, true},
		{`${[for x in var.azs : x if var.unknown == x && false]}`, true},
		{`${[for i, x in var.azs : x if i > 0]}`, true},
		// for expressions: objects.
		{`${{for x in var.azs : x => upper(x)}}`, true},
		{`${{for i, x in var.azs : i => x}}`, true},
		{`${{for x in var.azs : true => x...}}`, true},
		{`${{for x in var.azs : "k" => x}}`, false},
		{`${{for x in var.azs : "k" => x...}}`, true},
		{`${{for x in var.azs : var.null => x}}`, false},
		{`${{for x in var.azs : var.unknown => x}}`, true},
		{`${{for x in var.azs : x => var.unknown}}`, true},
		{`${{for x in var.azs : var.azs => x}}`, false},
		{`${{for x in var.azs : x => x if x == "a"}}`, true},
		{`${{for x in var.azs : x => x... if x == "a"}}`, true},
		{`${{for x in var.azs : x => x if var.unknown == x}}`, true},
		{`${{for x in var.azs : x => x if "no"}}`, false},
		{`${{for k, v in var.tags : v => k}}`, true},
		{`${{for k, v in var.set : k => v}}`, true},
		{`${{for s in subnets : s.id => s.n}}`, true},
		{`${{for s in mixed : s.id => s}}`, true},
		{`${{for x in var.empty : x => x}}`, true},
		{`${{for x in var.azs : x}}`, false},
		{`${{for x in var.secret : x => x}}`, false},
		// Quoted templates: escapes and the text after an unknown part.
		{`${"a\nb\tc\rd\"e\\f"}`, true},
		{`${"\\${var.env}"}`, true},
		{`${"a\\"}`, true},
		{`${"a\u0041"}`, false},
		{`${"a\U0001F600"}`, false},
		{`${"\${"}`, false},
		{`${"a\q"}`, false},
		{`${"$${var.env}"}`, true},
		{`${"%%{var.env}"}`, true},
		{`${"$$${var.env}"}`, true},
		{`${"%%%{var.env}"}`, false},
		{`${"pre\t${var.unknown}\npost ${var.env}"}`, true},
		{`${"${var.unknown}${var.null}"}`, false},
		{`${"a${var.env}\"${var.unknown}b\\"}`, true},
		{`${"${var.dyn}"}`, true},
		{`${"\\"}`, true},
		{`${"\"${var.n}\""}`, true},
		// Templates: the text after an unknown part.
		{"a\tb ${var.unknown} c ${var.env}", true},
		{"a ${var.unknown} %{ if var.on }b%{ endif } ${var.n}", true},
		{"%{ if var.on }a%{ else }b%{ endif }${var.unknown}x", true},
		{"x$${y} ${var.unknown} $${z}", true},
		// Keys given twice, of mixed types.
		{`${ {a = 1, a = "x"} }`, true},
		{`${ {a = 1, "a" = 2} }`, true},
		{`${ {(var.env) = 1, prod = 2} }`, true},
		{`${ {1 = "a", "1" = "b"} }`, true},
		{`${ {a = var.unknown, a = 1} }`, true},
		{`${ {(var.unknown) = 1, a = 2} }`, true},
		{`${ {a = 1, (var.null) = 2} }`, false},
		{`${ {true = 1, "true" = 2, null = 3} }`, true},
		{`${ {a = 1, a = var.secret} }`, true},
		// Precedence climbing.
		{`${1 + 2 * 3 > 6 && !false || var.n % 2 == 1}`, true},
		{`${10 - 2 - 3}`, true},
		{`${100 / 10 / 5}`, true},
		{`${2 * 3 % 4}`, true},
		{`${7 % 4 * 2}`, true},
		{`${1 < 2 == true}`, true},
		{`${var.n - -1}`, true},
		{`${true || false && false}`, true},
		{`${false && true || true}`, true},
		{`${1 == 1 == true}`, true},
		{`${"a" == "a" != false}`, true},
		{`${1 + 2 == 3 ? 4 - 1 * 2 : 0}`, true},
		{`${var.n * 2 + 1 >= 7 == true && var.on}`, true},
		{`${1 - 2 + 3 - 4 * 5 / 2 % 3}`, true},
		{`${1 <= 1 >= true}`, false},
		{`${1 & 2}`, false},
		{`${1 => 2}`, false},
		// Splats.
		{`${subnets.*.id}`, true},
		{`${sublist.*.o.x}`, true},
		{`${var.azs.*}`, true},
		{`${subnets.*.id[0]}`, false},
		{`${subnets[*].id[0]}`, false},
		{`${var.env.*}`, false},
		{`${var.null.*}`, false},
		{`${var.dyn.*.id}`, true},
		{`${subnets.*.nope}`, false},
		{`${var.unklist.*}`, false},
		{`${var.set.*}`, false},
		{`${subnets.* .id}`, false},
		{`${subnets. *.id}`, false},
		// Indexes into unknown collections, or with unknown keys.
		{`${var.unklist[0]}`, true},
		{`${var.unklist[var.n]}`, true},
		{`${var.unklist["x"]}`, false},
		{`${var.unklist["1"]}`, true},
		{`${var.unklist[-1]}`, false},
		{`${var.unklist[0.5]}`, false},
		{`${var.unklist[var.null]}`, false},
		{`${var.unkmap["k"]}`, true},
		{`${var.unkmap[1]}`, true},
		{`${var.unkobj["a"]}`, true},
		{`${var.unkobj["nope"]}`, false},
		{`${var.unkobj.l[0]}`, true},
		{`${var.azs[var.unknown]}`, true},
		{`${var.tags[var.unknown]}`, true},
		{`${var.tup[var.unknown]}`, true},
		{`${var.azs[var.dyn]}`, true},
		{`${var.set[0]}`, false},
		{`${var.unklist[var.secret]}`, false},
		// Numbers.
		{`${1.0}`, true},
		{`${0.10}`, true},
		{`${-0}`, true},
		{`${007}`, false},
		{`${1e2}`, false},
		{`${999 + 1}`, true},
		{`${1023 * 1024}`, true},
	}
	ctx := quickCtx()
	for _, tt := range tests {
		got, ok := Quick(tt.text, ctx)
		want, diags := generalValue(tt.text, ctx)
		if !ok {
			if tt.take {
				t.Errorf("Quick(%q): left to the parser (general path %#v, %v)", tt.text, want, diags)
			}
			continue
		}
		if !tt.take {
			t.Logf("Quick(%q) answers (not required)", tt.text)
		}
		if len(diags) > 0 {
			t.Errorf("Quick(%q) = %#v, but the general path says: %s", tt.text, got, diags.Error())
			continue
		}
		if !got.RawEquals(want) {
			t.Errorf("Quick(%q) = %#v, general path %#v", tt.text, got, want)
		}
		// QuickBounded gives the same value whenever it answers.
		if b, ok := QuickBounded(tt.text, ctx); ok && !b.RawEquals(got) {
			t.Errorf("QuickBounded(%q) = %#v, Quick %#v", tt.text, b, got)
		}
	}
	_ = cty.NilVal
}

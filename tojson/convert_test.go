package tojson

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/convtest"

	"github.com/hcljson/hcljson/gen"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

var updateNative = flag.Bool("update", false, "rewrite the golden files of testdata/native and testdata/terraform from the converter (review them before committing)")

// fixtureOptions: fixtures in a directory named "comments" are converted
// with comments carried over.
func fixtureOptions(path string) Options {
	return Options{
		Schema:   schema.Generic.Root,
		Comments: convtest.CommentsFixture(path),
	}
}

// TestNativeGolden converts every fixture and compares the output with the
// golden file beside it: name + ".json" for a file that converts, and
// name + ".diags" (the diagnostics, one per line) for one that does not.
// For every file that converts, the law holds.
func TestNativeGolden(t *testing.T) {
	for _, path := range convtest.NativeFixtures(t) {
		name := filepath.ToSlash(strings.TrimPrefix(path, filepath.Join("..", "tojson", "testdata", "native")+string(filepath.Separator)))
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			opts := fixtureOptions(path)
			out, diags := Convert(src, name, opts, gen.Options{})
			golden, got := path+".json", out
			if diags.HasErrors() {
				golden, got = path+".diags", []byte(hcltest.RenderDiags(diags))
				if out != nil {
					t.Errorf("output %q with errors", out)
				}
			}
			if *updateNative {
				os.Remove(path + ".json")
				os.Remove(path + ".diags")
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update and review the result)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
			if !diags.HasErrors() {
				convtest.CheckLaw(t, name, src, out, nil)
				compact, _ := Convert(src, name, opts, gen.Options{Compact: true})
				convtest.CheckLaw(t, name, src, compact, nil)
			}
		})
	}
}

// convertNative is Convert with default options, failing the test on
// errors.
func convertNative(t *testing.T, src string, opts Options) string {
	t.Helper()
	if opts.Schema == nil && opts.Mode == nil {
		opts.Schema = schema.Generic.Root
	}
	out, diags := Convert([]byte(src), "t.tf", opts, gen.Options{Compact: true})
	if diags.HasErrors() {
		t.Fatalf("%q: %s", src, diags)
	}
	convtest.CheckLaw(t, "t.tf", []byte(src), out, nil)
	return string(out)
}

// TestNativeExpressions pins the JSON written for each kind of expression,
// and checks the law on each.
func TestNativeExpressions(t *testing.T) {
	for _, tt := range []struct {
		name, src, want string
	}{
		{"string", `a = "x"`, `{"a":"x"}`},
		{"escaped string", `a = "$${x} %%{y}"`, `{"a":"$${x} %%{y}"}`},
		{"html", `a = "<a&b>"`, `{"a":"<a&b>"}`},
		{"unicode", `a = "ЖЖ 👩‍👩‍👧‍👦"`, `{"a":"ЖЖ 👩‍👩‍👧‍👦"}`},
		{"control", `a = "\t\n\"\\"`, `{"a":"\t\n\"\\"}`},
		{"number", `a = 1.50`, `{"a":1.50}`},
		{"exponent", `a = 1E5`, `{"a":1E5}`},
		{"leading zeros", `a = 007`, `{"a":7}`},
		{"negative", `a = -5`, `{"a":-5}`},
		{"negative zero", `a = -0`, `{"a":-0}`},
		{"tenth", `a = 0.1`, `{"a":0.1}`},
		{"huge", `a = 1e400`, `{"a":1e400}`},
		{"negative huge", `a = -1e400`, `{"a":-1e400}`},
		{"30 digits", `a = 123456789012345678901234567890`, `{"a":123456789012345678901234567890}`},
		{"2^53+1", `a = 9007199254740993`, `{"a":9007199254740993}`},
		{"bool null", `a = [true, false, null]`, `{"a":[true,false,null]}`},
		{"traversal", `a = var.foo`, `{"a":"${var.foo}"}`},
		{"wrap", `a = "${var.n}"`, `{"a":"${var.n}"}`},
		{"wrap spaces", `a = "${ var.n }"`, `{"a":"${var.n}"}`},
		{"template", `a = "x-${var.n}-y"`, `{"a":"x-${var.n}-y"}`},
		{"template escapes", `a = "$${a}-${var.n}-%%{b}"`, `{"a":"$${a}-${var.n}-%%{b}"}`},
		{"nested template", `a = "a${upper("b${var.foo}")}c"`, `{"a":"a${upper(\"b${var.foo}\")}c"}`},
		{"one interpolation, stripped text", `a = "${var.n~} "`, `{"a":"${var.n}${\"\"}"}`},
		{"dollar before interpolation", `a = "a$$ ${~var.n}"`, `{"a":"a${\"$$\"}${var.n}"}`},
		{"literal dollar then interpolation", `a = "${var.dollar}$${x}"`, `{"a":"${var.dollar}$${x}"}`},
		{"dollar text before interpolation", `a = "a$$${var.n}"`, `{"a":"a$$${var.n}"}`},
		{"trailing dollar", "a = \"x$\"\nb = \"${var.n}$\"\n", `{"a":"x$","b":"${var.n}$"}`},
		{"if", `a = "%{ if var.flag }yes%{ else }no%{ endif }"`, `{"a":"%{ if var.flag }yes%{ else }no%{ endif }"}`},
		{"if without else", `a = "%{if var.flag}yes%{endif}!"`, `{"a":"%{ if var.flag }yes%{ endif }!"}`},
		{"for", `a = "%{ for k, v in var.tags }${k}=${v};%{ endfor }"`, `{"a":"%{ for k, v in var.tags }${k}=${v};%{ endfor }"}`},
		{"strip markers", `a = "x %{~ if var.flag ~} y %{~ endif ~} z"`, `{"a":"x%{ if var.flag }y%{ endif }z"}`},
		{"percent before directive", `a = "50% %{~ if var.flag }!%{ endif }"`, `{"a":"50${\"%\"}%{ if var.flag }!%{ endif }"}`},
		{"dollar and percent before directive", `a = "%{ if var.flag }$% %{~ else }x%{ endif }"`, `{"a":"%{ if var.flag }${\"$%\"}%{ else }x%{ endif }"}`},
		{"conditional", `a = var.n == 1 ? "a" : "b"`, `{"a":"${var.n == 1 ? \"a\" : \"b\"}"}`},
		{"interpolated conditional", `a = "${var.flag ? 1 : 2}x"`, `{"a":"${var.flag ? 1 : 2}x"}`},
		{"for expression", `a = [for s in var.subnets : s.id]`, `{"a":"${[for s in var.subnets : s.id]}"}`},
		{"for object", `a = { for k, v in var.tags : upper(k) => v if v != "" }`, `{"a":"${{ for k, v in var.tags : upper(k) => v if v != \"\" }}"}`},
		{"splat", `a = var.subnets[*].id`, `{"a":"${var.subnets[*].id}"}`},
		{"provider function", `a = provider::ns::fn("x")`, `{"a":"${provider::ns::fn(\"x\")}"}`},
		{"parentheses", `a = (var.n)`, `{"a":"${(var.n)}"}`},
		{"tuple", `a = [1, "x", var.n, [true]]`, `{"a":[1,"x","${var.n}",[true]]}`},
		{"object", `a = { b = 1, "c d" = var.n, 3 = "x", true = null }`, `{"a":{"b":1,"c d":"${var.n}","3":"x","true":null}}`},
		{"object key escaped", `a = { "$${x}" = 1 }`, `{"a":{"$${x}":1}}`},
		{"object key expression", `a = { (var.foo) = 1 }`, `{"a":"${{ (var.foo) = 1 }}"}`},
		{"object key template", `a = { "${var.foo}" = 1 }`, `{"a":"${{ \"${var.foo}\" = 1 }}"}`},
		{"object duplicate key", `a = { b = 1, "b" = 2 }`, `{"a":"${{ b = 1, \"b\" = 2 }}"}`},
		{"heredoc", "a = <<EOT\nhello ${var.name}\nEOT\n", `{"a":"hello ${var.name}\n"}`},
		{"flush heredoc", "a = <<-EOT\n    x\n      ${var.n}\n    EOT\n", `{"a":"x\n  ${var.n}\n"}`},
		{"heredoc literal", "a = <<-EOT\n  $${x}\n  EOT\n", `{"a":"$${x}\n"}`},
		{"heredoc in call", "a = upper(<<EOT\nhi\nEOT\n)\n", `{"a":"${upper(<<EOT\nhi\nEOT\n)}"}`},
		{"heredoc ends expression", "a = var.foo == <<EOT\nhi\nEOT\n", `{"a":"${var.foo == <<EOT\nhi\nEOT\n}"}`},
		{"multi-line call", "a = merge(\n  var.tags, # c\n  {}\n)\n", `{"a":"${merge(\n  var.tags, # c\n  {}\n)}"}`},
		{"carriage return", `a = "a\rb${var.n}$${c}"`, `{"a":"a${\"\\r\"}b${var.n}$${c}"}`},
		{"carriage return literal", `a = "a\r$${c}"`, `{"a":"${\"a\\r$${c}\"}"}`},
		{"byte order mark", `a = "\ufeffx${var.n}\ufeffy"`, "{\"a\":\"\ufeff\ufeffx${var.n}\ufeffy\"}"},
		{"empty", `a = ""`, `{"a":""}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.TrimSuffix(convertNative(t, tt.src, Options{}), "\n")
			if tt.want != "" && got != tt.want {
				t.Errorf("%s\ngot  %s\nwant %s", tt.src, got, tt.want)
			}
		})
	}
}

// TestNativeStructure pins the general array form and its orders.
func TestNativeStructure(t *testing.T) {
	src := `
a = 1
resource "x" "one" {
  p = 1
  lifecycle {}
  provisioner "local-exec" { n = 1 }
  provisioner "remote-exec" { n = 2 }
  provisioner "local-exec" { n = 3 }
}
b = 2
variable "v" {}
resource "y" "two" {}
locals {}
locals { c = 3 }
"//" "" {}
`
	want := `{"a":1,"resource":[{"x":[{"one":[{"p":1,"lifecycle":[{}],"provisioner":[{"local-exec":[{"n":1}]},{"remote-exec":[{"n":2}]},{"local-exec":[{"n":3}]}]}]}]},{"y":[{"two":[{}]}]}],"b":2,"variable":[{"v":[{}]}],"locals":[{},{"c":3}]`
	// A block type may be any identifier, labels any string.
	src = strings.Replace(src, `"//" "" {}`, `weird "//" "" "a b" {}`, 1)
	want += `,"weird":[{"//":[{"":[{"a b":[{}]}]}]}]}`
	if got := strings.TrimSuffix(convertNative(t, src, Options{}), "\n"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestNativeDynamicOrder: static blocks and dynamic blocks that generate
// their type keep their source order (ext/dynblock expands in place, and
// the provider sees ingress[0], ingress[1], ... in that order), so a type
// is written as a new property where grouping would move a block across
// such a dynamic block; other block types stay grouped. Terraform's
// reading of both files (dynblock expansion included) gives the same
// blocks in the same order.
func TestNativeDynamicOrder(t *testing.T) {
	src := `resource "x" "y" {
  ingress {
    n = 1
  }
  dynamic "egress" {
    for_each = [1]
    content {}
  }
  dynamic "ingress" {
    for_each = [2, 3]
    content {
      n = ingress.value
    }
  }
  ingress {
    n = 4
  }
  egress {}
  dynamic "ingress" {
    for_each = [5]
    content {
      n = ingress.value
    }
  }
  lifecycle {}
  lifecycle {}
}
`
	want := `{"resource":[{"x":[{"y":[{` +
		`"ingress":[{"n":1}],` +
		`"dynamic":[{"egress":[{"for_each":[1],"content":[{}]}]},{"ingress":[{"for_each":[2,3],"content":[{"n":"${ingress.value}"}]}]}],` +
		`"ingress":[{"n":4}],` +
		`"egress":[{}],` +
		`"dynamic":[{"ingress":[{"for_each":[5],"content":[{"n":"${ingress.value}"}]}]}],` +
		`"lifecycle":[{},{}]}]}]}]}`
	got := strings.TrimSuffix(convertNative(t, src, Options{Schema: schema.Terraform.Root}), "\n")
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	expanded := func(f *hcl.File) []string {
		ctx := &hcl.EvalContext{}
		content, diags := dynblock.Expand(f.Body, ctx).Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "resource", LabelNames: []string{"t", "n"}}}})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		inner, diags := dynblock.Expand(content.Blocks[0].Body, ctx).Content(&hcl.BodySchema{
			Blocks: []hcl.BlockHeaderSchema{{Type: "ingress"}, {Type: "egress"}, {Type: "lifecycle"}},
		})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		var order []string
		for _, b := range inner.Blocks {
			c, _ := b.Body.Content(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "n"}}})
			n := "-"
			if a, ok := c.Attributes["n"]; ok {
				v, diags := a.Expr.Value(ctx)
				if diags.HasErrors() || v.Type() != cty.Number {
					t.Fatalf("%s: n = %#v %s", f.Body.MissingItemRange().Filename, v, diags)
				}
				n = v.AsBigFloat().String()
			}
			order = append(order, b.Type+":"+n)
		}
		return order
	}
	native, diags := hclsyntax.ParseConfig([]byte(src), "x.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	jf, diags := hcljson.Parse([]byte(got), "x.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	wantOrder := "ingress:1 egress:- ingress:2 ingress:3 ingress:4 egress:- ingress:5 lifecycle:- lifecycle:-"
	if g := strings.Join(expanded(native), " "); g != wantOrder {
		t.Errorf("native expands to %s, want %s", g, wantOrder)
	}
	if g := strings.Join(expanded(jf), " "); g != wantOrder {
		t.Errorf("JSON expands to %s, want %s", g, wantOrder)
	}
}

// TestNativeComments pins which comments are carried over and where.
func TestNativeComments(t *testing.T) {
	src := `# file header

# above a
a = 1 # trailing, kept after a
// above b, line 1
/* above b, line 2 */
b = 2
/*
  above the first resource
*/
resource "x" "one" { # after the brace, dropped
  # above p
  p = 1

  # at the end, dropped
}
# above the second resource
resource "x" "two" {}
`
	want := `{"//":"above a","a":1,"//":"trailing, kept after a","//":"above b, line 1\nabove b, line 2","b":2,"//":"above the first resource","resource":[{"x":[{"one":[{"//":"above p","p":1}]}]},{"x":[{"two":[{"//":"above the second resource"}]}]}]}`
	if got := strings.TrimSuffix(convertNative(t, src, Options{Comments: true}), "\n"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	want = `{"a":1,"b":2,"resource":[{"x":[{"one":[{"p":1}]}]},{"x":[{"two":[{}]}]}]}`
	if got := strings.TrimSuffix(convertNative(t, src, Options{}), "\n"); got != want {
		t.Errorf("without comments: got\n%s\nwant\n%s", got, want)
	}
}

// TestNativeLiteralMode checks the Mode hook: literal-only attributes keep
// their strings as they are and must be constants.
func TestNativeLiteralMode(t *testing.T) {
	literal := func(path []string, name string) bool {
		return len(path) == 1 && path[0] == "variable" && (name == "default" || name == "description")
	}
	opts := Options{Mode: func(blocks []*hclsyntax.Block, name string) gen.Mode {
		path := make([]string, len(blocks))
		for i, b := range blocks {
			path[i] = b.Type
		}
		if literal(path, name) {
			return gen.Literal
		}
		return gen.Expr
	}}
	src := `variable "greeting" {
  description = "Use $${name} literally"
  default     = { a = "hello $${name}", b = [1 + 2, -1, 1e400, true ? "t" : "f"] }
  other       = "hello $${name}"
}
`
	want := `{"variable":[{"greeting":[{"description":"Use ${name} literally","default":{"a":"hello ${name}","b":[3,-1,1e400,"t"]},"other":"hello $${name}"}]}]}` + "\n"
	out, diags := Convert([]byte(src), "t.tf", opts, gen.Options{Compact: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	convtest.CheckLaw(t, "t.tf", []byte(src), out, literal)

	_, diags = Convert([]byte("variable \"v\" {\n  default = var.x\n}\n"), "t.tf", opts, gen.Options{})
	wantDiags := "t.tf:2,13-18: error: Not a constant; The argument \"default\" in variable \"v\" cannot be written in JSON with the same meaning: it is read as a literal value, without variables or functions.\n"
	if got := hcltest.RenderDiags(diags); got != wantDiags {
		t.Errorf("diagnostics:\ngot  %s\nwant %s", got, wantDiags)
	}
}

// TestNativeErrors checks the diagnostics of input that does not parse and
// of a file that is not native syntax.
func TestNativeErrors(t *testing.T) {
	out, diags := Convert([]byte("a = \n"), "bad.tf", Options{Schema: schema.Generic.Root}, gen.Options{})
	want := "bad.tf:1,5-2,1: error: Invalid expression; Expected the start of an expression, but found an invalid expression token.\n"
	if out != nil || hcltest.RenderDiags(diags) != want {
		t.Errorf("got %q\n%s\nwant\n%s", out, hcltest.RenderDiags(diags), want)
	}

	f, diags := hclsyntax.ParseConfig([]byte("a = 1\n"), "t.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	// hclsyntax lets invalid UTF-8 through in names, which JSON cannot hold.
	out, diags = Convert([]byte("A\xe60 = 1\nb = \xe600\n"), "u.tf", Options{Schema: schema.Generic.Root}, gen.Options{})
	// (hclsyntax's name takes the space after the invalid byte too.)
	want = "u.tf:1,1-5: error: Invalid UTF-8; The name \"A\\xe60 \" cannot be written in JSON, whose text must be UTF-8.\n" +
		"u.tf:2,5-8: error: Invalid UTF-8; The argument \"b\" cannot be written in JSON with the same meaning: JSON text must be UTF-8.\n"
	if out != nil || hcltest.RenderDiags(diags) != want {
		t.Errorf("got %q\n%s\nwant\n%s", out, hcltest.RenderDiags(diags), want)
	}

	// A template that hclsyntax would not read back is an error, never a
	// silent change. (No input is known to produce one.)
	expr := &hclsyntax.ScopeTraversalExpr{SrcRange: hcl.Range{Filename: "t.tf", Start: hcl.Pos{Line: 3, Column: 5, Byte: 20}, End: hcl.Pos{Line: 3, Column: 6, Byte: 21}}}
	c := &nativeConv{attr: &hclsyntax.Attribute{Name: "a", Expr: expr}, buf: []byte("${x")}
	c.checkedTemplate(expr, true)
	want = "t.tf:3,5-6: error: Cannot write template; The argument \"a\" cannot be written in JSON with the same meaning: hclsyntax does not read the template \"${x\" back: Unclosed template interpolation sequence.\n"
	if got := hcltest.RenderDiags(c.diags); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	f.Body = hcl.EmptyBody()
	_, diags = FromNative(f, Options{})
	want = "-: error: Not native syntax; Only a file parsed by hclsyntax (HCL's native syntax) can be converted to JSON.\n"
	if got := hcltest.RenderDiags(diags); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// FuzzNativeRoundTrip checks the law on any native source that hclsyntax
// parses: the conversion either succeeds and means the same, or reports
// one of the converter's own errors.
func FuzzNativeRoundTrip(f *testing.F) {
	for _, seed := range []string{
		"a = 1\n",
		"a = \"x${var.foo}y\"\nb { c = [1, {d = var.n}] }\n",
		"a = <<-EOT\n  x ${var.n}\n  %{ if var.flag ~}\n  y\n  %{ endif }\n  EOT\n",
		"a = \"$$ ${~var.n} %% %{~ for x in var.list }${x}%{ endfor }\"\n",
		"# c\nr \"a\" \"b\" {\n  // d\n  x = { (var.foo) = 1 }\n}\n",
		"a = upper(<<EOT\nx\nEOT\n)\n",
		"a = -1e400\nb = \"\\r$${x}\"\n",
	} {
		f.Add([]byte(seed), false)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "native", "*.tf"))
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src, true)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, comments bool) {
		file, diags := hclsyntax.ParseConfig(src, "f.tf", hcl.InitialPos)
		if diags.HasErrors() {
			// The partial tree of a file with errors converts without
			// panicking; what it yields is not checked.
			if out, _ := FromNative(file, Options{Comments: comments}); out != nil {
				gen.AppendFile(nil, out, gen.Options{})
			}
			return
		}
		out, diags := FromNative(file, Options{Comments: comments})
		if diags.HasErrors() {
			for _, d := range diags {
				switch d.Summary {
				case "Cannot write template", "Invalid UTF-8", "Invalid UTF-8 in a comment", "Number out of range":
				default:
					t.Fatalf("unexpected error: %s", d)
				}
			}
			return
		}
		convtest.CheckLaw(t, "f.tf", src, gen.AppendFile(nil, out, gen.Options{}), nil)
	})
}

// TestNativeTemplatePieces checks the law on many templates assembled from
// the pieces that make escaping hard: dollars and percents next to
// interpolations and directives, escapes, strip markers, carriage returns,
// byte order marks, in quoted strings and heredocs.
func TestNativeTemplatePieces(t *testing.T) {
	pieces := []string{
		"$", "%", "$$", "%%", "{", "}", "x", " ", "$${", "%%{", `\r`, `\n`, `\t`, `\ufeff`, `\"`,
		"${var.n}", "${~var.foo}", "${var.foo~}", "${ var.dollar }", `${"$"}`, `${""}`,
		"%{ if var.flag }", "%{~ if !var.flag ~}", "%{ else }", "%{~ else }", "%{ endif }", "%{ endif ~}",
		"%{ for x in var.list }", "%{~ for k, v in var.tags ~}", "%{ endfor }", "%{~ endfor }",
	}
	heredocPieces := append(slices.Clone(pieces[:len(pieces):len(pieces)]), "\n", "\n  ", "\r\n")
	rnd := uint64(1)
	next := func(n int) int {
		rnd ^= rnd << 13
		rnd ^= rnd >> 7
		rnd ^= rnd << 17
		return int(rnd % uint64(n))
	}
	checked := 0
	defer func() { t.Logf("%d templates checked", checked) }()
	for i := 0; i < 4000; i++ {
		var b strings.Builder
		heredoc := i%3 == 0
		if heredoc {
			if i%2 == 0 {
				b.WriteString("a = <<-EOT\n  ")
			} else {
				b.WriteString("a = <<EOT\n")
			}
		} else {
			b.WriteString(`a = "`)
		}
		for n := 1 + next(8); n > 0; n-- {
			if heredoc {
				p := heredocPieces[next(len(heredocPieces))]
				p = strings.TrimPrefix(p, `\`) // escapes are not escapes in heredocs
				b.WriteString(p)
			} else {
				b.WriteString(pieces[next(len(pieces))])
			}
		}
		if heredoc {
			b.WriteString("\n  EOT\n")
		} else {
			b.WriteString("\"\n")
		}
		src := []byte(b.String())
		if _, diags := hclsyntax.ParseConfig(src, "t.tf", hcl.InitialPos); diags.HasErrors() {
			continue
		}
		out, diags := Convert(src, "t.tf", Options{Schema: schema.Generic.Root}, gen.Options{})
		if diags.HasErrors() {
			t.Errorf("%q: %s", src, diags)
			continue
		}
		checked++
		t.Run("", func(t *testing.T) {
			convtest.CheckLaw(t, "t.tf", src, out, nil)
			if t.Failed() {
				t.Logf("source %q\njson %s", src, out)
			}
		})
	}
	if checked < 1000 {
		t.Errorf("only %d of the templates parse", checked)
	}
}

// TestNativeLeadingZeros checks that number literals with leading zeros,
// which JSON forbids, are written without them, and that a huge exponent
// is written from its text at once (not after minutes of finding its
// shortest decimal form).
func TestNativeLeadingZeros(t *testing.T) {
	out, diags := Convert([]byte("a = 007.5e1\nb = -00\nc = 0.5\n"), "t.tf", Options{Schema: schema.Generic.Root}, gen.Options{Compact: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if want := `{"a":7.5e1,"b":-0,"c":0.5}` + "\n"; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
	out, diags = Convert([]byte("a = 07e10177700\n"), "t.tf", Options{Schema: schema.Generic.Root}, gen.Options{Compact: true})
	if want := `{"a":7e10177700}` + "\n"; diags.HasErrors() || string(out) != want {
		t.Errorf("got %s %s, want %s", out, hcltest.RenderDiags(diags), want)
	}
}

// TestConstantInterpolation: an interpolation of a constant alone is
// written as the constant, as the way back writes it (found by
// internal/realworldtest's reproductions: the round trip was not a fixed
// point).
func TestConstantInterpolation(t *testing.T) {
	src := "a = \"${\"x\"}\"\nb = \"${1.50}\"\nc = \"${\"$${y}\"}\"\nd = \"${\"x${v}\"}\"\n"
	out, diags := Convert([]byte(src), "t.hcl", Options{}, gen.Options{Compact: true})
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	if got, want := string(out), `{"a":"x","b":1.50,"c":"$${y}","d":"${\"x${v}\"}"}`+"\n"; got != want {
		t.Errorf("got %s want %s", got, want)
	}
	convtest.CheckLaw(t, "t.hcl", []byte(src), out, nil)
}

package module

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcloracle "github.com/hashicorp/hcl/v2/json"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want section of testdata/override/*.txtar")

// TestMerge runs the cases of testdata/override: each txtar archive holds
// the files of a module (override files named as IsOverride says, in
// lexical order like the rest), optionally providers.json (the output of
// terraform providers schema -json, added to the Terraform language), and
// "want": the diagnostics of Merge, then the merged root body decoded with
// the language and rendered by renderer. The archive's comment says what the case checks,
// quoting the documentation or source it follows.
func TestMerge(t *testing.T) {
	paths, err := filepath.Glob("testdata/override/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := mergeArchive(t, ar)
			i := slices.IndexFunc(ar.Files, func(f txtar.File) bool { return f.Name == "want" })
			if *update {
				if i < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					i = len(ar.Files) - 1
				}
				ar.Files[i].Data = []byte(got)
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if i < 0 {
				t.Fatal("no want section")
			}
			if want := string(ar.Files[i].Data); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// mergeArchive merges the configuration files of ar and renders the
// result.
func mergeArchive(t *testing.T, ar *txtar.Archive) string {
	t.Helper()
	src := map[string][]byte{}
	var primary, override []*hcl.File
	names := []string{}
	for _, f := range ar.Files {
		if IsConfigFile(f.Name, Options{}) {
			names = append(names, f.Name)
			src[f.Name] = f.Data
		}
	}
	slices.Sort(names)
	for _, name := range names {
		f, diags := Parse(src[name], name)
		if parseJSON != nil && strings.HasSuffix(name, ".json") {
			f, diags = parseJSON(src[name], name)
		}
		if diags.HasErrors() {
			t.Fatalf("%s: %s", name, hcltest.RenderDiags(diags))
		}
		if IsOverride(name, Options{}) {
			override = append(override, f)
		} else {
			primary = append(primary, f)
		}
	}
	lang := schema.Terraform
	if i := slices.IndexFunc(ar.Files, func(f txtar.File) bool { return f.Name == "providers.json" }); i >= 0 {
		ps, err := schema.ReadProviderSchemas(ar.Files[i].Data)
		if err != nil {
			t.Fatal(err)
		}
		if lang, err = lang.WithProviders(ps); err != nil {
			t.Fatal(err)
		}
	}
	body, diags := Merge(primary, override, lang.Root)
	var b strings.Builder
	for _, d := range diags {
		b.WriteString("merge: " + hcltest.RenderDiags(hcl.Diagnostics{d}))
	}
	r := &renderer{b: &b, src: src}
	r.body(body, lang.Root, "")
	return b.String()
}

// renderer renders a decoded body: each attribute, sorted by name, as
// "name = <source text of the expression> (range of the attribute)", each
// block in order as "type labels (DefRange)" with its body indented, then
// the diagnostics of decoding it. Bodies are decoded as inspect decodes
// them: with the schema's Content, and the arguments an Open body does not
// list with JustAttributes, or from the syntax tree of a native body.
type renderer struct {
	b   *strings.Builder
	src map[string][]byte
}

func (r *renderer) body(body hcl.Body, sb *schema.Body, indent string) {
	content, remain, diags := sb.Content(body)
	if content == nil {
		content = &hcl.BodyContent{}
	}
	attrs := content.Attributes
	var extra hcl.Blocks
	if sb.Open && remain != nil {
		if native, ok := body.(*hclsyntax.Body); ok {
			attrs, extra = nativeRest(native, sb, attrs)
		} else {
			more, d := remain.JustAttributes()
			diags = append(diags, d...)
			attrs = joinAttrs(attrs, more)
		}
	}
	for _, name := range sortedNames(attrs) {
		a := attrs[name]
		fmt.Fprintf(r.b, "%s%s = %s (%s)\n", indent, name, r.text(a.Expr.Range()), a.Range)
	}
	for _, blk := range slices.Concat(content.Blocks, extra) {
		fmt.Fprintf(r.b, "%s%s", indent, blk.Type)
		for _, l := range blk.Labels {
			fmt.Fprintf(r.b, " %q", l)
		}
		fmt.Fprintf(r.b, " (%s)\n", blk.DefRange)
		nested := &schema.Body{Open: true}
		if bs := sb.Block(blk.Type); bs != nil && len(blk.Labels) > 0 {
			nested = bs.BodyFor(blk.Labels[0])
		} else if bs != nil {
			nested = bs.Body
		}
		r.body(blk.Body, nested, indent+"  ")
	}
	for _, d := range diags {
		r.b.WriteString(indent + "! " + hcltest.RenderDiags(hcl.Diagnostics{d}))
	}
}

// nativeRest adds to attrs the arguments of a native body that sb does
// not list, and returns them with the blocks it does not list.
func nativeRest(native *hclsyntax.Body, sb *schema.Body, attrs hcl.Attributes) (hcl.Attributes, hcl.Blocks) {
	more := hcl.Attributes{}
	for name, a := range native.Attributes {
		if sb.Lookup(name) == nil {
			more[name] = a.AsHCLAttribute()
		}
	}
	var blocks hcl.Blocks
	for _, b := range native.Blocks {
		if sb.Lookup(b.Type) == nil {
			blocks = append(blocks, b.AsHCLBlock())
		}
	}
	return joinAttrs(attrs, more), blocks
}

func joinAttrs(a, b hcl.Attributes) hcl.Attributes {
	out := hcl.Attributes{}
	for name, x := range a {
		out[name] = x
	}
	for name, x := range b {
		out[name] = x
	}
	return out
}

// text returns the source text of rng, newlines escaped.
func (r *renderer) text(rng hcl.Range) string {
	src, ok := r.src[rng.Filename]
	if !ok || rng.End.Byte > len(src) || rng.Start.Byte > rng.End.Byte {
		return "?"
	}
	return strings.ReplaceAll(string(src[rng.Start.Byte:rng.End.Byte]), "\n", `\n`)
}

// parseFiles parses name/content pairs with Parse and splits them into
// primary and override files as IsOverride says.
func parseFiles(t *testing.T, pairs ...string) (primary, override []*hcl.File) {
	t.Helper()
	for i := 0; i < len(pairs); i += 2 {
		f, diags := Parse([]byte(pairs[i+1]), pairs[i])
		if diags.HasErrors() {
			t.Fatalf("%s: %s", pairs[i], hcltest.RenderDiags(diags))
		}
		if IsOverride(pairs[i], Options{}) {
			override = append(override, f)
		} else {
			primary = append(primary, f)
		}
	}
	return primary, override
}

// mergeFiles merges the files of pairs and fails on merge diagnostics.
func mergeFiles(t *testing.T, pairs ...string) hcl.Body {
	t.Helper()
	primary, override := parseFiles(t, pairs...)
	body, diags := Merge(primary, override, nil)
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	return body
}

// TestMergeWithoutOverrides checks that without override files the result
// is hcl.MergeFiles of the primary files, diagnostics included.
func TestMergeWithoutOverrides(t *testing.T) {
	primary, _ := parseFiles(t,
		"a.tf", "x = 1\nresource \"r\" \"a\" {}\n",
		"b.tf.json", `{"x": 2, "resource": {"r": {"b": {}}}}`)
	s := hcltest.MustParseSchema("attr x\nblock resource type name")
	body, diags := Merge(primary, nil, nil)
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	got := hcltest.RenderBody(body, s, nil)
	if want := hcltest.RenderBody(hcl.MergeFiles(primary), s, nil); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(got, "Duplicate argument") {
		t.Errorf("no duplicate argument error:\n%s", got)
	}
}

// TestMergeNativeBody checks that a block merged from native files only
// has an *hclsyntax.Body, so that callers can read nested blocks no schema
// lists from its syntax tree, while a block merged with a JSON file has a
// body of its own and an untouched block keeps its parsed body.
func TestMergeNativeBody(t *testing.T) {
	body := mergeFiles(t,
		"main.tf", "resource \"a\" \"x\" {\n  v = 1\n  nested {}\n}\nresource \"a\" \"y\" {}\nresource \"a\" \"z\" {}\n",
		"override.tf", "resource \"a\" \"x\" {\n  v = 2\n}\n",
		"z_override.tf.json", `{"resource": {"a": {"y": {"v": 3}}}}`)
	c, diags := body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "resource", LabelNames: []string{"type", "name"}}}})
	if len(diags) > 0 || len(c.Blocks) != 3 {
		t.Fatalf("blocks %v: %s", c.Blocks, hcltest.RenderDiags(diags))
	}
	native, ok := c.Blocks[0].Body.(*hclsyntax.Body)
	if !ok {
		t.Fatalf("x: body %T, want *hclsyntax.Body", c.Blocks[0].Body)
	}
	if got := native.Attributes["v"].SrcRange.String(); got != "override.tf:2,3-8" {
		t.Errorf("x: v at %s, want override.tf:2,3-8", got)
	}
	if len(native.Blocks) != 1 || native.Blocks[0].Type != "nested" {
		t.Errorf("x: blocks %v, want the nested block", native.Blocks)
	}
	if _, ok := c.Blocks[1].Body.(*view); !ok {
		t.Errorf("y: body %T, want *view", c.Blocks[1].Body)
	}
	if got := c.Blocks[2].Body.(*hclsyntax.Body).SrcRange.String(); got != "main.tf:6,18-20" {
		t.Errorf("z: body at %s, want the parsed body at main.tf:6,18-20", got)
	}
}

// TestViewEqualsSynthesized checks that the two kinds of merged bodies
// agree on native files: for each archive of testdata/override-hcltest,
// the body built from the syntax trees and the view of the layers'
// decodings give the same content, ranges and diagnostics, rendered by
// hcltest.RenderBody with the archive's "schema" (which lists every name,
// so that a view can be rendered completely), and equal to "want".
func TestViewEqualsSynthesized(t *testing.T) {
	paths, err := filepath.Glob("testdata/override-hcltest/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var pairs []string
			var s *hcltest.Schema
			want := -1
			for i, f := range ar.Files {
				switch {
				case f.Name == "schema":
					s = hcltest.MustParseSchema(string(f.Data))
				case f.Name == "want":
					want = i
				default:
					pairs = append(pairs, f.Name, string(f.Data))
				}
			}
			render := func() string {
				primary, override := parseFiles(t, pairs...)
				body, diags := Merge(primary, override, nil)
				return hcltest.RenderDiags(diags) + hcltest.RenderBody(body, s, nil)
			}
			synthesized := render()
			synthesizeNative = false
			viewed := render()
			synthesizeNative = true
			if synthesized != viewed {
				t.Errorf("synthesized:\n%s\nview:\n%s", synthesized, viewed)
			}
			if *update && want >= 0 {
				ar.Files[want].Data = []byte(synthesized)
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want < 0 || string(ar.Files[want].Data) != synthesized {
				t.Errorf("got:\n%s", synthesized)
			}
		})
	}
}

// TestMergeGohcl decodes merged bodies with gohcl, native and mixed: the
// overridden arguments have the override's values, the others the
// original's, and the remaining body holds the merged provider arguments.
func TestMergeGohcl(t *testing.T) {
	type resource struct {
		Type   string   `hcl:"type,label"`
		Name   string   `hcl:"name,label"`
		Count  *int     `hcl:"count"`
		Remain hcl.Body `hcl:",remain"`
	}
	type root struct {
		Resources []resource `hcl:"resource,block"`
	}
	body := mergeFiles(t,
		"main.tf", "resource \"a\" \"x\" {\n  count = 1\n  v = \"base\"\n  w = \"base\"\n}\nresource \"a\" \"y\" {\n  count = 1\n  v = \"base\"\n}\n",
		"override.tf", "resource \"a\" \"x\" {\n  v = \"native\"\n}\n",
		"override.tf.json", `{"resource": {"a": {"y": {"count": 2, "v": "json"}}}}`)
	var r root
	if diags := gohcl.DecodeBody(body, nil, &r); len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	var got []string
	for _, res := range r.Resources {
		attrs, diags := res.Remain.JustAttributes()
		if len(diags) > 0 {
			t.Fatal(hcltest.RenderDiags(diags))
		}
		line := fmt.Sprintf("%s.%s count=%d", res.Type, res.Name, *res.Count)
		for _, name := range sortedNames(attrs) {
			v, _ := attrs[name].Expr.Value(nil)
			line += fmt.Sprintf(" %s=%s@%s", name, v.AsString(), attrs[name].Range)
		}
		got = append(got, line)
	}
	want := []string{
		"a.x count=1 v=native@override.tf:2,3-15 w=base@main.tf:4,3-13",
		"a.y count=2 v=json@override.tf.json:1,39-50",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMergePartialContent decodes the merged root body in two steps: the
// remaining body still applies the overrides and never shows an override
// block on its own.
func TestMergePartialContent(t *testing.T) {
	body := mergeFiles(t,
		"main.tf", "variable \"v\" {\n  default = 1\n}\nresource \"a\" \"x\" {}\n",
		"override.tf.json", `{"variable": {"v": {"default": 2}}, "resource": {"a": {"x": {"n": 3}}}}`)
	s := hcltest.MustParseSchema("block resource type name {\n  partial\n}\npartial")
	got := hcltest.RenderBody(body, s, nil)
	for _, want := range []string{
		`block "resource" "a" "x"`,
		`    literal number 3`,
		"remain\n  missing main.tf:1,1-1\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("%q missing from:\n%s", want, got)
		}
	}
	_, remain, _ := body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "resource", LabelNames: []string{"type", "name"}}}})
	c, diags := remain.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "variable", LabelNames: []string{"name"}}}})
	if len(diags) > 0 || len(c.Blocks) != 1 {
		t.Fatalf("blocks %v: %s", c.Blocks, hcltest.RenderDiags(diags))
	}
	attrs, _ := c.Blocks[0].Body.JustAttributes()
	if got := attrs["default"].Range.String(); got != "override.tf.json:1,21-33" {
		t.Errorf("default at %s, want the override's", got)
	}
}

// TestMergeRoot checks the root body's own arguments: an override file's
// argument replaces the primary files', which may not repeat one.
func TestMergeRoot(t *testing.T) {
	body := mergeFiles(t,
		"a.tf", "x = 1\ny = 1\n",
		"b.tf", "x = 2\n",
		"override.tf.json", `{"y": 3, "z": 3}`)
	attrs, diags := body.JustAttributes()
	var got []string
	for _, name := range sortedNames(attrs) {
		got = append(got, name+"@"+attrs[name].Range.String())
	}
	want := "x@a.tf:1,1-6 y@override.tf.json:1,2-8 z@override.tf.json:1,10-16"
	if strings.Join(got, " ") != want {
		t.Errorf("attributes %s, want %s", strings.Join(got, " "), want)
	}
	wantDiags := "b.tf:1,1-2: error: Duplicate argument; Argument \"x\" was already set at a.tf:1,1-2\n"
	if got := hcltest.RenderDiags(diags); got != wantDiags {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, wantDiags)
	}
}

// TestMergeRequired checks required arguments on merged bodies: an
// override may provide one; when no layer does, the error is at the
// original body's missing item range (native and mixed alike).
func TestMergeRequired(t *testing.T) {
	s := hcltest.MustParseSchema("block resource type name {\n  attr! need\n  attr other\n}")
	for _, over := range []string{"override.tf", "override.tf.json"} {
		src := "resource \"a\" \"x\" {\n  need = 1\n}\nresource \"a\" \"y\" {\n  other = 1\n}\n"
		if strings.HasSuffix(over, ".json") {
			src = `{"resource": {"a": {"x": {"need": 1}, "y": {"other": 1}}}}`
		}
		body := mergeFiles(t,
			"main.tf", "resource \"a\" \"x\" {}\nresource \"a\" \"y\" {}\n",
			over, src)
		got := hcltest.RenderBody(body, s, nil)
		if !strings.Contains(got, `attr "need"`) {
			t.Errorf("%s: the override's need is missing:\n%s", over, got)
		}
		want := "main.tf:2,18-18: error: Missing required argument; The argument \"need\" is required, but no definition was found."
		if !strings.Contains(got, want) {
			t.Errorf("%s: %q missing from:\n%s", over, want, got)
		}
	}
}

// TestModuleBody reads testdata/override-load with Load and merges it.
func TestModuleBody(t *testing.T) {
	m, diags := Load("testdata/override-load", Options{})
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	body, diags := m.Body(nil)
	if len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	var b strings.Builder
	r := &renderer{b: &b, src: map[string][]byte{}}
	for _, f := range m.Files {
		r.src[f.Path] = f.Bytes
	}
	r.body(body, schema.Terraform.Root, "")
	dir := filepath.Join("testdata", "override-load")
	want := "variable \"region\" (" + filepath.Join(dir, "main.tf") + ":1,1-18)\n" +
		"  default = \"eu-west-1\" (" + filepath.Join(dir, "override.tf.json") + ":1,26-48)\n" +
		"  type = string (" + filepath.Join(dir, "main.tf") + ":2,3-16)\n"
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestMergeOracleJSON checks that Merge needs nothing of hcljson: JSON
// files parsed by github.com/hashicorp/hcl/v2/json merge to the same
// rendering as files parsed by hcljson.
func TestMergeOracleJSON(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/override/nested-blocks-json.txtar")
	if err != nil {
		t.Fatal(err)
	}
	want := mergeArchive(t, ar)
	parseJSON = hcloracle.Parse
	defer func() { parseJSON = nil }()
	if got := mergeArchive(t, ar); got != want {
		t.Errorf("with the oracle's JSON parser:\n%s\nwith hcljson:\n%s", got, want)
	}
}

// parseJSON, if set, parses the JSON files of mergeArchive.
var parseJSON func([]byte, string) (*hcl.File, hcl.Diagnostics)

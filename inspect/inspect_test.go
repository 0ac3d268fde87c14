package inspect

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

var update = flag.Bool("update", false, "rewrite the golden files and the JSON twin of testdata/native")

const (
	nativeDir = "testdata/native"
	jsonDir   = "testdata/json"
	// builtinDir uses only OpenTofu's built-in provider, so that
	// testdata/builtin.tofu.json could be made offline with tofu show
	// -config -json (OpenTofu 1.12.6, after tofu init).
	builtinDir     = "testdata/builtin"
	builtinJSONDir = "testdata/builtin-json"
)

// twins maps each native test module to its JSON twin.
var twins = map[string]string{nativeDir: jsonDir, builtinDir: builtinJSONDir}

// TestGolden compares the JSON and text output for the test module with
// golden files that were checked by hand (-update rewrites them).
func TestGolden(t *testing.T) {
	cfg, diags := Module(nativeDir, Options{})
	if len(diags) > 0 {
		t.Fatalf("diagnostics:\n%s", hcltest.RenderDiags(diags))
	}
	var js, text bytes.Buffer
	if err := WriteJSON(&js, cfg, true); err != nil {
		t.Fatal(err)
	}
	if err := WriteText(&text, cfg); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/native.golden.json", js.Bytes())
	golden(t, "testdata/native.golden.txt", text.Bytes())
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs; got:\n%s", path, got)
	}
}

// TestJSONTwinSource checks that each JSON twin directory holds the
// conversion of each file of its native module by tojson.Convert with
// the Terraform schema (-update rewrites them).
func TestJSONTwinSource(t *testing.T) {
	for native, twin := range twins {
		convertTree(t, native, twin)
	}
}

func convertTree(t *testing.T, nativeDir, jsonDir string) {
	err := filepath.WalkDir(nativeDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".tf") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out, diags := tojson.Convert(src, path, tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
		if diags.HasErrors() {
			t.Fatalf("%s:\n%s", path, hcltest.RenderDiags(diags))
		}
		rel, _ := filepath.Rel(nativeDir, path)
		twin := filepath.Join(jsonDir, rel+".json")
		if *update {
			if err := os.MkdirAll(filepath.Dir(twin), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(twin, out, 0o644); err != nil {
				return err
			}
		}
		want, err := os.ReadFile(twin)
		if err != nil {
			return err
		}
		if !bytes.Equal(out, want) {
			t.Errorf("%s is not the conversion of %s", twin, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestJSONTwinEqualsNative checks that, with provider schemas that say
// which names are nested blocks, the .tf.json twin gives exactly the
// native module's representation, ranges apart.
func TestJSONTwinEqualsNative(t *testing.T) {
	opts := Options{Language: testLanguage()}
	native := withoutRanges(t, nativeDir, opts)
	twin := withoutRanges(t, jsonDir, opts)
	if native != twin {
		t.Errorf("native and JSON differ\nnative:\n%s\njson:\n%s", native, twin)
	}
}

// TestJSONTwinWithoutSchemas checks what differs without provider
// schemas: the nested blocks of the native syntax are attributes in JSON,
// and nothing else.
func TestJSONTwinWithoutSchemas(t *testing.T) {
	native := decodeJSON(t, withoutRanges(t, nativeDir, Options{}))
	twin := decodeJSON(t, withoutRanges(t, jsonDir, Options{}))
	var diffs []string
	hcltest.DiffJSON("", native, twin, &diffs)
	want := []string{
		`.provider_config["aws.west"].expressions.default_tags: [{"tags":{"constant_value":{"Team":"core"}}}] != {"constant_value":[{"tags":{"Team":"core"}}]}`,
		`.root_module.resources[0].expressions.root_block_device: [{"volume_size":{"references":["var.settings.size","var.settings"]}}] != {"references":["var.settings.size","var.settings"]}`,
	}
	if !slices.Equal(diffs, want) {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(diffs, "\n"), strings.Join(want, "\n"))
	}
}

// withoutRanges reads the module in dir and returns its representation
// as indented JSON without the "range" keys.
func withoutRanges(t *testing.T, dir string, opts Options) string {
	t.Helper()
	cfg, diags := Module(dir, opts)
	if len(diags) > 0 {
		t.Fatalf("%s:\n%s", dir, hcltest.RenderDiags(diags))
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	v := dropRanges(decodeJSON(t, string(b)))
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// dropRanges removes the range objects ({"filename", "line", "column"}).
func dropRanges(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if r, ok := x.(map[string]any); ok && k == "range" && r["filename"] != nil {
				delete(v, k)
				continue
			}
			v[k] = dropRanges(x)
		}
	case []any:
		for i, x := range v {
			v[i] = dropRanges(x)
		}
	}
	return v
}

// testLanguage is the Terraform language with the provider schemas the
// test module needs to tell nested blocks from attributes: aws_instance
// (root_block_device and ebs_block_device are list blocks) and the aws
// provider (default_tags is a list block).
func testLanguage() *schema.Language {
	root := *schema.Terraform.Root
	root.Blocks = slices.Clone(root.Blocks)
	for i := range root.Blocks {
		b := &root.Blocks[i]
		switch b.Type {
		case "resource":
			b.ByLabel = map[string]*schema.Body{"aws_instance": withProviderSchema(b.Body,
				[]string{"ami", "instance_type", "tags"},
				schema.Block{Type: "root_block_device", Nesting: schema.NestingList, Body: attrsBody("volume_size")},
				schema.Block{Type: "ebs_block_device", Nesting: schema.NestingList, Body: attrsBody("device_name")},
			)}
		case "provider":
			b.ByLabel = map[string]*schema.Body{"aws": withProviderSchema(b.Body,
				[]string{"region"},
				schema.Block{Type: "default_tags", Nesting: schema.NestingList, Body: attrsBody("tags")},
			)}
		}
	}
	return &schema.Language{Name: "terraform+test", Version: "test", Root: &root}
}

// withProviderSchema returns a closed copy of a meta-argument body with
// the provider's attributes and blocks added.
func withProviderSchema(meta *schema.Body, attrs []string, blocks ...schema.Block) *schema.Body {
	b := &schema.Body{
		Attributes: slices.Clone(meta.Attributes),
		Blocks:     slices.Concat(meta.Blocks, blocks),
	}
	for _, name := range attrs {
		b.Attributes = append(b.Attributes, schema.Attribute{Name: name})
	}
	return b
}

func attrsBody(names ...string) *schema.Body {
	b := &schema.Body{}
	for _, name := range names {
		b.Attributes = append(b.Attributes, schema.Attribute{Name: name})
	}
	return b
}

// jsonOf is v marshalled with encoding/json, compact.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTofuShowConfig compares the representation of testdata/builtin, and
// of its JSON twin, with what tofu show -config -json printed for the
// native module: equal on every key OpenTofu writes, once the extra keys
// are left out and schema_version (which only a provider knows) is
// ignored. OpenTofu's own output for the JSON twin differs from its native
// output: it adds the raw text of every JSON template as a constant_value
// (see the package documentation).
func TestTofuShowConfig(t *testing.T) {
	for _, dir := range []string{builtinDir, builtinJSONDir} {
		checkTofuOutput(t, dir, "testdata/builtin.tofu.json")
	}
}

// checkTofuOutput checks that the representation of the module in dir,
// without its extra keys, equals what tofu show -config -json printed
// (in file tofu), the schema_version of providers' resources aside (only
// the provider knows it; the built-in provider's are compared), and
// returns the representation.
func checkTofuOutput(t *testing.T, dir, tofu string) *Config {
	t.Helper()
	return checkTofuOutputWith(t, dir, tofu, Options{})
}

// checkTofuOutputWith is checkTofuOutput with opts.
func checkTofuOutputWith(t *testing.T, dir, tofu string, opts Options) *Config {
	t.Helper()
	b, err := os.ReadFile(tofu)
	if err != nil {
		t.Fatal(err)
	}
	want := reencode(t, dropProviderSchemaVersions(decodeJSON(t, string(b))))
	cfg, diags := Module(dir, opts)
	if len(diags) > 0 {
		t.Fatalf("%s:\n%s", dir, hcltest.RenderDiags(diags))
	}
	got := reencode(t, dropExtras(decodeJSON(t, jsonOf(t, cfg)), ""))
	if got != want {
		var diffs []string
		hcltest.DiffJSON("", decodeJSON(t, got), decodeJSON(t, want), &diffs)
		t.Errorf("%s differs from tofu show -config -json:\n%s", dir, strings.Join(diffs, "\n"))
	}
	return cfg
}

func reencode(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// dropProviderSchemaVersions removes the schema_version of every resource
// of v, a decoded configuration representation, but those of the built-in
// provider, which the package knows.
func dropProviderSchemaVersions(v any) any {
	switch v := v.(type) {
	case map[string]any:
		if typ, ok := v["type"].(string); ok && typ != "terraform_data" && typ != "terraform_remote_state" {
			delete(v, "schema_version")
		}
		for k, x := range v {
			v[k] = dropProviderSchemaVersions(x)
		}
	case []any:
		for i, x := range v {
			v[i] = dropProviderSchemaVersions(x)
		}
	}
	return v
}

// extraKeys are the keys this package adds to OpenTofu's.
var extraKeys = []string{"range", "locals", "lifecycle", "dynamic", "when", "on_failure", "providers"}

// dropExtras removes the extra keys, except inside expressions, where a
// key is an argument name.
func dropExtras(v any, parent string) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if parent != "expressions" && slices.Contains(extraKeys, k) {
				delete(v, k)
				continue
			}
			v[k] = dropExtras(x, k)
		}
	case []any:
		for i, x := range v {
			v[i] = dropExtras(x, parent)
		}
	}
	return v
}

// TestEarlyEvaluation: for OpenTofu a module's source is an expression,
// evaluated from the variables' defaults and the locals as tofu show
// -config -json evaluates it (testdata/early.tofu.json, printed by OpenTofu
// 1.12.6 for testdata/early), in both syntaxes; for Terraform it is a
// literal, and a template there is an error at its range.
func TestEarlyEvaluation(t *testing.T) {
	for _, dir := range []string{"testdata/early", "testdata/early-json"} {
		t.Run(dir, func(t *testing.T) {
			cfg, diags := Module(dir, Options{Program: module.OpenTofu})
			if len(diags) > 0 {
				t.Fatalf("%s", hcltest.RenderDiags(diags))
			}
			b, err := os.ReadFile("testdata/early.tofu.json")
			if err != nil {
				t.Fatal(err)
			}
			want := reencode(t, decodeJSON(t, string(b)))
			got := reencode(t, dropExtras(decodeJSON(t, jsonOf(t, cfg)), ""))
			if got != want {
				var diffs []string
				hcltest.DiffJSON("", decodeJSON(t, got), decodeJSON(t, want), &diffs)
				t.Errorf("differs from tofu show -config -json:\n%s", strings.Join(diffs, "\n"))
			}
			// Terraform refuses variables in the native source, and
			// takes the JSON string as the literal directory name.
			want = "testdata/early/main.tf:14,12-17: error: Variables not allowed;"
			if dir == "testdata/early-json" {
				want = "testdata/early-json/main.tf.json:30,21-45: error: Failed to read module directory; Module directory testdata/early-json/modules/${var.child} does not exist"
			}
			_, diags = Module(dir, Options{Program: module.Terraform})
			if got := hcltest.RenderDiags(diags); !strings.Contains(got, want) {
				t.Errorf("Terraform: want %q, have:\n%s", want, got)
			}
		})
	}
}

// TestEarlyEvaluationErrors: a source OpenTofu cannot evaluate early is an
// error at the source's range.
func TestEarlyEvaluationErrors(t *testing.T) {
	dir := t.TempDir()
	src := `variable "req" {}
resource "terraform_data" "r" {}
module "a" {
  source = "./${var.req}"
}
module "b" {
  source = "./${terraform_data.r.id}"
}
module "c" {
  source = nosuch("x")
}
module "d" {
  source = "./${path.module}/${terraform.workspace}/${var.nope}"
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := Module(dir, Options{Program: module.OpenTofu})
	got := strings.ReplaceAll(hcltest.RenderDiags(diags), dir, "DIR")
	for _, want := range []string{
		"DIR/main.tf:4,12-26: error: Invalid value for source; OpenTofu evaluates module.a.source before anything else, from the values of variables and locals. Here it has no known value: it refers to a variable without a default",
		"DIR/main.tf:7,17-36: error: Dynamic value in static context; Unable to use terraform_data.r.id in static context, which is required by module.b.source",
		"DIR/main.tf:10,12-18: error: Call to unknown function;",
		"DIR/main.tf:13,55-63: error: Undefined variable; Undefined variable var.nope",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, got)
		}
	}
}

// TestEarlyEvaluationCutShort: a call cut short by a syntax error has no
// closing parenthesis, where hclsyntax reports its missing arguments (at
// line 0 of no file); the error is on the call's name and parenthesis. Found by
// FuzzFiles (testdata/fuzz/FuzzFiles/09586f33ab272fdf).
func TestEarlyEvaluationCutShort(t *testing.T) {
	file, _ := hclsyntax.ParseConfig([]byte(`module "m" { source = replace(`), "f.tf", hcl.InitialPos)
	noRead := func(string) ([]*hcl.File, hcl.Diagnostics) { return nil, nil }
	_, diags := Files("dir", []*hcl.File{file}, Options{Program: module.OpenTofu, Language: schema.OpenTofu, ReadDir: noRead})
	// The expression's own range is hclsyntax's, cut short too.
	want := `f.tf:1,23-31: error: Not enough function arguments; Function "replace" expects 3 argument(s). Missing value for "substr". (expr f.tf:1,23-0,0) (evalctx) (extra *hclsyntax.functionCallDiagExtra)` + "\n"
	if got := hcltest.RenderDiags(diags); got != want {
		t.Errorf("diagnostics:\n%s\nwant\n%s", got, want)
	}
}

// TestCheckData: the data source of a check block is listed with the
// module's data sources, as tofu show -config -json lists it
// (testdata/check.tofu.json, printed by OpenTofu 1.12.6), from native
// syntax and from its JSON twin.
func TestCheckData(t *testing.T) {
	for dir, line := range map[string]int{"testdata/check": 6, "testdata/check-json": 23} {
		cfg := checkTofuOutput(t, dir, "testdata/check.tofu.json")
		if rs := cfg.RootModule.Resources; len(rs) != 2 || rs[1].Address != "data.terraform_remote_state.s" || rs[1].Range.Line != line {
			t.Errorf("%s: resources %s", dir, jsonOf(t, rs))
		}
	}
}

// TestQuotedReferences: legacy quoted references and keywords are read as
// Terraform and OpenTofu read them, with a deprecation warning at each.
func TestQuotedReferences(t *testing.T) {
	dir := t.TempDir()
	src := `provider "aws" {
  alias = "west"
}
resource "aws_s3_bucket" "logs" {}
resource "aws_instance" "web" {
  provider   = "aws.west"
  depends_on = ["aws_s3_bucket.logs"]
  lifecycle {
    ignore_changes = ["tags"]
  }
  provisioner "local-exec" {
    when = "destroy"
  }
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, diags := Module(dir, Options{})
	got := strings.ReplaceAll(hcltest.RenderDiags(diags), dir, "DIR")
	for _, want := range []string{
		"DIR/main.tf:6,16-26: warning: Quoted references are deprecated;",
		"DIR/main.tf:7,17-37: warning: Quoted references are deprecated;",
		"DIR/main.tf:9,23-29: warning: Quoted references are deprecated;",
		"DIR/main.tf:12,12-21: warning: Quoted keywords are deprecated;",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, got)
		}
	}
	if diags.HasErrors() {
		t.Fatalf("errors:\n%s", got)
	}
	r := cfg.RootModule.Resources[0]
	if r.Address != "aws_instance.web" {
		t.Fatalf("first resource %s", r.Address)
	}
	if got := jsonOf(t, []any{r.ProviderConfigKey, r.DependsOn, r.Lifecycle.IgnoreChanges, r.Provisioners[0].When}); got != `["aws.west",["aws_s3_bucket.logs"],["tags"],"destroy"]` {
		t.Errorf("read %s", got)
	}
}

// TestRegistryOfProgram: a provider source without a host is on the
// default registry of the program read for, registry.terraform.io for
// Terraform and registry.opentofu.org for OpenTofu (and when nothing says
// which); a host written stays; the built-in provider is terraform.io's;
// and the built-in provider's resources have their schema_version, as the
// programs show it.
func TestRegistryOfProgram(t *testing.T) {
	dir := t.TempDir()
	src := `terraform {
  required_providers {
    aws    = { source = "hashicorp/aws" }
    google = { source = "registry.opentofu.org/hashicorp/google" }
  }
}
resource "aws_instance" "a" {}
resource "random_id" "b" {}
resource "terraform_data" "c" {}
data "terraform_remote_state" "d" {
  backend = "local"
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		program module.Program
		host    string
	}{
		{module.Terraform, "registry.terraform.io"},
		{module.OpenTofu, "registry.opentofu.org"},
		{module.Auto, "registry.opentofu.org"},
	} {
		cfg, diags := Module(dir, Options{Program: tt.program})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		var got []string
		for _, key := range slices.Sorted(maps.Keys(cfg.ProviderConfig)) {
			got = append(got, key+"="+cfg.ProviderConfig[key].FullName)
		}
		want := []string{
			"aws=" + tt.host + "/hashicorp/aws",
			"google=registry.opentofu.org/hashicorp/google",
			"random=" + tt.host + "/hashicorp/random",
			"terraform=terraform.io/builtin/terraform",
		}
		if !slices.Equal(got, want) {
			t.Errorf("%v: provider configs %q, want %q", tt.program, got, want)
		}
		var versions []string
		for _, r := range cfg.RootModule.Resources {
			v := "none"
			if r.SchemaVersion != nil {
				v = fmt.Sprint(*r.SchemaVersion)
			}
			versions = append(versions, r.Address+"="+v)
		}
		if want := []string{"aws_instance.a=none", "random_id.b=none", "terraform_data.c=0", "data.terraform_remote_state.d=0"}; !slices.Equal(versions, want) {
			t.Errorf("%v: schema versions %q, want %q", tt.program, versions, want)
		}
	}
}

package tonative

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/clientstest"
	"github.com/hcljson/hcljson/internal/convtest"
	"github.com/hcljson/hcljson/internal/nativefmt"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/tojson"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/terraform from the converter (review them before committing)")

// TestNativeRoundTrip converts every native fixture to JSON and back with
// the schema derived from the source, and checks the law on the way back:
// the native text written from the JSON decodes, with the same schema and
// context, to the same values, variables and blocks as the JSON (and so
// as the source).
func TestNativeRoundTrip(t *testing.T) {
	for _, path := range convtest.NativeFixtures(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			opts := tojson.Options{Schema: schema.Generic.Root, Comments: convtest.CommentsFixture(path)}
			js, diags := tojson.Convert(src, name, opts, gen.Options{})
			if diags.HasErrors() {
				t.Skipf("not convertible to JSON: %s", diags[0].Summary)
			}
			nf, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			ls, err := convtest.DeriveSchema(nf.Body.(*hclsyntax.Body))
			if err != nil {
				t.Skipf("no schema fits: %v", err)
			}
			literal := literalOf(opts)
			back, diags := Convert(js, name+".json", Options{Schema: convtest.SchemaFromLaw(ls, literal, nil)})
			if diags.HasErrors() {
				t.Fatalf("back to native:\n%s\njson:\n%s", hcltest.RenderDiags(diags), js)
			}
			convtest.CheckLaw(t, name, back, js, literal)
			// And the circle closes: the native text converts to JSON
			// that means the same again (not always the same bytes:
			// hclwrite.Format respaces expressions, "${- -5}" comes back
			// as "${--5}").
			again, diags := tojson.Convert(back, name, opts, gen.Options{})
			if diags.HasErrors() {
				t.Fatalf("native output does not convert back:\n%s\n%s", hcltest.RenderDiags(diags), back)
			}
			convtest.CheckLaw(t, name, back, again, literal)
		})
	}
}

// literalOf returns which attributes opts writes as literals, in the
// form convtest.CheckLaw takes.
func literalOf(opts tojson.Options) func([]string, string) bool {
	if opts.Mode == nil {
		return nil
	}
	return func(path []string, name string) bool {
		blocks := make([]*hclsyntax.Block, len(path))
		for i, typ := range path {
			blocks[i] = &hclsyntax.Block{Type: typ}
		}
		return opts.Mode(blocks, name) == gen.Literal
	}
}

// TestTerraformRoundTrip converts each Terraform fixture to JSON with the
// Terraform schema and back, and checks both ways: the native text read
// as Terraform reads it equals the JSON (and so the source), and
// converting it again gives the same JSON.
func TestTerraformRoundTrip(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "tojson", "testdata", "terraform", "*.tf"))
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			js, diags := tojson.Convert(src, name, tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
			if diags.HasErrors() {
				t.Fatalf("to JSON:\n%s", hcltest.RenderDiags(diags))
			}
			back, diags := Convert(js, name+".json", Options{Schema: schema.Terraform.Root, ObjectsAsAttributes: true})
			if diags.HasErrors() {
				t.Fatalf("back to native:\n%s", hcltest.RenderDiags(diags))
			}
			convtest.CheckTerraformReading(t, name, back, js)
			again, diags := tojson.Convert(back, name, tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
			if diags.HasErrors() {
				t.Fatalf("native output does not convert back:\n%s\n%s", hcltest.RenderDiags(diags), back)
			}
			convtest.CheckTerraformReading(t, name, back, again)
		})
	}
}

// TestConvertJSONErrors checks that what cannot be converted faithfully
// is an error naming the place, and that nothing is written.
func TestConvertJSONErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		opts            Options
	}{
		{
			name: "ambiguous object",
			src:  `{"resource": {"aws_instance": {"web": {"tags": {"Name": "web"}}}}}`,
			want: `x.tf.json:1,40-46: Ambiguous property; "tags" in resource.aws_instance.web is an object: without a schema that lists it, it could be a nested block or an argument. No evidence decides it: no provider schema lists it, this body has no dynamic block of that name and does not repeat it, no configuration file of the module writes it, for this type at this place, only as a block or only as an argument, and the built-in table of providers' block structure has no entry for it. Give the provider's schema that describes it (the output of terraform providers schema -json: --provider-schema), or write it once in a .tf file of the module as the provider takes it (a block, or name = value), or choose to write such properties as arguments (--objects-as-attributes).`,
		},
		{
			name: "ambiguous empty array",
			src:  `{"resource": {"aws_instance": {"web": {"ebs": []}}}}`,
			want: `x.tf.json:1,40-45: Ambiguous property; "ebs" in resource.aws_instance.web is an empty array: without a schema that lists it, it could be a nested block or an argument. No evidence decides it: no provider schema lists it, this body has no dynamic block of that name and does not repeat it, no configuration file of the module writes it, for this type at this place, only as a block or only as an argument, and the built-in table of providers' block structure has no entry for it. Give the provider's schema that describes it (the output of terraform providers schema -json: --provider-schema), or write it once in a .tf file of the module as the provider takes it (a block, or name = value), or choose to write such properties as arguments (--objects-as-attributes).`,
		},
		{
			name: "unsupported",
			src:  `{"varible": {"x": {}}}`,
			want: `x.tf.json:1,2-11: Extraneous JSON object property; No argument or block type is named "varible". Did you mean "variable"?`,
		},
		{
			name: "unsupported nested",
			src:  `{"variable": {"x": {"tpye": "string"}}}`,
			want: `x.tf.json:1,21-27: Extraneous JSON object property; No argument or block type is named "tpye". Did you mean "type"?`,
		},
		{
			name: "argument name",
			src:  `{"locals": {"a b": 1}}`,
			want: `x.tf.json:1,13-18: Invalid argument name; "a b" in locals cannot be an argument in native syntax: an argument name must be an identifier (letters, digits, underscores and dashes, not starting with a digit).`,
		},
		{
			name: "duplicate argument",
			src:  `{"locals": {"a": 1, "a": 2}}`,
			want: `x.tf.json:1,21-24: Duplicate attribute definition; The argument "a" was already set at x.tf.json:1,13-19.`,
		},
		{
			name: "interpolated reference",
			src:  `{"output": {"o": {"value": 1, "depends_on": ["${aws_instance.a}"]}}}`,
			want: `x.tf.json:1,46-65: Unexpected template; output.o.depends_on: this value is read as a reference in a string, where "${" has no meaning`,
		},
		{
			name: "reference not in an array",
			src:  `{"output": {"o": {"value": 1, "depends_on": "aws_instance.a"}}}`,
			want: `x.tf.json:1,45-61: Expected an array; output.o.depends_on: this argument is a list written out element by element, each a reference in a string`,
		},
		{
			name: "not a reference",
			src:  `{"moved": {"from": "a.b + 1", "to": "a.c"}}`,
			want: `x.tf.json:1,20-29: Cannot write value; moved.from: native syntax would read this value differently (it is not a reference: Invalid expression).`,
		},
		{
			name: "not a type",
			src:  `{"variable": {"x": {"type": "strin"}}}`,
			want: `x.tf.json:1,29-36: Cannot write value; variable.x.type: native syntax would read this value differently (it is not a type constraint: Invalid type specification).`,
		},
		{
			name: "bad template",
			src:  `{"locals": {"a": "${"}}`,
			want: `x.tf.json:1,21-21: Missing expression; Expected the start of an expression, but found the end of the file.`,
		},
		{
			name: "block body not an object",
			src:  `{"variable": {"x": 1}}`,
			want: `x.tf.json:1,20-21: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more "variable" blocks.`,
		},
		{
			name: "template OpenTofu evaluates",
			src:  `{"terraform": {"backend": {"s3": {"bucket": "${var.b}"}}}}`,
			want: `x.tf.json:1,45-55: Read differently by Terraform and OpenTofu; terraform.backend.s3.bucket: Terraform takes this value as text, OpenTofu evaluates its template sequences; no native text means the same to both. To convert for OpenTofu alone, choose it (--program opentofu, or a .tofu.json file name).`,
		},
		{
			name: "configuration alias that is two",
			src:  `{"terraform": {"required_providers": {"aws": {"source": "hashicorp/aws", "configuration_aliases": ["aws.west, aws.east"]}}}}`,
			want: `x.tf.json:1,46-122: Cannot write value; terraform.required_providers.aws: native syntax would read this value differently (configuration_aliases: not the same list).`,
		},
		{
			name: "configuration alias with a newline",
			src:  `{"terraform": {"required_providers": {"aws": {"configuration_aliases": ["aws.west]\n source = \"evil/aws\"\n x = [aws.e"]}}}}`,
			want: `x.tf.json:1,73-121: Cannot write value; terraform.required_providers.aws: "aws.west]\n source = \"evil/aws\"\n x = [aws.e" cannot be written in native syntax as a reference in a string`,
		},
		{
			name: "missing label",
			src:  `{"variable": {}}`,
			want: `x.tf.json:1,14-15: Missing block label; At least one object property is required, whose name represents the variable block's name.`,
		},
		{
			name: "syntax error",
			src:  `{"locals": {"a": }}`,
			want: `x.tf.json:1,18-19: Missing JSON value; A JSON value must start with a brace, a bracket, a number, a string, or a keyword.`,
		},
		{
			name: "ambiguous without a provider",
			src:  `{"terraform": {"encryption": {"key_provider": {"aws_kms": {"k": {"assume_role": {"role_arn": "x"}}}}}}}`,
			want: `x.tf.json:1,66-79: Ambiguous property; "assume_role" in terraform.encryption.key_provider.aws_kms.k is an object: without a schema that lists it, it could be a nested block or an argument. No schema that hcljson reads describes this body: if such properties are arguments, choose to write them as arguments (--objects-as-attributes).`,
		},
		{
			name: "generic file",
			src:  `{"service": {"web": {"port": 80}}}`,
			opts: Options{Schema: schema.Generic.Root},
			want: `x.tf.json:1,2-11: Ambiguous property; "service" in the root body is an object: without a schema that lists it, it could be a nested block or an argument. No schema that hcljson reads describes this body: if such properties are arguments, choose to write them as arguments (--objects-as-attributes).`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			if opts.Schema == nil {
				opts.Schema = schema.Terraform.Root
			}
			out, diags := Convert([]byte(tc.src), "x.tf.json", opts)
			if out != nil {
				t.Errorf("output despite errors:\n%s", out)
			}
			var got []string
			for _, d := range diags {
				got = append(got, d.Error())
			}
			if g := strings.Join(got, "\n"); g != tc.want {
				t.Errorf("diagnostics:\n got: %s\nwant: %s", g, tc.want)
			}
		})
	}
}

// TestJSONToNativeGolden converts each .tf.json under testdata/terraform
// to native syntax with the Terraform schema (and, for providers.tf.json,
// the provider schemas of schema/testdata/providers) and compares the
// result with the golden .tf beside it (-update rewrites them).
// It then checks that the native text, read as Terraform reads it, means
// what the JSON means, and that converting it back to JSON keeps that
// meaning.
func TestJSONToNativeGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "terraform", "*.tf.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lang := schema.Terraform
			if name == "providers.tf.json" {
				lang = convtest.TestProviders(t)
			}
			out, diags := Convert(src, name, Options{Schema: lang.Root})
			if diags.HasErrors() {
				t.Fatalf("conversion failed:\n%s", hcltest.RenderDiags(diags))
			}
			golden := strings.TrimSuffix(path, ".json")
			if *update {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != string(want) {
				t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", golden, out, want)
			}
			convtest.CheckTerraformReading(t, strings.TrimSuffix(name, ".json"), out, src)
			again, diags := tojson.Convert(out, name, tojson.Options{Schema: lang.Root}, gen.Options{})
			if diags.HasErrors() {
				t.Fatalf("native output does not convert back:\n%s", hcltest.RenderDiags(diags))
			}
			convtest.CheckTerraformReading(t, strings.TrimSuffix(name, ".json"), out, again)
		})
	}
}

// TestFixedPoint converts each .tf file under testdata/fixedpoint
// (written as terraform fmt leaves them) to JSON, back to native syntax
// and to JSON again: the native text must be the source, byte for byte
// (without the comment lines it starts with), and the second JSON the
// first; the native text must be what terraform fmt (hclwrite.Format)
// and, when it is at hand, tofu fmt leave as it is. Multi-line expressions keep their line
// breaks and gain no parentheses.
func TestFixedPoint(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "fixedpoint", "*.tf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	opts := tojson.Options{Schema: schema.Terraform.Root}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			j1, diags := tojson.Convert(src, "a.tf", opts, gen.Options{})
			if diags.HasErrors() {
				t.Fatal(hcltest.RenderDiags(diags))
			}
			native, diags := Convert(j1, "a.tf.json", Options{Schema: schema.Terraform.Root})
			if diags.HasErrors() {
				t.Fatal(hcltest.RenderDiags(diags))
			}
			// A fixture marked so has values that JSON writes another
			// way (a heredoc in a tuple is a string there).
			if !bytes.Contains(src, []byte("# fixed point: JSON only")) && string(native) != string(withoutHeader(src)) {
				t.Errorf("native output differs from the source:\n%s", native)
			}
			if laid := hclwrite.Format(native); string(laid) != string(native) {
				t.Errorf("terraform fmt (hclwrite.Format) changes the native output:\n%s\nto\n%s", native, laid)
			}
			if tofu, ok := clientstest.Find("tofu"); ok {
				cmd := exec.Command(tofu, "fmt", "-")
				cmd.Stdin = bytes.NewReader(native)
				cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+os.DevNull)
				laid, err := cmd.Output()
				if err != nil {
					t.Fatalf("tofu fmt -: %v", err)
				}
				if string(laid) != string(native) {
					t.Errorf("tofu fmt changes the native output:\n%s\nto\n%s", native, laid)
				}
			}
			j2, diags := tojson.Convert(native, "a.tf", opts, gen.Options{})
			if diags.HasErrors() {
				t.Fatal(hcltest.RenderDiags(diags))
			}
			if string(j2) != string(j1) {
				t.Errorf("second JSON differs:\n%s\nfirst:\n%s", j2, j1)
			}
		})
	}
}

// withoutHeader returns src without the comment lines it starts with
// (what a fixture says about itself), which the conversion does not keep.
func withoutHeader(src []byte) []byte {
	for bytes.HasPrefix(src, []byte("#")) {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return nil
		}
		src = src[i+1:]
	}
	return src
}

// TestMultilineParentheses: an interpolation that spans lines is written
// bare where native syntax reads it as one expression, in parentheses
// where a newline would end the argument or a heredoc's closing line
// would be followed by a comma; once written, it stays as it is.
func TestMultilineParentheses(t *testing.T) {
	for _, tc := range []struct{ json, native string }{
		{`{"locals": {"a": "${compact(\n  concat(x),\n)}"}}`, "a = compact(\n    concat(x),\n  )"},
		{`{"locals": {"a": "${a\n+ b}"}}`, "a = (a\n  + b)"},
		{`{"locals": {"a": "${(a\n+ b)}"}}`, "a = (a\n  + b)"},
		{`{"locals": {"a": ["${<<EOT\nx\nEOT\n}", 1]}}`, "a = [\n    (<<EOT\nx\nEOT\n    ),\n    1,\n  ]"},
		{`{"locals": {"a": "${<<EOT\nx\nEOT\n}"}}`, "a = <<EOT\nx\nEOT"},
	} {
		native, diags := Convert([]byte(tc.json), "a.tf.json", Options{Schema: schema.Terraform.Root})
		if diags.HasErrors() {
			t.Errorf("%s: %s", tc.json, hcltest.RenderDiags(diags))
			continue
		}
		want := "locals {\n  " + tc.native + "\n}\n"
		if string(native) != want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tc.json, native, want)
		}
	}
}

// FuzzConvertJSON converts arbitrary JSON to native syntax, generic and
// with the Terraform schema. It must never panic nor write a file that
// does not parse or that terraform fmt would lay out otherwise; every
// error points into the input; and whatever converts means what the JSON
// means (the law, read generically, and as Terraform reads each
// argument).
func FuzzConvertJSON(f *testing.F) {
	for _, seed := range []string{
		`{"a": 1}`,
		`{"a": "x${var.foo}y", "b": {"c": [1, {"d": "${var.n}"}]}}`,
		`{"a": "line\n${var.x}\n", "b": "${\"\\r\"}", "c": "$${x} %%{y}"}`,
		`{"locals": {"a": "%{ if var.f }x%{ endif }", "b": "${a +\n b}"}}`,
		`{"variable": {"x": {"type": "map(string)", "default": "${x}"}}}`,
		`{"resource": [{"a_b": {"c": {"count": 1, "lifecycle": {"ignore_changes": "all"}}}}]}`,
		`{"//": "c\nd", "output": {"o": {"value": 1, "depends_on": ["a.b"]}}}`,
	} {
		f.Add([]byte(seed))
	}
	for _, glob := range []string{"testdata/terraform/*.tf.json", "../tojson/testdata/terraform/*.tf.json", "../tojson/testdata/native/*.tf.json"} {
		files, _ := filepath.Glob(filepath.FromSlash(glob))
		for _, name := range files {
			if src, err := os.ReadFile(name); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		generic, gd := Convert(src, "f.json", Options{ObjectsAsAttributes: true})
		tf, td := Convert(src, "f.tf.json", Options{Schema: schema.Terraform.Root, ObjectsAsAttributes: true})
		for _, d := range append(gd, td...) {
			if d.Severity == hcl.DiagError && (d.Subject == nil || d.Subject.End.Byte > len(src) || d.Subject.Start.Byte < 0) {
				t.Fatalf("error without a range in the input: %s", d.Error())
			}
		}
		for _, out := range [][]byte{generic, tf} {
			if out == nil {
				continue
			}
			if _, diags := hclsyntax.ParseConfig(out, "out.tf", hcl.InitialPos); diags.HasErrors() {
				t.Fatalf("the output does not parse: %s\n%s\nfrom\n%s", diags, out, src)
			}
			if !formatted(out) {
				t.Fatalf("the output is not laid out as terraform fmt lays it out:\n%s\nhclwrite.Format:\n%s", out, hclwrite.Format(out))
			}
		}
		if !gd.HasErrors() {
			convtest.CheckLaw(t, "f", generic, src, nil)
		}
		if !td.HasErrors() {
			if nf, diags := hclsyntax.ParseConfig(tf, "f.tf", hcl.InitialPos); !diags.HasErrors() {
				if _, err := convtest.DeriveSchema(nf.Body.(*hclsyntax.Body)); err != nil {
					return
				}
			}
			convtest.CheckTerraformReading(t, "f.tf", tf, src)
		}
	})
}

// TestCorpusToNative converts the JSON configuration files of OpenTofu's
// own test fixtures and of schema/testdata to native syntax, with the
// language their names call for (resources' nested objects written as
// arguments, no provider schema being at hand), and checks both ways:
// the native text reads as the JSON does, and converts back to JSON that
// reads the same again.
func TestCorpusToNative(t *testing.T) {
	var files []string
	for _, root := range []string{
		filepath.Join("..", "hcljson", "testdata", "fuzz", "corpus", "opentofu"),
		filepath.Join("..", "schema", "testdata"),
	} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") && !strings.Contains(path, "providers") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 20 {
		t.Fatalf("only %d files", len(files))
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(strings.TrimPrefix(path, filepath.Join("..", "")+string(filepath.Separator)), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lang := schema.LanguageFor(name)
			if lang == nil {
				t.Fatalf("no language for %s", name)
			}
			out, diags := Convert(src, name, Options{Schema: lang.Root, ObjectsAsAttributes: true})
			if diags.HasErrors() {
				t.Skipf("not convertible: %s", diags[0].Error())
			}
			convtest.CompareReading(t, strings.TrimSuffix(name, ".json"), out, src, lang.Root)
			again, diags := tojson.Convert(out, name, tojson.Options{Schema: lang.Root}, gen.Options{})
			if diags.HasErrors() {
				t.Fatalf("native output does not convert back:\n%s\n%s", hcltest.RenderDiags(diags), out)
			}
			convtest.CompareReading(t, strings.TrimSuffix(name, ".json"), out, again, lang.Root)
		})
	}
}

// formatted reports whether hclwrite.Format, which terraform fmt and tofu
// fmt apply (and hcljson fmt, through nativefmt.Format), leaves out as it is, or changes it only where that would
// change a token (where the conversion leaves the value as it is).
func formatted(out []byte) bool {
	f := hclwrite.Format(out)
	if !bytes.Equal(nativefmt.Format(out), f) {
		return false // hcljson fmt must lay it out as terraform fmt does
	}
	if bytes.Equal(f, out) {
		return true
	}
	a, _ := hclsyntax.LexConfig(out, "", hcl.InitialPos)
	b, _ := hclsyntax.LexConfig(f, "", hcl.InitialPos)
	if len(a) != len(b) {
		return true
	}
	for i := range a {
		if a[i].Type != b[i].Type || !bytes.Equal(a[i].Bytes, b[i].Bytes) {
			return true
		}
	}
	return false
}

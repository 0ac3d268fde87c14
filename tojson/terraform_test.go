package tojson

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/convtest"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tonative"
)

var terraformOpts = Options{Schema: schema.Terraform.Root}

// TestTerraformGolden converts each .tf file under testdata/terraform
// with the Terraform schema and compares the result with the golden
// .tf.json beside it (-update rewrites them). It then checks that
// hcljson reads the JSON, in each argument's schema mode, as the native
// source reads: the same types, references, keywords, native expressions,
// literals and expression values.
func TestTerraformGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "terraform", "*.tf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(path)
			out, diags := Convert(src, name, terraformOpts, gen.Options{})
			if diags.HasErrors() {
				t.Fatalf("conversion failed:\n%s", hcltest.RenderDiags(diags))
			}
			golden := path + ".json"
			if *updateNative {
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
			convtest.CheckTerraformReading(t, name, src, out)
		})
	}
}

// TestTerraformErrors checks that an argument that the JSON reading would
// change is an error naming the file, line and argument.
func TestTerraformErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"resource \"a\" \"b\" {\n  depends_on = concat([a.b])\n}\n",
			`t.tf:2,16-29: error: Not a static list; The argument "depends_on" in resource "a" "b" cannot be written in JSON with the same meaning: it must be a list written out element by element (Invalid expression).`},
		{"resource \"a\" \"b\" {\n  depends_on = [\"${a.b}\"]\n}\n",
			`t.tf:2,17-25: error: Not a reference; The argument "depends_on" in resource "a" "b" cannot be written in JSON with the same meaning: it is read as a static reference such as a.b["c"] (Invalid expression).`},
		{"variable \"v\" {\n  type = \"string\"\n}\n",
			`t.tf:2,10-18: error: Not a type; The argument "type" in variable "v" cannot be written in JSON with the same meaning: it is read as a type constraint (Invalid type specification).`},
		{"variable \"v\" {\n  type = (string)\n}\n",
			`t.tf:2,10-18: error: Not a type; The argument "type" in variable "v" cannot be written in JSON with the same meaning: it is read as a type constraint (Invalid type specification).`},
		{"variable \"v\" {\n  default = var.x\n}\n",
			`t.tf:2,13-18: error: Not a constant; The argument "default" in variable "v" cannot be written in JSON with the same meaning: it is read as a literal value, without variables or functions.`},
		{"module \"m\" {\n  source = \"./x$${a}\"\n}\n",
			`t.tf:2,12-22: error: Read differently by Terraform and OpenTofu; The argument "source" in module "m" cannot be written in JSON with the same meaning: Terraform takes a JSON string here as text, OpenTofu evaluates its template sequences ("${", "%{"), so no JSON means the same to both. To convert for OpenTofu alone, choose it (--program opentofu, or a .tofu file name).`},
		{"module \"m\" {\n  source = \"./modules/${var.dir}\"\n}\n",
			`t.tf:2,12-34: error: Not a constant; The argument "source" in module "m" cannot be written in JSON with the same meaning: Terraform reads it as a literal value, without variables or functions. OpenTofu evaluates variables and locals here: to convert for OpenTofu, choose it (--program opentofu, or a .tofu file name).`},
		{"resource \"a\" \"b\" {\n  provisioner \"x\" {\n    when = \"de stroy\"\n  }\n}\n",
			`t.tf:3,12-22: error: Not a keyword; The argument "when" in resource "a" "b" > provisioner "x" cannot be written in JSON with the same meaning: it is read as one bare word.`},
		{"moved {\n  from = \"a.b\"\n  to = a.c\n}\n",
			`t.tf:2,10-15: error: Not a reference; The argument "from" in moved cannot be written in JSON with the same meaning: it is read as a static reference such as a.b["c"] (Invalid expression).`},
		{"module \"m\" {\n  source = \"x\"\n  providers = { aws = \"aws.west\" + 1 }\n}\n",
			`t.tf:3,23-37: error: Not a reference; The argument "providers" in module "m" cannot be written in JSON with the same meaning: it is read as a static reference such as a.b["c"] (Invalid expression).`},
		{"resource \"a\" \"b\" {\n  dynamic \"d\" {\n    iterator = \"${x}\"\n  }\n}\n",
			`t.tf:3,16-22: error: Not a reference; The argument "iterator" in resource "a" "b" > dynamic "d" cannot be written in JSON with the same meaning: it is read as a static reference such as a.b["c"] (Invalid expression).`},
		{"resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [tags[var.k]]\n  }\n}\n",
			`t.tf:3,23-34: error: Not a reference; The argument "ignore_changes" in resource "a" "b" > lifecycle cannot be written in JSON with the same meaning: it is read as a static reference such as a.b["c"] (Invalid expression).`},
		{"terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\", configuration_aliases = [\"aws.x\"] }\n  }\n}\n",
			`t.tf:3,64-71: error: Not a reference; The argument "aws" in terraform > required_providers cannot be written in JSON with the same meaning: it is read as a static reference such as a.b["c"] (Invalid expression).`},
		// What the language refuses is refused on the way in, as
		// Terraform and OpenTofu say it, instead of becoming JSON that
		// means something else or does not convert back.
		{"resources \"a\" \"b\" {\n}\n",
			`t.tf:1,1-10: error: Unsupported block type; Blocks of type "resources" are not expected here. Did you mean "resource"?`},
		{"data \"terraform_remote_state\" \"s\" {\n  backend = \"local\"\n  config {\n    path = \"x\"\n  }\n}\n",
			`t.tf:3,3-9: error: Unsupported block type; Blocks of type "config" are not expected here. Did you mean to define argument "config"? If so, use the equals sign to assign it a value.`},
		{"module \"m\" {\n  source = \"./m\"\n  tags {\n  }\n}\n",
			`t.tf:3,3-7: error: Unexpected "tags" block; Blocks are not allowed here. (context t.tf:3,3-4,4)`},
		{"variable \"v\" {\n  defualt = 1\n}\n",
			`t.tf:2,3-10: error: Unsupported argument; An argument named "defualt" is not expected here. Did you mean "default"?`},
	} {
		out, diags := Convert([]byte(tc.src), "t.tf", terraformOpts, gen.Options{})
		if got := hcltest.RenderDiags(diags); out != nil || got != tc.want+"\n" {
			t.Errorf("%s\ngot %q\n%s\nwant\n%s", tc.src, out, got, tc.want)
		}
	}
}

// TestTerraformQuoted checks that references and keywords in quotes, as
// Terraform 0.11 wrote them, convert where Terraform and OpenTofu accept
// them (with their deprecation warning) and are the same strings in JSON.
func TestTerraformQuoted(t *testing.T) {
	src := `resource "a" "b" {
  provider   = "aws.virginia"
  depends_on = ["a.c", a.d]

  lifecycle {
    ignore_changes = ["tags[\"Name\"]"]
  }

  provisioner "local-exec" {
    command    = "true"
    when       = "destroy"
    on_failure = "continue"
  }
}

module "m" {
  source    = "./m"
  providers = { "aws" = "aws.west" }
}
`
	want := `{"resource":[{"a":[{"b":[{"provider":"aws.virginia","depends_on":["a.c","a.d"],"lifecycle":[{"ignore_changes":["tags[\"Name\"]"]}],"provisioner":[{"local-exec":[{"command":"true","when":"destroy","on_failure":"continue"}]}]}]}]}],"module":[{"m":[{"source":"./m","providers":{"aws":"aws.west"}}]}]}` + "\n"
	wantDiags := `t.tf:2,16-30: warning: Quoted references are deprecated; The argument "provider" in resource "a" "b" gives a reference in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.
t.tf:3,17-22: warning: Quoted references are deprecated; The argument "depends_on" in resource "a" "b" gives a reference in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.
t.tf:6,23-39: warning: Quoted references are deprecated; The argument "ignore_changes" in resource "a" "b" > lifecycle gives a reference in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.
t.tf:11,18-27: warning: Quoted keywords are deprecated; The argument "when" in resource "a" "b" > provisioner "local-exec" gives a keyword in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.
t.tf:12,18-28: warning: Quoted keywords are deprecated; The argument "on_failure" in resource "a" "b" > provisioner "local-exec" gives a keyword in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.
t.tf:18,17-22: warning: Quoted references are deprecated; The argument "providers" in module "m" gives a reference in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.
t.tf:18,25-35: warning: Quoted references are deprecated; The argument "providers" in module "m" gives a reference in quotes, as Terraform 0.11 wrote it; Terraform and OpenTofu still read it so, with this warning. In JSON it is the same string. Remove the quotes in the native source to silence this warning.
`
	out, diags := Convert([]byte(src), "t.tf", terraformOpts, gen.Options{Compact: true})
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if got := hcltest.RenderDiags(diags); got != wantDiags {
		t.Errorf("diagnostics:\n%s\nwant\n%s", got, wantDiags)
	}
	// Back to native syntax, the references and keywords lose their quotes.
	native, diags := tonative.Convert(out, "t.tf.json", tonative.Options{Schema: schema.Terraform.Root})
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	for _, line := range []string{"provider   = aws.virginia", "depends_on = [a.c, a.d]", "ignore_changes = [tags[\"Name\"]]", "when       = destroy", "aws = aws.west"} {
		if !strings.Contains(string(native), line) {
			t.Errorf("native output lacks %q:\n%s", line, native)
		}
	}
}

// TestTerraformComments checks that comments inside syntax are kept in its
// text only where the JSON reading is the same, and that the schema and
// the Comments option work together.
func TestTerraformComments(t *testing.T) {
	src := "# moves\nmoved {\n  from = a.b # x\n  to   = a.c\n}\n\nresource \"a\" \"b\" {\n  lifecycle {\n    replace_triggered_by = [a.b /* c */]\n  }\n  provider = aws.west[\"k\"]\n}\n"
	want := `{"//":"moves","moved":[{"from":"a.b","//":"x","to":"a.c"}],"resource":[{"a":[{"b":[{"lifecycle":[{"replace_triggered_by":["a.b"]}],"provider":"aws.west[\"k\"]"}]}]}]}` + "\n"
	opts := terraformOpts
	opts.Comments = true
	out, diags := Convert([]byte(src), "t.tf", opts, gen.Options{Compact: true})
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	convtest.CheckTerraformReading(t, "t.tf", []byte(src), out)
}

// TestOpenTofuEarlyEvaluation: in the OpenTofu language a module's source
// and version, backend and cloud settings are expressions, written as
// templates in JSON and back, while the Terraform language refuses
// variables there (TestTerraformErrors).
func TestOpenTofuEarlyEvaluation(t *testing.T) {
	src := `terraform {
  backend "s3" {
    bucket = "state-${var.env}"
    key    = local.key
    region = "eu-west-1"
  }
}

module "m" {
  source  = "./modules/${var.child}"
  version = var.v
  name    = "x"
}
`
	want := `{"terraform":[{"backend":[{"s3":[{"bucket":"state-${var.env}","key":"${local.key}","region":"eu-west-1"}]}]}],` +
		`"module":[{"m":[{"source":"./modules/${var.child}","version":"${var.v}","name":"x"}]}]}` + "\n"
	for _, opts := range []Options{{Schema: schema.OpenTofu.Root}, {}} {
		name := "t.tf"
		if opts.Schema == nil {
			name = "t.tofu" // the language by the file name
		}
		out, diags := Convert([]byte(src), name, opts, gen.Options{Compact: true})
		if len(diags) > 0 {
			t.Fatalf("%s: %s", name, hcltest.RenderDiags(diags))
		}
		if string(out) != want {
			t.Errorf("%s: JSON\n%s\nwant\n%s", name, out, want)
		}
		back, diags := tonative.Convert(out, name+".json", tonative.Options{Schema: opts.Schema})
		if len(diags) > 0 {
			t.Fatalf("%s.json: %s", name, hcltest.RenderDiags(diags))
		}
		if string(back) != src {
			t.Errorf("%s.json: native\n%s\nwant\n%s", name, back, src)
		}
	}
}

// TestLanguageByName: with zero options, Convert and tonative.Convert
// read a file in the language its name implies, as the command does.
func TestLanguageByName(t *testing.T) {
	src := "variable \"v\" {\n  type = map(string)\n  default = {\n    a = \"$${x}\"\n  }\n}\n"
	for _, tc := range []struct{ name, want string }{
		{"main.tf", `{"variable":[{"v":[{"type":"map(string)","default":{"a":"${x}"}}]}]}`},
		{"main.tofu", `{"variable":[{"v":[{"type":"map(string)","default":{"a":"${x}"}}]}]}`},
		{"main.hcl", `{"variable":[{"v":[{"type":"${map(string)}","default":{"a":"$${x}"}}]}]}`},
	} {
		out, diags := Convert([]byte(src), tc.name, Options{}, gen.Options{Compact: true})
		if len(diags) > 0 {
			t.Fatalf("%s: %s", tc.name, hcltest.RenderDiags(diags))
		}
		if got := strings.TrimSpace(string(out)); got != tc.want {
			t.Errorf("%s: %s\nwant %s", tc.name, got, tc.want)
		}
		if tc.name == "main.hcl" {
			continue // generic JSON: blocks cannot be told from objects
		}
		back, diags := tonative.Convert(out, tc.name+".json", tonative.Options{})
		if len(diags) > 0 {
			t.Fatalf("%s.json: %s", tc.name, hcltest.RenderDiags(diags))
		}
		if string(back) != src {
			t.Errorf("%s.json: back to native:\n%s\nwant\n%s", tc.name, back, src)
		}
	}
}

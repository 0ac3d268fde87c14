package inspect

import (
	"bytes"
	"os"
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
)

const (
	// overrideDir has override files, native and JSON, merged into native
	// primary files; testdata/override.tofu.json is what tofu show -config
	// -json printed for it (OpenTofu 1.12.6, after tofu init).
	overrideDir = "testdata/override"
	// overrideJSONDir is its JSON twin: the .tf files converted by
	// tojson.Convert (-update rewrites them), z_override.tf.json
	// copied.
	overrideJSONDir = "testdata/override-json"
)

// TestOverride checks that override files are merged as OpenTofu merges
// them: the representation of testdata/override and of its JSON twin
// equals what tofu show -config -json printed (extra keys left out, as in
// TestTofuShowConfig), and the whole representation, with the lifecycle
// merged argument by argument and each argument's range in the file it
// comes from, equals testdata/override.golden.json.
func TestOverride(t *testing.T) {
	convertTree(t, overrideDir, overrideJSONDir)
	for _, dir := range []string{overrideDir, overrideJSONDir} {
		cfg := checkTofuOutput(t, dir, "testdata/override.tofu.json")
		if dir != overrideDir {
			continue
		}
		var js bytes.Buffer
		if err := WriteJSON(&js, cfg, true); err != nil {
			t.Fatal(err)
		}
		golden(t, "testdata/override.golden.json", js.Bytes())
	}
}

// TestOverrideMixedSyntax checks a native resource whose nested blocks no
// schema lists, overridden in part by a JSON file: the native blocks stay
// blocks and the JSON argument replaces the native one.
func TestOverrideMixedSyntax(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(dir+"/"+name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.tf", `resource "aws_instance" "web" {
  ami           = "ami-1"
  instance_type = "t3.micro"
  root_block_device {
    volume_size = 20
  }
  ebs_block_device {
    device_name = "/dev/sdb"
  }
}
`)
	write("web_override.tf.json", `{"resource": {"aws_instance": {"web": {"ami": "${var.ami}"}}}}`)
	cfg, diags := Module(dir, Options{})
	if len(diags) > 0 {
		t.Fatalf("diagnostics:\n%s", hcltest.RenderDiags(diags))
	}
	got := reencode(t, dropExtras(decodeJSON(t, jsonOf(t, cfg)), ""))
	want := reencode(t, decodeJSON(t, `{
  "provider_config": {"aws": {"name": "aws", "full_name": "registry.opentofu.org/hashicorp/aws"}},
  "root_module": {"resources": [{
    "address": "aws_instance.web", "mode": "managed", "type": "aws_instance", "name": "web",
    "provider_config_key": "aws",
    "expressions": {
      "ami": {"references": ["var.ami"]},
      "instance_type": {"constant_value": "t3.micro"},
      "root_block_device": [{"volume_size": {"constant_value": 20}}],
      "ebs_block_device": [{"device_name": {"constant_value": "/dev/sdb"}}]
    }
  }]}
}`))
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

package realworldtest

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestInference checks the schema inferred from native text: arguments and
// nested blocks, recursively, dynamic blocks as the block they generate,
// meta-arguments left out, types by their implied provider, a conflict
// made a block and reported, the built-in provider's types left alone.
func TestInference(t *testing.T) {
	const src = `
provider "aws" {
  alias  = "west"
  region = "eu-west-1"
  assume_role {
    role_arn = "arn"
  }
}

resource "aws_instance" "a" {
  count = 1
  ami   = "x"
  tags  = { a = 1 }
  ebs {
    size = 1
  }
  dynamic "network" {
    for_each = var.n
    content {
      index = network.key
      inner {}
    }
  }
  lifecycle {
    create_before_destroy = true
  }
  provisioner "local-exec" {
    command = "x"
  }
  depends_on = []
}

resource "aws_instance" "b" {
  ebs = [{ size = 2 }]
}

data "google_project" "p" {
  project_id = "p"
}

check "c" {
  data "http" "h" {
    url = "u"
  }
}

ephemeral "random_password" "p" {
  length = 8
}

resource "terraform_data" "t" {
  input = 1
}

output "read" {
  value = [
    aws_instance.a[0].arn,
    resource.aws_instance.a.subnet_id,
    aws_instance.a[count.index].ami,
    aws_instance.a[*].private_ip,
    [for i in aws_instance.a : i.public_dns if i.monitoring],
    [for k, v in aws_instance.a : lookup(v.tags, "x", "")],
    [for i in aws_instance.a : format("%s", i.id)[0]],
    [for x in local.xs : tolist(x)[0].name],
    aws_instance.b.ebs[0].volume_id,
    data.google_project.p.number,
    terraform_data.t.output,
  ]
}
`
	in := newInference()
	if err := in.addFile("main.tf", []byte(src)); err != nil {
		t.Fatal(err)
	}
	in.resolve()
	got, err := in.JSON()
	if err != nil {
		t.Fatal(err)
	}
	attr := map[string]any{"type": "dynamic", "optional": true}
	computed := map[string]any{"type": "dynamic", "optional": false, "computed": true}
	list := func(block map[string]any) map[string]any {
		return map[string]any{"nesting_mode": "list", "block": block, "min_items": 0.0, "max_items": 0.0}
	}
	empty := map[string]any{}
	schema := func(block map[string]any) map[string]any {
		return map[string]any{"version": 0.0, "block": block}
	}
	noConfig := schema(empty)
	want := map[string]any{
		"format_version": "1.0",
		"provider_schemas": map[string]any{
			"registry.terraform.io/hashicorp/aws": map[string]any{
				"provider": schema(map[string]any{
					"attributes":  map[string]any{"region": attr},
					"block_types": map[string]any{"assume_role": list(map[string]any{"attributes": map[string]any{"role_arn": attr}})},
				}),
				"resource_schemas": map[string]any{
					"aws_instance": schema(map[string]any{
						"attributes": map[string]any{"ami": attr, "tags": attr,
							"arn": computed, "private_ip": computed, "public_dns": computed, "monitoring": computed, "id": computed, "subnet_id": computed},
						"block_types": map[string]any{
							"ebs": list(map[string]any{"attributes": map[string]any{"size": attr, "volume_id": computed}}),
							"network": list(map[string]any{
								"attributes":  map[string]any{"index": attr},
								"block_types": map[string]any{"inner": list(empty)},
							}),
						},
					}),
				},
			},
			"registry.terraform.io/hashicorp/google": map[string]any{
				"provider": noConfig,
				"data_source_schemas": map[string]any{
					"google_project": schema(map[string]any{"attributes": map[string]any{"project_id": attr, "number": computed}}),
				},
			},
			"registry.terraform.io/hashicorp/http": map[string]any{
				"provider": noConfig,
				"data_source_schemas": map[string]any{
					"http": schema(map[string]any{"attributes": map[string]any{"url": attr}}),
				},
			},
			"registry.terraform.io/hashicorp/random": map[string]any{
				"provider": noConfig,
				"ephemeral_resource_schemas": map[string]any{
					"random_password": schema(map[string]any{"attributes": map[string]any{"length": attr}}),
				},
			},
		},
	}
	var have any
	if err := json.Unmarshal(got, &have); err != nil {
		t.Fatal(err)
	}
	if d := diffs(want, have); len(d) > 0 {
		t.Errorf("inferred schema: %v", d)
	}
	conflicts := in.Conflicts()
	wantConflicts := []string{`resource aws_instance: "ebs" is an argument and a block (main.tf:14,3-6, main.tf:34,3-23)`}
	if !slices.Equal(conflicts, wantConflicts) {
		t.Errorf("conflicts: %q, want %q", conflicts, wantConflicts)
	}
}

// TestNormalize checks that only ranges change: the copy's directory
// goes, a .tf.json name becomes its .tf twin's, line and column go.
func TestNormalize(t *testing.T) {
	out := []byte(`{"root_module":{"resources":[{"address":"a.b","range":{"filename":"/w/json/m/main.tf.json","line":3,"column":7}}],
"variables":{"range":{"constant_value":"/w/json/x.tf.json"}}}}`)
	got, err := normalize(out, "/w/json")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"root_module": map[string]any{
		"resources": []any{map[string]any{"address": "a.b", "range": map[string]any{"filename": "m/main.tf"}}},
		// a map under "range" with no filename is not a range: left alone
		"variables": map[string]any{"range": map[string]any{"constant_value": "/w/json/x.tf.json"}},
	}}
	if d := diffs(want, got); len(d) > 0 {
		t.Errorf("normalize: %v", d)
	}
}

// TestDiffs checks the paths and values a comparison reports.
func TestDiffs(t *testing.T) {
	a := map[string]any{"x": []any{1.0, "s"}, "y": map[string]any{"k": true}, "gone": nil}
	b := map[string]any{"x": []any{1.0, "t", 3.0}, "y": map[string]any{"k": false}, "new": "n"}
	got := diffs(a, b)
	want := []string{
		`$.gone: null != missing`,
		`$.new: missing != "n"`,
		`$.x: [1,"s"] != [1,"t",3]`,
		`$.y.k: true != false`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("diffs:\n have %q\n want %q", got, want)
	}
	if got := diffs(a, a); len(got) != 0 {
		t.Errorf("diffs of a value with itself: %q", got)
	}
}

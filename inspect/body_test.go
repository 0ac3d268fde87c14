package inspect

import (
	"slices"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/schema"
)

// nestingLanguage adds a provider schema for resource type x_thing with
// one nested block type per nesting mode.
func nestingLanguage() *schema.Language {
	root := *schema.Terraform.Root
	root.Blocks = slices.Clone(root.Blocks)
	for i := range root.Blocks {
		if b := &root.Blocks[i]; b.Type == "resource" {
			b.ByLabel = map[string]*schema.Body{"x_thing": withProviderSchema(b.Body, []string{"name"},
				schema.Block{Type: "one", Nesting: schema.NestingSingle, Body: attrsBody("a")},
				schema.Block{Type: "many", Nesting: schema.NestingList, Body: attrsBody("a")},
				schema.Block{Type: "set", Nesting: schema.NestingSet, Body: attrsBody("a")},
				schema.Block{Type: "keyed", Labels: []string{"key"}, Nesting: schema.NestingMap, Body: attrsBody("a")},
			)}
		}
	}
	return &schema.Language{Name: "terraform+nesting", Version: "test", Root: &root}
}

// TestNestedBlocks checks how nested blocks are written with a provider
// schema, from both syntaxes, and from the native syntax without one.
func TestNestedBlocks(t *testing.T) {
	native := `resource "x_thing" "t" {
  name = "n"
  one {
    a = 1
  }
  many {
    a = 2
  }
  many {
    a = var.x
  }
  set {}
  keyed "k1" {
    a = 3
  }
  keyed "k2" {
    a = 4
  }
  dynamic "many" {
    for_each = var.list
    labels   = []
    content {
      a = many.value
      dynamic "inner" {
        for_each = many.value.items
        content {}
      }
    }
  }
}
`
	jsonSrc := `{"resource": {"x_thing": {"t": {
  "name": "n",
  "one": {"a": 1},
  "many": [{"a": 2}, {"a": "${var.x}"}],
  "set": {},
  "keyed": {"k1": {"a": 3}, "k2": {"a": 4}},
  "dynamic": {"many": {
    "for_each": "${var.list}",
    "labels": [],
    "content": {"a": "${many.value}", "dynamic": {"inner": {"for_each": "${many.value.items}", "content": {}}}}
  }}
}}}}`
	withSchema := `{"expressions":{` +
		`"keyed":{"k1":{"a":{"constant_value":3}},"k2":{"a":{"constant_value":4}}},` +
		`"many":[{"a":{"constant_value":2}},{"a":{"references":["var.x"]}}],` +
		`"name":{"constant_value":"n"},` +
		`"one":{"a":{"constant_value":1}},` +
		`"set":[{}]},` +
		`"dynamic":[{"type":"many","for_each_expression":{"references":["var.list"]},` +
		`"content":{"a":{"references":["many.value"]},"dynamic":[{"type":"inner","for_each_expression":{"references":["many.value.items","many.value"]},"content":{}}]}}]}`
	// Without a schema, blocks without labels are lists and blocks with
	// one label are maps.
	noSchema := `{"expressions":{` +
		`"keyed":{"k1":{"a":{"constant_value":3}},"k2":{"a":{"constant_value":4}}},` +
		`"many":[{"a":{"constant_value":2}},{"a":{"references":["var.x"]}}],` +
		`"name":{"constant_value":"n"},` +
		`"one":[{"a":{"constant_value":1}}],` +
		`"set":[{}]},` +
		`"dynamic":[{"type":"many","for_each_expression":{"references":["var.list"]},` +
		`"content":{"a":{"references":["many.value"]},"dynamic":[{"type":"inner","for_each_expression":{"references":["many.value.items","many.value"]},"content":{}}]}}]}`

	nf, diags := hclsyntax.ParseConfig([]byte(native), "t.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	jf, diags := hcljson.Parse([]byte(jsonSrc), "t.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	tests := []struct {
		name string
		file *hcl.File
		lang *schema.Language
		want string
	}{
		{"native with schema", nf, nestingLanguage(), withSchema},
		{"JSON with schema", jf, nestingLanguage(), withSchema},
		{"native without schema", nf, nil, noSchema},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, diags := Files(t.TempDir(), []*hcl.File{tt.file}, Options{Language: tt.lang})
			if len(diags) > 0 {
				t.Fatal(diags)
			}
			r := cfg.RootModule.Resources[0]
			got := jsonOf(t, struct {
				Expressions *Expressions `json:"expressions"`
				Dynamic     []*Dynamic   `json:"dynamic"`
			}{r.Expressions, dropDynamicRanges(r.Dynamic)})
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func dropDynamicRanges(ds []*Dynamic) []*Dynamic {
	for _, d := range ds {
		d.Range = nil
		if d.Content != nil {
			dropDynamicRanges(d.Content.Dynamic)
		}
	}
	return ds
}

// TestDynamicContentSchema: the content of a dynamic block is read with
// the schema of the block type it generates, so nested blocks inside it
// are placed in JSON as in native syntax (found in
// terraform-aws-modules/vpc: a dynamic "statement" holding "principals"
// blocks).
func TestDynamicContentSchema(t *testing.T) {
	ps, err := schema.ReadProviderSchemas([]byte(`{"format_version": "1.0", "provider_schemas": {
  "registry.terraform.io/hashicorp/x": {"provider": {"version": 0, "block": {}},
    "resource_schemas": {"x_doc": {"version": 0, "block": {"block_types": {
      "statement": {"nesting_mode": "list", "block": {
        "attributes": {"effect": {"type": "string", "optional": true}},
        "block_types": {"principals": {"nesting_mode": "set", "block": {
          "attributes": {"type": {"type": "string", "optional": true}}}}}}}}}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	lang, err := schema.Terraform.WithProviders(ps)
	if err != nil {
		t.Fatal(err)
	}
	native := `resource "x_doc" "d" {
  dynamic "statement" {
    for_each = var.s
    content {
      effect = statement.value
      principals {
        type = "Service"
      }
    }
  }
}
`
	jsonSrc := `{"resource": {"x_doc": {"d": {"dynamic": {"statement": {"for_each": "${var.s}",
  "content": {"effect": "${statement.value}", "principals": {"type": "Service"}}}}}}}}`
	want := `[{"type":"statement","for_each_expression":{"references":["var.s"]},` +
		`"content":{"effect":{"references":["statement.value"]},"principals":[{"type":{"constant_value":"Service"}}]}}]`
	nf, diags := hclsyntax.ParseConfig([]byte(native), "t.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	jf, diags := hcljson.Parse([]byte(jsonSrc), "t.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, f := range []*hcl.File{nf, jf} {
		cfg, diags := Files(t.TempDir(), []*hcl.File{f}, Options{Language: lang})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		if got := jsonOf(t, dropDynamicRanges(cfg.RootModule.Resources[0].Dynamic)); got != want {
			t.Errorf("%s: dynamic\n%s\nwant\n%s", f.Body.MissingItemRange().Filename, got, want)
		}
	}
}

// TestEvidentBlocks: without the provider's schema, a JSON body's own
// evidence makes a name nested blocks, as in its native twin: a name a
// dynamic block of the body generates (part), and a name defined twice
// (rule; an argument cannot be); a name without evidence stays an
// argument (tags). Before, the JSON twin failed with "Duplicate attribute
// definition" (issue 24 item 2).
func TestEvidentBlocks(t *testing.T) {
	native := `data "cloudinit_config" "c" {
  part {
    content = "a"
  }
  dynamic "part" {
    for_each = ["b"]
    content {
      content = part.value
    }
  }
  part {
    content = "c"
  }
}

resource "x_thing" "t" {
  rule {
    a = 1
  }
  rule {
    a = 2
  }
  tags = {
    k = "v"
  }
}
`
	jsonSrc := `{
  "data": {"cloudinit_config": {"c": {
    "part": [{"content": "a"}],
    "dynamic": {"part": {"for_each": ["b"], "content": {"content": "${part.value}"}}},
    "part": {"content": "c"}
  }}},
  "resource": {"x_thing": {"t": {"rule": {"a": 1}, "rule": {"a": 2}, "tags": {"k": "v"}}}}
}`
	nf, diags := hclsyntax.ParseConfig([]byte(native), "t.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	jf, diags := hcljson.Parse([]byte(jsonSrc), "t.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	const want = `[{"expressions":{"rule":[{"a":{"constant_value":1}},{"a":{"constant_value":2}}],"tags":{"constant_value":{"k":"v"}}},"dynamic":null},` +
		`{"expressions":{"part":[{"content":{"constant_value":"a"}},{"content":{"constant_value":"c"}}]},"dynamic":[{"type":"part","for_each_expression":{"constant_value":["b"]},"content":{"content":{"references":["part.value"]}}}]}]`
	for _, f := range []*hcl.File{nf, jf} {
		cfg, diags := Files(t.TempDir(), []*hcl.File{f}, Options{})
		if len(diags) > 0 {
			t.Fatalf("%s: %s", f.Body.MissingItemRange().Filename, diags)
		}
		type res struct {
			Expressions *Expressions `json:"expressions"`
			Dynamic     []*Dynamic   `json:"dynamic"`
		}
		var got []res
		for _, r := range cfg.RootModule.Resources {
			got = append(got, res{r.Expressions, dropDynamicRanges(r.Dynamic)})
		}
		if s := jsonOf(t, got); s != want {
			t.Errorf("%s:\ngot  %s\nwant %s", f.Body.MissingItemRange().Filename, s, want)
		}
	}
}

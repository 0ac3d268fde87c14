package schema

import (
	"slices"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/hcljson"
)

// asBlocksSchemas has one resource type of the older SDK's shapes
// (legacy_sg: ingress is a set of objects, whose rules is a list of
// objects) and two of newer shapes (modern_sg: a nested attribute type;
// object_sg: an object attribute in a nested block), where the programs
// do not let blocks fill an argument.
const asBlocksSchemas = `{
  "format_version": "1.0",
  "provider_schemas": {
    "registry.terraform.io/hashicorp/legacy": {
      "provider": {"version": 0, "block": {}},
      "resource_schemas": {
        "legacy_sg": {"version": 0, "block": {
          "attributes": {
            "name": {"type": "string", "optional": true},
            "tags": {"type": ["map", "string"], "optional": true},
            "ingress": {"type": ["set", ["object", {
              "from_port": "number",
              "cidr_blocks": ["list", "string"],
              "rules": ["list", ["object", {"protocol": "string"}]]
            }]], "optional": true, "required": false}
          },
          "block_types": {
            "timeouts": {"nesting_mode": "single", "block": {"attributes": {
              "routes": {"type": ["list", ["object", {"cidr": "string"}]], "optional": true}
            }}}
          }
        }},
        "modern_sg": {"version": 0, "block": {
          "attributes": {
            "ingress": {"type": ["list", ["object", {"from_port": "number"}]], "optional": true},
            "egress": {"nested_type": {"nesting_mode": "list", "attributes": {
              "to_port": {"type": "number", "optional": true}
            }}, "optional": true}
          }
        }},
        "object_sg": {"version": 0, "block": {
          "attributes": {
            "ingress": {"type": ["list", ["object", {"from_port": "number"}]], "optional": true}
          },
          "block_types": {
            "meta": {"nesting_mode": "list", "block": {"attributes": {
              "settings": {"type": ["object", {"a": "string"}], "optional": true}
            }}}
          }
        }}
      }
    }
  }
}`

func asBlocksLanguage(t *testing.T) *Language {
	t.Helper()
	lang, err := Terraform.WithProviders(mustReadSchemas(t, asBlocksSchemas))
	if err != nil {
		t.Fatal(err)
	}
	return lang
}

func TestAsBlocksSchema(t *testing.T) {
	lang := asBlocksLanguage(t)
	legacy := typedBody(t, lang, "resource", "legacy_sg")

	ingress := legacy.Attribute("ingress")
	if ingress == nil || ingress.AsBlocks == nil {
		t.Fatalf("legacy_sg.ingress: want AsBlocks, got %+v", ingress)
	}
	wantType := cty.Set(cty.Object(map[string]cty.Type{
		"from_port":   cty.Number,
		"cidr_blocks": cty.List(cty.String),
		"rules":       cty.List(cty.Object(map[string]cty.Type{"protocol": cty.String})),
	}))
	if !ingress.Type.Equals(wantType) {
		t.Errorf("legacy_sg.ingress.Type = %#v, want %#v", ingress.Type, wantType)
	}
	var names []string
	for _, a := range ingress.AsBlocks.Attributes {
		names = append(names, a.Name)
		if a.Required || a.Mode != Expression {
			t.Errorf("element attribute %s: Required %v, Mode %v; want optional expressions", a.Name, a.Required, a.Mode)
		}
	}
	if want := []string{"cidr_blocks", "from_port", "rules"}; !slices.Equal(names, want) {
		t.Errorf("element attributes = %q, want %q", names, want)
	}
	rules := ingress.AsBlocks.Attribute("rules")
	if rules == nil || rules.AsBlocks == nil || rules.AsBlocks.Attribute("protocol") == nil {
		t.Errorf("ingress.rules: want AsBlocks with protocol, got %+v", rules)
	}
	if a := ingress.AsBlocks.Attribute("cidr_blocks"); a == nil || a.AsBlocks != nil {
		t.Errorf("ingress.cidr_blocks (a list of strings): want no AsBlocks, got %+v", a)
	}
	for _, name := range []string{"name", "tags"} {
		if a := legacy.Attribute(name); a == nil || a.AsBlocks != nil {
			t.Errorf("legacy_sg.%s: want an attribute without AsBlocks, got %+v", name, a)
		}
	}
	// Nested blocks' arguments too; and dynamic blocks may generate them.
	timeouts := legacy.Block("timeouts")
	if a := timeouts.Body.Attribute("routes"); a == nil || a.AsBlocks == nil {
		t.Errorf("legacy_sg.timeouts.routes: want AsBlocks, got %+v", a)
	}
	dyn := legacy.Block("dynamic")
	if dyn == nil || dyn.ByLabel["ingress"] == nil {
		t.Fatalf("legacy_sg: dynamic has no body for ingress")
	}
	if content := dyn.ByLabel["ingress"].Block("content"); content == nil || content.Body != ingress.AsBlocks {
		t.Errorf("dynamic \"ingress\": content body is not ingress's element body")
	}
	if d := ingress.AsBlocks.Block("dynamic"); d == nil || d.ByLabel["rules"] == nil {
		t.Errorf("ingress's element body: dynamic has no body for rules")
	}

	// Schemas with a shape the older SDK could not make: no blocks.
	for _, typ := range []string{"modern_sg", "object_sg"} {
		if a := typedBody(t, lang, "resource", typ).Attribute("ingress"); a == nil || a.AsBlocks != nil {
			t.Errorf("%s.ingress: want no AsBlocks, got %+v", typ, a)
		}
	}
	if err := lang.Root.Validate(); err != nil {
		t.Error(err)
	}
}

func TestAsBlocksContent(t *testing.T) {
	legacy := typedBody(t, asBlocksLanguage(t), "resource", "legacy_sg")
	tests := []struct {
		name, src   string
		json        bool
		attrs       []string // attribute names in the content, sorted
		blocks      []string // block types in the content, in order
		diagSummary string   // the first diagnostic's summary
	}{
		{name: "blocks", src: `
name = "a"
ingress {
  from_port = 22
}
dynamic "ingress" {
  for_each = [1]
  content {}
}
ingress {}
`, attrs: []string{"name"}, blocks: []string{"ingress", "dynamic", "ingress"}},
		{name: "attribute", src: `ingress = [{from_port = 22}]`, attrs: []string{"ingress"}},
		{name: "attribute and block", src: `
ingress = []
ingress {}
`, attrs: []string{"ingress"}, diagSummary: "Unsupported block type"},
		{name: "json property", json: true, src: `{"ingress": [{"from_port": 22}]}`, attrs: []string{"ingress"}},
		{name: "json dynamic", json: true, src: `{"dynamic": {"ingress": {"for_each": [], "content": {}}}}`, blocks: []string{"dynamic"}},
		{name: "not a list of objects", src: `
tags {
}
`, diagSummary: "Unsupported block type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body hcl.Body
			var diags hcl.Diagnostics
			if tt.json {
				var f *hcl.File
				f, diags = hcljson.Parse([]byte(tt.src), "t.tf.json")
				body = f.Body
			} else {
				var f *hcl.File
				f, diags = hclsyntax.ParseConfig([]byte(tt.src), "t.tf", hcl.InitialPos)
				body = f.Body
			}
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			content, _, diags := legacy.Content(body)
			var attrs, blocks []string
			for name := range content.Attributes {
				attrs = append(attrs, name)
			}
			slices.Sort(attrs)
			for _, b := range content.Blocks {
				blocks = append(blocks, b.Type)
			}
			if !slices.Equal(attrs, tt.attrs) || !slices.Equal(blocks, tt.blocks) {
				t.Errorf("attributes %q, blocks %q; want %q, %q", attrs, blocks, tt.attrs, tt.blocks)
			}
			got := ""
			if len(diags) > 0 {
				got = diags[0].Summary
			}
			if got != tt.diagSummary {
				t.Errorf("diagnostics %v; want first %q", diags, tt.diagSummary)
			}
		})
	}
}

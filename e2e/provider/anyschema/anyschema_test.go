package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestProviderType(t *testing.T) {
	for exe, want := range map[string]string{
		"/p/terraform-provider-aws":             "aws",
		"terraform-provider-google-beta_v5.0.0": "google-beta",
		"./terraform-provider-github.exe":       "github",
	} {
		if got, err := providerType(exe); err != nil || got != want {
			t.Errorf("providerType(%q) = %q, %v; want %q", exe, got, err, want)
		}
	}
	for _, exe := range []string{"/p/anyschema", "terraform-provider-", "terraform-provider-_v1"} {
		if got, err := providerType(exe); err == nil {
			t.Errorf("providerType(%q) = %q, want an error", exe, got)
		}
	}
}

func TestParseType(t *testing.T) {
	for src, want := range map[string]tftypes.Type{
		`"string"`:               tftypes.String,
		`"dynamic"`:              tftypes.DynamicPseudoType,
		`["list","number"]`:      tftypes.List{ElementType: tftypes.Number},
		`["set",["map","bool"]]`: tftypes.Set{ElementType: tftypes.Map{ElementType: tftypes.Bool}},
		`["object",{"a":"string","b":["list","number"]}]`: tftypes.Object{AttributeTypes: map[string]tftypes.Type{
			"a": tftypes.String, "b": tftypes.List{ElementType: tftypes.Number}}},
		`["object",{"a":"string"},["a"]]`: tftypes.Object{AttributeTypes: map[string]tftypes.Type{"a": tftypes.String},
			OptionalAttributes: map[string]struct{}{"a": {}}},
		`["tuple",["string","bool"]]`: tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String, tftypes.Bool}},
	} {
		got, err := parseType([]byte(src))
		if err != nil || !got.Equal(want) {
			t.Errorf("parseType(%s) = %v, %v; want %v", src, got, err, want)
		}
	}
	for _, src := range []string{``, `"str"`, `["list"]`, `["list","string","x"]`, `["object",{"a":"string"},["b"]]`, `["frob","string"]`, `3`} {
		if got, err := parseType([]byte(src)); err == nil {
			t.Errorf("parseType(%s) = %v, want an error", src, got)
		}
	}
}

// TestServe reads a schema file as the stand-in linked as
// terraform-provider-aws does, and checks what GetProviderSchema serves.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "schemas.json")
	doc := `{"format_version": "1.0", "provider_schemas": {
  "registry.terraform.io/hashicorp/aws": {
    "provider": {"version": 0, "block": {"attributes": {"region": {"type": "string", "optional": true}}}},
    "resource_schemas": {"aws_instance": {"version": 1, "block": {
      "attributes": {
        "ami": {"type": "string", "required": true},
        "arn": {"type": "string", "computed": true},
        "tags": {"type": ["map", "string"], "optional": true},
        "rules": {"nested_type": {"nesting_mode": "list", "attributes": {"port": {"type": "number", "optional": true}}}, "optional": true}
      },
      "block_types": {"ebs": {"nesting_mode": "set", "min_items": 1, "max_items": 2, "block": {"attributes": {"size": {"type": "number", "optional": true}}}}}
    }}},
    "data_source_schemas": {"aws_ami": {"version": 0, "block": {}}},
    "functions": {"arn_parse": {"return_type": ["object", {"region": "string"}], "parameters": [{"name": "arn", "type": "string"}]}}
  },
  "registry.terraform.io/integrations/github": {"provider": {"version": 0, "block": {}}}
}}`
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newProvider("aws", file)
	resp, err := p.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(resp.Diagnostics) > 0 {
		t.Fatalf("GetProviderSchema: %v, %v", err, resp.Diagnostics)
	}
	inst := resp.ResourceSchemas["aws_instance"]
	if inst == nil || inst.Version != 1 {
		t.Fatalf("aws_instance: %+v", inst)
	}
	var names []string
	for _, a := range inst.Block.Attributes {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, ","); got != "ami,arn,rules,tags" {
		t.Errorf("attributes %s", got)
	}
	if a := inst.Block.Attributes[0]; !a.Required || a.Optional || !a.Type.Equal(tftypes.String) {
		t.Errorf("ami: %+v", a)
	}
	if a := inst.Block.Attributes[1]; !a.Computed || a.Optional || a.Required {
		t.Errorf("arn: %+v", a)
	}
	if a := inst.Block.Attributes[2]; a.NestedType == nil || a.NestedType.Nesting != tfprotov6.SchemaObjectNestingModeList || a.NestedType.Attributes[0].Name != "port" {
		t.Errorf("rules: %+v", a)
	}
	if bt := inst.Block.BlockTypes; len(bt) != 1 || bt[0].TypeName != "ebs" || bt[0].Nesting != tfprotov6.SchemaNestedBlockNestingModeSet || bt[0].MinItems != 1 || bt[0].MaxItems != 2 {
		t.Errorf("block types: %+v", bt)
	}
	if resp.Provider.Block.Attributes[0].Name != "region" {
		t.Errorf("provider: %+v", resp.Provider.Block)
	}
	if _, ok := resp.DataSourceSchemas["aws_ami"]; !ok {
		t.Errorf("data sources: %v", resp.DataSourceSchemas)
	}
	f := resp.Functions["arn_parse"]
	if f == nil || len(f.Parameters) != 1 || !f.Parameters[0].Type.Equal(tftypes.String) {
		t.Fatalf("functions: %+v", resp.Functions)
	}
	call, _ := p.CallFunction(context.Background(), &tfprotov6.CallFunctionRequest{Name: "arn_parse"})
	if call.Error != nil {
		t.Fatalf("CallFunction: %v", call.Error.Text)
	}
	v, err := call.Result.Unmarshal(f.Return.Type)
	if err != nil || v.IsKnown() {
		t.Errorf("CallFunction returned %v, %v; want an unknown value", v, err)
	}
	plan, _ := p.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: "aws_instance"})
	if len(plan.Diagnostics) != 1 || plan.Diagnostics[0].Summary != "Stand-in provider" {
		t.Errorf("PlanResourceChange: %+v", plan.Diagnostics)
	}

	// A type the file does not have is an error diagnostic that names
	// the providers it has.
	resp, _ = newProvider("google", file).GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail, `no provider of type "google" (it has registry.terraform.io/hashicorp/aws, registry.terraform.io/integrations/github)`) {
		t.Errorf("google: %+v", resp.Diagnostics[0])
	}
}

package schema

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// attributePaths lists every attribute of the body tree, each shared body
// under the path where the walk first meets it, as
// "path: mode shape [required] [keywords]".
func attributePaths(root *Body) []string {
	var out []string
	seen := map[*Body]bool{}
	var walk func(b *Body, path string)
	walk = func(b *Body, path string) {
		if seen[b] {
			return
		}
		seen[b] = true
		if b.AnyAttributes {
			out = append(out, fmt.Sprintf("%s*: %v any", path, b.AnyAttributesMode))
		} else if b.Open {
			out = append(out, fmt.Sprintf("%s*: %v open", path, b.AnyAttributesMode))
		}
		for _, a := range b.Attributes {
			s := fmt.Sprintf("%s%s: %v %v", path, a.Name, a.Mode, a.Shape)
			if a.Required {
				s += " required"
			}
			if len(a.Keywords) > 0 {
				s += " " + strings.Join(a.Keywords, "|")
			}
			out = append(out, s)
		}
		for _, blk := range b.Blocks {
			walk(blk.Body, path+blk.Type+".")
		}
	}
	walk(root, "")
	return out
}

// TestTerraformModes pins every argument of each built-in language: its
// mode, shape, Required flag and keywords.
func TestTerraformModes(t *testing.T) {
	tests := []struct {
		lang *Language
		want []string
	}{
		{lang: Terraform, want: []string{
			"terraform.required_version: literal one",
			"terraform.experiments: keyword list",
			"terraform.language: keyword one",
			"terraform.backend.*: literal open",
			"terraform.cloud.*: literal open",
			"terraform.cloud.organization: literal one",
			"terraform.cloud.hostname: literal one",
			"terraform.cloud.token: literal one",
			"terraform.cloud.workspaces.*: literal open",
			"terraform.cloud.workspaces.name: literal one",
			"terraform.cloud.workspaces.project: literal one",
			"terraform.cloud.workspaces.tags: literal one",
			"terraform.required_providers.*: provider-requirement any",
			"terraform.provider_meta.*: expression open",
			"terraform.encryption.key_provider.*: expression open",
			"terraform.encryption.key_provider.encrypted_metadata_alias: expression one",
			"terraform.encryption.method.*: expression open",
			"terraform.encryption.state.enforced: expression one",
			"terraform.encryption.state.method: abs-traversal one",
			"terraform.encryption.state.fallback.method: abs-traversal one",
			"language.edition: keyword one",
			"language.experiments: keyword list",
			"language.compatible_with.*: literal open",
			"language.compatible_with.opentofu: literal one",
			"provider.*: expression open",
			"provider.alias: literal one",
			"provider.version: literal one",
			"provider.for_each: expression one",
			"provider._.*: expression open",
			"provider.dynamic.for_each: expression one required",
			"provider.dynamic.iterator: abs-traversal one",
			"provider.dynamic.labels: expression list",
			"provider.dynamic.content.*: expression open",
			"variable.type: type one",
			"variable.default: literal one",
			"variable.description: literal one",
			"variable.sensitive: literal one",
			"variable.nullable: literal one",
			"variable.ephemeral: literal one",
			"variable.deprecated: literal one",
			"variable.const: literal one",
			"variable.validation.condition: expression one required",
			"variable.validation.error_message: expression one required",
			"output.value: expression one required",
			"output.description: literal one",
			"output.sensitive: literal one",
			"output.ephemeral: literal one",
			"output.deprecated: literal one",
			"output.depends_on: abs-traversal list",
			"output.precondition.condition: expression one required",
			"output.precondition.error_message: expression one required",
			"locals.*: expression any",
			"module.*: expression open",
			"module.source: literal one required",
			"module.version: literal one",
			"module.count: expression one",
			"module.for_each: expression one",
			"module.depends_on: abs-traversal list",
			"module.providers: provider-ref map",
			"module.lifecycle.enabled: expression one",
			"module._.*: expression open",
			"resource.*: expression open",
			"resource.count: expression one",
			"resource.for_each: expression one",
			"resource.provider: provider-ref one",
			"resource.depends_on: abs-traversal list",
			"resource.lifecycle.create_before_destroy: literal one",
			"resource.lifecycle.prevent_destroy: literal one",
			"resource.lifecycle.destroy: literal one",
			"resource.lifecycle.enabled: expression one",
			"resource.lifecycle.ignore_changes: rel-traversal list all",
			"resource.lifecycle.replace_triggered_by: native-expression list",
			"resource.lifecycle.action_trigger.events: keyword list required before_create|after_create|before_update|after_update",
			"resource.lifecycle.action_trigger.condition: expression one",
			"resource.lifecycle.action_trigger.actions: native-expression list required",
			"resource.connection.*: expression open",
			"resource.provisioner.*: expression open",
			"resource.provisioner.when: keyword one create|destroy",
			"resource.provisioner.on_failure: keyword one continue|fail",
			"resource.provisioner._.*: expression open",
			"resource.dynamic.for_each: expression one required",
			"resource.dynamic.iterator: abs-traversal one",
			"resource.dynamic.labels: expression list",
			"resource.dynamic.content.*: expression open",
			"data.*: expression open",
			"data.count: expression one",
			"data.for_each: expression one",
			"data.provider: provider-ref one",
			"data.depends_on: abs-traversal list",
			"data.lifecycle.enabled: expression one",
			"ephemeral.*: expression open",
			"ephemeral.count: expression one",
			"ephemeral.for_each: expression one",
			"ephemeral.provider: provider-ref one",
			"ephemeral.depends_on: abs-traversal list",
			"ephemeral.lifecycle.enabled: expression one",
			"action.count: expression one",
			"action.for_each: expression one",
			"action.provider: provider-ref one",
			"action.config.*: expression open",
			"moved.from: abs-traversal one required",
			"moved.to: abs-traversal one required",
			"import.to: native-expression one required",
			"import.id: expression one",
			"import.identity: expression one",
			"import.for_each: expression one",
			"import.provider: provider-ref one",
			"removed.from: abs-traversal one required",
			"removed.lifecycle.destroy: literal one",
		}},
		{lang: TerraformTest, want: []string{
			"test.parallel: literal one",
			"test.skip_cleanup: literal one",
			"run.command: keyword one apply|plan",
			"run.providers: provider-ref map",
			"run.expect_failures: abs-traversal list",
			"run.state_key: literal one",
			"run.parallel: literal one",
			"run.skip_cleanup: literal one",
			"run.plan_options.mode: keyword one normal|refresh-only",
			"run.plan_options.refresh: literal one",
			"run.plan_options.replace: abs-traversal list",
			"run.plan_options.target: abs-traversal list",
			"run.assert.condition: expression one required",
			"run.assert.error_message: expression one required",
			"run.variables.*: expression any",
			"run.module.source: literal one required",
			"run.module.version: literal one",
			"run.override_resource.target: abs-traversal one required",
			"run.override_resource.values: literal one",
			"run.override_resource.override_during: keyword one plan|apply",
			"run.override_module.target: abs-traversal one required",
			"run.override_module.outputs: literal one",
			"run.override_module.override_during: keyword one plan|apply",
			"run.backend.*: literal open",
			"provider.*: expression open",
			"provider.alias: literal one",
			"provider.version: literal one",
			"provider.for_each: expression one",
			"provider._.*: expression open",
			"provider.dynamic.for_each: expression one required",
			"provider.dynamic.iterator: abs-traversal one",
			"provider.dynamic.labels: expression list",
			"provider.dynamic.content.*: expression open",
			"mock_provider.alias: literal one",
			"mock_provider.for_each: expression one",
			"mock_provider.source: literal one",
			"mock_provider.override_during: keyword one plan|apply",
			"mock_provider.mock_resource.defaults: literal one",
			"mock_provider.mock_resource.override_during: keyword one plan|apply",
			"variable.type: type one",
			"variable.default: literal one",
			"variable.description: literal one",
			"variable.sensitive: literal one",
			"variable.nullable: literal one",
			"variable.ephemeral: literal one",
			"variable.deprecated: literal one",
			"variable.const: literal one",
			"variable.validation.condition: expression one required",
			"variable.validation.error_message: expression one required",
		}},
		{lang: TerraformQuery, want: []string{
			"list.count: expression one",
			"list.for_each: expression one",
			"list.provider: provider-ref one required",
			"list.include_resource: expression one",
			"list.limit: expression one",
			"list.config.*: expression open",
			"list.config.dynamic.for_each: expression one required",
			"list.config.dynamic.iterator: abs-traversal one",
			"list.config.dynamic.labels: expression list",
			"list.config.dynamic.content.*: expression open",
			"provider.*: expression open",
			"provider.alias: literal one",
			"provider.version: literal one",
			"provider.for_each: expression one",
			"provider._.*: expression open",
			"provider.dynamic.for_each: expression one required",
			"provider.dynamic.iterator: abs-traversal one",
			"provider.dynamic.labels: expression list",
			"provider.dynamic.content.*: expression open",
			"locals.*: expression any",
			"variable.type: type one",
			"variable.default: literal one",
			"variable.description: literal one",
			"variable.sensitive: literal one",
			"variable.nullable: literal one",
			"variable.ephemeral: literal one",
			"variable.deprecated: literal one",
			"variable.const: literal one",
			"variable.validation.condition: expression one required",
			"variable.validation.error_message: expression one required",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.lang.Name, func(t *testing.T) {
			got := attributePaths(tt.lang.Root)
			if slices.Equal(got, tt.want) {
				return
			}
			t.Errorf("attributes:\n got %q\nwant %q", got, tt.want)
			for _, g := range got {
				if !slices.Contains(tt.want, g) {
					t.Errorf("unexpected %s", g)
				}
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("missing %s", w)
				}
			}
		})
	}
}

// TestTerraformFind checks arguments of bodies that TestTerraformModes
// lists only once because several blocks share them.
func TestTerraformFind(t *testing.T) {
	tests := []struct {
		lang *Language // nil: Terraform
		path []string
		want Attribute
	}{
		{path: []string{"output", "precondition", "condition"}, want: Attribute{Name: "condition", Required: true}},
		{path: []string{"resource", "lifecycle", "postcondition", "error_message"}, want: Attribute{Name: "error_message", Required: true}},
		{path: []string{"check", "assert", "condition"}, want: Attribute{Name: "condition", Required: true}},
		{path: []string{"check", "data", "depends_on"}, want: Attribute{Name: "depends_on", Mode: AbsTraversal, Shape: ListOf}},
		{path: []string{"removed", "provisioner", "when"}, want: Attribute{Name: "when", Mode: Keyword, Keywords: []string{"create", "destroy"}}},
		{path: []string{"removed", "provisioner", "on_failure"}, want: Attribute{Name: "on_failure", Mode: Keyword, Keywords: []string{"continue", "fail"}}},
		{path: []string{"data", "dynamic", "iterator"}, want: Attribute{Name: "iterator", Mode: AbsTraversal}},
		{path: []string{"resource", "dynamic", "content", "dynamic", "content", "dynamic", "labels"}, want: Attribute{Name: "labels", Shape: ListOf}},
		{path: []string{"terraform", "encryption", "plan", "method"}, want: Attribute{Name: "method", Mode: AbsTraversal}},
		{path: []string{"terraform", "encryption", "remote_state_data_sources", "remote_state_data_source", "fallback", "fallback", "method"}, want: Attribute{Name: "method", Mode: AbsTraversal}},
		{path: []string{"ephemeral", "provider"}, want: Attribute{Name: "provider", Mode: ProviderRef}},
		{path: []string{"action", "config", "dynamic", "content", "dynamic", "iterator"}, want: Attribute{Name: "iterator", Mode: AbsTraversal}},
		{lang: TerraformTest, path: []string{"override_resource", "values"}, want: Attribute{Name: "values", Mode: Literal}},
		{lang: TerraformTest, path: []string{"override_data", "target"}, want: Attribute{Name: "target", Mode: AbsTraversal, Required: true}},
		{lang: TerraformTest, path: []string{"override_module", "outputs"}, want: Attribute{Name: "outputs", Mode: Literal}},
		{lang: TerraformTest, path: []string{"run", "override_data", "override_during"}, want: Attribute{Name: "override_during", Mode: Keyword, Keywords: []string{"plan", "apply"}}},
		{lang: TerraformTest, path: []string{"mock_provider", "mock_data", "defaults"}, want: Attribute{Name: "defaults", Mode: Literal}},
		{lang: TerraformTest, path: []string{"mock_provider", "override_data", "target"}, want: Attribute{Name: "target", Mode: AbsTraversal, Required: true}},
		{lang: TerraformQuery, path: []string{"list", "config", "dynamic", "content", "dynamic", "labels"}, want: Attribute{Name: "labels", Shape: ListOf}},
	}
	for _, tt := range tests {
		lang := tt.lang
		if lang == nil {
			lang = Terraform
		}
		t.Run(lang.Name+":"+strings.Join(tt.path, "."), func(t *testing.T) {
			got, ok := lang.Root.Find(tt.path...).(*Attribute)
			if !ok {
				t.Fatalf("Find = %#v, want an attribute", lang.Root.Find(tt.path...))
			}
			if got.Name != tt.want.Name || got.Mode != tt.want.Mode || got.Shape != tt.want.Shape ||
				got.Required != tt.want.Required || !slices.Equal(got.Keywords, tt.want.Keywords) {
				t.Errorf("got %+v, want %+v", *got, tt.want)
			}
		})
	}
}

func TestFindMisses(t *testing.T) {
	for _, path := range [][]string{
		{"resource", "ami"},                // provider argument: not listed
		{"resource", "count", "x"},         // through an attribute
		{"nope"},                           // unknown block
		{"variable", "validation", "nope"}, // unknown attribute
		{},
	} {
		if got := Terraform.Root.Find(path...); got != nil {
			t.Errorf("Find(%q) = %#v, want nil", path, got)
		}
	}
	if blk, ok := Terraform.Root.Find("resource", "lifecycle").(*Block); !ok || blk.Type != "lifecycle" || blk.Nesting != NestingSingle {
		t.Errorf("Find(resource, lifecycle) = %#v", Terraform.Root.Find("resource", "lifecycle"))
	}
}

func TestArgument(t *testing.T) {
	root := Terraform.Root
	resource := root.Block("resource").Body
	tests := []struct {
		body   *Body
		name   string
		mode   Mode
		shape  Shape
		accept bool
	}{
		{body: resource, name: "provider", mode: ProviderRef, shape: One, accept: true},
		{body: resource, name: "ami", mode: Expression, shape: One, accept: true},
		{body: resource, name: "lifecycle", accept: false},
		{body: root.Block("locals").Body, name: "anything", mode: Expression, accept: true},
		{body: root.Find("terraform", "required_providers").(*Block).Body, name: "aws", mode: Requirement, accept: true},
		{body: root.Find("terraform", "backend").(*Block).Body, name: "bucket", mode: Literal, accept: true},
		{body: root.Block("moved").Body, name: "extra", accept: false},
		{body: root.Block("module").Body, name: "providers", mode: ProviderRef, shape: MapOf, accept: true},
		{body: TerraformTest.Root.Block("variables").Body, name: "region", mode: Expression, accept: true},
		{body: TerraformTest.Root.Find("run", "variables").(*Block).Body, name: "bucket", mode: Expression, accept: true},
		{body: TerraformTest.Root.Find("run", "backend").(*Block).Body, name: "path", mode: Literal, accept: true},
		{body: TerraformTest.Root.Block("run").Body, name: "comand", accept: false},
		{body: TerraformTest.Root.Block("mock_provider").Body, name: "region", accept: false},
		{body: TerraformQuery.Root.Find("list", "config").(*Block).Body, name: "filter", mode: Expression, accept: true},
	}
	for _, tt := range tests {
		arg, ok := tt.body.Argument(tt.name)
		if arg.Mode != tt.mode || arg.Shape != tt.shape || ok != tt.accept {
			t.Errorf("Argument(%q) = %v, %v, %v; want %v, %v, %v", tt.name, arg.Mode, arg.Shape, ok, tt.mode, tt.shape, tt.accept)
		}
		// The attribute comes with it when the body lists the name.
		if want := tt.body.Attribute(tt.name); arg.Attribute != want {
			t.Errorf("Argument(%q).Attribute = %p, want %p", tt.name, arg.Attribute, want)
		}
	}
}

func TestBlocksArgument(t *testing.T) {
	elem := &Body{Attributes: []Attribute{{Name: "port"}}}
	b := &Body{
		Attributes: []Attribute{
			{Name: "ingress", AsBlocks: elem},
			{Name: "tags"},
			{Name: "both", AsBlocks: elem},
		},
		Blocks: []Block{{Type: "timeouts", Body: &Body{}}, {Type: "both", Body: &Body{}}},
	}
	for _, tt := range []struct {
		typ  string
		want *Attribute
	}{
		{"ingress", b.Attribute("ingress")},
		{"tags", nil},     // no AsBlocks: not written as blocks
		{"timeouts", nil}, // a block of its own
		{"both", nil},     // the block type wins
		{"other", nil},
	} {
		if got := b.BlocksArgument(tt.typ); got != tt.want {
			t.Errorf("BlocksArgument(%q) = %v, want %v", tt.typ, got, tt.want)
		}
	}
}

func TestHCL(t *testing.T) {
	root := Terraform.Root.HCL()
	want := &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
		{Type: "terraform"},
		{Type: "language"},
		{Type: "provider", LabelNames: []string{"name"}},
		{Type: "variable", LabelNames: []string{"name"}},
		{Type: "output", LabelNames: []string{"name"}},
		{Type: "locals"},
		{Type: "module", LabelNames: []string{"name"}},
		{Type: "resource", LabelNames: []string{"type", "name"}},
		{Type: "data", LabelNames: []string{"type", "name"}},
		{Type: "ephemeral", LabelNames: []string{"type", "name"}},
		{Type: "action", LabelNames: []string{"type", "name"}},
		{Type: "moved"},
		{Type: "import"},
		{Type: "removed"},
		{Type: "check", LabelNames: []string{"name"}},
	}}
	if !equalSchema(root, want) {
		t.Errorf("root HCL() =\n%#v\nwant\n%#v", root, want)
	}

	module := Terraform.Root.Block("module").Body.HCL()
	want = &hcl.BodySchema{
		Attributes: []hcl.AttributeSchema{
			{Name: "source", Required: true},
			{Name: "version"},
			{Name: "count"},
			{Name: "for_each"},
			{Name: "depends_on"},
			{Name: "providers"},
		},
		Blocks: []hcl.BlockHeaderSchema{{Type: "lifecycle"}, {Type: "_"}},
	}
	if !equalSchema(module, want) {
		t.Errorf("module HCL() =\n%#v\nwant\n%#v", module, want)
	}

	moved := Terraform.Root.Block("moved").Body.HCL()
	want = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "from", Required: true}, {Name: "to", Required: true}}}
	if !equalSchema(moved, want) {
		t.Errorf("moved HCL() =\n%#v\nwant\n%#v", moved, want)
	}

	if got := Terraform.Root.Block("locals").Body.HCL(); got != nil {
		t.Errorf("locals HCL() = %#v, want nil (JustAttributes)", got)
	}

	test := TerraformTest.Root.HCL()
	want = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
		{Type: "test"},
		{Type: "run", LabelNames: []string{"name"}},
		{Type: "provider", LabelNames: []string{"name"}},
		{Type: "mock_provider", LabelNames: []string{"name"}},
		{Type: "variable", LabelNames: []string{"name"}},
		{Type: "variables"},
		{Type: "override_resource"},
		{Type: "override_data"},
		{Type: "override_module"},
	}}
	if !equalSchema(test, want) {
		t.Errorf("test root HCL() =\n%#v\nwant\n%#v", test, want)
	}

	run := TerraformTest.Root.Block("run").Body.HCL()
	want = &hcl.BodySchema{
		Attributes: []hcl.AttributeSchema{
			{Name: "command"},
			{Name: "providers"},
			{Name: "expect_failures"},
			{Name: "state_key"},
			{Name: "parallel"},
			{Name: "skip_cleanup"},
		},
		Blocks: []hcl.BlockHeaderSchema{
			{Type: "plan_options"},
			{Type: "assert"},
			{Type: "variables"},
			{Type: "module"},
			{Type: "override_resource"},
			{Type: "override_data"},
			{Type: "override_module"},
			{Type: "backend", LabelNames: []string{"name"}},
		},
	}
	if !equalSchema(run, want) {
		t.Errorf("run HCL() =\n%#v\nwant\n%#v", run, want)
	}

	query := TerraformQuery.Root.HCL()
	want = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
		{Type: "list", LabelNames: []string{"type", "name"}},
		{Type: "provider", LabelNames: []string{"name"}},
		{Type: "locals"},
		{Type: "variable", LabelNames: []string{"name"}},
	}}
	if !equalSchema(query, want) {
		t.Errorf("query root HCL() =\n%#v\nwant\n%#v", query, want)
	}
}

func TestLanguageFor(t *testing.T) {
	tests := []struct {
		name string
		want *Language
	}{
		{name: "main.tf.json", want: Terraform},
		{name: "dir/x_override.tf.json", want: Terraform},
		{name: "main.tofu.json", want: OpenTofu},
		{name: "main.tf", want: Terraform},
		{name: "main.tofu", want: OpenTofu},
		{name: "tests/a.tftest.json", want: TerraformTest},
		{name: "a.tofutest.json", want: TerraformTest},
		{name: "a.tftest.hcl", want: TerraformTest},
		{name: "a.tofutest.hcl", want: TerraformTest},
		{name: "a.tfquery.json", want: TerraformQuery},
		{name: "a.tfquery.hcl", want: TerraformQuery},
		{name: "terraform.tfvars.json", want: TerraformVars},
		{name: "prod.auto.tfvars", want: TerraformVars},
		{name: "stack.tfcomponent.json", want: nil},
		{name: "main.json", want: nil},
		{name: "main.tf.json.bak", want: nil},
		{name: "", want: nil},
	}
	for _, tt := range tests {
		if got := LanguageFor(tt.name); got != tt.want {
			t.Errorf("LanguageFor(%q) = %v, want %v", tt.name, langName(got), langName(tt.want))
		}
	}
}

func langName(l *Language) string {
	if l == nil {
		return "nil"
	}
	return l.Name
}

func equalSchema(a, b *hcl.BodySchema) bool {
	return slices.Equal(a.Attributes, b.Attributes) &&
		slices.EqualFunc(a.Blocks, b.Blocks, func(x, y hcl.BlockHeaderSchema) bool {
			return x.Type == y.Type && slices.Equal(x.LabelNames, y.LabelNames)
		})
}

func TestValidate(t *testing.T) {
	for _, lang := range []*Language{Terraform, TerraformTest, TerraformQuery} {
		if err := lang.Root.Validate(); err != nil {
			t.Errorf("%s: %v", lang.Name, err)
		}
	}
	bad := &Body{
		Attributes: []Attribute{
			{Name: "a", Mode: Literal, Keywords: []string{"x"}},
			{Name: "a"},
			{Name: "k", Mode: Keyword, Keywords: []string{"not a word"}},
			{Name: "m", Mode: numModes},
		},
		Blocks: []Block{
			{Type: "b", Nesting: NestingMap, Body: &Body{AnyAttributes: true, Blocks: []Block{{Type: "c", Body: &Body{}}}}},
			{Type: "d"},
		},
	}
	want := "schema: " +
		"root: a: keywords need Keyword mode or a list or map shape; " +
		"root: a listed twice; " +
		`root: k: keyword "not a word" is not an identifier; ` +
		"root: m: invalid mode Mode(9); " +
		"root: b: map nesting needs exactly one label; " +
		"root.b: an AnyAttributes body cannot have blocks; " +
		"root: d: no body"
	if err := bad.Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate() =\n%v\nwant\n%s", err, want)
	}

	// Labels are reported in their order, whatever the map's; a body of
	// many names finds its repeated ones too.
	var many []Attribute
	for i := range 20 {
		many = append(many, Attribute{Name: fmt.Sprintf("n%d", i%19)})
	}
	labelled := &Body{Blocks: []Block{{Type: "x", Labels: []string{"name"}, Body: &Body{}, ByLabel: map[string]*Body{
		"z": {Attributes: []Attribute{{Name: ""}}},
		"a": {Attributes: many},
		"m": nil,
		"b": {},
	}}}}
	want = "schema: " +
		`root.x["a"]: n0 listed twice; ` +
		`root: x["m"]: no body; ` +
		`root.x["z"]: attribute with no name`
	for range 5 {
		if err := labelled.Validate(); err == nil || err.Error() != want {
			t.Fatalf("Validate() =\n%v\nwant\n%s", err, want)
		}
	}
}

func TestStrings(t *testing.T) {
	got := []string{
		Expression.String(), Literal.String(), TypeExpr.String(), AbsTraversal.String(),
		RelTraversal.String(), Keyword.String(), NativeExpr.String(), ProviderRef.String(),
		Requirement.String(), Mode(200).String(),
		One.String(), ListOf.String(), MapOf.String(), Shape(9).String(),
		NestingSingle.String(), NestingGroup.String(), NestingList.String(), NestingSet.String(),
		NestingMap.String(), Nesting(7).String(),
	}
	want := []string{
		"expression", "literal", "type", "abs-traversal",
		"rel-traversal", "keyword", "native-expression", "provider-ref",
		"provider-requirement", "Mode(200)",
		"one", "list", "map", "Shape(9)",
		"single", "group", "list", "set",
		"map", "Nesting(7)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	var syntax []Mode
	for m := range numModes {
		if m.Syntax() {
			syntax = append(syntax, m)
		}
	}
	if want := []Mode{TypeExpr, AbsTraversal, RelTraversal, Keyword, NativeExpr, ProviderRef}; !slices.Equal(syntax, want) {
		t.Errorf("Syntax modes = %v, want %v", syntax, want)
	}
}

func TestAllowsKeyword(t *testing.T) {
	ignore := Terraform.Root.Find("resource", "lifecycle", "ignore_changes").(*Attribute)
	experiments := Terraform.Root.Find("terraform", "experiments").(*Attribute)
	when := Terraform.Root.Find("resource", "provisioner", "when").(*Attribute)
	tests := []struct {
		a    *Attribute
		word string
		want bool
	}{
		{a: ignore, word: "all", want: true},
		{a: ignore, word: "ami", want: false},
		{a: when, word: "destroy", want: true},
		{a: when, word: "apply", want: false},
		{a: experiments, word: "module_variable_optional_attrs", want: true},
		{a: experiments, word: "not-an identifier", want: false},
	}
	for _, tt := range tests {
		if got := tt.a.AllowsKeyword(tt.word); got != tt.want {
			t.Errorf("%s.AllowsKeyword(%q) = %v, want %v", tt.a.Name, tt.word, got, tt.want)
		}
	}
}

// TestOpenTofuEarlyEvaluation: the arguments OpenTofu evaluates early are
// expressions in OpenTofu and literals (marked) in Terraform; everything
// else reads the same in both.
func TestOpenTofuEarlyEvaluation(t *testing.T) {
	tests := []struct {
		path         []string
		name         string
		tofu, terraf Mode
	}{
		{[]string{"module"}, "source", Expression, Literal},
		{[]string{"module"}, "version", Expression, Literal},
		{[]string{"module"}, "count", Expression, Expression},
		{[]string{"module"}, "some_input", Expression, Expression},
		{[]string{"terraform", "backend"}, "bucket", Expression, Literal},
		{[]string{"terraform", "cloud"}, "organization", Expression, Literal},
		{[]string{"terraform", "cloud", "workspaces"}, "name", Expression, Literal},
		{[]string{"terraform", "cloud", "workspaces"}, "anything", Expression, Literal},
		{[]string{"terraform"}, "required_version", Literal, Literal},
		{[]string{"variable"}, "default", Literal, Literal},
		{[]string{"resource", "lifecycle"}, "prevent_destroy", Literal, Literal},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			lang *Language
			want Mode
		}{{OpenTofu, tt.tofu}, {Terraform, tt.terraf}} {
			blk, ok := c.lang.Root.Find(tt.path...).(*Block)
			if !ok {
				t.Fatalf("%s: no block %v", c.lang.Name, tt.path)
			}
			arg, ok := blk.Body.Argument(tt.name)
			if !ok || arg.Mode != c.want {
				t.Errorf("%s: %v %s: mode %v (found %v), want %v", c.lang.Name, tt.path, tt.name, arg.Mode, ok, c.want)
			}
			if got := arg.OpenTofuTemplate; got != (c.lang == Terraform && tt.tofu != tt.terraf) {
				t.Errorf("%s: %v %s: OpenTofuTemplate = %v", c.lang.Name, tt.path, tt.name, got)
			}
		}
	}
	// Backends known by label keep their nested blocks, with the same
	// change.
	remote := OpenTofu.Root.Find("terraform", "backend").(*Block).BodyFor("remote")
	ws, ok := remote.Find("workspaces").(*Block)
	if !ok {
		t.Fatal("OpenTofu: remote backend has no workspaces block")
	}
	if arg, _ := ws.Body.Argument("name"); arg.Mode != Expression {
		t.Errorf("OpenTofu: remote backend workspaces.name: mode %v, want Expression", arg.Mode)
	}
	if err := OpenTofu.Root.Validate(); err != nil {
		t.Errorf("OpenTofu.Root.Validate: %v", err)
	}
}

package schema

import "slices"

// TerraformTest is the language of test files (.tftest.json and
// .tofutest.json, and their native forms .tftest.hcl and .tofutest.hcl)
// as Terraform 1.14 and OpenTofu 1.12 read them. It lists what either
// accepts; items only one of them knows are marked in the source.
// Terraform-only: the test block, variable blocks, run state_key,
// parallel, skip_cleanup and backend, mock_provider source and every
// override_during; OpenTofu-only: mock_provider for_each. Provider
// bodies are Open, as in Terraform.
//
// TerraformTest and its bodies are shared: treat them as read-only.
var TerraformTest = &Language{
	Name:    "terraform-test",
	Version: "1.14",
	Follows: []string{"Terraform 1.14", "OpenTofu 1.12"},
	Root:    testRoot(),
}

// TerraformVars is the language of variable definitions files (.tfvars
// and .tfvars.json: terraform.tfvars, *.auto.tfvars.json, -var-file):
// arguments only, one per variable, each a value that both programs read
// without variables or functions (a native expression evaluated without
// a context; a JSON value taken literally: "a-${b}" is that text, not a
// template). So its arguments are Literal: converted, they keep their
// values, "$${" where native syntax would otherwise interpolate.
//
// TerraformVars and its body are shared: treat them as read-only.
var TerraformVars = &Language{
	Name:    "terraform-vars",
	Version: "1.14",
	Follows: []string{"Terraform 1.14", "OpenTofu 1.12"},
	Root:    &Body{AnyAttributes: true, AnyAttributesMode: Literal},
}

// TerraformQuery is the language of Terraform query files (.tfquery.json
// and .tfquery.hcl), which Terraform 1.14 reads and OpenTofu 1.12 does
// not: list blocks, with the provider, variable and locals blocks of the
// configuration language. A list block's config body is Open until
// provider schemas are added.
//
// TerraformQuery and its bodies are shared: treat them as read-only.
var TerraformQuery = &Language{
	Name:    "terraform-query",
	Version: "1.14",
	Follows: []string{"Terraform 1.14"},
	Root:    queryRoot(),
}

func testRoot() *Body {
	variables := block("variables", NestingSingle, &Body{AnyAttributes: true, AnyAttributesMode: Expression})
	overrideResource := overrideBody("values")
	overrides := []Block{
		block("override_resource", NestingList, overrideResource),
		block("override_data", NestingList, overrideResource),
		block("override_module", NestingList, overrideBody("outputs")),
	}
	return &Body{Blocks: slices.Concat([]Block{
		// test (Terraform) sets defaults for every run block.
		block("test", NestingSingle, &Body{Attributes: []Attribute{
			attr("parallel", Literal),
			attr("skip_cleanup", Literal), // Terraform experiment
		}}),
		block("run", NestingList, runBody(variables, overrides), "name"),
		providerBlock(),
		block("mock_provider", NestingList, mockProviderBody(overrideResource), "name"),
		variableBlock(), // Terraform
		variables,
	}, overrides)}
}

// runBody is one run block: a plan or apply of the module under test (or
// the module block's), its options, variables, overrides and assertions.
func runBody(variables Block, overrides []Block) *Body {
	blocks := slices.Concat([]Block{
		block("plan_options", NestingSingle, &Body{Attributes: []Attribute{
			keyword("mode", "normal", "refresh-only"),
			attr("refresh", Literal),
			quoted(listOf("replace", AbsTraversal)),
			quoted(listOf("target", AbsTraversal)),
		}}),
		block("assert", NestingList, ruleBody()),
		variables,
		block("module", NestingSingle, &Body{Attributes: []Attribute{
			required("source", Literal),
			attr("version", Literal),
		}}),
	}, overrides, []Block{
		backendBlock("name", false), // Terraform experiment
	})
	return &Body{
		Attributes: []Attribute{
			keyword("command", "apply", "plan"),
			{Name: "providers", Mode: ProviderRef, Shape: MapOf, Quoted: true},
			quoted(listOf("expect_failures", AbsTraversal)),
			attr("state_key", Literal),    // Terraform
			attr("parallel", Literal),     // Terraform
			attr("skip_cleanup", Literal), // Terraform experiment
		},
		Blocks: blocks,
	}
}

// overrideBody is an override_resource, override_data or override_module
// block: a target reference and the values (or outputs) to use instead,
// an object taken as written.
func overrideBody(values string) *Body {
	return &Body{Attributes: []Attribute{
		required("target", AbsTraversal),
		attr(values, Literal),
		keyword("override_during", "plan", "apply"), // Terraform
	}}
}

// mockProviderBody is a mock_provider block: a provider whose resources
// and data sources return generated or default values.
func mockProviderBody(override *Body) *Body {
	mock := &Body{Attributes: []Attribute{
		attr("defaults", Literal),
		keyword("override_during", "plan", "apply"), // Terraform
	}}
	return &Body{
		Attributes: []Attribute{
			attr("alias", Literal),
			attr("for_each", Expression),                // OpenTofu
			attr("source", Literal),                     // Terraform
			keyword("override_during", "plan", "apply"), // Terraform
		},
		Blocks: []Block{
			block("mock_resource", NestingList, mock, "type"),
			block("mock_data", NestingList, mock, "type"),
			block("override_resource", NestingList, override),
			block("override_data", NestingList, override),
		},
	}
}

func queryRoot() *Body {
	list := &Body{
		Attributes: []Attribute{
			attr("count", Expression),
			attr("for_each", Expression),
			required("provider", ProviderRef),
			attr("include_resource", Expression),
			attr("limit", Expression),
		},
		Blocks: []Block{block("config", NestingSingle, open(Expression, nil, dynamicBlock()))},
	}
	return &Body{Blocks: []Block{
		block("list", NestingList, list, "type", "name"),
		providerBlock(),
		localsBlock(),
		variableBlock(),
	}}
}

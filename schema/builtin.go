package schema

import (
	"sync"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"
)

// builtinSchemas is the schema of Terraform's and OpenTofu's built-in
// provider (terraform.io/builtin/terraform) as terraform providers schema
// -json gives it (TestBuiltinSchemasAsPrinted holds that text): the
// terraform_data resource and the terraform_remote_state data source,
// whose object arguments would otherwise be ambiguous in JSON. It is
// written out rather than read from that text because every command
// builds the Terraform language when it starts, and decoding JSON into
// these types there cost each run a millisecond or two.
var builtinSchemas = sync.OnceValue(func() *tfjson.ProviderSchemas {
	attr := func(ty cty.Type, required, optional, computed bool) *tfjson.SchemaAttribute {
		return &tfjson.SchemaAttribute{AttributeType: ty, Required: required, Optional: optional, Computed: computed}
	}
	optional := func(ty cty.Type) *tfjson.SchemaAttribute { return attr(ty, false, true, false) }
	computed := func(ty cty.Type) *tfjson.SchemaAttribute { return attr(ty, false, false, true) }
	return &tfjson.ProviderSchemas{
		FormatVersion: "1.0",
		Schemas: map[string]*tfjson.ProviderSchema{
			"terraform.io/builtin/terraform": {
				ConfigSchema: &tfjson.Schema{Block: &tfjson.SchemaBlock{}},
				ResourceSchemas: map[string]*tfjson.Schema{
					"terraform_data": {Block: &tfjson.SchemaBlock{Attributes: map[string]*tfjson.SchemaAttribute{
						"id":               computed(cty.String),
						"input":            optional(cty.DynamicPseudoType),
						"output":           computed(cty.DynamicPseudoType),
						"triggers_replace": optional(cty.DynamicPseudoType),
					}}},
				},
				DataSourceSchemas: map[string]*tfjson.Schema{
					"terraform_remote_state": {Block: &tfjson.SchemaBlock{Attributes: map[string]*tfjson.SchemaAttribute{
						"backend":   attr(cty.String, true, false, false),
						"config":    optional(cty.DynamicPseudoType),
						"defaults":  optional(cty.DynamicPseudoType),
						"outputs":   computed(cty.DynamicPseudoType),
						"workspace": optional(cty.String),
					}}},
				},
			},
		},
	}
})

// BuiltinProviderSchemas returns the schema of the programs' built-in
// provider (terraform.io/builtin/terraform), as providers schema -json
// would give it. The value is shared: callers must not modify it.
func BuiltinProviderSchemas() *tfjson.ProviderSchemas { return builtinSchemas() }

// withBuiltins returns l with the built-in provider's types.
func withBuiltins(l *Language) *Language {
	out, err := l.WithProviders(builtinSchemas())
	if err != nil {
		panic("schema: built-in provider: " + err.Error())
	}
	return out
}

// provisionerBlock is the provisioner block: when, on_failure, connection
// and the escaping block, with the arguments of the three built-in
// provisioners (local-exec, remote-exec, file) known by type; other
// provisioners are plugins whose arguments are expressions.
func provisionerBlock(connection *Body, escape Block) Block {
	meta := func(attrs ...Attribute) *Body {
		return &Body{
			Attributes: append([]Attribute{
				quoted(keyword("when", "create", "destroy")),
				quoted(keyword("on_failure", "continue", "fail")),
			}, attrs...),
			Blocks: []Block{block("connection", NestingSingle, connection), escape},
		}
	}
	b := block("provisioner", NestingList, arguments(Expression,
		[]Attribute{
			quoted(keyword("when", "create", "destroy")),
			quoted(keyword("on_failure", "continue", "fail")),
		},
		block("connection", NestingSingle, connection),
		escape,
	), "type")
	b.ByLabel = map[string]*Body{
		"local-exec": meta(
			required("command", Expression),
			attr("working_dir", Expression),
			attr("interpreter", Expression),
			attr("environment", Expression),
			attr("quiet", Expression),
		),
		"remote-exec": meta(
			attr("inline", Expression),
			attr("script", Expression),
			attr("scripts", Expression),
		),
		"file": meta(
			attr("source", Expression),
			attr("content", Expression),
			required("destination", Expression),
		),
	}
	return b
}

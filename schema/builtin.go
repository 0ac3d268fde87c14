package schema

import (
	"sync"

	tfjson "github.com/hashicorp/terraform-json"
)

// builtinProvider is the schema of Terraform's and OpenTofu's built-in
// provider (terraform.io/builtin/terraform), in the format of
// terraform providers schema -json: the terraform_data resource and the
// terraform_remote_state data source, whose object arguments would
// otherwise be ambiguous in JSON.
const builtinProvider = `{
  "format_version": "1.0",
  "provider_schemas": {
    "terraform.io/builtin/terraform": {
      "provider": {"version": 0, "block": {}},
      "resource_schemas": {
        "terraform_data": {"version": 0, "block": {"attributes": {
          "id": {"type": "string", "computed": true},
          "input": {"type": "dynamic", "optional": true},
          "output": {"type": "dynamic", "computed": true},
          "triggers_replace": {"type": "dynamic", "optional": true}
        }}}
      },
      "data_source_schemas": {
        "terraform_remote_state": {"version": 0, "block": {"attributes": {
          "backend": {"type": "string", "required": true},
          "config": {"type": "dynamic", "optional": true},
          "defaults": {"type": "dynamic", "optional": true},
          "outputs": {"type": "dynamic", "computed": true},
          "workspace": {"type": "string", "optional": true}
        }}}
      }
    }
  }
}`

var builtinSchemas = sync.OnceValue(func() *tfjson.ProviderSchemas {
	ps, err := ReadProviderSchemas([]byte(builtinProvider))
	if err != nil {
		panic("schema: built-in provider: " + err.Error())
	}
	return ps
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

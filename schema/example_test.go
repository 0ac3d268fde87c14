package schema_test

import (
	"fmt"

	"github.com/hcljson/hcljson/schema"
)

// The Terraform language, extended with a provider's schema (the output of
// terraform providers schema -json), says how each argument of a resource
// is read and which names are nested blocks: what JSON alone cannot say.
func ExampleLanguage_WithProviders() {
	ps, err := schema.ReadProviderSchemas([]byte(`{
  "format_version": "1.0",
  "provider_schemas": {
    "registry.terraform.io/hashicorp/aws": {
      "provider": {"version": 0, "block": {}},
      "resource_schemas": {
        "aws_instance": {"version": 1, "block": {
          "attributes": {"ami": {"type": "string", "required": true}},
          "block_types": {"ebs_block_device": {"nesting_mode": "set", "block": {
            "attributes": {"device_name": {"type": "string", "required": true}}
          }}}
        }}
      }
    }
  }
}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	lang, err := schema.Terraform.WithProviders(ps)
	if err != nil {
		fmt.Println(err)
		return
	}
	body := lang.Root.NestedBody("resource", "aws_instance")
	for _, name := range []string{"ami", "ebs_block_device", "count", "amo"} {
		switch {
		case body.Block(name) != nil:
			fmt.Printf("%s: a nested block\n", name)
		case body.Attribute(name) != nil:
			arg, _ := body.Argument(name)
			fmt.Printf("%s: an argument, read as %v\n", name, arg.Mode)
		default:
			fmt.Printf("%s: not in the schema\n", name)
		}
	}
	// Output:
	// ami: an argument, read as expression
	// ebs_block_device: a nested block
	// count: an argument, read as expression
	// amo: not in the schema
}

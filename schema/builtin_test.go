package schema

import (
	"reflect"
	"testing"
)

// builtinAsPrinted is the built-in provider's schema as terraform
// providers schema -json prints it (the part that is not descriptions).
const builtinAsPrinted = `{
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

// TestBuiltinSchemasAsPrinted: the schema written out in builtinSchemas
// is the one the programs print, read as any provider schema is read.
func TestBuiltinSchemasAsPrinted(t *testing.T) {
	want, err := ReadProviderSchemas([]byte(builtinAsPrinted))
	if err != nil {
		t.Fatal(err)
	}
	if got := BuiltinProviderSchemas(); !reflect.DeepEqual(got, want) {
		t.Errorf("BuiltinProviderSchemas() = %#v\nwant %#v", got, want)
	}
}

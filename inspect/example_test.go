package inspect_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hcljson/hcljson/inspect"
)

// Module gives the configuration representation that tofu show -json
// -config prints, from the files alone (here testdata/example/main.tf.json:
// a variable and a resource that refers to it), plus where each block is.
func ExampleModule() {
	cfg, diags := inspect.Module(filepath.Join("testdata", "example"), inspect.Options{})
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	if err := inspect.WriteJSON(os.Stdout, cfg, true); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {
	//   "provider_config": {
	//     "terraform": {
	//       "name": "terraform",
	//       "full_name": "terraform.io/builtin/terraform"
	//     }
	//   },
	//   "root_module": {
	//     "resources": [
	//       {
	//         "address": "terraform_data.web",
	//         "mode": "managed",
	//         "type": "terraform_data",
	//         "name": "web",
	//         "provider_config_key": "terraform",
	//         "expressions": {
	//           "input": {
	//             "references": [
	//               "var.name"
	//             ]
	//           }
	//         },
	//         "schema_version": 0,
	//         "range": {
	//           "filename": "testdata/example/main.tf.json",
	//           "line": 3,
	//           "column": 42
	//         }
	//       }
	//     ],
	//     "variables": {
	//       "name": {
	//         "type": "string",
	//         "default": "web",
	//         "range": {
	//           "filename": "testdata/example/main.tf.json",
	//           "line": 2,
	//           "column": 24
	//         }
	//       }
	//     }
	//   }
	// }
}

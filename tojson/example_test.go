package tojson_test

import (
	"fmt"
	"os"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

// Converting a .tf file from a program: each argument is written as
// Terraform reads it (the variable's type as a type expression, the
// module source as literal text, expressions as templates).
func ExampleConvert() {
	src := []byte(`variable "env" {
  type    = string
  default = "dev"
}

module "vpc" {
  source = "./modules/vpc"
  name   = "vpc-${var.env}"
}

output "vpc_id" {
  value = module.vpc.id
}
`)
	out, diags := tojson.Convert(src, "main.tf", tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	os.Stdout.Write(out)
	// Output:
	// {
	//   "variable": [
	//     {
	//       "env": [
	//         {
	//           "type": "string",
	//           "default": "dev"
	//         }
	//       ]
	//     }
	//   ],
	//   "module": [
	//     {
	//       "vpc": [
	//         {
	//           "source": "./modules/vpc",
	//           "name": "vpc-${var.env}"
	//         }
	//       ]
	//     }
	//   ],
	//   "output": [
	//     {
	//       "vpc_id": [
	//         {
	//           "value": "${module.vpc.id}"
	//         }
	//       ]
	//     }
	//   ]
	// }
}

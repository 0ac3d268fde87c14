package tonative_test

import (
	"fmt"
	"os"

	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tonative"
)

// Converting a .tf.json file to native syntax: blocks come from the
// Terraform language, "${...}" alone becomes the expression, other
// templates stay quoted, and "//" becomes a comment.
func ExampleConvert() {
	src := []byte(`{
  "//": "Generated; edit main.tf.json",
  "variable": {"env": {"type": "string", "default": "dev"}},
  "resource": {"aws_instance": {"web": {
    "count": "${var.env == \"prod\" ? 3 : 1}",
    "tags": {"Name": "web-${count.index}"}
  }}}
}`)
	out, diags := tonative.Convert(src, "main.tf.json", tonative.Options{Schema: schema.Terraform.Root, ObjectsAsAttributes: true})
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	os.Stdout.Write(out)
	// Output:
	// # Generated; edit main.tf.json
	// variable "env" {
	//   type    = string
	//   default = "dev"
	// }
	//
	// resource "aws_instance" "web" {
	//   count = var.env == "prod" ? 3 : 1
	//   tags = {
	//     Name = "web-${count.index}"
	//   }
	// }
}

package jsonedit_test

import (
	"fmt"

	"github.com/hcljson/hcljson/jsonedit"
	"github.com/hcljson/hcljson/jsonpath"
)

// Set changes one value and Delete removes one member; every other byte
// of the file, its layout and its comments, stays as it was.
func ExampleDocument_Set() {
	src := []byte(`{
  "module": {
    "vpc": {
      "source": "terraform-aws-modules/vpc/aws",
      "version": "5.0.0",
      "//": "pinned until the next upgrade"
    }
  }
}
`)
	d, diags := jsonedit.Open("main.tf.json", src)
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	version, _ := jsonpath.Parse("module.vpc.version")
	if diags := d.Set(version, jsonedit.String("5.1.0")); diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	comment, _ := jsonpath.Parse(`module.vpc["//"]`)
	if diags := d.Delete(comment); diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	fmt.Print(string(d.Bytes()))
	// Output:
	// {
	//   "module": {
	//     "vpc": {
	//       "source": "terraform-aws-modules/vpc/aws",
	//       "version": "5.1.0"
	//     }
	//   }
	// }
}

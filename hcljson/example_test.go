package hcljson_test

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hcljson/hcljson/hcljson"
)

// Parse gives an hcl.File whose body gohcl decodes as it decodes one of
// hashicorp/hcl/v2/json's; every value keeps its source range, and a
// mistake in the file comes back as a diagnostic on its bytes.
func ExampleParse() {
	src := []byte(`{
  "service": {
    "web": {"port": 8080, "replicas": "${2 + 1}"}
  }
}`)
	type service struct {
		Name     string `hcl:"name,label"`
		Port     int    `hcl:"port"`
		Replicas int    `hcl:"replicas"`
	}
	var config struct {
		Services []service `hcl:"service,block"`
	}
	f, diags := hcljson.Parse(src, "app.hcl.json")
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	diags = gohcl.DecodeBody(f.Body, &hcl.EvalContext{}, &config)
	fmt.Println(config.Services, diags.HasErrors())

	content, _ := f.Body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "service", LabelNames: []string{"name"}}}})
	attrs, _ := content.Blocks[0].Body.JustAttributes()
	fmt.Println("replicas at", attrs["replicas"].Expr.Range())

	_, diags = hcljson.Parse([]byte(`{"service": {"web": {"port": 80,}}}`), "bad.hcl.json")
	fmt.Println(diags[0].Subject, diags[0].Summary)
	// Output:
	// [{web 8080 3}] false
	// replicas at app.hcl.json:3,39-49
	// bad.hcl.json:1,32-33 Trailing comma in object
}

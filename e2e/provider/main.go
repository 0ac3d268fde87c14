// Command provider is a stand-in Terraform/OpenTofu provider for the
// end-to-end tests of hcljson: one resource with attributes of every kind
// and nested blocks, and one data source, that plan and apply without any
// remote API. It is served through dev_overrides, never installed from a
// registry. Its address is hcljson/standin.
package main

import (
	"context"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
)

func main() {
	err := providerserver.Serve(context.Background(), newProvider, providerserver.ServeOpts{
		Address: "registry.terraform.io/hcljson/standin",
	})
	if err != nil {
		log.Fatal(err)
	}
}

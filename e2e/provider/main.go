// Command provider is a stand-in Terraform/OpenTofu provider for the
// end-to-end tests of hcljson (hcljson/standin): standin_thing, a
// resource with arguments of every kind and nested blocks;
// standin_legacy, a resource whose schema has only the older shapes, so
// that an argument of type list of objects may be written as blocks;
// standin_echo, a data source; standin_secret, an ephemeral resource;
// and provider::standin::id(kind, name), a provider function. They plan
// and apply (or open, or run) without any remote API: what they are
// given is what they hold. It is served through dev_overrides, never
// installed from a registry.
//
// It is a module of its own, so that the plugin framework stays out of
// hcljson's go.mod; it imports only the framework and the standard
// library.
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

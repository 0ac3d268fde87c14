package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// standin is the provider: an optional label, nothing to configure.
type standin struct{}

func newProvider() provider.Provider { return &standin{} }

func (*standin) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "standin"
}

func (*standin) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"label": schema.StringAttribute{Optional: true},
	}}
}

func (*standin) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {}

func (*standin) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{newThing, newLegacy}
}

func (*standin) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{newEcho}
}

func (*standin) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{newSecret}
}

func (*standin) Functions(context.Context) []func() function.Function {
	return []func() function.Function{newID}
}

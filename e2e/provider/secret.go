package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// secret is standin_secret, an ephemeral resource: its value is its
// name, never stored.
type secret struct{}

func newSecret() ephemeral.EphemeralResource { return &secret{} }

func (*secret) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secret"
}

func (*secret) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name":  schema.StringAttribute{Required: true},
		"value": schema.StringAttribute{Computed: true, Sensitive: true},
	}}
}

func (*secret) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var name types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("name"), &name)...)
	resp.Result.Raw = req.Config.Raw
	resp.Diagnostics.Append(resp.Result.SetAttribute(ctx, path.Root("value"), name)...)
}

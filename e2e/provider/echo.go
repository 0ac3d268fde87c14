package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// echo is standin_echo: its output is its input.
type echo struct{}

func newEcho() datasource.DataSource { return &echo{} }

func (*echo) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_echo"
}

func (*echo) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"input":  schema.StringAttribute{Required: true},
		"output": schema.StringAttribute{Computed: true},
	}}
}

func (*echo) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var in types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("input"), &in)...)
	resp.State.Raw = req.Config.Raw
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("output"), in)...)
}

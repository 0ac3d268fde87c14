package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

type sleepResource struct{}

func (r *sleepResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_sleep"
}

func (r *sleepResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"duration": schema.StringAttribute{Optional: true},
			"triggers": schema.MapAttribute{Optional: true},
			"settings": schema.SingleNestedAttribute{Optional: true},
		},
		Blocks: map[string]schema.Block{
			"step": schema.ListNestedBlock{
				NestedObject: schema.NestedBlockObject{
					Attributes: stepAttributes(),
					Blocks: map[string]schema.Block{
						"check": schema.SetNestedBlock{NestedObject: schema.NestedBlockObject{}},
					},
				},
			},
			"window":   schema.SingleNestedBlock{Attributes: map[string]schema.Attribute{"start": schema.StringAttribute{Optional: true}}},
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true}),
		},
	}
}

func stepAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{"seconds": schema.Int64Attribute{Optional: true}}
}

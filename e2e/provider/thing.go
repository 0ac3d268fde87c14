package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// thing is standin_thing: what it is given is what it holds. Its id is
// its name.
type thing struct{}

func newThing() resource.Resource { return &thing{} }

func (*thing) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_thing"
}

func (*thing) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	rule := schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
		"from_port":   schema.NumberAttribute{Optional: true},
		"to_port":     schema.NumberAttribute{Optional: true},
		"cidr":        schema.ListAttribute{ElementType: types.StringType, Optional: true},
		"description": schema.StringAttribute{Optional: true},
	}}
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{
				stringplanmodifier.UseStateForUnknown(),
			}},
			"name":    schema.StringAttribute{Required: true},
			"count_n": schema.NumberAttribute{Optional: true},
			"enabled": schema.BoolAttribute{Optional: true},
			"list":    schema.ListAttribute{ElementType: types.StringType, Optional: true},
			"tags":    schema.MapAttribute{ElementType: types.StringType, Optional: true},
			"object":  schema.DynamicAttribute{Optional: true},
			// meta and listeners are arguments written as JSON objects
			// and arrays of objects, which only the schema tells from
			// nested blocks.
			"meta": schema.ObjectAttribute{Optional: true, AttributeTypes: map[string]attr.Type{
				"owner":  types.StringType,
				"size":   types.NumberType,
				"labels": types.ListType{ElemType: types.StringType},
			}},
			"listeners": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{
				Attributes: map[string]schema.Attribute{
					"port":     schema.NumberAttribute{Optional: true},
					"protocol": schema.StringAttribute{Optional: true},
				},
			}},
		},
		Blocks: map[string]schema.Block{
			"rule": schema.ListNestedBlock{NestedObject: rule},
			"settings": schema.SingleNestedBlock{
				Attributes: map[string]schema.Attribute{
					"mode":  schema.StringAttribute{Optional: true},
					"level": schema.NumberAttribute{Optional: true},
				},
				Blocks: map[string]schema.Block{
					"step": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{
						Attributes: map[string]schema.Attribute{"run": schema.StringAttribute{Optional: true}},
					}},
				},
			},
		},
	}
}

func (*thing) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var name types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("name"), &name)...)
	resp.State.Raw = req.Plan.Raw
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), name)...)
}

func (*thing) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (*thing) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}

func (*thing) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

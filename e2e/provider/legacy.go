package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// legacy is standin_legacy: a schema of the shapes the older SDK made,
// with an argument of type list of objects, ingress, which the programs
// then also accept written as nested blocks (in native syntax only: JSON
// is read as the argument), each block's rules blocks filling its rules,
// a list of objects again. A single attribute of a newer shape (nested
// attributes, an object) anywhere in the schema would turn that off.
type legacy struct{}

func newLegacy() resource.Resource { return &legacy{} }

func (*legacy) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_legacy"
}

func (*legacy) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
		"ingress": schema.ListAttribute{Optional: true, ElementType: types.ObjectType{AttrTypes: map[string]attr.Type{
			"from_port":   types.NumberType,
			"to_port":     types.NumberType,
			"cidr_blocks": types.ListType{ElemType: types.StringType},
			"description": types.StringType,
			"rules": types.ListType{ElemType: types.ObjectType{AttrTypes: map[string]attr.Type{
				"protocol": types.StringType,
				"priority": types.NumberType,
			}}},
		}}},
	}}
}

func (*legacy) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var name types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("name"), &name)...)
	resp.State.Raw = req.Plan.Raw
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), name)...)
}

func (*legacy) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (*legacy) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}

func (*legacy) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

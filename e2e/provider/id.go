package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/function"
)

// id is the provider function provider::standin::id(kind, name): the
// string "kind/name", as cloud providers' functions build resource IDs.
type id struct{}

func newID() function.Function { return &id{} }

func (*id) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "id"
}

func (*id) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Parameters: []function.Parameter{
			function.StringParameter{Name: "kind"},
			function.StringParameter{Name: "name"},
		},
		Return: function.StringReturn{},
	}
}

func (*id) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var kind, name string
	resp.Error = req.Arguments.Get(ctx, &kind, &name)
	if resp.Error != nil {
		return
	}
	resp.Error = resp.Result.Set(ctx, kind+"/"+name)
}

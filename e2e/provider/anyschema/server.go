package main

import (
	"context"
	"maps"
	"slices"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// provider is the stand-in's ProviderServer: the schema of one provider,
// read on first use.
type provider struct {
	typ, file string

	once   sync.Once
	schema *served
	err    error
}

func newProvider(typ, file string) *provider {
	return &provider{typ: typ, file: file}
}

// load reads the schema once; an error becomes every schema response's
// diagnostic.
func (p *provider) load() (*served, []*tfprotov6.Diagnostic) {
	p.once.Do(func() { p.schema, p.err = load(p.file, p.typ) })
	if p.err != nil {
		return nil, []*tfprotov6.Diagnostic{{
			Severity: tfprotov6.DiagnosticSeverityError,
			Summary:  "The stand-in provider has no schema for " + p.typ,
			Detail:   p.err.Error(),
		}}
	}
	return p.schema, nil
}

// standIn is the error of every call that would need a real provider.
func (p *provider) standIn(what string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  "Stand-in provider",
		Detail:   "terraform-provider-" + p.typ + " is hcljson's stand-in (e2e/provider/anyschema): it serves a schema for validation and cannot " + what + ".",
	}}
}

func (p *provider) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	s, diags := p.load()
	resp := &tfprotov6.GetMetadataResponse{ServerCapabilities: &tfprotov6.ServerCapabilities{}, Diagnostics: diags}
	if s == nil {
		return resp, nil
	}
	for _, name := range slices.Sorted(maps.Keys(s.resources)) {
		resp.Resources = append(resp.Resources, tfprotov6.ResourceMetadata{TypeName: name})
	}
	for _, name := range slices.Sorted(maps.Keys(s.dataSources)) {
		resp.DataSources = append(resp.DataSources, tfprotov6.DataSourceMetadata{TypeName: name})
	}
	for _, name := range slices.Sorted(maps.Keys(s.ephemeralResources)) {
		resp.EphemeralResources = append(resp.EphemeralResources, tfprotov6.EphemeralResourceMetadata{TypeName: name})
	}
	for _, name := range slices.Sorted(maps.Keys(s.functions)) {
		resp.Functions = append(resp.Functions, tfprotov6.FunctionMetadata{Name: name})
	}
	return resp, nil
}

func (p *provider) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	s, diags := p.load()
	resp := &tfprotov6.GetProviderSchemaResponse{ServerCapabilities: &tfprotov6.ServerCapabilities{}, Diagnostics: diags}
	if s == nil {
		return resp, nil
	}
	resp.Provider = s.provider
	resp.ResourceSchemas = s.resources
	resp.DataSourceSchemas = s.dataSources
	resp.EphemeralResourceSchemas = s.ephemeralResources
	resp.Functions = s.functions
	return resp, nil
}

func (p *provider) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

func (p *provider) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}, nil
}

func (p *provider) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (p *provider) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

func (p *provider) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (p *provider) UpgradeResourceState(context.Context, *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: p.standIn("read a state")}, nil
}

func (p *provider) ReadResource(context.Context, *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{Diagnostics: p.standIn("refresh a resource")}, nil
}

func (p *provider) PlanResourceChange(context.Context, *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return &tfprotov6.PlanResourceChangeResponse{Diagnostics: p.standIn("plan")}, nil
}

func (p *provider) ApplyResourceChange(context.Context, *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return &tfprotov6.ApplyResourceChangeResponse{Diagnostics: p.standIn("apply")}, nil
}

func (p *provider) ImportResourceState(context.Context, *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return &tfprotov6.ImportResourceStateResponse{Diagnostics: p.standIn("import")}, nil
}

func (p *provider) MoveResourceState(context.Context, *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return &tfprotov6.MoveResourceStateResponse{Diagnostics: p.standIn("move a state")}, nil
}

func (p *provider) UpgradeResourceIdentity(context.Context, *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return &tfprotov6.UpgradeResourceIdentityResponse{Diagnostics: p.standIn("read an identity")}, nil
}

func (p *provider) ValidateDataResourceConfig(context.Context, *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return &tfprotov6.ValidateDataResourceConfigResponse{}, nil
}

func (p *provider) ReadDataSource(context.Context, *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return &tfprotov6.ReadDataSourceResponse{Diagnostics: p.standIn("read a data source")}, nil
}

func (p *provider) ValidateEphemeralResourceConfig(context.Context, *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return &tfprotov6.ValidateEphemeralResourceConfigResponse{}, nil
}

func (p *provider) OpenEphemeralResource(context.Context, *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return &tfprotov6.OpenEphemeralResourceResponse{Diagnostics: p.standIn("open an ephemeral resource")}, nil
}

func (p *provider) RenewEphemeralResource(context.Context, *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return &tfprotov6.RenewEphemeralResourceResponse{}, nil
}

func (p *provider) CloseEphemeralResource(context.Context, *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return &tfprotov6.CloseEphemeralResourceResponse{}, nil
}

func (p *provider) GetFunctions(context.Context, *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	s, diags := p.load()
	resp := &tfprotov6.GetFunctionsResponse{Diagnostics: diags, Functions: map[string]*tfprotov6.Function{}}
	if s != nil {
		resp.Functions = s.functions
	}
	return resp, nil
}

// CallFunction returns an unknown value of the function's return type: the
// stand-in cannot compute it, and an unknown value is what the programs
// validate with when a value is not known yet.
func (p *provider) CallFunction(_ context.Context, req *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	s, diags := p.load()
	if s == nil {
		return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: diags[0].Detail}}, nil
	}
	f, ok := s.functions[req.Name]
	if !ok {
		return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: "the stand-in for " + p.typ + " has no function " + req.Name}}, nil
	}
	v, err := tfprotov6.NewDynamicValue(f.Return.Type, tftypes.NewValue(f.Return.Type, tftypes.UnknownValue))
	if err != nil {
		return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: err.Error()}}, nil
	}
	return &tfprotov6.CallFunctionResponse{Result: &v}, nil
}

package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The parts of the format of "terraform providers schema -json" that a
// provider serves.
type (
	jsonSchemas struct {
		FormatVersion   string                   `json:"format_version"`
		ProviderSchemas map[string]*jsonProvider `json:"provider_schemas"`
	}
	jsonProvider struct {
		Provider                 *jsonSchema              `json:"provider"`
		ResourceSchemas          map[string]*jsonSchema   `json:"resource_schemas"`
		DataSourceSchemas        map[string]*jsonSchema   `json:"data_source_schemas"`
		EphemeralResourceSchemas map[string]*jsonSchema   `json:"ephemeral_resource_schemas"`
		Functions                map[string]*jsonFunction `json:"functions"`
	}
	jsonSchema struct {
		Version int64      `json:"version"`
		Block   *jsonBlock `json:"block"`
	}
	jsonBlock struct {
		Attributes      map[string]*jsonAttribute `json:"attributes"`
		BlockTypes      map[string]*jsonBlockType `json:"block_types"`
		Description     string                    `json:"description"`
		DescriptionKind string                    `json:"description_kind"`
		Deprecated      bool                      `json:"deprecated"`
	}
	jsonAttribute struct {
		Type            json.RawMessage `json:"type"`
		NestedType      *jsonNestedType `json:"nested_type"`
		Description     string          `json:"description"`
		DescriptionKind string          `json:"description_kind"`
		Deprecated      bool            `json:"deprecated"`
		Required        bool            `json:"required"`
		Optional        bool            `json:"optional"`
		Computed        bool            `json:"computed"`
		Sensitive       bool            `json:"sensitive"`
		WriteOnly       bool            `json:"write_only"`
	}
	jsonNestedType struct {
		Attributes  map[string]*jsonAttribute `json:"attributes"`
		NestingMode string                    `json:"nesting_mode"`
	}
	jsonBlockType struct {
		NestingMode string     `json:"nesting_mode"`
		Block       *jsonBlock `json:"block"`
		MinItems    int64      `json:"min_items"`
		MaxItems    int64      `json:"max_items"`
	}
	jsonFunction struct {
		Description        string           `json:"description"`
		Summary            string           `json:"summary"`
		DeprecationMessage string           `json:"deprecation_message"`
		ReturnType         json.RawMessage  `json:"return_type"`
		Parameters         []*jsonParameter `json:"parameters"`
		VariadicParameter  *jsonParameter   `json:"variadic_parameter"`
	}
	jsonParameter struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		IsNullable  bool            `json:"is_nullable"`
		Type        json.RawMessage `json:"type"`
	}
)

// served is what the stand-in serves for one provider, converted once.
type served struct {
	address            string
	provider           *tfprotov6.Schema
	resources          map[string]*tfprotov6.Schema
	dataSources        map[string]*tfprotov6.Schema
	ephemeralResources map[string]*tfprotov6.Schema
	functions          map[string]*tfprotov6.Function
}

// load reads the schema of the provider of type typ from file.
func load(file, typ string) (*served, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading the schemas: %w", err)
	}
	var doc jsonSchemas
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var found []string
	for address := range doc.ProviderSchemas {
		if address[strings.LastIndexByte(address, '/')+1:] == typ {
			found = append(found, address)
		}
	}
	slices.Sort(found)
	switch len(found) {
	case 0:
		return nil, fmt.Errorf("%s has no provider of type %q (it has %s)", file, typ,
			strings.Join(slices.Sorted(maps.Keys(doc.ProviderSchemas)), ", "))
	case 1:
	default:
		return nil, fmt.Errorf("%s has %d providers of type %q (%s): the stand-in cannot tell which it is",
			file, len(found), typ, strings.Join(found, ", "))
	}
	s, err := convertProvider(found[0], doc.ProviderSchemas[found[0]])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return s, nil
}

func convertProvider(address string, p *jsonProvider) (*served, error) {
	if p == nil {
		p = &jsonProvider{}
	}
	s := &served{address: address}
	var err error
	if s.provider, err = convertSchema(p.Provider); err != nil {
		return nil, fmt.Errorf("%s: provider: %w", address, err)
	}
	for _, kind := range []struct {
		name string
		from map[string]*jsonSchema
		to   *map[string]*tfprotov6.Schema
	}{
		{"resource", p.ResourceSchemas, &s.resources},
		{"data source", p.DataSourceSchemas, &s.dataSources},
		{"ephemeral resource", p.EphemeralResourceSchemas, &s.ephemeralResources},
	} {
		*kind.to = map[string]*tfprotov6.Schema{}
		for name, js := range kind.from {
			if (*kind.to)[name], err = convertSchema(js); err != nil {
				return nil, fmt.Errorf("%s: %s %s: %w", address, kind.name, name, err)
			}
		}
	}
	s.functions = map[string]*tfprotov6.Function{}
	for name, jf := range p.Functions {
		if s.functions[name], err = convertFunction(jf); err != nil {
			return nil, fmt.Errorf("%s: function %s: %w", address, name, err)
		}
	}
	return s, nil
}

func convertSchema(js *jsonSchema) (*tfprotov6.Schema, error) {
	if js == nil {
		return &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{}}, nil
	}
	b, err := convertBlock(js.Block)
	if err != nil {
		return nil, err
	}
	return &tfprotov6.Schema{Version: js.Version, Block: b}, nil
}

func convertBlock(jb *jsonBlock) (*tfprotov6.SchemaBlock, error) {
	b := &tfprotov6.SchemaBlock{}
	if jb == nil {
		return b, nil
	}
	b.Description, b.DescriptionKind, b.Deprecated = jb.Description, stringKind(jb.DescriptionKind), jb.Deprecated
	var err error
	if b.Attributes, err = convertAttributes(jb.Attributes); err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(jb.BlockTypes)) {
		jt := jb.BlockTypes[name]
		if jt == nil {
			return nil, fmt.Errorf("block type %s: null", name)
		}
		nt := &tfprotov6.SchemaNestedBlock{TypeName: name, MinItems: jt.MinItems, MaxItems: jt.MaxItems}
		if nt.Nesting, err = blockNesting(jt.NestingMode); err != nil {
			return nil, fmt.Errorf("block type %s: %w", name, err)
		}
		if nt.Block, err = convertBlock(jt.Block); err != nil {
			return nil, fmt.Errorf("block type %s: %w", name, err)
		}
		b.BlockTypes = append(b.BlockTypes, nt)
	}
	return b, nil
}

// convertAttributes converts attributes, sorted by name.
func convertAttributes(attrs map[string]*jsonAttribute) ([]*tfprotov6.SchemaAttribute, error) {
	var out []*tfprotov6.SchemaAttribute
	for _, name := range slices.Sorted(maps.Keys(attrs)) {
		ja := attrs[name]
		if ja == nil {
			return nil, fmt.Errorf("attribute %s: null", name)
		}
		a := &tfprotov6.SchemaAttribute{
			Name:            name,
			Description:     ja.Description,
			DescriptionKind: stringKind(ja.DescriptionKind),
			Deprecated:      ja.Deprecated,
			Required:        ja.Required,
			Optional:        ja.Optional,
			Computed:        ja.Computed,
			Sensitive:       ja.Sensitive,
			WriteOnly:       ja.WriteOnly,
		}
		switch {
		case ja.NestedType != nil && len(ja.Type) > 0:
			return nil, fmt.Errorf("attribute %s: both type and nested_type", name)
		case ja.NestedType != nil:
			o := &tfprotov6.SchemaObject{}
			var err error
			if o.Nesting, err = objectNesting(ja.NestedType.NestingMode); err != nil {
				return nil, fmt.Errorf("attribute %s: %w", name, err)
			}
			if o.Attributes, err = convertAttributes(ja.NestedType.Attributes); err != nil {
				return nil, fmt.Errorf("attribute %s: %w", name, err)
			}
			a.NestedType = o
		default:
			t, err := parseType(ja.Type)
			if err != nil {
				return nil, fmt.Errorf("attribute %s: %w", name, err)
			}
			a.Type = t
		}
		out = append(out, a)
	}
	return out, nil
}

func convertFunction(jf *jsonFunction) (*tfprotov6.Function, error) {
	if jf == nil {
		return nil, fmt.Errorf("null")
	}
	f := &tfprotov6.Function{Summary: jf.Summary, Description: jf.Description, DeprecationMessage: jf.DeprecationMessage}
	ret, err := parseType(jf.ReturnType)
	if err != nil {
		return nil, fmt.Errorf("return type: %w", err)
	}
	f.Return = &tfprotov6.FunctionReturn{Type: ret}
	param := func(jp *jsonParameter) (*tfprotov6.FunctionParameter, error) {
		if jp == nil {
			return nil, fmt.Errorf("null parameter")
		}
		t, err := parseType(jp.Type)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", jp.Name, err)
		}
		return &tfprotov6.FunctionParameter{Name: jp.Name, Description: jp.Description, AllowNullValue: jp.IsNullable, Type: t}, nil
	}
	for _, jp := range jf.Parameters {
		p, err := param(jp)
		if err != nil {
			return nil, err
		}
		f.Parameters = append(f.Parameters, p)
	}
	if jf.VariadicParameter != nil {
		if f.VariadicParameter, err = param(jf.VariadicParameter); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func stringKind(s string) tfprotov6.StringKind {
	if s == "markdown" {
		return tfprotov6.StringKindMarkdown
	}
	return tfprotov6.StringKindPlain
}

func blockNesting(mode string) (tfprotov6.SchemaNestedBlockNestingMode, error) {
	switch mode {
	case "single":
		return tfprotov6.SchemaNestedBlockNestingModeSingle, nil
	case "group":
		return tfprotov6.SchemaNestedBlockNestingModeGroup, nil
	case "list":
		return tfprotov6.SchemaNestedBlockNestingModeList, nil
	case "set":
		return tfprotov6.SchemaNestedBlockNestingModeSet, nil
	case "map":
		return tfprotov6.SchemaNestedBlockNestingModeMap, nil
	}
	return 0, fmt.Errorf("unknown block nesting mode %q", mode)
}

func objectNesting(mode string) (tfprotov6.SchemaObjectNestingMode, error) {
	switch mode {
	case "single":
		return tfprotov6.SchemaObjectNestingModeSingle, nil
	case "list":
		return tfprotov6.SchemaObjectNestingModeList, nil
	case "set":
		return tfprotov6.SchemaObjectNestingModeSet, nil
	case "map":
		return tfprotov6.SchemaObjectNestingModeMap, nil
	}
	return 0, fmt.Errorf("unknown nested attribute nesting mode %q", mode)
}

// parseType reads a type in cty's JSON notation ("string", ["list",
// "number"], ["object", {"a": "bool"}, ["a"]], ...) as a tftypes.Type.
func parseType(data json.RawMessage) (tftypes.Type, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("no type")
	}
	var name string
	if json.Unmarshal(data, &name) == nil {
		switch name {
		case "string":
			return tftypes.String, nil
		case "number":
			return tftypes.Number, nil
		case "bool":
			return tftypes.Bool, nil
		case "dynamic":
			return tftypes.DynamicPseudoType, nil
		}
		return nil, fmt.Errorf("unknown primitive type %q", name)
	}
	var parts []json.RawMessage
	if err := json.Unmarshal(data, &parts); err != nil || len(parts) < 2 {
		return nil, fmt.Errorf("not a type: %s", data)
	}
	if err := json.Unmarshal(parts[0], &name); err != nil {
		return nil, fmt.Errorf("not a type constructor: %s", parts[0])
	}
	switch name {
	case "list", "set", "map":
		if len(parts) != 2 {
			return nil, fmt.Errorf("%s takes one element type: %s", name, data)
		}
		el, err := parseType(parts[1])
		if err != nil {
			return nil, err
		}
		switch name {
		case "list":
			return tftypes.List{ElementType: el}, nil
		case "set":
			return tftypes.Set{ElementType: el}, nil
		}
		return tftypes.Map{ElementType: el}, nil
	case "object":
		if len(parts) > 3 {
			return nil, fmt.Errorf("object takes attributes and optional names: %s", data)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(parts[1], &raw); err != nil {
			return nil, fmt.Errorf("object attributes: %w", err)
		}
		obj := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
		for attr, rt := range raw {
			t, err := parseType(rt)
			if err != nil {
				return nil, fmt.Errorf("object attribute %s: %w", attr, err)
			}
			obj.AttributeTypes[attr] = t
		}
		if len(parts) == 3 {
			var optional []string
			if err := json.Unmarshal(parts[2], &optional); err != nil {
				return nil, fmt.Errorf("object optional attributes: %w", err)
			}
			obj.OptionalAttributes = map[string]struct{}{}
			for _, attr := range optional {
				if _, ok := obj.AttributeTypes[attr]; !ok {
					return nil, fmt.Errorf("optional attribute %s is not an attribute", attr)
				}
				obj.OptionalAttributes[attr] = struct{}{}
			}
		}
		return obj, nil
	case "tuple":
		if len(parts) != 2 {
			return nil, fmt.Errorf("tuple takes element types: %s", data)
		}
		var raw []json.RawMessage
		if err := json.Unmarshal(parts[1], &raw); err != nil {
			return nil, fmt.Errorf("tuple elements: %w", err)
		}
		tup := tftypes.Tuple{ElementTypes: []tftypes.Type{}}
		for i, rt := range raw {
			t, err := parseType(rt)
			if err != nil {
				return nil, fmt.Errorf("tuple element %d: %w", i, err)
			}
			tup.ElementTypes = append(tup.ElementTypes, t)
		}
		return tup, nil
	}
	return nil, fmt.Errorf("unknown type constructor %q", name)
}

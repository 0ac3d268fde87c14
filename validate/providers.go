package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// providerTypes are the resource types the provider schemas describe,
// by mode ("resource", "data", "ephemeral") and type name.
type providerTypes struct {
	byMode map[string]map[string]*blockType
	// providers are the addresses of the providers of the given
	// schemas (not the built-in one).
	providers []string
}

// blockType is the schema of a resource type's body, or of a nested
// block, for references to its attributes.
type blockType struct {
	attrs  map[string]cty.Type
	blocks map[string]*nestedType
	// readOnly are the attributes that are computed and not optional.
	readOnly map[string]bool
	// nested are the attributes of a nested type (whose object
	// attributes may be optional).
	nested map[string]bool
}

// nestedType is a nested block type.
type nestedType struct {
	nesting tfjson.SchemaNestingMode
	block   *blockType
}

// newProviderTypes reads the types of ps and of the built-in provider.
func newProviderTypes(ps *tfjson.ProviderSchemas) *providerTypes {
	pt := &providerTypes{byMode: map[string]map[string]*blockType{"resource": {}, "data": {}, "ephemeral": {}}}
	pt.add(schema.BuiltinProviderSchemas())
	if ps != nil {
		pt.add(ps)
		for addr := range ps.Schemas {
			pt.providers = append(pt.providers, addr)
		}
		slices.Sort(pt.providers)
	}
	return pt
}

func (pt *providerTypes) add(ps *tfjson.ProviderSchemas) {
	for _, p := range ps.Schemas {
		if p == nil {
			continue
		}
		for mode, m := range map[string]map[string]*tfjson.Schema{"resource": p.ResourceSchemas, "data": p.DataSourceSchemas, "ephemeral": p.EphemeralResourceSchemas} {
			for name, s := range m {
				if s != nil && s.Block != nil {
					pt.byMode[mode][name] = newBlockType(s.Block)
				}
			}
		}
	}
}

// provides reports whether the schemas describe a provider whose local
// name (the last part of its address) is name.
func (pt *providerTypes) provides(name string) (addr string, ok bool) {
	for _, a := range pt.providers {
		if a[strings.LastIndex(a, "/")+1:] == name {
			return a, true
		}
	}
	return "", false
}

// lookup returns the schema of a resource type, or nil if unknown.
func (pt *providerTypes) lookup(mode, typ string) *blockType {
	return pt.byMode[mode][typ]
}

func newBlockType(b *tfjson.SchemaBlock) *blockType {
	bt := &blockType{attrs: map[string]cty.Type{}, blocks: map[string]*nestedType{}, readOnly: map[string]bool{}, nested: map[string]bool{}}
	for name, a := range b.Attributes {
		if a == nil {
			continue
		}
		bt.attrs[name] = attributeType(a)
		if a.AttributeNestedType != nil {
			bt.nested[name] = true
		}
		if a.Computed && !a.Optional && !a.Required {
			bt.readOnly[name] = true
		}
	}
	for name, nb := range b.NestedBlocks {
		if nb == nil || nb.Block == nil {
			continue
		}
		bt.blocks[name] = &nestedType{nesting: nb.NestingMode, block: newBlockType(nb.Block)}
	}
	return bt
}

// attributeType returns the type of an attribute, nested ones included.
func attributeType(a *tfjson.SchemaAttribute) cty.Type {
	if a.AttributeNestedType == nil {
		if a.AttributeType == cty.NilType {
			return cty.DynamicPseudoType
		}
		return a.AttributeType
	}
	nt := a.AttributeNestedType
	attrs := map[string]cty.Type{}
	for name, inner := range nt.Attributes {
		if inner != nil {
			attrs[name] = attributeType(inner)
		}
	}
	obj := cty.Object(attrs)
	switch nt.NestingMode {
	case tfjson.SchemaNestingModeList:
		return cty.List(obj)
	case tfjson.SchemaNestingModeSet:
		return cty.Set(obj)
	case tfjson.SchemaNestingModeMap:
		return cty.Map(obj)
	}
	return obj
}

// validateTraversal checks a traversal after a resource's address, as
// the programs' static validation of references does.
func (bt *blockType) validateTraversal(t hcl.Traversal) hcl.Diagnostics {
	if len(t) == 0 {
		return nil
	}
	var name string
	switch step := t[0].(type) {
	case hcl.TraverseAttr:
		name = step.Name
	case hcl.TraverseIndex:
		if k := step.Key; k.Type() == cty.String && k.IsKnown() && !k.IsNull() && validIdentifier(k.AsString()) {
			return hcl.Diagnostics{errorAt(step.SrcRange, "Invalid index operation",
				"Only attribute access is allowed here. Did you mean to access attribute %q using the dot operator?", k.AsString())}
		}
		return hcl.Diagnostics{errorAt(step.SrcRange, "Invalid index operation", "Only attribute access is allowed here, using the dot operator.")}
	default:
		return hcl.Diagnostics{errorAt(t[0].SourceRange(), "Invalid operation", "Only attribute access is allowed here, using the dot operator.")}
	}
	if ty, ok := bt.attrs[name]; ok {
		_, diags := t[1:].TraverseRel(cty.UnknownVal(ty))
		return diags
	}
	if nb, ok := bt.blocks[name]; ok {
		return nb.validateTraversal(name, t[1:])
	}
	var names []string
	for n := range bt.attrs {
		names = append(names, n)
	}
	for n := range bt.blocks {
		names = append(names, n)
	}
	slices.Sort(names)
	suggestion := didyoumean.Closest(name, names)
	if suggestion != "" {
		suggestion = fmt.Sprintf(" Did you mean %q?", suggestion)
	}
	return hcl.Diagnostics{errorAt(t[0].SourceRange(), "Unsupported attribute",
		"This object has no argument, nested block, or exported attribute named %q.%s", name, suggestion)}
}

func (nb *nestedType) validateTraversal(typeName string, t hcl.Traversal) hcl.Diagnostics {
	switch nb.nesting {
	case tfjson.SchemaNestingModeSingle, tfjson.SchemaNestingModeGroup:
		return nb.block.validateTraversal(t)
	}
	if len(t) == 0 {
		return nil
	}
	switch nb.nesting {
	case tfjson.SchemaNestingModeSet:
		return hcl.Diagnostics{errorAt(t[0].SourceRange(), "Cannot index a set value",
			"Block type %q is represented by a set of objects, and set elements do not have addressable keys. To find elements matching specific criteria, use a \"for\" expression with an \"if\" clause.", typeName)}
	case tfjson.SchemaNestingModeList:
		if _, ok := t[0].(hcl.TraverseIndex); ok {
			return nb.block.validateTraversal(t[1:])
		}
		return hcl.Diagnostics{errorAt(t[0].SourceRange(), "Invalid operation",
			"Block type %q is represented by a list of objects, so it must be indexed using a numeric key, like .%s[0].", typeName, typeName)}
	case tfjson.SchemaNestingModeMap:
		return nb.block.validateTraversal(t[1:])
	}
	return nil
}

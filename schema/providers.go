package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"
)

// ReadProviderSchemas parses the output of terraform providers schema -json
// or tofu providers schema -json into terraform-json's types, which check
// that the format_version is one they support (0.x and 1.x). A syntax
// error names the byte offset where it was found.
func ReadProviderSchemas(data []byte) (*tfjson.ProviderSchemas, error) {
	var ps tfjson.ProviderSchemas
	if err := json.Unmarshal(data, &ps); err != nil {
		var syntax *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax):
			return nil, fmt.Errorf("schema: reading provider schemas: at byte %d: %w", syntax.Offset, err)
		case errors.As(err, &typ):
			return nil, fmt.Errorf("schema: reading provider schemas: at byte %d: %w", typ.Offset, err)
		}
		return nil, fmt.Errorf("schema: reading provider schemas: %w", err)
	}
	return &ps, nil
}

// WithProviders returns a copy of l that knows the resource, data source,
// ephemeral resource, action and provider configuration bodies of the
// providers in ps. l and its bodies are not changed: the root body and the
// blocks that gain bodies are copied, everything else is shared. A nil ps
// has no providers to add: the result is l itself.
//
// For each type a provider defines, the root block of that kind
// (resource, data, ephemeral, action; also data inside check) gets
// ByLabel[type]: a closed body holding the meta-arguments and meta-blocks
// that l's generic body of that block lists (count, for_each, provider,
// depends_on, lifecycle, ...), then the provider's attributes, every one
// an Expression (Required as the provider says; computed-only attributes
// and attributes of a nested attribute type are plain attributes too), then
// its nested blocks, recursively, with the nesting the provider gives (a
// map-nested block has one label, "key"). A provider name that a
// meta-argument already takes is reachable only inside the "_" block,
// whose body is the provider's body alone. Every provider body accepts
// dynamic blocks (l's dynamic block, found in the generic resource, data
// or ephemeral body): dynamic's ByLabel[blockType] is a body whose content
// block holds that nested block's body. An action block's provider
// arguments go in its config block when l's action body has one. The
// provider block gets ByLabel[localName] the same way, from l's generic
// provider body (alias, version, for_each, "_") and the provider's
// configuration schema.
//
// The type → provider rule: a block's first label alone selects its body,
// from the one provider in ps that defines that type; the provider
// meta-argument is not consulted. Terraform finds a resource's provider
// from that argument or from the type's prefix before the first "_", and
// providers name their types with their own prefix, so the two agree
// whenever each type has one provider. A provider's local name is the last
// segment of its source address (registry.terraform.io/hashicorp/aws:
// aws). If two providers in ps define the same type of one kind, the one
// whose local name is the type's implied provider (its prefix before the
// first "_") gives the body: google_compute_instance takes google's
// schema, not google-beta's, as Terraform does for a resource without a
// provider argument. If neither is the implied provider, or two providers
// have the same local name, WithProviders returns an error naming both
// addresses. A type that l already had in ByLabel is replaced. Kinds whose
// block l's root does not have (action, in languages without actions) are
// skipped.
//
// The result passes Body.Validate. Name, Version and Follows are l's.
func (l *Language) WithProviders(ps *tfjson.ProviderSchemas) (*Language, error) {
	if l.Root == nil {
		return nil, errors.New("schema: the language has no root body")
	}
	if ps == nil {
		return l, nil
	}
	defs, err := collectDefinitions(ps)
	if err != nil {
		return nil, err
	}
	root := *l.Root
	root.Blocks = slices.Clone(l.Root.Blocks)
	c := &converter{dynamic: findDynamic(&root), built: map[builtKey]*Body{}}
	for _, k := range kinds {
		if err := c.fill(root.Block(k.block), k, defs[k.block]); err != nil {
			return nil, err
		}
	}
	if err := c.fillCheckData(&root, defs[kindData.block]); err != nil {
		return nil, err
	}
	if err := root.Validate(); err != nil {
		// Validate's errors carry no sentinel; keep one "schema:" prefix.
		return nil, fmt.Errorf("schema: provider schemas give an invalid schema: %s",
			strings.TrimPrefix(err.Error(), "schema: "))
	}
	return &Language{Name: l.Name, Version: l.Version, Follows: slices.Clone(l.Follows), Root: &root}, nil
}

// kind is a root block type whose first label names something a provider
// defines.
type kind struct {
	block string // the root block type: resource
	noun  string // what its first label names, for messages: resource type
	// schemas returns the provider's definitions of this kind.
	schemas func(p *tfjson.ProviderSchema, address string) map[string]*tfjson.SchemaBlock
}

var (
	kindResource  = kind{"resource", "resource type", resourceSchemas}
	kindData      = kind{"data", "data source type", dataSchemas}
	kindEphemeral = kind{"ephemeral", "ephemeral resource type", ephemeralSchemas}
	kindAction    = kind{"action", "action type", actionSchemas}
	kindProvider  = kind{"provider", "provider local name", providerConfig}

	kinds = []kind{kindResource, kindData, kindEphemeral, kindAction, kindProvider}
)

func blocksOf(m map[string]*tfjson.Schema) map[string]*tfjson.SchemaBlock {
	out := make(map[string]*tfjson.SchemaBlock, len(m))
	for name, s := range m {
		if s != nil {
			out[name] = s.Block
		} else {
			out[name] = nil
		}
	}
	return out
}

func resourceSchemas(p *tfjson.ProviderSchema, _ string) map[string]*tfjson.SchemaBlock {
	return blocksOf(p.ResourceSchemas)
}

func dataSchemas(p *tfjson.ProviderSchema, _ string) map[string]*tfjson.SchemaBlock {
	return blocksOf(p.DataSourceSchemas)
}

func ephemeralSchemas(p *tfjson.ProviderSchema, _ string) map[string]*tfjson.SchemaBlock {
	return blocksOf(p.EphemeralResourceSchemas)
}

func actionSchemas(p *tfjson.ProviderSchema, _ string) map[string]*tfjson.SchemaBlock {
	out := make(map[string]*tfjson.SchemaBlock, len(p.ActionSchemas))
	for name, s := range p.ActionSchemas {
		if s != nil {
			out[name] = s.Block
		} else {
			out[name] = nil
		}
	}
	return out
}

func providerConfig(p *tfjson.ProviderSchema, address string) map[string]*tfjson.SchemaBlock {
	var b *tfjson.SchemaBlock
	if p.ConfigSchema != nil {
		b = p.ConfigSchema.Block
	}
	return map[string]*tfjson.SchemaBlock{localName(address): b}
}

// ImpliedProvider returns the local name of the provider that a resource
// type implies when no provider meta-argument names one, as Terraform
// and OpenTofu imply it (addrs.Resource.ImpliedProvider): the type up to
// its first "_" (google_compute_instance: google; a type without one is
// its own name, and "_x" implies ""). It is the one rule of the implied
// provider; module.ResourceProvider adds the meta-argument's override.
func ImpliedProvider(typ string) string {
	name, _, _ := strings.Cut(typ, "_")
	return name
}

// localName returns the name a provider's blocks go by when no
// required_providers entry says otherwise: the last segment of its source
// address (registry.terraform.io/hashicorp/aws: aws).
func localName(address string) string {
	return address[strings.LastIndexByte(address, '/')+1:]
}

// definition is one provider's schema for one type.
type definition struct {
	address string
	block   *tfjson.SchemaBlock // nil: an empty body
}

// collectDefinitions indexes ps by root block type and then by type name
// (or local name), and reports a name that two providers define.
func collectDefinitions(ps *tfjson.ProviderSchemas) (map[string]map[string]definition, error) {
	defs := map[string]map[string]definition{}
	for _, address := range slices.Sorted(maps.Keys(ps.Schemas)) {
		p := ps.Schemas[address]
		if p == nil {
			continue
		}
		if localName(address) == "" {
			return nil, fmt.Errorf("schema: provider address %q has no type name", address)
		}
		for _, k := range kinds {
			m := defs[k.block]
			if m == nil {
				m = map[string]definition{}
				defs[k.block] = m
			}
			schemas := k.schemas(p, address)
			for _, name := range slices.Sorted(maps.Keys(schemas)) {
				if prev, ok := m[name]; ok {
					switch implied := ImpliedProvider(name); {
					case k.block == "provider":
					case localName(prev.address) == implied:
						continue
					case localName(address) == implied:
						m[name] = definition{address: address, block: schemas[name]}
						continue
					}
					return nil, fmt.Errorf("schema: %s %q is defined by two providers, %s and %s",
						k.noun, name, prev.address, address)
				}
				m[name] = definition{address: address, block: schemas[name]}
			}
		}
	}
	return defs, nil
}

// findDynamic returns l's dynamic block, from the generic resource, data
// or ephemeral body, or nil if none of them lists one.
func findDynamic(root *Body) *Block {
	for _, typ := range []string{"resource", "data", "ephemeral"} {
		if blk := root.Block(typ); blk != nil && blk.Body != nil {
			if dyn := blk.Body.Block("dynamic"); dyn != nil && dyn.Body != nil {
				return dyn
			}
		}
	}
	return nil
}

// builtKey identifies a typed body built from one generic body.
type builtKey struct {
	generic *Body
	kind    string
	name    string
}

// converter turns provider schemas into bodies.
type converter struct {
	dynamic *Block // l's dynamic block, or nil
	// built holds the typed bodies already made, so that check's data
	// block shares the root data block's bodies.
	built map[builtKey]*Body
	// elements holds the element bodies of arguments that blocks may
	// fill, by element type (cty.Type.GoString).
	elements map[string]*Body
}

// fill gives blk (a copy inside the new root; nil: skip) a body for each
// definition.
func (c *converter) fill(blk *Block, k kind, defs map[string]definition) error {
	if blk == nil || blk.Body == nil || len(defs) == 0 {
		return nil
	}
	byLabel := maps.Clone(blk.ByLabel)
	if byLabel == nil {
		byLabel = make(map[string]*Body, len(defs))
	}
	for _, name := range slices.Sorted(maps.Keys(defs)) {
		key := builtKey{blk.Body, k.block, name}
		if body := c.built[key]; body != nil {
			byLabel[name] = body
			continue
		}
		d := defs[name]
		prov, err := c.providerBody(d.block, d.address+": "+k.noun+" "+name, !skipFixup(d.block))
		if err != nil {
			return err
		}
		var body *Body
		if k.block == kindAction.block && blk.Body.Block("config") != nil {
			body = withConfig(blk.Body, prov)
		} else {
			body = c.typedBody(blk.Body, prov)
		}
		c.built[key] = body
		byLabel[name] = body
	}
	blk.ByLabel = byLabel
	return nil
}

// fillCheckData fills the data block inside root's check block, copying
// the check block and its body.
func (c *converter) fillCheckData(root *Body, defs map[string]definition) error {
	chk := root.Block("check")
	if chk == nil || chk.Body == nil || chk.Body.Block(kindData.block) == nil || len(defs) == 0 {
		return nil
	}
	body := *chk.Body
	body.Blocks = slices.Clone(chk.Body.Blocks)
	chk.Body = &body
	return c.fill(body.Block(kindData.block), kindData, defs)
}

// providerBody converts a provider's block schema: its attributes and
// nested blocks, recursively, and a dynamic block for the nested blocks.
// path names the block in errors. With fixup, arguments of type list or
// set of objects may also be written as blocks (Attribute.AsBlocks).
func (c *converter) providerBody(sb *tfjson.SchemaBlock, path string, fixup bool) (*Body, error) {
	b := &Body{}
	if sb == nil {
		c.addDynamic(b)
		return b, nil
	}
	for _, name := range slices.Sorted(maps.Keys(sb.Attributes)) {
		if c.dynamic != nil && name == c.dynamic.Type {
			continue
		}
		a := sb.Attributes[name]
		attr := Attribute{Name: name, Mode: Expression}
		if a != nil {
			attr.Required = a.Required
			attr.Type = a.AttributeType
			if fixup && objectCollection(a.AttributeType) {
				attr.AsBlocks = c.elementBody(a.AttributeType.ElementType())
			}
		}
		b.Attributes = append(b.Attributes, attr)
	}
	for _, name := range slices.Sorted(maps.Keys(sb.NestedBlocks)) {
		if c.dynamic != nil && name == c.dynamic.Type {
			continue
		}
		blk, err := c.nestedBlock(name, sb.NestedBlocks[name], path, fixup)
		if err != nil {
			return nil, err
		}
		b.Blocks = append(b.Blocks, blk)
	}
	c.addDynamic(b)
	return b, nil
}

// nestedBlock converts one nested block type of a provider schema.
func (c *converter) nestedBlock(name string, bt *tfjson.SchemaBlockType, path string, fixup bool) (Block, error) {
	path += ": block " + name
	if bt == nil {
		return Block{}, fmt.Errorf("schema: %s: no nesting mode", path)
	}
	n, err := nestingOf(bt.NestingMode)
	if err != nil {
		return Block{}, fmt.Errorf("schema: %s: %w", path, err)
	}
	body, err := c.providerBody(bt.Block, path, fixup)
	if err != nil {
		return Block{}, err
	}
	blk := Block{Type: name, Nesting: n, Body: body}
	if n == NestingMap {
		blk.Labels = []string{"key"}
	}
	return blk, nil
}

// nestingOf maps a provider schema's nesting_mode to a Nesting.
func nestingOf(m tfjson.SchemaNestingMode) (Nesting, error) {
	switch m {
	case tfjson.SchemaNestingModeSingle:
		return NestingSingle, nil
	case tfjson.SchemaNestingModeGroup:
		return NestingGroup, nil
	case tfjson.SchemaNestingModeList:
		return NestingList, nil
	case tfjson.SchemaNestingModeSet:
		return NestingSet, nil
	case tfjson.SchemaNestingModeMap:
		return NestingMap, nil
	}
	return 0, fmt.Errorf("unknown nesting mode %q", string(m))
}

// addDynamic appends to b a copy of l's dynamic block whose ByLabel gives,
// for each nested block type of b and each argument that may be written
// as blocks (Attribute.AsBlocks), a dynamic body with that block's body as
// content. It does nothing if l has no dynamic block.
func (c *converter) addDynamic(b *Body) {
	if c.dynamic == nil {
		return
	}
	dyn := *c.dynamic
	dyn.ByLabel = nil
	for _, nested := range b.Blocks {
		if dyn.ByLabel == nil {
			dyn.ByLabel = map[string]*Body{}
		}
		dyn.ByLabel[nested.Type] = c.dynamicBody(nested.Body)
	}
	for _, a := range b.Attributes {
		if a.AsBlocks != nil {
			if dyn.ByLabel == nil {
				dyn.ByLabel = map[string]*Body{}
			}
			dyn.ByLabel[a.Name] = c.dynamicBody(a.AsBlocks)
		}
	}
	b.Blocks = append(b.Blocks, dyn)
}

// elementBody returns the body of a block written for an element of an
// argument of type list or set of ety, an object type, as
// lang/blocktoattr builds it: ety's attributes, none required, each of
// them that is itself a list or set of objects again writable as blocks
// unless ety has a shape the older SDK could not make. Bodies are shared
// by element type.
func (c *converter) elementBody(ety cty.Type) *Body {
	key := ety.GoString()
	if b := c.elements[key]; b != nil {
		return b
	}
	b := &Body{}
	if c.elements == nil {
		c.elements = map[string]*Body{}
	}
	c.elements[key] = b
	atys := ety.AttributeTypes()
	fixup := true
	for _, aty := range atys {
		if legacyImpossible(aty) {
			fixup = false
		}
	}
	for _, name := range slices.Sorted(maps.Keys(atys)) {
		if c.dynamic != nil && name == c.dynamic.Type {
			continue
		}
		attr := Attribute{Name: name, Mode: Expression, Type: atys[name]}
		if fixup && objectCollection(atys[name]) {
			attr.AsBlocks = c.elementBody(atys[name].ElementType())
		}
		b.Attributes = append(b.Attributes, attr)
	}
	c.addDynamic(b)
	return b
}

// objectCollection reports whether ty is a list or set of objects, the
// types whose arguments lang/blocktoattr lets blocks fill.
func objectCollection(ty cty.Type) bool {
	return (ty.IsListType() || ty.IsSetType()) && ty.ElementType().IsObjectType()
}

// skipFixup reports whether a provider's block schema has a shape that
// the older provider SDK could not make, in which case Terraform and
// OpenTofu do not let blocks fill any of its arguments (lang/blocktoattr's
// skipFixup): an attribute of a nested attribute type, or one of a type
// legacyImpossible names, here or in any nested block.
func skipFixup(sb *tfjson.SchemaBlock) bool {
	if sb == nil {
		return false
	}
	for _, a := range sb.Attributes {
		if a != nil && (a.AttributeNestedType != nil || legacyImpossible(a.AttributeType)) {
			return true
		}
	}
	for _, bt := range sb.NestedBlocks {
		if bt != nil && skipFixup(bt.Block) {
			return true
		}
	}
	return false
}

// legacyImpossible reports whether an attribute type is one the older
// provider SDK could not make: an object or tuple, a map of objects, or a
// collection of collections of anything but primitive types.
func legacyImpossible(ty cty.Type) bool {
	switch {
	case ty == cty.NilType:
		return false
	case ty.IsTupleType(), ty.IsObjectType():
		return true
	case ty.IsMapType() && ty.ElementType().IsObjectType():
		return true
	case ty.IsCollectionType():
		ety := ty.ElementType()
		return ety.IsCollectionType() && !ety.ElementType().IsPrimitiveType()
	}
	return false
}

// dynamicBody returns a copy of l's dynamic body whose content block has
// the body content.
func (c *converter) dynamicBody(content *Body) *Body {
	body := *c.dynamic.Body
	body.Blocks = slices.Clone(body.Blocks)
	for i := range body.Blocks {
		if body.Blocks[i].Type == "content" {
			body.Blocks[i].Body = content
			body.Blocks[i].ByLabel = nil
		}
	}
	return &body
}

// typedBody returns a closed body with generic's attributes and blocks
// (the meta-arguments) and prov's (the provider's) whose names the
// meta-arguments do not take. Its dynamic block is prov's, its "_" block
// has prov as body.
func (c *converter) typedBody(generic, prov *Body) *Body {
	taken := map[string]bool{}
	out := &Body{Attributes: slices.Clone(generic.Attributes)}
	for _, a := range generic.Attributes {
		taken[a.Name] = true
	}
	for _, blk := range generic.Blocks {
		taken[blk.Type] = true
	}
	for _, a := range prov.Attributes {
		if !taken[a.Name] {
			out.Attributes = append(out.Attributes, a)
		}
	}
	for _, blk := range generic.Blocks {
		switch {
		case blk.Type == "_":
			blk.Body = prov
		case c.dynamic != nil && blk.Type == c.dynamic.Type:
			if typed := prov.Block(blk.Type); typed != nil {
				blk = *typed
			}
		}
		out.Blocks = append(out.Blocks, blk)
	}
	for _, blk := range prov.Blocks {
		if !taken[blk.Type] {
			out.Blocks = append(out.Blocks, blk)
		}
	}
	return out
}

// withConfig returns a copy of the generic action body whose config block
// has prov as body.
func withConfig(generic, prov *Body) *Body {
	out := *generic
	out.Blocks = slices.Clone(generic.Blocks)
	for i := range out.Blocks {
		if out.Blocks[i].Type == "config" {
			out.Blocks[i].Body = prov
			out.Blocks[i].ByLabel = nil
		}
	}
	return &out
}

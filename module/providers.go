package module

import (
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// Requirement is one entry of terraform.required_providers, decoded as
// the programs decode it: the legacy version string, or an object whose
// items (source, version, configuration_aliases) are read by key.
type Requirement struct {
	// Name is the provider's local name, the entry's name.
	Name string
	// Expr is the entry's value.
	Expr hcl.Expression
	// Legacy says that the entry's value is a string, Version, the
	// version constraint of the legacy form ("~> 5.0"); Items is then
	// nil.
	Legacy  bool
	Version string
	// Items are the object's items in written order, each with its key
	// as written: a keyword or a constant string ("" for any other key).
	Items []RequirementItem
	// MapDiags are the diagnostics of reading the value as an object
	// (hcl.ExprMap) when it is neither a legacy string nor an object.
	MapDiags hcl.Diagnostics
}

// RequirementItem is one item of a Requirement's object.
type RequirementItem struct {
	Key   string
	Value hcl.Expression
}

// Item returns the value of the last item of r whose key is key, or nil.
func (r *Requirement) Item(key string) hcl.Expression {
	for _, it := range slices.Backward(r.Items) {
		if it.Key == key {
			return it.Value
		}
	}
	return nil
}

// Source returns the provider source address the entry gives, in lower
// case, or "" when it gives none as a constant string.
func (r *Requirement) Source() string {
	e := r.Item("source")
	if e == nil {
		return ""
	}
	v, d := e.Value(nil)
	if d.HasErrors() || v.Type() != cty.String || !v.IsKnown() || v.IsNull() {
		return ""
	}
	return strings.ToLower(v.AsString())
}

// DecodeRequirement decodes the required_providers entry of the local
// name name whose value is expr. It is the one decoder of
// required_providers entries that the layers share (package validate,
// package inspect, the check command); each reports what it reads in its
// own words.
func DecodeRequirement(name string, expr hcl.Expression) Requirement {
	r := Requirement{Name: name, Expr: expr}
	if v, d := expr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
		r.Legacy, r.Version = true, v.AsString()
		return r
	}
	pairs, diags := hcl.ExprMap(expr)
	if diags.HasErrors() {
		r.MapDiags = diags
		return r
	}
	r.Items = make([]RequirementItem, len(pairs))
	for i, p := range pairs {
		r.Items[i] = RequirementItem{Key: ObjectKey(p.Key), Value: p.Value}
	}
	return r
}

// Requirements decodes the entries of the required_providers blocks of
// the terraform block b, in the order of the blocks and, in each, of the
// names.
func Requirements(b *hcl.Block) []Requirement {
	var out []Requirement
	for _, rp := range RequirementBlocks(b) {
		attrs, _ := rp.Body.JustAttributes()
		for _, a := range attrsByName(attrs) {
			out = append(out, DecodeRequirement(a.Name, a.Expr))
		}
	}
	return out
}

// RequirementBlocks returns the required_providers blocks of the
// terraform block b.
func RequirementBlocks(b *hcl.Block) []*hcl.Block {
	content, _, _ := b.Body.PartialContent(requiredProvidersSchema)
	if content == nil {
		return nil
	}
	return content.Blocks
}

var requiredProvidersSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "required_providers"}}}

// attrsByName returns attrs sorted by name.
func attrsByName(attrs hcl.Attributes) []*hcl.Attribute {
	names := slices.Sorted(maps.Keys(attrs))
	out := make([]*hcl.Attribute, len(names))
	for i, name := range names {
		out[i] = attrs[name]
	}
	return out
}

// ObjectKey returns the key of an object constructor's item as written:
// a keyword, or a constant string; "" for anything else.
func ObjectKey(e hcl.Expression) string {
	if k := hcl.ExprAsKeyword(e); k != "" {
		return k
	}
	if v, d := e.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
		return v.AsString()
	}
	return ""
}

// ProviderConfig is a provider configuration as a module names it: a
// local name and an optional alias.
type ProviderConfig struct {
	Name, Alias string
}

// String returns name or name.alias.
func (c ProviderConfig) String() string {
	if c.Alias != "" {
		return c.Name + "." + c.Alias
	}
	return c.Name
}

// ProviderRef reads a reference to a provider configuration: name or
// name.alias, and in OpenTofu name.alias[key], whose key is dropped. In
// the JSON syntax it is a string holding that reference, read as
// ReadValue reads it (a static reference, else a native expression,
// with ranges exact through escapes); a legacy quoted reference of the
// native syntax is read with its warning. A value that is no reference
// is hcl's error on it.
func ProviderRef(expr hcl.Expression) (ProviderConfig, hcl.Diagnostics) {
	v, diags := ReadValue(expr, schema.ProviderRef, true)
	var warn hcl.Diagnostics
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning {
			warn = append(warn, d) // the legacy quotes'
		}
	}
	t := v.Traversal
	if t == nil {
		// No reference: hcl's error on the value (for a legacy quoted
		// one, on what it holds).
		if !hcljson.IsJSONExpression(expr) {
			expr = v.Expr
		}
		_, diags := hcl.AbsTraversalForExpr(expr)
		return ProviderConfig{}, append(warn, diags...)
	}
	if n := len(t); n > 1 {
		if _, ok := t[n-1].(hcl.TraverseIndex); ok {
			t = t[:n-1]
		}
	}
	c := ProviderConfig{Name: t.RootName()}
	if len(t) > 1 {
		attr, ok := t[1].(hcl.TraverseAttr)
		if !ok || len(t) > 2 {
			return c, append(warn, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Invalid provider configuration reference",
				Detail:   "A provider configuration reference must not have more than one attribute access, to select an alias.",
				Subject:  t.SourceRange().Ptr(),
			})
		}
		c.Alias = attr.Name
	}
	return c, warn
}

// ResourceProvider returns the provider configuration that a resource
// (or data source, ephemeral resource, import block) of type typ uses:
// the one its provider meta-argument names (ProviderRef; nil when it has
// none), or the default configuration of the provider whose local name
// the type implies (schema.ImpliedProvider), also when the argument is
// no valid reference, whose diagnostics are returned. It is the one
// rule of the implied provider that the layers share.
func ResourceProvider(typ string, provider hcl.Expression) (ProviderConfig, hcl.Diagnostics) {
	implied := ProviderConfig{Name: schema.ImpliedProvider(typ)}
	if provider == nil {
		return implied, nil
	}
	c, diags := ProviderRef(provider)
	if diags.HasErrors() {
		return implied, diags
	}
	return c, diags
}

package validate

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// badIdentifierDetail is the programs' detail for a declared name that
// is not an identifier.
const badIdentifierDetail = "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes."

// reservedVariableNames are the names of the arguments and block types
// of a module block, which a variable may not take: a caller could not
// set it.
var reservedVariableNames = []string{
	"source", "version", "count", "for_each", "depends_on", "providers",
	"_", "lifecycle", "locals", "provider",
}

// nameRules checks what the programs check of a top-level block's names
// when they decode it, before any module is built (spec.md {#validate}
// V1): that declared names are identifiers (validIdentifier:
// a letter or "_", then letters, digits, "_" and "-"; an empty label is
// none) and that a variable does not take a module block's reserved
// name; that provider local names are normalized, and provider
// configuration aliases identifiers; and the provider configuration
// references of resources (provider) and module calls (providers), as
// the programs decode them. parent is the schema of b's body's parent.
func (md *unit) nameRules(b *hcl.Block, parent *schema.Body) hcl.Diagnostics {
	var diags hcl.Diagnostics
	label := func(i int, summary string) {
		if i < len(b.Labels) && !validIdentifier(b.Labels[i]) {
			diags = append(diags, errorAt(b.LabelRanges[i], summary, "%s", badIdentifierDetail))
		}
	}
	switch b.Type {
	case "variable":
		label(0, "Invalid variable name")
		for _, name := range reservedVariableNames {
			if len(b.Labels) > 0 && b.Labels[0] == name {
				diags = append(diags, errorAt(b.LabelRanges[0], "Invalid variable name",
					"The variable name %q is reserved due to its special meaning inside module blocks.", name))
			}
		}
	case "output":
		label(0, "Invalid output name")
	case "locals":
		attrs, ok := md.localAttributes(b)
		if !ok {
			attrs, _ = b.Body.JustAttributes()
		}
		var bad hcl.Attributes // sorted only when there are some
		for name, a := range attrs {
			if !validIdentifier(name) {
				if bad == nil {
					bad = hcl.Attributes{}
				}
				bad[name] = a
			}
		}
		for _, a := range sortedAttributes(bad) {
			diags = append(diags, errorAt(a.NameRange, "Invalid local value name", "%s", badIdentifierDetail))
		}
	case "module":
		label(0, "Invalid module instance name")
		diags = append(diags, md.passedProviderRefs(b)...)
	case "resource":
		label(0, "Invalid resource type name")
		label(1, "Invalid resource name")
		diags = append(diags, md.providerArgument(b)...)
	case "data":
		label(0, "Invalid data source name")
		label(1, "Invalid data resource name")
		diags = append(diags, md.providerArgument(b)...)
	case "ephemeral":
		label(0, "Invalid ephemeral resource type name")
		label(1, "Invalid ephemeral resource name")
		diags = append(diags, md.providerArgument(b)...)
	case "check":
		label(0, "Invalid check block name")
		if cb := parent.Block("check"); cb != nil {
			if cc, _, _ := md.content(cb.Body, b.Body); cc != nil {
				for _, inner := range cc.Blocks {
					if inner.Type == "data" {
						diags = append(diags, md.nameRules(inner, cb.Body)...)
					}
				}
			}
		}
	case "provider":
		if len(b.Labels) == 0 {
			break
		}
		if d := providerLocalName(b.Labels[0], b.DefRange); d != nil {
			// The programs drop the block here.
			diags = append(diags, d)
			break
		}
		if a := attribute(b.Body, "alias"); a != nil {
			if alias, ok := literalString(a.Expr); ok && !validIdentifier(alias) {
				// The programs give this one no range.
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Invalid provider configuration alias",
					Detail:   "An alias must be a valid name. " + badIdentifierDetail,
				})
			}
		}
	}
	return diags
}

// literalString returns the value of expr, evaluated without variables
// or functions, converted to a string, when it is known and not null.
func literalString(expr hcl.Expression) (string, bool) {
	v, diags := expr.Value(nil)
	if diags.HasErrors() || !v.IsWhollyKnown() || v.IsNull() {
		return "", false
	}
	s, err := convert.Convert(v, cty.String)
	if err != nil || s.IsNull() || !s.IsKnown() {
		return "", false
	}
	return s.AsString(), true
}

// providerLocalName checks that name, the local name of a provider (a
// provider block's label, the first step of a provider configuration
// reference), is a normalized provider name, as the programs do
// (registry-address's ParseProviderPart, whose IDNA mapping folds case):
// letters, digits and dashes, no dash first or last nor two together,
// no dot, lower case. A name with letters outside ASCII is let through
// but for the dots and dashes: how IDNA maps those is not decided here.
// The error is on rng.
func providerLocalName(name string, rng hcl.Range) *hcl.Diagnostic {
	invalid := func(why string) *hcl.Diagnostic {
		return errorAt(rng, "Invalid provider local name", "%s is an invalid provider local name: %s", name, why)
	}
	switch {
	case name == "":
		return invalid("must have at least one character")
	case strings.Contains(name, "."):
		return invalid("dots are not allowed")
	case strings.Contains(name, "--"):
		return invalid("cannot use multiple consecutive dashes")
	}
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 {
			return nil
		}
	}
	if name[0] == '-' || name[len(name)-1] == '-' || strings.IndexFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-')
	}) >= 0 {
		return invalid("must contain only letters, digits, and dashes, and may not use leading or trailing dashes")
	}
	if lower := strings.ToLower(name); lower != name {
		return errorAt(rng, "Invalid provider local name", "Provider names must be normalized. Replace %q with %q to fix this error.", name, lower)
	}
	return nil
}

// localAttributes returns the attributes of b, a locals block of the
// module's declaration index (module.Decls.LocalBlocks: what
// JustAttributes returns, decoded once), and false for another block.
func (md *unit) localAttributes(b *hcl.Block) (hcl.Attributes, bool) {
	if md.decls == nil || md.decls.index == nil {
		return nil, false
	}
	attrs, ok := md.decls.index.LocalBlocks[b]
	return attrs, ok
}

// attribute returns the argument name of body, or nil when the body has
// none (or cannot be read: the language schema reports that).
func attribute(body hcl.Body, name string) *hcl.Attribute {
	content, _, _ := body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: name}}})
	if content == nil {
		return nil
	}
	return content.Attributes[name]
}

// providerArgument checks the provider argument of a resource, data or
// ephemeral block.
func (md *unit) providerArgument(b *hcl.Block) hcl.Diagnostics {
	a := attribute(b.Body, "provider")
	if a == nil {
		return nil
	}
	_, diags := md.providerRef(a.Expr, "provider")
	return diags
}

// passedProviderRefs checks the providers argument of a module call: each
// key and value a provider configuration reference, each key once.
func (md *unit) passedProviderRefs(b *hcl.Block) hcl.Diagnostics {
	a := attribute(b.Body, "providers")
	if a == nil {
		return nil
	}
	pairs, mdiags := hcl.ExprMap(a.Expr)
	if mdiags.HasErrors() {
		return nil // the language schema's
	}
	var diags hcl.Diagnostics
	seen := map[string]hcl.Range{}
	for _, p := range pairs {
		key, kdiags := md.providerRef(p.Key, "providers")
		_, vdiags := md.providerRef(p.Value, "providers")
		diags = append(diags, kdiags...)
		diags = append(diags, vdiags...)
		if kdiags.HasErrors() || vdiags.HasErrors() {
			continue
		}
		if prev, ok := seen[key.String()]; ok {
			diags = append(diags, errorAt(p.Value.Range(), "Duplicate provider address",
				"A provider configuration was already passed to %s at %s. Each child provider configuration can be assigned only once.", key, md.rangeString(prev)))
			continue
		}
		seen[key.String()] = hcl.RangeBetween(p.Key.Range(), p.Value.Range())
	}
	return diags
}

// providerConfigRef is a reference to a provider configuration: its
// local name and alias, and where the name is written.
type providerConfigRef struct {
	name, alias string
	nameRange   hcl.Range
}

// String returns "name" or "name.alias".
func (r providerConfigRef) String() string {
	if r.alias == "" {
		return r.name
	}
	return r.name + "." + r.alias
}

// providerRef reads a provider configuration reference, the value of a
// resource's provider argument or a key or value of a module call's
// providers (arg names which, for the messages), as the program reads
// it: name or name.alias, and for OpenTofu name.alias[key]; a legacy
// quoted reference of the native syntax ("aws.west") is read as the
// reference it holds (the deprecation warning is the language schema's
// check, not repeated here); a JSON string holds the reference, which
// OpenTofu parses as a native expression (module.ReadValue, with ranges
// exact through escapes and after the quote, spec.md D11 and D12, where
// OpenTofu's start on the quote). Only errors are returned.
func (md *unit) providerRef(expr hcl.Expression, arg string) (providerConfigRef, hcl.Diagnostics) {
	var ref providerConfigRef
	var diags hcl.Diagnostics
	tofu := md.program != module.Terraform
	maxSteps := 2
	withKey := false
	var t hcl.Traversal
	rng := expr.Range() // where a value that is no reference is reported
	quoted := false
	if _, native := expr.(hclsyntax.Expression); tofu && !native {
		maxSteps = 3
		v, vdiags := expr.Value(nil)
		if vdiags.HasErrors() {
			return ref, errorsOf(vdiags)
		}
		if v.Type() != cty.String || v.IsNull() {
			return ref, hcl.Diagnostics{errorAt(expr.Range(), "Expected string expression", "This value must be a string, but got %s.", v.Type().FriendlyName())}
		}
		rv, pdiags := module.ReadValue(expr, schema.ProviderRef, false)
		if pdiags.HasErrors() {
			return ref, errorsOf(pdiags)
		}
		t = rv.Traversal
		if rv.Key != nil {
			maxSteps = 2 // name.alias[expression]
			withKey = true
		}
		switch {
		case t != nil:
			rng = t.SourceRange()
		case rv.Expr != nil:
			rng = rv.Expr.Range()
		}
	} else {
		if tofu {
			maxSteps = 3
			if ix, ok := expr.(*hclsyntax.IndexExpr); ok {
				maxSteps = 2 // name.alias[expression]
				withKey = true
				expr = ix.Collection
			}
		}
		var sdiags hcl.Diagnostics
		expr, sdiags = unquotedTraversal(expr)
		diags = append(diags, sdiags...)
		var tdiags hcl.Diagnostics
		t, tdiags = hcl.AbsTraversalForExpr(expr)
		if tdiags.HasErrors() {
			t = nil // the programs word their own error
		}
		rng = expr.Range()
		_, quoted = expr.(*hclsyntax.TemplateExpr)
	}
	if len(t) == 0 || len(t) > maxSteps {
		if quoted {
			return ref, append(diags, errorAt(rng, "Invalid provider configuration reference", "A provider configuration reference must not be given in quotes."))
		}
		detail := "The %s argument requires a provider type name, optionally followed by a period and then a configuration alias."
		if tofu {
			detail = "The %s argument requires a provider type name, optionally followed by a period and then a configuration alias and optional instance key."
		}
		return ref, append(diags, errorAt(rng, "Invalid provider configuration reference", detail, arg))
	}
	ref.name, ref.nameRange = t.RootName(), t[0].SourceRange()
	if d := providerLocalName(ref.name, ref.nameRange); d != nil {
		diags = append(diags, d)
	}
	if diags.HasErrors() {
		return ref, diags
	}
	const standAlone = "Provider name must either stand alone or be followed by a period and then a configuration alias."
	if len(t) > 1 {
		alias, ok := t[1].(hcl.TraverseAttr)
		if !ok {
			return ref, append(diags, errorAt(t[1].SourceRange(), "Invalid provider configuration reference", standAlone))
		}
		ref.alias = alias.Name
	}
	if len(t) > 2 {
		if _, ok := t[2].(hcl.TraverseIndex); !ok {
			return ref, append(diags, errorAt(t[2].SourceRange(), "Invalid provider configuration reference", standAlone))
		}
		withKey = true
	}
	if ref.alias == "" && withKey {
		diags = append(diags, errorAt(t.SourceRange(), "Invalid provider configuration reference",
			"Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key]"))
	}
	return ref, diags
}

// unquotedTraversal returns the traversal that a legacy quoted reference
// of the native syntax holds, parsed as the programs parse it, with the
// errors of that parse, and any other expression as it is (an object
// key unwrapped).
func unquotedTraversal(expr hcl.Expression) (hcl.Expression, hcl.Diagnostics) {
	if k, ok := expr.(*hclsyntax.ObjectConsKeyExpr); ok {
		expr = k.Wrapped
	}
	tmpl, ok := expr.(*hclsyntax.TemplateExpr)
	if !ok {
		return expr, nil
	}
	v, diags := tmpl.Value(nil)
	if diags.HasErrors() || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		return expr, nil
	}
	// The text starts after the opening quote (escapes before a mistake
	// shift its column, as in the programs).
	rng := tmpl.Range()
	start := rng.Start
	start.Column++
	start.Byte++
	t, diags := hclsyntax.ParseTraversalAbs([]byte(v.AsString()), rng.Filename, start)
	return &hclsyntax.ScopeTraversalExpr{Traversal: t, SrcRange: rng}, errorsOf(diags)
}

// errorsOf returns the errors of diags.
func errorsOf(diags hcl.Diagnostics) hcl.Diagnostics {
	var errs hcl.Diagnostics
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs = append(errs, d)
		}
	}
	return errs
}

// validIdentifier reports whether s is an identifier, as
// hclsyntax.ValidIdentifier does (which runs the scanner, with its
// grapheme cluster segmentation, on s): an ASCII name is one when it is
// a letter or "_" followed by letters, digits, "_" and "-"; any other
// name is left to hclsyntax.
func validIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return hclsyntax.ValidIdentifier(s)
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_':
		case i > 0 && ('0' <= c && c <= '9' || c == '-'):
		default:
			return false // no identifier holds this byte here
		}
	}
	return s != ""
}

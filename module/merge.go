package module

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// Merge returns the root body of the module made of the primary files with
// the override files merged into them, as Terraform and OpenTofu merge
// override files. The body behaves like hcl.MergeFiles(primary) with the
// overrides applied: Content, PartialContent and JustAttributes return the
// primary files' blocks, in file order, and a block that overrides change
// has a merged body, whose arguments keep their own ranges (the
// override's for an overridden argument). Without override files Merge
// returns hcl.MergeFiles(primary).
//
// The override files apply one after the other, in the order given (the
// lexical order of their names), each block in source order. Each
// top-level block of an override file applies to the block of the primary
// files with the same type and labels: resource, data, ephemeral and
// action blocks by type and name; variable, output and module blocks by
// name; provider blocks by name and alias. A provider block without an
// alias and without an original is added instead, and later overrides
// apply to it. Every other override block without an original is an error
// ("Missing resource to override", ...), and moved, import, removed, check
// and language blocks are errors.
//
// Within a merged block each argument of the override replaces the
// argument of the same name, and the override's nested blocks of a type
// replace all the original's nested blocks of that type, a dynamic block
// counting as the type it generates; nested blocks are not merged, except:
// a resource's lifecycle is merged argument by argument (create_before_destroy,
// prevent_destroy, destroy, a non-empty ignore_changes and Terraform's
// action_trigger blocks; replace_triggered_by and enabled are not merged);
// an action's config block is merged like the action. Where OpenTofu 1.12
// does not merge a setting, the override's is left out: depends_on (an
// error unless empty), precondition, postcondition and validation blocks
// (errors), a data or ephemeral resource's lifecycle, a module's lifecycle
// and empty providers, an output's empty description, a provider's
// for_each. Local values are merged one by one, in the locals block of the
// primary files that defines each. Terraform blocks: the last override
// file that sets required_version replaces all others (Terraform's rule;
// OpenTofu checks each file's on its own); each required_providers entry
// of an override replaces or joins the entries of the primary files' first
// required_providers block (or the first override file's); the last
// override file with one backend or cloud block replaces both kinds in all
// other files; provider_meta blocks of override files are left out, and
// OpenTofu's encryption blocks are kept as they are, not merged.
//
// Merging does not check the result: a variable whose merged default does
// not convert to its merged type, for example, is for the caller to
// report, as it reports any invalid block.
//
// root is the schema of a file's root body (nil means
// schema.Terraform.Root); Merge reads from it only the labels of the
// top-level block types. Native and JSON files can be mixed freely. A
// merged body made of native bodies only is an *hclsyntax.Body, which
// callers can read as a parsed one; any other is decoded layer by layer,
// and then the nested blocks of a native layer are seen only by a schema
// that lists them. The files must have distinct names, since blocks are
// told apart by their ranges.
//
// The diagnostics are those of the merge itself. Syntax and schema errors
// of the files are not among them: decoding the returned body reports
// them. Merge panics if a file is nil or has no Body.
func Merge(primary, override []*hcl.File, root *schema.Body) (hcl.Body, hcl.Diagnostics) {
	for _, files := range []struct {
		what  string
		files []*hcl.File
	}{{"primary", primary}, {"override", override}} {
		for i, f := range files.files {
			if f == nil || f.Body == nil {
				panic(fmt.Sprintf("module: Merge: %s file %d is nil or has no Body", files.what, i))
			}
		}
	}
	if len(override) == 0 {
		return hcl.MergeFiles(primary), nil
	}
	if root == nil {
		root = schema.Terraform.Root
	}
	p := newPlanner(root)
	for _, f := range primary {
		p.addPrimary(f.Body)
	}
	for i, f := range override {
		p.addOverride(i, f.Body)
	}
	p.planTerraform()
	body := &rootBody{plan: p.finish()}
	for _, f := range primary {
		body.primary = append(body.primary, f.Body)
	}
	for _, f := range override {
		body.override = append(body.override, f.Body)
	}
	return body, p.diags
}

// Body returns the module's root body with its override files merged in,
// as Merge makes it from the primary and override files of m.Files. A nil
// Module has no files: its body is empty.
func (m *Module) Body(root *schema.Body) (hcl.Body, hcl.Diagnostics) {
	primary, override := m.SplitFiles()
	return Merge(primary, override, root)
}

// SplitFiles returns the parsed primary files and override files of
// m.Files, each in the order of m.Files: what Merge takes. A nil Module
// has none. It panics if an element of m.Files is nil.
func (m *Module) SplitFiles() (primary, override []*hcl.File) {
	if m == nil {
		return nil, nil
	}
	for i, f := range m.Files {
		if f == nil {
			panic(fmt.Sprintf("module: Module.SplitFiles: Files[%d] is nil", i))
		}
		if f.Override {
			override = append(override, f.File)
		} else {
			primary = append(primary, f.File)
		}
	}
	return primary, override
}

// blockKey identifies a top-level block across decodings. JSON blocks
// written as the elements of one array share their DefRange (the array's
// opening bracket), so the key also counts the blocks before it with the
// same DefRange.
type blockKey struct {
	def hcl.Range
	n   int
}

// keyer gives the blocks of one body their keys, in the order a decoding
// returns them.
type keyer map[hcl.Range]int

func (k keyer) key(b *hcl.Block) blockKey {
	n := k[b.DefRange]
	k[b.DefRange] = n + 1
	return blockKey{b.DefRange, n}
}

// plan says what becomes of the top-level blocks of the files.
type plan struct {
	// bodies are the merged bodies of blocks that overrides change.
	bodies map[blockKey]hcl.Body
	// keep are the blocks of override files that stay in the result:
	// terraform blocks, and provider configurations without an alias that
	// no primary file has.
	keep map[blockKey]bool
}

// rootBody is the merged root body.
type rootBody struct {
	primary, override []hcl.Body
	plan              *plan
}

var _ hcl.Body = (*rootBody)(nil)

// Content implements hcl.Body.
func (r *rootBody) Content(s *hcl.BodySchema) (*hcl.BodyContent, hcl.Diagnostics) {
	c, _, diags := r.content(s, false)
	return c, diags
}

// PartialContent implements hcl.Body.
func (r *rootBody) PartialContent(s *hcl.BodySchema) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	return r.content(s, true)
}

func (r *rootBody) content(s *hcl.BodySchema, partial bool) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	relaxed := relax(s)
	out := &hcl.BodyContent{Attributes: hcl.Attributes{}, MissingItemRange: r.MissingItemRange()}
	remain := &rootBody{plan: r.plan}
	var diags hcl.Diagnostics
	for i, body := range slices.Concat(r.primary, r.override) {
		isOverride := i >= len(r.primary)
		c, rest, d := decode(body, relaxed, partial)
		diags = append(diags, d...)
		diags = append(diags, r.addAttributes(out.Attributes, c.Attributes, isOverride)...)
		out.Blocks = append(out.Blocks, r.blocks(c.Blocks, isOverride)...)
		if isOverride {
			remain.override = append(remain.override, rest)
		} else {
			remain.primary = append(remain.primary, rest)
		}
	}
	diags = append(diags, missingRequired(s, out)...)
	if !partial {
		return out, nil, diags
	}
	return out, remain, diags
}

// blocks returns the blocks of one file that stay, with their merged
// bodies.
func (r *rootBody) blocks(blocks hcl.Blocks, isOverride bool) hcl.Blocks {
	var out hcl.Blocks
	k := keyer{}
	for _, b := range blocks {
		key := k.key(b)
		if isOverride && !r.plan.keep[key] {
			continue
		}
		if body, ok := r.plan.bodies[key]; ok {
			merged := *b
			merged.Body = body
			b = &merged
		}
		out = append(out, b)
	}
	return out
}

// addAttributes adds a file's root attributes to attrs: a primary file's
// attribute set twice is an error, as in hcl.MergeFiles; an override
// file's replaces.
func (r *rootBody) addAttributes(attrs, add hcl.Attributes, isOverride bool) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, name := range sortedNames(add) {
		a := add[name]
		if prev, dup := attrs[name]; dup && !isOverride {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Duplicate argument",
				Detail:   fmt.Sprintf("Argument %q was already set at %s", name, prev.NameRange),
				Subject:  a.NameRange.Ptr(),
			})
			continue
		}
		attrs[name] = a
	}
	return diags
}

// JustAttributes implements hcl.Body.
func (r *rootBody) JustAttributes() (hcl.Attributes, hcl.Diagnostics) {
	attrs := hcl.Attributes{}
	var diags hcl.Diagnostics
	for i, body := range slices.Concat(r.primary, r.override) {
		add, d := body.JustAttributes()
		diags = append(diags, d...)
		diags = append(diags, r.addAttributes(attrs, add, i >= len(r.primary))...)
	}
	return attrs, diags
}

// MissingItemRange implements hcl.Body: the first file's.
func (r *rootBody) MissingItemRange() hcl.Range {
	if len(r.primary) > 0 {
		return r.primary[0].MissingItemRange()
	}
	if len(r.override) > 0 {
		return r.override[0].MissingItemRange()
	}
	return hcl.Range{}
}

// decode calls Content or PartialContent; the content is never nil.
func decode(body hcl.Body, s *hcl.BodySchema, partial bool) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	var c *hcl.BodyContent
	var rest hcl.Body
	var diags hcl.Diagnostics
	if partial {
		c, rest, diags = body.PartialContent(s)
	} else {
		c, diags = body.Content(s)
	}
	if c == nil {
		c = &hcl.BodyContent{}
	}
	return c, rest, diags
}

// relax returns s with no attribute required: any layer or file may
// provide one, and the merged content is checked afterwards.
func relax(s *hcl.BodySchema) *hcl.BodySchema {
	if s == nil {
		return &hcl.BodySchema{}
	}
	if !slices.ContainsFunc(s.Attributes, func(a hcl.AttributeSchema) bool { return a.Required }) {
		return s
	}
	r := &hcl.BodySchema{Blocks: s.Blocks, Attributes: slices.Clone(s.Attributes)}
	for i := range r.Attributes {
		r.Attributes[i].Required = false
	}
	return r
}

// missingRequired reports the required attributes of s that c lacks, at
// c's MissingItemRange.
func missingRequired(s *hcl.BodySchema, c *hcl.BodyContent) hcl.Diagnostics {
	if s == nil {
		return nil
	}
	var diags hcl.Diagnostics
	for _, a := range s.Attributes {
		if a.Required && c.Attributes[a.Name] == nil {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Missing required argument",
				Detail:   fmt.Sprintf("The argument %q is required, but no definition was found.", a.Name),
				Subject:  c.MissingItemRange.Ptr(),
			})
		}
	}
	return diags
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// isEmpty reports whether x is statically an empty string, list, tuple,
// map or object: such an override argument does not replace the original
// where OpenTofu tests for emptiness (an output's description, a module's
// providers, a lifecycle's ignore_changes).
func isEmpty(x hcl.Expression) bool {
	v, diags := x.Value(nil)
	if diags.HasErrors() || !v.IsWhollyKnown() || v.IsNull() {
		return false
	}
	switch {
	case v.Type() == cty.String:
		return v.AsString() == ""
	case v.CanIterateElements():
		return v.LengthInt() == 0
	}
	return false
}

package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// declarations are what a module declares, by the names references use.
type declarations struct {
	variables map[string]*variable
	// resources are keyed by address: "standin_thing.a",
	// "data.standin_echo.e", "ephemeral.x.y".
	resources map[string]*resource
	modules   map[string]*call
	// providers are keyed "standin" or "standin.east".
	providers map[string]*provider
	// index is the module's declaration index (module.Tree.Decls): its
	// top-level blocks in file order, and which declaration of a name is
	// the first.
	index *module.Decls
}

// variable is a declared input variable.
type variable struct {
	block *hcl.Block
	// typ is the type constraint (cty.DynamicPseudoType when none or
	// invalid).
	typ      cty.Type
	defaults *typeexpr.Defaults
	content  *hcl.BodyContent
	// sensitive is set by sensitive = true: its value is marked.
	sensitive bool
}

// resource is a managed, data or ephemeral resource.
type resource struct {
	mode    string // "resource", "data", "ephemeral"
	typ     string
	name    string
	block   *hcl.Block
	schema  *schema.Body
	content *hcl.BodyContent
	remain  hcl.Body
	count   hcl.Expression
	forEach hcl.Expression
	// inCheck names the check block holding a scoped data source.
	inCheck string
	// preventDestroy is lifecycle.prevent_destroy, which OpenTofu
	// evaluates (nil for Terraform, which decodes it as a literal).
	preventDestroy hcl.Expression
}

// addr returns the resource's address as references write it.
func (r *resource) addr() string {
	if r.mode == "resource" {
		return r.typ + "." + r.name
	}
	return r.mode + "." + r.typ + "." + r.name
}

// call is a module call.
type call struct {
	block   *hcl.Block
	content *hcl.BodyContent
	remain  hcl.Body
	count   hcl.Expression
	forEach hcl.Expression
	source  string
}

// provider is a provider configuration.
type provider struct {
	name, alias string
	block       *hcl.Block
	schema      *schema.Body
}

// declare collects the module's declarations and reports duplicates and
// the rules the programs check while they build the module.
func (md *unit) declare() hcl.Diagnostics {
	d := &declarations{
		variables: map[string]*variable{},
		resources: map[string]*resource{},
		modules:   map[string]*call{},
		providers: map[string]*provider{},
	}
	md.decls = d
	var diags hcl.Diagnostics
	root := md.lang.Root
	d.index = md.tree.tree.Decls(md.mod.Dir)
	diags = append(diags, d.index.MergeDiags...)
	for _, b := range d.index.Blocks {
		if md.tree != nil && md.tree.abandonedRun() {
			break // not used (see speculation)
		}
		diags = append(diags, md.nameRules(b, root)...)
		switch b.Type {
		case "variable":
			diags = append(diags, md.declareVariable(b)...)
		case "locals":
			for _, a := range sortedAttributes(d.index.LocalBlocks[b]) {
				if prev, ok := d.index.FirstLocal(a); !ok {
					diags = append(diags, errorAt(a.Range, "Duplicate local value definition",
						"A local value named %q was already defined at %s. Local value names must be unique within a module.", a.Name, md.rangeString(prev.Range)))
					continue
				}
			}
		case "output":
			name := b.Labels[0]
			if prev, ok := d.index.First(b); !ok {
				diags = append(diags, errorAt(b.DefRange, "Duplicate output definition",
					"An output named %q was already defined at %s. Output names must be unique within a module.", name, md.rangeString(prev)))
				continue
			}
			if s := root.Block("output"); s != nil {
				if oc, _, _ := md.content(s.Body, b.Body); oc != nil {
					for _, n := range []string{"sensitive", "ephemeral"} {
						if a, ok := oc.Attributes[n]; ok {
							diags = append(diags, boolArgument(a)...)
						}
					}
				}
			}
		case "module":
			diags = append(diags, md.declareCall(b)...)
		case "resource", "data", "ephemeral":
			diags = append(diags, md.declareResource(b, root, "")...)
		case "provider":
			diags = append(diags, md.declareProvider(b, root)...)
		case "check":
			name := b.Labels[0]
			if prev, ok := d.index.First(b); !ok {
				diags = append(diags, errorAt(b.DefRange, fmt.Sprintf("Duplicate check %q configuration", name),
					"A check block named %q was already declared at %s. Check blocks must be unique within each module.", name, md.rangeString(prev)))
				continue
			}
			if cb := root.Block("check"); cb != nil {
				for _, inner := range d.index.CheckData[b] {
					diags = append(diags, md.declareResource(inner, cb.Body, name)...)
				}
			}
		}
	}
	var required *hcl.Block
	for _, b := range d.index.Blocks {
		if b.Type != "terraform" {
			continue
		}
		for _, rp := range module.RequirementBlocks(b) {
			if required != nil && !md.isOverride(rp.DefRange.Filename) {
				diags = append(diags, errorAt(rp.DefRange, "Duplicate required providers configuration",
					"A module may have only one required providers configuration. The required providers were previously configured at %s.", md.rangeString(required.DefRange)))
				continue
			}
			if required == nil {
				required = rp
			}
		}
	}
	for _, b := range d.index.Blocks {
		diags = append(diags, md.blockRules(b)...)
	}
	for _, name := range keys(d.modules) {
		diags = append(diags, md.passedProviders(name, d.modules[name])...)
		diags = append(diags, md.callArguments(d.modules[name])...)
	}
	return diags
}

// blockRules checks what the programs check while decoding a top-level
// block beyond its schema: condition blocks that refer to nothing,
// moved addresses of different kinds, import blocks without an id, a
// second required_providers block.
func (md *unit) blockRules(b *hcl.Block) hcl.Diagnostics {
	var diags hcl.Diagnostics
	switch b.Type {
	case "check":
		content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "assert"}}})
		if content != nil {
			for _, a := range content.Blocks {
				diags = append(diags, conditionRule(a)...)
			}
		}
	case "output":
		content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "precondition"}}})
		if content != nil {
			for _, a := range content.Blocks {
				diags = append(diags, conditionRule(a)...)
			}
		}
	case "resource", "data":
		content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "lifecycle"}}})
		if content == nil {
			break
		}
		for _, lb := range content.Blocks {
			lc, _, _ := lb.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "precondition"}, {Type: "postcondition"}}})
			if lc == nil {
				continue
			}
			for _, c := range lc.Blocks {
				diags = append(diags, conditionRule(c)...)
			}
		}
	case "moved":
		attrs, _ := b.Body.JustAttributes()
		from, fok := attrs["from"]
		to, tok := attrs["to"]
		if !fok || !tok {
			break
		}
		ft, fd := hcl.AbsTraversalForExpr(from.Expr)
		tt, td := hcl.AbsTraversalForExpr(to.Expr)
		if fd.HasErrors() || td.HasErrors() || len(ft) == 0 || len(tt) == 0 {
			break
		}
		if movedKind(ft) != movedKind(tt) {
			diags = append(diags, errorAt(b.DefRange, `Invalid "moved" addresses`,
				`The "from" and "to" addresses must either both refer to resources or both refer to modules.`))
		}
	case "import":
		attrs, _ := b.Body.JustAttributes()
		_, hasID := attrs["id"]
		_, hasIdentity := attrs["identity"]
		if hasID || hasIdentity {
			break
		}
		if md.program == module.Terraform {
			diags = append(diags, errorAt(b.Body.MissingItemRange(), "Missing required argument",
				`The argument "id" is required, but no definition was found.`))
		} else {
			diags = append(diags, errorAt(b.DefRange, "Missing required import argument",
				`The "id" argument is required in an import block.`))
		}
	}
	return diags
}

// movedKind is "module" for an address in a module call (module.x...)
// that names a module, "resource" otherwise.
func movedKind(t hcl.Traversal) string {
	if t.RootName() != "module" {
		return "resource"
	}
	// module.a, module.a[0], module.a.module.b: a module; module.a.t.n: a
	// resource in it.
	rest := t[1:]
	for len(rest) > 0 {
		if _, ok := rest[0].(hcl.TraverseAttr); !ok {
			rest = rest[1:]
			continue
		}
		// a module name
		rest = rest[1:]
		if len(rest) > 0 {
			if _, ok := rest[0].(hcl.TraverseIndex); ok {
				rest = rest[1:]
			}
		}
		if len(rest) == 0 {
			return "module"
		}
		if a, ok := rest[0].(hcl.TraverseAttr); ok && a.Name == "module" {
			rest = rest[1:]
			continue
		}
		return "resource"
	}
	return "module"
}

// conditionRule checks a precondition, postcondition or assert block's
// condition: it must refer to something.
func conditionRule(b *hcl.Block) hcl.Diagnostics {
	attrs, _ := b.Body.JustAttributes()
	a, ok := attrs["condition"]
	if !ok || len(a.Expr.Variables()) > 0 {
		return nil
	}
	return hcl.Diagnostics{errorAt(a.Expr.Range(), fmt.Sprintf("Invalid %s expression", b.Type),
		"The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.")}
}

// declareVariable adds a variable block.
func (md *unit) declareVariable(b *hcl.Block) hcl.Diagnostics {
	d := md.decls
	name := b.Labels[0]
	if prev, ok := d.index.First(b); !ok {
		return hcl.Diagnostics{errorAt(b.DefRange, "Duplicate variable declaration",
			"A variable named %q was already declared at %s. Variable names must be unique within a module.", name, md.rangeString(prev))}
	}
	v := &variable{block: b, typ: cty.DynamicPseudoType}
	d.variables[name] = v
	if blk := md.lang.Root.Block("variable"); blk != nil {
		v.content, _, _ = md.content(blk.Body, b.Body)
	}
	var diags hcl.Diagnostics
	if v.content != nil {
		diags = md.variableRules(v)
	}
	return diags
}

// declareCall adds a module block.
func (md *unit) declareCall(b *hcl.Block) hcl.Diagnostics {
	d := md.decls
	name := b.Labels[0]
	if prev, ok := d.index.First(b); !ok {
		return hcl.Diagnostics{errorAt(b.DefRange, "Duplicate module call",
			"A module call named %q was already defined at %s. Module calls must have unique names within a module.", name, md.rangeString(prev))}
	}
	c := &call{block: b}
	d.modules[name] = c
	if blk := md.lang.Root.Block("module"); blk != nil {
		c.content, c.remain, _ = md.content(blk.Body, b.Body)
	}
	if c.content == nil {
		c.content = &hcl.BodyContent{}
	}
	var diags hcl.Diagnostics
	if a, ok := c.content.Attributes["source"]; ok {
		if v, vdiags := a.Expr.Value(nil); !vdiags.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			c.source = v.AsString()
			if _, versioned := c.content.Attributes["version"]; !versioned && maybeRelativePath(c.source) {
				diags = append(diags, errorAt(a.Expr.Range(), "Invalid module source address",
					"%s failed to determine your intended installation method for remote module package %q.\n\nIf you intended this as a path relative to the current module, use \"./%s\" instead. The \"./\" prefix indicates that the address is a relative filesystem path.",
					md.program, c.source, c.source))
			}
			if module.IsLocalSource(c.source) {
				dir := filepath.Join(md.mod.Dir, filepath.FromSlash(c.source))
				if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
					why := "it is not a directory"
					if err != nil {
						why = err.Error()
					}
					// What init says when it installs the module, which the
					// programs do before any validation.
					diags = append(diags, errorAt(a.Expr.Range(), "Unreadable module directory",
						"The directory %s could not be read for module %q: %s.", c.source, name, why))
				}
			}
		}
	}
	c.count, c.forEach = attrExpr(c.content, "count"), attrExpr(c.content, "for_each")
	return append(diags, md.countAndForEach(c.content, "module")...)
}

// maybeRelativePath reports whether a module source address is one that
// both programs take for a relative path written without "./" ("stage",
// "modules"), which they reject when they load the module: not a local
// path ("./", "../"), not a registry address (it has slashes), not a URL
// or a forced getter ("git::", with a colon), and none of go-getter's
// hosts (github.com/, bitbucket.org/, googleapis.com, amazonaws.com), so
// that its file detector is left, which refuses a path that is not
// absolute (OpenTofu's getmodules.MaybeRelativePathErr). Only what
// surely takes that way is reported: no slash, colon or backslash, and
// no template.
func maybeRelativePath(src string) bool {
	return src != "" && !strings.ContainsAny(src, "/:\\") && !strings.Contains(src, "${") && !strings.Contains(src, "%{") &&
		!strings.Contains(src, "amazonaws.com") && !strings.Contains(src, "googleapis.com")
}

// declareResource adds a resource, data or ephemeral block; inCheck names
// the check block around a scoped data source.
func (md *unit) declareResource(b *hcl.Block, parent *schema.Body, inCheck string) hcl.Diagnostics {
	d := md.decls
	r := &resource{mode: b.Type, typ: b.Labels[0], name: b.Labels[1], block: b, inCheck: inCheck}
	if prev, ok := d.index.First(b); !ok {
		var summary, detail string
		switch r.mode {
		case "resource":
			summary, detail = fmt.Sprintf("Duplicate resource %q configuration", r.typ), "A %s resource named %q was already declared at %s. Resource names must be unique per type in each module."
		case "data":
			summary, detail = fmt.Sprintf("Duplicate data %q configuration", r.typ), "A %s data resource named %q was already declared at %s. Resource names must be unique per type in each module."
			if inCheck != "" {
				detail = "A %s data resource named %q was already declared at %s. Resource names must be unique per type in each module, including within check blocks."
			}
		default:
			summary, detail = fmt.Sprintf("Duplicate ephemeral resource %q configuration", r.typ), "A %s ephemeral resource named %q was already declared at %s. Resource names must be unique per type in each module."
		}
		return hcl.Diagnostics{errorAt(b.DefRange, summary, detail, r.typ, r.name, md.rangeString(prev))}
	}
	d.resources[r.addr()] = r
	if blk := parent.Block(b.Type); blk != nil {
		r.schema = blk.BodyFor(r.typ)
		r.content, r.remain, _ = md.content(r.schema, b.Body)
	}
	if r.content == nil {
		r.content = &hcl.BodyContent{}
	}
	r.count, r.forEach = attrExpr(r.content, "count"), attrExpr(r.content, "for_each")
	diags := md.countAndForEach(r.content, r.mode)
	for _, lb := range r.content.Blocks {
		if lb.Type == "lifecycle" {
			diags = append(diags, md.lifecycle(lb)...)
			if md.program != module.Terraform {
				attrs, _ := lb.Body.JustAttributes()
				if a, ok := attrs["prevent_destroy"]; ok {
					r.preventDestroy = a.Expr
				}
			}
		}
	}
	return diags
}

// declareProvider adds a provider block.
func (md *unit) declareProvider(b *hcl.Block, root *schema.Body) hcl.Diagnostics {
	d := md.decls
	p := &provider{name: b.Labels[0], block: b}
	if blk := root.Block("provider"); blk != nil {
		p.schema = blk.BodyFor(p.name)
	}
	c := module.ProviderConfig{Name: p.name, Alias: module.ProviderAlias(b)}
	first := d.index.Providers[c.String()]
	if first == nil {
		first = &module.Provider{Config: c, Block: b}
	}
	p.alias = c.Alias
	if first.Block != b {
		if p.alias == "" {
			return hcl.Diagnostics{errorAt(b.DefRange, "Duplicate provider configuration",
				"A default (non-aliased) provider configuration for %q was already given at %s. If multiple configurations are required, set the \"alias\" argument for alternative configurations.", p.name, md.rangeString(first.Block.DefRange))}
		}
		return hcl.Diagnostics{errorAt(b.DefRange, "Duplicate provider configuration",
			"A provider configuration for %q with alias %q was already given at %s. Each configuration for the same provider must have a distinct alias.", p.name, p.alias, md.rangeString(first.Block.DefRange))}
	}
	d.providers[first.Config.String()] = p
	return nil
}

// countAndForEach reports count and for_each set together: OpenTofu
// over the range from the first name to the second, Terraform at
// for_each's name.
func (md *unit) countAndForEach(c *hcl.BodyContent, kind string) hcl.Diagnostics {
	count, forEach := c.Attributes["count"], c.Attributes["for_each"]
	if count == nil || forEach == nil {
		return nil
	}
	if md.program == module.Terraform {
		what := map[string]string{"module": "module instances", "data": "resources"}[kind]
		if what == "" {
			what = "resources"
		}
		return hcl.Diagnostics{errorAt(forEach.NameRange, `Invalid combination of "count" and "for_each"`,
			`The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of %s to be created.`, what)}
	}
	first, last := count.NameRange, forEach.NameRange
	if last.Start.Byte < first.Start.Byte {
		first, last = last, first
	}
	detail := `The "count" and "for_each" meta-arguments are mutually-exclusive. Only one may be used to be explicit about the number of %s to be created.`
	what := "resources"
	switch kind {
	case "module":
		detail = `The "count" and "for_each" meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of %s to be created.`
		what = "module instances"
	case "data":
		what = "data sources"
	case "ephemeral":
		what = "ephemeral resources"
	}
	return hcl.Diagnostics{errorAt(hcl.RangeBetween(first, last), `Invalid combination of "count" and "for_each"`, detail, what)}
}

// attrExpr returns the expression of the attribute name, or nil.
func attrExpr(c *hcl.BodyContent, name string) hcl.Expression {
	if c == nil {
		return nil
	}
	if a, ok := c.Attributes[name]; ok {
		return a.Expr
	}
	return nil
}

// lifecycle checks a resource's lifecycle block as the programs decode
// it: booleans, and replace_triggered_by references.
func (md *unit) lifecycle(b *hcl.Block) hcl.Diagnostics {
	var diags hcl.Diagnostics
	attrs, _ := b.Body.JustAttributes()
	bools := []string{"create_before_destroy", "prevent_destroy"}
	if md.program != module.Terraform {
		bools = bools[:1] // OpenTofu evaluates prevent_destroy
	}
	for _, name := range bools {
		if a, ok := attrs[name]; ok {
			diags = append(diags, boolArgument(a)...)
		}
	}
	a, ok := attrs["replace_triggered_by"]
	if !ok {
		return diags
	}
	elems, d := hcl.ExprList(a.Expr)
	if d.HasErrors() {
		return diags
	}
	for _, el := range elems {
		resources := 0
		// JSON: a string holding an expression in native syntax, read
		// with ranges exact in the file.
		vars := el.Variables()
		if x, d := module.ReadValue(el, schema.NativeExpr, false); !d.HasErrors() {
			vars = x.Expr.Variables()
		}
		for _, t := range vars {
			switch t.RootName() {
			case "count", "each":
				continue
			case "var", "local", "module", "path", "terraform", "self", "tofu":
				diags = append(diags, errorAt(el.Range(), "Invalid reference in replace_triggered_by expression",
					"Only resources, count.index, and each.key may be used in replace_triggered_by."))
			default:
				resources++
			}
		}
		switch {
		case resources == 0:
			diags = append(diags, errorAt(el.Range(), "Invalid replace_triggered_by expression",
				"Missing resource reference in replace_triggered_by expression."))
		case resources > 1:
			diags = append(diags, errorAt(el.Range(), "Invalid replace_triggered_by expression",
				"Multiple resource references in replace_triggered_by expression."))
		}
	}
	return diags
}

// isOverride reports whether the file called name is an override file
// of the module.
func (md *unit) isOverride(name string) bool {
	for _, f := range md.mod.Files {
		if f.Path == name {
			return f.Override
		}
	}
	return false
}

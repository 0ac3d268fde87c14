package validate

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/funcs"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/gocty"
)

// declarations evaluates every declaration's expressions.
func (ev *evaluator) declarations() hcl.Diagnostics {
	md := ev.md
	d := md.decls
	var diags hcl.Diagnostics
	visit := func(expr hcl.Expression, sc *scope, want cty.Type, name string) cty.Value {
		val, dd := ev.expr(expr, sc, want, name)
		diags = append(diags, dd...)
		return val
	}
	for _, name := range keys(d.variables) {
		v := d.variables[name]
		if v.content == nil {
			continue
		}
		for _, b := range v.content.Blocks {
			if b.Type != "validation" {
				continue
			}
			attrs, _ := b.Body.JustAttributes()
			for _, a := range sortedAttributes(attrs) {
				if a.Name == "condition" || a.Name == "error_message" {
					visit(a.Expr, &scope{}, cty.NilType, a.Name)
				}
			}
		}
	}
	for _, name := range keys(d.index.Locals) {
		diags = append(diags, ev.localDiags[name]...) // evaluated by computeLocals
	}
	// The outputs, then the resources, each of which owns what it
	// finds (see evalEach).
	var items []func(ev *evaluator) hcl.Diagnostics
	if s := md.lang.Root.Block("output"); s != nil {
		for _, name := range keys(d.index.Outputs) {
			items = append(items, func(ev *evaluator) hcl.Diagnostics { return ev.output(name, d.index.Outputs[name], s) })
		}
	}
	for _, addr := range keys(d.resources) {
		items = append(items, func(ev *evaluator) hcl.Diagnostics {
			var rd hcl.Diagnostics
			visit := func(expr hcl.Expression, sc *scope, want cty.Type, name string) cty.Value {
				val, dd := ev.expr(expr, sc, want, name)
				rd = append(rd, dd...)
				return val
			}
			return append(rd, ev.resource(d.resources[addr], visit)...)
		})
	}
	diags = append(diags, ev.evalEach(items)...)
	for _, name := range keys(d.modules) {
		diags = append(diags, ev.call(name, d.modules[name], visit)...)
	}
	used := ev.usedProviders()
	for _, key := range keys(d.providers) {
		p := d.providers[key]
		if !used[key] {
			continue
		}
		if p.schema == nil {
			walk(p.block.Body, nil, &scope{}, nil, visit)
			continue
		}
		pc, _, sd := md.content(p.schema, p.block.Body)
		diags = append(diags, sd...)
		walkContent(p.block.Body, pc, p.schema, &scope{}, nil, visit)
	}
	for _, name := range keys(d.index.Checks) {
		b := d.index.Checks[name]
		content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "assert"}}})
		if content == nil {
			continue
		}
		for _, a := range content.Blocks {
			walk(a.Body, nil, &scope{check: name}, nil, visit)
		}
	}
	return diags
}

// output evaluates the output name, declared by b, whose schema is s,
// and returns what it finds.
func (ev *evaluator) output(name string, b *hcl.Block, s *schema.Block) hcl.Diagnostics {
	md := ev.md
	var diags hcl.Diagnostics
	sensitive := false
	oc, _, _ := md.content(s.Body, b.Body)
	if oc != nil {
		if a, ok := oc.Attributes["sensitive"]; ok {
			if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type() == cty.Bool && v.IsKnown() && !v.IsNull() {
				sensitive = v.True()
			}
		}
	}
	walkContent(b.Body, oc, s.Body, &scope{owner: "output." + name}, nil, func(expr hcl.Expression, sc *scope, want cty.Type, attr string) cty.Value {
		val, dd := ev.expr(expr, sc, want, attr)
		diags = append(diags, dd...)
		// Found in a module called too, for runShared, and marked:
		// only the root reports it.
		if attr == "value" && !sensitive && !dd.HasErrors() && val.HasMarkDeep(funcs.Sensitive) {
			d := errorAt(b.DefRange, "Output refers to sensitive values",
				"To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, %s requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true", md.programName())
			if ev.rootOnly == nil {
				ev.rootOnly = map[*hcl.Diagnostic]bool{}
			}
			ev.rootOnly[d] = true
			diags = append(diags, d)
		}
		return val
	})
	return diags
}

// resource evaluates a resource's configuration.
func (ev *evaluator) resource(r *resource, visit visitor) hcl.Diagnostics {
	md := ev.md
	var diags hcl.Diagnostics
	owner := r.addr()
	meta := &scope{owner: owner}
	if r.count != nil {
		val, d := ev.expr(r.count, meta, cty.NilType, "")
		diags = append(diags, d...)
		if !d.HasErrors() {
			diags = append(diags, countValue(r.count, val)...)
		}
	}
	if r.forEach != nil {
		val, d := ev.expr(r.forEach, meta, cty.NilType, "")
		diags = append(diags, d...)
		if !d.HasErrors() {
			diags = append(diags, forEachValue(r.forEach, val)...)
		}
	}
	if a, ok := r.content.Attributes["depends_on"]; ok {
		diags = append(diags, ev.dependsOn(a, owner)...)
	}
	if e := r.preventDestroy; e != nil {
		diags = append(diags, ev.preventDestroy(r, e, meta)...)
	}
	sc := &scope{owner: owner, count: r.count != nil, each: r.forEach != nil, check: r.inCheck}
	if r.schema == nil {
		return diags
	}
	bt := md.types.lookup(r.mode, r.typ)
	if bt == nil && r.mode != "ephemeral" {
		if addr, ok := md.types.provides(md.resourceProvider(r).Name); ok {
			what, summary := "resource type", "Invalid resource type"
			if r.mode == "data" {
				what, summary = "data source", "Invalid data source"
			}
			return append(diags, errorAt(r.block.LabelRanges[0], summary,
				"The provider %s does not support %s %q.", displayProvider(addr), what, r.typ))
		}
	}
	content := *r.content
	attrs := hcl.Attributes{}
	for k, a := range content.Attributes {
		switch k {
		case "count", "for_each", "depends_on", "provider":
			continue
		}
		attrs[k] = a
	}
	for _, a := range sortedAttributes(attrs) {
		arg, ok := r.schema.Argument(a.Name)
		if !ok || arg.Mode != 0 || arg.Shape != 0 {
			continue
		}
		want := cty.NilType
		if arg.Attribute != nil {
			want = arg.Attribute.Type
		}
		if bt != nil && !bt.nested[a.Name] && bt.attrs[a.Name] != cty.NilType && plainType(bt.attrs[a.Name]) {
			_, d := ev.exprFull(a.Expr, sc, bt.attrs[a.Name], a.Name)
			diags = append(diags, d...)
			continue
		}
		visit(a.Expr, sc, want, a.Name)
	}
	for _, b := range content.Blocks {
		walkBlock(b, r.schema, sc, r, visit)
	}
	if bt != nil {
		for _, a := range sortedAttributes(attrs) {
			if bt.readOnly[a.Name] {
				diags = append(diags, errorAt(a.Expr.Range(), "Invalid Configuration for Read-Only Attribute",
					"Cannot set value for this attribute as the provider has marked it as read-only. Remove the configuration line setting the value.\n\nRefer to the provider documentation or contact the provider developers for additional information about configurable and read-only attributes that are supported."))
			}
		}
		diags = append(diags, ev.ignoreChanges(r, bt)...)
	}
	if r.schema.Open {
		walkRemain(r.block.Body, r.content, r.schema, sc, r, visit)
	}
	return diags
}

// dependsOn checks the references of a depends_on list.
func (ev *evaluator) dependsOn(a *hcl.Attribute, owner string) hcl.Diagnostics {
	var diags hcl.Diagnostics
	elems, d := hcl.ExprList(a.Expr)
	if d.HasErrors() {
		return nil
	}
	for _, el := range elems {
		v, d := ev.md.read(el, schema.AbsTraversal)
		t := v.Traversal
		if d.HasErrors() || len(t) == 0 {
			continue
		}
		ref, d := ev.md.ref(t, &scope{})
		diags = append(diags, d...)
		if !d.HasErrors() && ref.addr != "" && owner != "" {
			ev.edges[owner] = append(ev.edges[owner], edge{to: ref.addr, rng: t.SourceRange()})
		}
	}
	return diags
}

// call evaluates a module call's arguments and checks them against the
// child module's variables when it is known.
func (ev *evaluator) call(name string, c *call, visit visitor) hcl.Diagnostics {
	md := ev.md
	var diags hcl.Diagnostics
	owner := "module." + name
	meta := &scope{owner: owner}
	if c.count != nil {
		val, d := ev.expr(c.count, meta, cty.NilType, "")
		diags = append(diags, d...)
		if !d.HasErrors() {
			diags = append(diags, countValue(c.count, val)...)
		}
	}
	if c.forEach != nil {
		val, d := ev.expr(c.forEach, meta, cty.NilType, "")
		diags = append(diags, d...)
		if !d.HasErrors() {
			diags = append(diags, forEachValue(c.forEach, val)...)
		}
	}
	if a, ok := c.content.Attributes["depends_on"]; ok {
		diags = append(diags, ev.dependsOn(a, owner)...)
	}
	if c.remain == nil {
		return diags
	}
	attrs, _ := c.remain.JustAttributes()
	ch := ev.md.child(c)
	for _, a := range sortedAttributes(attrs) {
		sc := &scope{owner: owner + ".var." + a.Name, any: true}
		val, d := ev.expr(a.Expr, sc, cty.NilType, "")
		diags = append(diags, d...)
		if d.HasErrors() || !ch.ok {
			continue
		}
		cv, ok := ch.vars[a.Name]
		if !ok {
			continue
		}
		if cv.defaults != nil && !val.IsNull() {
			val = cv.defaults.Apply(val)
		}
		if _, err := convert.Convert(val, cv.typ); err != nil {
			subject := cv.decl
			if md.program == module.Terraform {
				subject = a.Expr.Range()
			}
			diags = append(diags, errorAt(subject, "Invalid value for input variable",
				"The given value is not suitable for module.%s.var.%s declared at %s: %s.", name, a.Name, md.rangeString(cv.decl), err))
		}
	}
	return diags
}

// callArguments checks a module call's arguments against the variables
// of its child module, when it is known, as HCL decodes a body: each
// argument must be a variable ("Unsupported argument"), each variable
// without a default must be given ("Missing required argument").
func (md *unit) callArguments(c *call) hcl.Diagnostics {
	ch := md.child(c)
	if !ch.ok || c.remain == nil {
		return nil
	}
	s := &hcl.BodySchema{}
	for _, name := range keys(ch.vars) {
		s.Attributes = append(s.Attributes, hcl.AttributeSchema{Name: name, Required: ch.vars[name].required})
	}
	_, diags := c.remain.Content(s)
	return diags
}

// countValue checks a count value as the programs do before expanding.
func countValue(expr hcl.Expression, val cty.Value) hcl.Diagnostics {
	val, _ = val.UnmarkDeep()
	if !val.IsKnown() {
		return nil
	}
	if val.IsNull() {
		return hcl.Diagnostics{errorAt(expr.Range(), "Invalid count argument", `The given "count" argument value is null. An integer is required.`)}
	}
	// The programs evaluate count wanting a number, so a value that does
	// not convert is their evaluator's "Incorrect value type".
	n, err := convert.Convert(val, cty.Number)
	if err != nil {
		return hcl.Diagnostics{errorAt(expr.Range(), "Incorrect value type", "Invalid expression value: %s.", err)}
	}
	if !n.IsKnown() {
		return nil
	}
	var count int
	if err := gocty.FromCtyValue(n, &count); err != nil {
		return hcl.Diagnostics{errorAt(expr.Range(), "Invalid count argument", `The given "count" argument value is unsuitable: %s.`, err)}
	}
	if count < 0 {
		return hcl.Diagnostics{errorAt(expr.Range(), "Invalid count argument", `The given "count" argument value is unsuitable: must be greater than or equal to zero.`)}
	}
	return nil
}

// forEachValue checks a for_each value: a map, an object or a set of
// strings.
func forEachValue(expr hcl.Expression, val cty.Value) hcl.Diagnostics {
	if val.HasMark(funcs.Sensitive) {
		return hcl.Diagnostics{errorAt(expr.Range(), "Invalid for_each argument",
			"Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.")}
	}
	val, _ = val.UnmarkDeep()
	ty := val.Type()
	if ty == cty.DynamicPseudoType {
		return nil
	}
	if val.IsKnown() && val.IsNull() {
		return hcl.Diagnostics{errorAt(expr.Range(), "Invalid for_each argument", `The given "for_each" argument value is unsuitable: the given "for_each" argument value is null.`)}
	}
	switch {
	case ty.IsMapType(), ty.IsObjectType():
		return nil
	case ty.IsSetType():
		et := ty.ElementType()
		if et == cty.String || et == cty.DynamicPseudoType {
			return nil
		}
		return hcl.Diagnostics{errorAt(expr.Range(), "Invalid for_each argument",
			`The given "for_each" argument value is unsuitable: "for_each" supports sets of strings, but you have provided a set containing type %s.`, et.FriendlyName())}
	}
	return hcl.Diagnostics{errorAt(expr.Range(), "Invalid for_each argument",
		`The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type %s.`, ty.FriendlyName())}
}

// usedProviders returns the keys of the provider configurations that
// resources use (by their provider argument or their type's prefix) or
// module calls pass.
func (ev *evaluator) usedProviders() map[string]bool {
	used := map[string]bool{}
	for _, r := range ev.md.decls.resources {
		used[ev.md.resourceProvider(r).String()] = true
	}
	for _, c := range ev.md.decls.modules {
		if a, ok := c.content.Attributes["providers"]; ok {
			pairs, _ := hcl.ExprMap(a.Expr)
			for _, p := range pairs {
				if t, d := hcl.AbsTraversalForExpr(p.Value); !d.HasErrors() && len(t) > 0 {
					key := t.RootName()
					if alias, _, ok := attrStep(t, 1); ok {
						key += "." + alias
					}
					used[key] = true
				}
			}
		} else {
			// A child inherits the default configurations.
			for k, p := range ev.md.decls.providers {
				if p.alias == "" {
					used[k] = true
				}
			}
		}
	}
	return used
}

// ignoreChanges checks each element of lifecycle.ignore_changes against
// the resource type's schema.
func (ev *evaluator) ignoreChanges(r *resource, bt *blockType) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, b := range r.content.Blocks {
		if b.Type != "lifecycle" {
			continue
		}
		attrs, _ := b.Body.JustAttributes()
		a, ok := attrs["ignore_changes"]
		if !ok {
			continue
		}
		if w := hcl.ExprAsKeyword(a.Expr); w == "all" {
			continue
		}
		elems, d := hcl.ExprList(a.Expr)
		if d.HasErrors() {
			continue
		}
		for _, el := range elems {
			t, d := hcl.RelTraversalForExpr(el)
			if d.HasErrors() {
				continue
			}
			diags = append(diags, bt.validateTraversal(t)...)
		}
	}
	return diags
}

// resourceProvider returns the provider configuration a resource uses:
// its provider argument's, or its type's implied provider
// (module.ResourceProvider).
func (md *unit) resourceProvider(r *resource) module.ProviderConfig {
	c, _ := module.ResourceProvider(r.typ, attrExpr(r.content, "provider"))
	return c
}

// displayProvider writes a provider address as the programs show it:
// without the default registry host.
func displayProvider(addr string) string {
	for _, host := range []string{"registry.opentofu.org/", "registry.terraform.io/"} {
		if rest, ok := strings.CutPrefix(addr, host); ok {
			return rest
		}
	}
	return addr
}

// preventDestroy evaluates OpenTofu's lifecycle.prevent_destroy: an
// expression in native syntax, a literal in JSON (OpenTofu reads it
// without a context); its value must be a bool.
func (ev *evaluator) preventDestroy(r *resource, e hcl.Expression, sc *scope) hcl.Diagnostics {
	var val cty.Value
	var diags hcl.Diagnostics
	if _, native := e.(hclsyntax.Expression); native {
		val, diags = ev.expr(e, sc, cty.NilType, "prevent_destroy")
	} else {
		val, diags = e.Value(nil)
	}
	if diags.HasErrors() || !val.IsKnown() {
		return diags
	}
	if _, err := convert.Convert(val, cty.Bool); err != nil {
		diags = append(diags, errorAt(e.Range(), "Invalid value for prevent_destroy",
			"Resource instance %s has an invalid value for its prevent_destroy argument: a bool is required.", r.addr()))
	}
	return diags
}

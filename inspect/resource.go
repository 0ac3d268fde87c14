package inspect

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// resourceInfo is a resource and the provider configuration it uses.
type resourceInfo struct {
	out    *Resource
	config module.ProviderConfig
	fqn    fqn
}

// resourceMeta are the names in a resource body that are not the
// provider's ("_" and "dynamic" are handled by bodyReader).
func resourceMeta(name string) bool {
	switch name {
	case "count", "for_each", "provider", "depends_on", "lifecycle", "connection", "provisioner", "locals":
		return true
	}
	return false
}

// decodeResource reads a resource, data or ephemeral block.
func (n *node) decodeResource(l *loader, blk *hcl.Block, mode string) {
	typ, name := blk.Labels[0], blk.Labels[1]
	addr := typ + "." + name
	if mode != "managed" {
		addr = mode + "." + addr
	}
	if !l.unique(n, blk, addr, "resource") {
		return
	}
	content, remain, sb := l.labelledContent(blk.Body, blk.Type, typ)
	r := &Resource{Address: addr, Mode: mode, Type: typ, Name: name, Range: rangeOf(blk.DefRange)}
	info := &resourceInfo{out: r}
	attrs := content.Attributes
	if r.CountExpression = optionalExpression(attrs["count"]); r.CountExpression == nil {
		r.ForEachExpression = optionalExpression(attrs["for_each"])
	}
	var provider hcl.Expression
	if attr := attrs["provider"]; attr != nil {
		provider = attr.Expr
	}
	var diags hcl.Diagnostics
	info.config, diags = module.ResourceProvider(typ, provider)
	l.diags = append(l.diags, diags...)
	if attr := attrs["depends_on"]; attr != nil {
		r.DependsOn = l.dependsOn(attr)
	}
	for _, b := range content.Blocks {
		switch b.Type {
		case "lifecycle":
			r.Lifecycle = l.lifecycle(b, blk.Type)
		case "provisioner":
			if len(b.Labels) == 0 {
				continue // reported by the parser
			}
			r.Provisioners = append(r.Provisioners, l.provisioner(b))
		}
	}
	br := &bodyReader{}
	e := br.provided(blk.Body, content, remain, sb, resourceMeta)
	l.diags = append(l.diags, br.diags...)
	r.Dynamic, e.Dynamic = e.Dynamic, nil
	r.Expressions = e.orNil()
	n.resources = append(n.resources, info)
}

// dependsOn reads a depends_on list as OpenTofu reports it: the address
// each reference refers to, or "" for one that is not a valid reference.
func (l *loader) dependsOn(attr *hcl.Attribute) []string {
	exprs, diags := hcl.ExprList(attr.Expr)
	l.diags = append(l.diags, diags...)
	var out []string
	for _, x := range exprs {
		v, diags := module.ReadValue(x, schema.AbsTraversal, true)
		l.diags = append(l.diags, diags...)
		if diags.HasErrors() {
			continue
		}
		ref, ok := parseReference(v.Traversal)
		if !ok || ref.invalid {
			out = append(out, "")
			continue
		}
		out = append(out, ref.subject)
	}
	return out
}

// provisionerMeta are the names in a provisioner body that are not the
// provisioner's.
func provisionerMeta(name string) bool {
	return name == "when" || name == "on_failure" || name == "connection"
}

// provisioner reads a provisioner block.
func (l *loader) provisioner(blk *hcl.Block) *Provisioner {
	content, remain, sb := l.content(blk.Body, "resource", "provisioner")
	p := &Provisioner{Type: blk.Labels[0], Range: rangeOf(blk.DefRange)}
	if attr := content.Attributes["when"]; attr != nil {
		p.When = l.keyword(attr)
	}
	if attr := content.Attributes["on_failure"]; attr != nil {
		p.OnFailure = l.keyword(attr)
	}
	br := &bodyReader{}
	p.Expressions = br.provided(blk.Body, content, remain, sb, provisionerMeta).orNil()
	l.diags = append(l.diags, br.diags...)
	return p
}

// keyword reads a keyword argument.
func (l *loader) keyword(attr *hcl.Attribute) string {
	v, diags := module.ReadValue(attr.Expr, schema.Keyword, true)
	l.diags = append(l.diags, diags...)
	kw := v.Keyword
	if kw == "" {
		l.diags = append(l.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Invalid keyword",
			Detail:   "A single keyword is expected here, such as destroy or continue.",
			Subject:  attr.Expr.Range().Ptr(),
		})
	}
	return kw
}

// lifecycle reads the lifecycle block of a block of type typ.
func (l *loader) lifecycle(blk *hcl.Block, typ string) *Lifecycle {
	content, _, _ := l.content(blk.Body, typ, "lifecycle")
	lc := &Lifecycle{}
	attrs := content.Attributes
	lc.CreateBeforeDestroy = l.optionalBool(attrs["create_before_destroy"])
	lc.PreventDestroy = l.optionalBool(attrs["prevent_destroy"])
	lc.Destroy = l.optionalBool(attrs["destroy"])
	if attr := attrs["enabled"]; attr != nil {
		lc.Enabled = NewExpression(attr.Expr)
	}
	if attr := attrs["ignore_changes"]; attr != nil {
		lc.IgnoreChanges = l.ignoreChanges(attr)
	}
	if attr := attrs["replace_triggered_by"]; attr != nil {
		lc.ReplaceTriggeredBy = l.replaceTriggeredBy(attr)
	}
	for _, b := range content.Blocks {
		switch b.Type {
		case "precondition":
			lc.Preconditions = append(lc.Preconditions, l.condition(b, typ))
		case "postcondition":
			lc.Postconditions = append(lc.Postconditions, l.condition(b, typ))
		}
	}
	return lc
}

func (l *loader) optionalBool(attr *hcl.Attribute) *bool {
	if attr == nil {
		return nil
	}
	b, diags := literalBool(attr)
	l.diags = append(l.diags, diags...)
	if diags.HasErrors() {
		return nil
	}
	return &b
}

// ignoreChanges reads "all" or a list of relative traversals.
func (l *loader) ignoreChanges(attr *hcl.Attribute) *IgnoreChanges {
	if hcl.ExprAsKeyword(attr.Expr) == "all" {
		return &IgnoreChanges{All: true}
	}
	exprs, diags := hcl.ExprList(attr.Expr)
	l.diags = append(l.diags, diags...)
	ic := &IgnoreChanges{Paths: []string{}}
	for _, x := range exprs {
		v, diags := module.ReadValue(x, schema.RelTraversal, true)
		l.diags = append(l.diags, diags...)
		if !diags.HasErrors() {
			ic.Paths = append(ic.Paths, relativePath(v.Traversal))
		}
	}
	return ic
}

// relativePath writes a relative traversal: name, then steps as
// traversalString writes them.
func relativePath(t hcl.Traversal) string {
	if len(t) == 0 {
		return ""
	}
	if a, ok := t[0].(hcl.TraverseAttr); ok {
		return a.Name + traversalString(t[1:])
	}
	return traversalString(t)
}

// replaceTriggeredBy reads a list of expressions; in the JSON syntax each
// is a string holding a native expression.
func (l *loader) replaceTriggeredBy(attr *hcl.Attribute) []*Expression {
	exprs, diags := hcl.ExprList(attr.Expr)
	l.diags = append(l.diags, diags...)
	var out []*Expression
	for _, x := range exprs {
		native := nativeOf(x)
		if native == nil {
			l.diags = append(l.diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Invalid replace_triggered_by expression",
				Detail:   "In JSON, each element of replace_triggered_by must be a string holding a reference, such as \"aws_instance.web.id\".",
				Subject:  x.Range().Ptr(),
			})
			continue
		}
		out = append(out, NewExpression(native))
	}
	return out
}

// condition reads a precondition or postcondition block.
func (l *loader) condition(blk *hcl.Block, path ...string) *Condition {
	content, _, _ := l.content(blk.Body, append(path, "lifecycle", blk.Type)...)
	c := &Condition{Range: rangeOf(blk.DefRange)}
	if attr := content.Attributes["condition"]; attr != nil {
		c.Condition = NewExpression(attr.Expr)
	}
	if attr := content.Attributes["error_message"]; attr != nil {
		c.ErrorMessage = NewExpression(attr.Expr)
	}
	return c
}

// decodeImport records the provider an import block uses.
func (n *node) decodeImport(l *loader, blk *hcl.Block) {
	content, _, _ := l.content(blk.Body, "import")
	if attr := content.Attributes["provider"]; attr != nil {
		if c, diags := module.ProviderRef(attr.Expr); !diags.HasErrors() {
			n.imports = append(n.imports, c)
		}
		return
	}
	attr := content.Attributes["to"]
	if attr == nil {
		return
	}
	if x := nativeOf(attr.Expr); x != nil {
		if vars := x.Variables(); len(vars) > 0 {
			if typ := targetType(vars[0]); typ != "" {
				n.imports = append(n.imports, module.ProviderConfig{Name: schema.ImpliedProvider(typ)})
			}
		}
	}
}

// targetType is the resource type in an import target such as
// module.a["x"].aws_instance.web, or "".
func targetType(t hcl.Traversal) string {
	var names []string
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			names = append(names, s.Name)
		case hcl.TraverseAttr:
			names = append(names, s.Name)
		}
	}
	for len(names) >= 2 && names[0] == "module" {
		names = names[2:]
	}
	if len(names) < 2 {
		return ""
	}
	return names[0]
}

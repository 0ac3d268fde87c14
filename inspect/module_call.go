package inspect

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// callInfo is a module block and what is needed to finish it once its
// module is read.
type callInfo struct {
	out         *ModuleCall
	sourceRange hcl.Range
	providers   []passedProvider
	body        hcl.Body
	content     *hcl.BodyContent
	remain      hcl.Body
	sb          *schema.Body
	// early holds the source and version arguments when the language
	// evaluates them (OpenTofu): they are read once the module's
	// variables and locals are known (node.evaluateEarly).
	early []*hcl.Attribute
}

// passedProvider is one entry of a module block's providers map.
type passedProvider struct {
	inChild, inParent module.ProviderConfig
}

// moduleMeta are the names in a module block that are not input
// variables ("_" is handled by bodyReader).
func moduleMeta(name string) bool {
	switch name {
	case "source", "version", "count", "for_each", "depends_on", "providers", "lifecycle", "locals", "provider":
		return true
	}
	return false
}

// decodeModuleCall reads a module block.
func (n *node) decodeModuleCall(l *loader, blk *hcl.Block) {
	name := blk.Labels[0]
	if !l.unique(n, blk, "module."+name, "module call") {
		return
	}
	content, remain, sb := l.content(blk.Body, "module")
	mc := &ModuleCall{Range: rangeOf(blk.DefRange)}
	ci := &callInfo{out: mc, body: blk.Body, content: content, remain: remain, sb: sb, sourceRange: blk.DefRange}
	attrs := content.Attributes
	if attr := attrs["source"]; attr != nil {
		ci.sourceRange = attr.Expr.Range()
	}
	for _, name := range []string{"source", "version"} {
		attr := attrs[name]
		switch {
		case attr == nil:
		case isExpression(sb, name):
			ci.early = append(ci.early, attr)
		default:
			v, diags := literalString(attr)
			l.diags = append(l.diags, diags...)
			ci.set(name, v)
		}
	}
	if mc.CountExpression = optionalExpression(attrs["count"]); mc.CountExpression == nil {
		mc.ForEachExpression = optionalExpression(attrs["for_each"])
	}
	if attr := attrs["depends_on"]; attr != nil {
		mc.DependsOn = l.dependsOn(attr)
	}
	if attr := attrs["providers"]; attr != nil {
		ci.providers = l.passedProviders(attr)
		for _, pp := range ci.providers {
			if mc.Providers == nil {
				mc.Providers = make(map[string]string)
			}
			mc.Providers[pp.inChild.String()] = pp.inParent.String()
		}
	}
	if n.mod.ModuleCalls == nil {
		n.mod.ModuleCalls = make(map[string]*ModuleCall)
	}
	n.mod.ModuleCalls[name] = mc
	n.calls[name] = ci
}

// isExpression reports whether sb reads the argument called name as an
// expression.
func isExpression(sb *schema.Body, name string) bool {
	arg, _ := sb.Argument(name)
	return arg.Mode == schema.Expression
}

// set sets the call's source or version.
func (ci *callInfo) set(name, v string) {
	if name == "source" {
		ci.out.Source = v
	} else {
		ci.out.VersionConstraint = v
	}
}

// evaluateEarly reads the source and version arguments that the language
// evaluates early (OpenTofu), in the module's early context.
func (n *node) evaluateEarly(l *loader) {
	var ctx *hcl.EvalContext
	for _, name := range sortedKeys(n.calls) {
		ci := n.calls[name]
		for _, attr := range ci.early {
			if ctx == nil {
				ctx = n.earlyContext(l.rootDir)
			}
			v, diags := n.earlyString(attr, "module."+name+"."+attr.Name, ctx)
			l.diags = append(l.diags, diags...)
			ci.set(attr.Name, v)
		}
	}
}

// passedProviders reads a providers map: { name_in_child = name_in_parent }.
func (l *loader) passedProviders(attr *hcl.Attribute) []passedProvider {
	pairs, diags := hcl.ExprMap(attr.Expr)
	l.diags = append(l.diags, diags...)
	var out []passedProvider
	for _, kv := range pairs {
		child, diags := module.ProviderRef(kv.Key)
		l.diags = append(l.diags, diags...)
		parent, pdiags := module.ProviderRef(kv.Value)
		l.diags = append(l.diags, pdiags...)
		if !diags.HasErrors() && !pdiags.HasErrors() {
			out = append(out, passedProvider{child, parent})
		}
	}
	return out
}

// expressions returns the arguments of the call that set input variables
// of child: OpenTofu lists only the child's variables. Without a child
// (a source that could not be read) every argument is listed.
func (ci *callInfo) expressions(l *loader, child *node) *Expressions {
	br := &bodyReader{}
	e := br.provided(ci.body, ci.content, ci.remain, ci.sb, moduleMeta)
	l.diags = append(l.diags, br.diags...)
	out := &Expressions{}
	for name, x := range e.Attributes {
		if child != nil {
			if _, ok := child.mod.Variables[name]; !ok {
				continue
			}
		}
		out.addAttribute(name, x)
	}
	return out.orNil()
}

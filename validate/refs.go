package validate

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/module"
)

// scope says what an expression may refer to besides the module's
// declarations: count, each and self, and the iterators of the dynamic
// blocks around it.
type scope struct {
	// count and each are set in a block with count or for_each; any is
	// set in a module block, whose instances the programs validate with
	// unknown keys, so that both objects are available there.
	count, each, any bool
	// self is the resource that self stands for, in provisioner,
	// connection and postcondition blocks.
	self *resource
	// iterators are the names of the dynamic blocks' iterators.
	iterators []string
	// owner is the address of the object whose configuration the
	// expression is part of, for the reference graph ("" for none).
	owner string
	// check names the check block the expression is in, whose scoped
	// data sources it may refer to.
	check string
	// content says how the programs' validate walk treats an expression
	// in the content of dynamic blocks: evaluated, or, when a for_each
	// around it is unknown or empty, not at all (see contentMode).
	content contentMode
}

// contentMode is how the programs' validate walk treats an expression in
// the content of a dynamic block (spec.md {#validate} V11). dynblock
// expands the block before the body is evaluated: for each element of a
// known for_each it makes a block whose expressions are evaluated; for an
// unknown for_each it makes one block whose arguments are unknown values,
// their expressions never evaluated; for an empty one, no block. The
// references of the content are not looked up either: the evaluation
// context is built from the expanded body. Only the for_each and labels
// of the dynamic blocks nested in it are still read: their references are
// looked up when the for_each around them is unknown or empty, and they
// are evaluated when it is unknown.
type contentMode uint8

const (
	// evaluated: the expression is evaluated (outside dynamic blocks, or
	// in the content of one whose for_each is known and not empty).
	evaluated contentMode = iota
	// deferred: in the content of a dynamic block whose for_each is
	// unknown until plan. Validate reports nothing; plan evaluates it
	// when for_each is not empty. What fails is a warning.
	deferred
	// empty: in the content of a dynamic block whose for_each is known
	// and empty, which neither validate nor plan evaluates. Nothing is
	// reported.
	empty
	// referencesOnly: the for_each or labels of a dynamic block nested
	// in empty content, whose references are looked up (a missing
	// declaration is an error) but which is not evaluated.
	referencesOnly
)

// with returns a copy of sc with the iterator name added.
func (sc *scope) with(iterator string) *scope {
	c := *sc
	c.iterators = append(slices.Clone(sc.iterators), iterator)
	return &c
}

// in returns sc in the content mode m: sc itself when it is in m
// already, a copy otherwise.
func (sc *scope) in(m contentMode) *scope {
	if sc.content == m {
		return sc
	}
	c := *sc
	c.content = m
	return &c
}

// reference is what a traversal refers to.
type reference struct {
	// addr is the referenced object's address for the graph: "var.x",
	// "local.x", "standin_thing.a", "data.t.n", "module.c"; "" for
	// count, each, path, terraform, self and iterators.
	addr string
	// res is the resource referred to, if any, and remain the traversal
	// after its address (and instance key).
	res    *resource
	remain hcl.Traversal
}

// ref checks one traversal of an expression in sc and returns what it
// refers to.
func (md *unit) ref(t hcl.Traversal, sc *scope) (reference, hcl.Diagnostics) {
	root := t.RootName()
	rootRange := t[0].SourceRange()
	if slices.Contains(sc.iterators, root) {
		return reference{}, nil
	}
	attr, attrRange, hasAttr := attrStep(t, 1)
	single := func() hcl.Diagnostics {
		if hasAttr {
			return nil
		}
		if len(t) > 1 {
			return hcl.Diagnostics{errorAt(t.SourceRange(), "Invalid reference", "The %q object does not support this operation.", root)}
		}
		return hcl.Diagnostics{errorAt(rootRange, "Invalid reference", "The %q object cannot be accessed directly. Instead, access one of its attributes.", root)}
	}
	rng := hcl.RangeBetween(rootRange, attrRange)
	d := md.decls
	switch root {
	case "count":
		if diags := single(); diags != nil {
			return reference{}, diags
		}
		if attr != "index" {
			return reference{}, hcl.Diagnostics{errorAt(rng, `Invalid "count" attribute`,
				`The "count" object does not have an attribute named %q. The only supported attribute is count.index, which is the index of each instance of a resource block that has the "count" argument set.`, attr)}
		}
		if !sc.count && !sc.any {
			return reference{}, hcl.Diagnostics{errorAt(rng, `Reference to "count" in non-counted context`,
				`The "count" object can only be used in "module", "resource", and "data" blocks, and only when the "count" argument is set.`)}
		}
	case "each":
		if diags := single(); diags != nil {
			return reference{}, diags
		}
		if attr != "key" && attr != "value" {
			return reference{}, hcl.Diagnostics{errorAt(rng, `Invalid "each" attribute`,
				`The "each" object does not have an attribute named %q. The supported attributes are each.key and each.value, the current key and value pair of the "for_each" attribute set.`, attr)}
		}
		if !sc.each && !sc.any {
			if attr == "value" {
				return reference{}, hcl.Diagnostics{errorAt(rng, `each.value cannot be used in this context`,
					`A reference to "each.value" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its "for_each" expression. Remove this reference to each.value in your configuration to work around this error.`)}
			}
			return reference{}, hcl.Diagnostics{errorAt(rng, `Reference to "each" in context without for_each`,
				`The "each" object can be used only in "module" or "resource" blocks, and only when the "for_each" argument is set.`)}
		}
	case "self":
		if sc.self == nil {
			return reference{}, hcl.Diagnostics{errorAt(rootRange, `Invalid "self" reference`,
				`The "self" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.`)}
		}
		r := sc.self
		return reference{res: r, remain: t[1:]}, md.resourceTraversal(r, t[1:], rootRange, false)
	case "var":
		if diags := single(); diags != nil {
			return reference{}, diags
		}
		if _, ok := d.variables[attr]; !ok {
			suggestion := didyoumean.Closest(attr, keys(d.variables))
			if suggestion != "" {
				suggestion = fmt.Sprintf(" Did you mean %q?", suggestion)
			} else {
				suggestion = fmt.Sprintf(" This variable can be declared with a variable %q {} block.", attr)
			}
			return reference{}, hcl.Diagnostics{errorAt(rng, "Reference to undeclared input variable",
				"An input variable with the name %q has not been declared.%s", attr, suggestion)}
		}
		return reference{addr: "var." + attr}, nil
	case "local":
		if diags := single(); diags != nil {
			return reference{}, diags
		}
		if _, ok := d.index.Locals[attr]; !ok {
			suggestion := didyoumean.Closest(attr, keys(d.index.Locals))
			if suggestion != "" {
				suggestion = fmt.Sprintf(" Did you mean %q?", suggestion)
			}
			return reference{}, hcl.Diagnostics{errorAt(rng, "Reference to undeclared local value",
				"A local value with the name %q has not been declared.%s", attr, suggestion)}
		}
		return reference{addr: "local." + attr}, nil
	case "path":
		if diags := single(); diags != nil {
			return reference{}, diags
		}
		if attr != "cwd" && attr != "module" && attr != "root" {
			suggestion := didyoumean.Closest(attr, []string{"cwd", "module", "root"})
			if suggestion != "" {
				suggestion = fmt.Sprintf(" Did you mean %q?", suggestion)
			}
			return reference{}, hcl.Diagnostics{errorAt(rng, `Invalid "path" attribute`,
				`The "path" object does not have an attribute named %q.%s`, attr, suggestion)}
		}
	case "terraform", "tofu":
		if root == "tofu" && md.target.tofu < 0 {
			// Terraform has no tofu object: a resource type.
			return md.resourceRef(t, "resource", t, sc)
		}
		if diags := single(); diags != nil {
			return reference{}, diags
		}
		switch attr {
		case "workspace", "applying":
		case "env":
			return reference{}, hcl.Diagnostics{errorAt(rng, fmt.Sprintf("Invalid %q attribute", root),
				`The %s.env attribute was deprecated in v0.10 and removed in v0.12. The "state environment" concept was renamed to "workspace" in v0.12, and so the workspace name can now be accessed using the %s.workspace attribute.`, root, root)}
		default:
			return reference{}, hcl.Diagnostics{errorAt(rng, fmt.Sprintf("Invalid %q attribute", root),
				`The %q object does not have an attribute named %q. The only supported attribute is %s.workspace, the name of the currently-selected workspace.`, root, attr, root)}
		}
	case "module":
		if diags := single(); diags != nil {
			return reference{}, diags
		}
		if _, ok := d.modules[attr]; !ok {
			suggestion := didyoumean.Closest(attr, keys(d.modules))
			if suggestion != "" {
				suggestion = fmt.Sprintf(" Did you mean %q?", suggestion)
			}
			return reference{}, hcl.Diagnostics{errorAt(rng, "Reference to undeclared module",
				"No module call named %q is declared in the root module.%s", attr, suggestion)}
		}
		// A module call's outputs are nodes of their own, which depend on
		// the call's inputs that each reads (see moduleEdges).
		rest := t[2:]
		if len(rest) > 0 {
			if _, ok := rest[0].(hcl.TraverseIndex); ok {
				rest = rest[1:]
			}
		}
		if out, _, ok := attrStep(rest, 0); ok {
			return reference{addr: "module." + attr + ".output." + out}, nil
		}
		return reference{addr: "module." + attr + ".outputs"}, nil
	case "data", "ephemeral", "resource":
		if root == "ephemeral" {
			// OpenTofu 1.11 and Terraform 1.10: the releases that may run
			// the module under each program need not both have them.
			md.diverge()
		}
		if root == "ephemeral" && !md.target.since(11, 10) {
			// Before OpenTofu 1.11 and Terraform 1.10: a resource type.
			return md.resourceRef(t, "resource", t, sc)
		}
		if len(t) < 3 {
			what := map[string]string{
				"data":      `The "data" object must be followed by two attribute names: the data source type and the resource name.`,
				"ephemeral": `The "ephemeral" object must be followed by two attribute names: the ephemeral resource type and its name.`,
				"resource":  `The "resource" object must be followed by two attribute names: the resource type and the resource name.`,
			}[root]
			return reference{}, hcl.Diagnostics{errorAt(t.SourceRange(), "Invalid reference", "%s", what)}
		}
		// resource.T.N is T.N in both programs, every release (V14).
		return md.resourceRef(t[1:], root, t, sc)
	case "template", "lazy", "arg":
		return reference{}, hcl.Diagnostics{errorAt(rootRange, "Reserved symbol name",
			"The symbol name %q is reserved for use in a future %s version. If you are using a provider that already uses this as a resource type name, add the prefix \"resource.\" to force interpretation as a resource type name.", root, md.programName())}
	default:
		return md.resourceRef(t, "resource", t, sc)
	}
	return reference{}, nil
}

// resourceRef checks a reference to a resource; t starts at its type.
func (md *unit) resourceRef(t hcl.Traversal, mode string, whole hcl.Traversal, sc *scope) (reference, hcl.Diagnostics) {
	typ, _, _ := attrStep(t, 0)
	name, nameRange, ok := attrStep(t, 1)
	if !ok {
		what := "a resource type"
		switch mode {
		case "data":
			what = "a data source"
		case "ephemeral":
			what = "an ephemeral resource"
		}
		if mode == "resource" {
			return reference{}, hcl.Diagnostics{errorAt(whole.SourceRange(), "Invalid reference",
				"A reference to a resource type must be followed by at least one attribute access, specifying the resource name.")}
		}
		return reference{}, hcl.Diagnostics{errorAt(whole.SourceRange(), "Invalid reference",
			"A reference to %s must be followed by at least one attribute access, specifying the resource name.", what)}
	}
	rng := hcl.RangeBetween(whole[0].SourceRange(), nameRange)
	remain := t[2:]
	keyed := false
	if len(remain) > 0 {
		if ix, ok := remain[0].(hcl.TraverseIndex); ok {
			keyed = true
			rng = hcl.RangeBetween(rng, ix.SrcRange)
			remain = remain[1:]
		}
	}
	addr := typ + "." + name
	if mode != "resource" {
		addr = mode + "." + addr
	}
	r, found := md.decls.resources[addr]
	if !found {
		adj := map[string]string{"resource": "managed", "data": "data", "ephemeral": "ephemeral"}[mode]
		if md.program == module.Terraform {
			article := "A"
			if mode == "ephemeral" {
				article = "An"
			}
			return reference{}, hcl.Diagnostics{errorAt(rng, "Reference to undeclared resource",
				"%s %s resource %q %q has not been declared in the root module.%s", article, adj, typ, name, md.candidate(mode, typ, name))}
		}
		return reference{}, hcl.Diagnostics{errorAt(rng, "Reference to undeclared resource",
			"There is no %s resource %q %q definition in the root module.%s", adj, typ, name, md.candidate(mode, typ, name))}
	}
	var diags hcl.Diagnostics
	if r.inCheck != "" && r.inCheck != sc.check {
		adj := map[string]string{"resource": "managed", "data": "data", "ephemeral": "ephemeral"}[mode]
		diags = append(diags, errorAt(rng, "Reference to scoped resource",
			"The referenced %s resource %q %q is not available from this context.", adj, typ, name))
	}
	if len(remain) > 0 || keyed {
		if !keyed {
			diags = append(diags, md.missingKey(r, remain, rng)...)
		} else if r.count == nil && r.forEach == nil {
			diags = append(diags, errorAt(rng, "Unexpected resource instance key",
				`Because %s does not have "count" or "for_each" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource.`, r.addr()))
		}
	}
	diags = append(diags, md.resourceTraversal(r, remain, rng, true)...)
	return reference{addr: addr, res: r, remain: remain}, diags
}

// missingKey reports an attribute of a resource with count or for_each
// read without an instance key.
func (md *unit) missingKey(r *resource, remain hcl.Traversal, rng hcl.Range) hcl.Diagnostics {
	if len(remain) == 0 {
		return nil
	}
	var diags hcl.Diagnostics
	if r.count != nil {
		diags = append(diags, errorAt(rng, "Missing resource instance key",
			"Because %s has \"count\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    %s[count.index]", r.addr(), r.addr()))
	}
	if r.forEach != nil {
		diags = append(diags, errorAt(rng, "Missing resource instance key",
			"Because %s has \"for_each\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    %s[each.key]", r.addr(), r.addr()))
	}
	return diags
}

// candidate suggests a resource of the same type and name in another
// mode, as OpenTofu does.
func (md *unit) candidate(mode, typ, name string) string {
	for _, other := range []string{"resource", "data", "ephemeral"} {
		if other == mode {
			continue
		}
		addr := typ + "." + name
		if other != "resource" {
			addr = other + "." + addr
		}
		if _, ok := md.decls.resources[addr]; ok {
			return fmt.Sprintf("\n\nDid you mean the %s resource %s?", other, addr)
		}
	}
	return ""
}

// resourceTraversal checks the traversal after a resource's address
// against its type's schema, when the provider schemas are known.
func (md *unit) resourceTraversal(r *resource, remain hcl.Traversal, rng hcl.Range, countCheck bool) hcl.Diagnostics {
	blk := md.types.lookup(r.mode, r.typ)
	if blk == nil {
		return nil
	}
	if len(remain) > 0 {
		if step, ok := remain[0].(hcl.TraverseAttr); ok && step.Name == "count" && countCheck {
			return hcl.Diagnostics{errorAt(rng, "Invalid resource count attribute",
				`The special "count" attribute is no longer supported after %s v0.12. Instead, use length(%s) to count resource instances.`, md.programName(), r.addr())}
		}
	}
	return blk.validateTraversal(remain)
}

// programName is the name of the program, as its messages say it.
func (md *unit) programName() string {
	if md.program == module.Terraform {
		return "Terraform"
	}
	return "OpenTofu"
}

// attrStep returns the name and range of t[i] if it is an attribute step
// (or, after the root, a string index as HCL's JSON syntax writes it).
func attrStep(t hcl.Traversal, i int) (string, hcl.Range, bool) {
	if len(t) <= i {
		return "", hcl.Range{}, false
	}
	switch s := t[i].(type) {
	case hcl.TraverseAttr:
		return s.Name, s.SrcRange, true
	case hcl.TraverseRoot:
		return s.Name, s.SrcRange, true
	}
	return "", hcl.Range{}, false
}

// keys returns the sorted keys of m.
func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

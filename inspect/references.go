package inspect

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/gocty"
)

// References returns the references of expr as OpenTofu 1.12 lists them
// in the expression representation. Each traversal of expr.Variables(), in
// order, then each call of a provider-defined function, is read as a
// reference: a subject (var.x, aws_instance.web[0], module.net.vpc_id, ...)
// and the steps that follow it. The reference is listed in full, then
// with one trailing step less at a time down to the subject, then, for a
// subject with an instance key or a module output, the address it
// belongs to:
//
//	data.x.y[1].vars["baz"] → data.x.y[1].vars["baz"], data.x.y[1].vars,
//	                          data.x.y[1], data.x.y
//	module.foo.out          → module.foo.out, module.foo
//
// Nothing is de-duplicated: a reference written twice is listed twice.
// Traversals that are not references (data.x, a bare resource type, an
// index that is not an integer or a string) are skipped; a bare var,
// local, count, each, path, terraform or tofu yields "var." and so on, as
// OpenTofu's parser, which reports an error there but still returns a
// reference, makes it do.
//
// It panics if expr is nil.
func References(expr hcl.Expression) []string {
	if expr == nil {
		panic("inspect: References of a nil hcl.Expression")
	}
	var out []string
	for _, t := range expr.Variables() {
		out = appendReference(out, t)
	}
	for _, t := range providerFunctions(expr) {
		out = appendReference(out, t)
	}
	return out
}

// providerFunctions returns the calls of provider-defined functions
// (provider::name::function, provider::name::alias::function) in expr, as
// one-step traversals: from the expression's Functions method (the JSON
// syntax and OpenTofu's fork of HCL have one), or by walking a native
// syntax tree.
func providerFunctions(expr hcl.Expression) []hcl.Traversal {
	var fns []hcl.Traversal
	if f, ok := expr.(interface{ Functions() []hcl.Traversal }); ok {
		fns = f.Functions()
	} else if n, ok := expr.(hclsyntax.Node); ok {
		hclsyntax.VisitAll(n, func(n hclsyntax.Node) hcl.Diagnostics {
			if call, ok := n.(*hclsyntax.FunctionCallExpr); ok {
				fns = append(fns, hcl.Traversal{hcl.TraverseRoot{Name: call.Name, SrcRange: call.NameRange}})
			}
			return nil
		})
	}
	out := fns[:0:0]
	for _, t := range fns {
		if len(t) > 0 && strings.HasPrefix(t.RootName(), "provider::") {
			out = append(out, t)
		}
	}
	return out
}

// reference is a parsed reference: subject is its address, rest the steps
// after it, and implied the containing address listed after the subject
// ("" for none).
type reference struct {
	subject string
	rest    hcl.Traversal
	implied string
	// invalid marks the reference OpenTofu returns along with an error
	// (a bare var): listed among references, left out of depends_on.
	invalid bool
}

// appendReference appends the strings that t stands for.
func appendReference(out []string, t hcl.Traversal) []string {
	ref, ok := parseReference(t)
	if !ok {
		return out
	}
	for rest := ref.rest; len(rest) > 0; rest = rest[:len(rest)-1] {
		out = append(out, ref.subject+traversalString(rest))
	}
	out = append(out, ref.subject)
	if ref.implied != "" {
		out = append(out, ref.implied)
	}
	return out
}

// parseReference reads t as OpenTofu's addrs.ParseRef does.
func parseReference(t hcl.Traversal) (reference, bool) {
	if len(t) == 0 {
		return reference{}, false
	}
	root := t.RootName()
	switch root {
	case "count", "each", "local", "path", "var", "terraform", "tofu":
		return singleAttrReference(root, t), true
	case "data", "ephemeral", "resource":
		if len(t) < 3 {
			return reference{}, false
		}
		mode := root + "."
		if root == "resource" {
			mode = ""
		}
		return resourceReference(mode, t[1:])
	case "module":
		return moduleReference(t)
	case "self":
		return reference{subject: "self", rest: t[1:]}, true
	case "template", "lazy", "arg":
		return reference{}, false
	}
	if strings.Contains(root, "::") {
		return functionReference(root)
	}
	return resourceReference("", t)
}

// singleAttrReference reads prefix.name: a bare prefix, or a prefix
// followed by anything but an attribute, yields the reference "prefix."
// (OpenTofu returns a reference with an empty name along with its error).
func singleAttrReference(prefix string, t hcl.Traversal) reference {
	if len(t) < 2 {
		return reference{subject: prefix + ".", invalid: true}
	}
	attr, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		return reference{subject: prefix + ".", invalid: true}
	}
	return reference{subject: prefix + "." + attr.Name, rest: t[2:]}
}

// resourceReference reads type.name[key]...; mode is "", "data." or
// "ephemeral.".
func resourceReference(mode string, t hcl.Traversal) (reference, bool) {
	if len(t) < 2 {
		return reference{}, false
	}
	var typ string
	switch step := t[0].(type) {
	case hcl.TraverseRoot:
		typ = step.Name
	case hcl.TraverseAttr:
		typ = step.Name
	default:
		return reference{}, false
	}
	name, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		return reference{}, false
	}
	addr := mode + typ + "." + name.Name
	rest := t[2:]
	if len(rest) == 0 {
		return reference{subject: addr}, true
	}
	if idx, ok := rest[0].(hcl.TraverseIndex); ok {
		key, ok := instanceKey(idx.Key)
		if !ok {
			return reference{}, false
		}
		return reference{subject: addr + key, rest: rest[1:], implied: addr}, true
	}
	return reference{subject: addr, rest: rest}, true
}

// moduleReference reads module.name, module.name[key] and
// module.name[key].output....
func moduleReference(t hcl.Traversal) (reference, bool) {
	if len(t) < 2 {
		return reference{}, false
	}
	attr, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		return reference{}, false
	}
	call := "module." + attr.Name
	rest := t[2:]
	if len(rest) == 0 {
		return reference{subject: call}, true
	}
	instance, implied := call, ""
	if idx, ok := rest[0].(hcl.TraverseIndex); ok {
		key, ok := instanceKey(idx.Key)
		if !ok {
			return reference{}, false
		}
		instance, implied = call+key, call
		rest = rest[1:]
		if len(rest) == 0 {
			return reference{subject: instance, implied: implied}, true
		}
	}
	out, ok := rest[0].(hcl.TraverseAttr)
	if !ok {
		return reference{}, false
	}
	return reference{subject: instance + "." + out.Name, rest: rest[1:], implied: instance}, true
}

// functionReference reads provider::name::function and
// provider::name::alias::function; other namespaced names are no
// references.
func functionReference(name string) (reference, bool) {
	parts := strings.Split(name, "::")
	if parts[0] != "provider" || len(parts) < 3 || len(parts) > 4 {
		return reference{}, false
	}
	return reference{subject: strings.Join(parts, "::")}, true
}

// instanceKey formats an instance key as OpenTofu does: [2] for a whole
// number that fits an int, ["k"] (HCL quoting) for a string.
func instanceKey(v cty.Value) (string, bool) {
	if v.IsNull() || !v.IsKnown() {
		return "", false
	}
	switch v.Type() {
	case cty.String:
		return "[" + hclQuote(v.AsString()) + "]", true
	case cty.Number:
		var i int
		if err := gocty.FromCtyValue(v, &i); err != nil {
			return "", false
		}
		return fmt.Sprintf("[%d]", i), true
	}
	return "", false
}

// traversalString writes the steps as OpenTofu's addrs.TraversalStr does:
// string keys quoted as Go quotes them, numbers with ten significant
// digits, other keys as "...".
func traversalString(t hcl.Traversal) string {
	var b strings.Builder
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteByte('.')
			b.WriteString(s.Name)
		case hcl.TraverseIndex:
			b.WriteByte('[')
			b.WriteString(indexString(s.Key))
			b.WriteByte(']')
		}
	}
	return b.String()
}

func indexString(k cty.Value) string {
	if k.IsNull() || !k.IsKnown() {
		return "..."
	}
	switch k.Type() {
	case cty.String:
		return strconv.Quote(k.AsString())
	case cty.Number:
		return k.AsBigFloat().Text('g', 10)
	}
	return "..."
}

// hclQuote quotes s as an HCL string, as OpenTofu writes string instance
// keys: template introducers doubled, non-printing characters escaped.
func hclQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch r {
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '$', '%':
			b.WriteRune(r)
			if strings.HasPrefix(s[i+1:], "{") {
				b.WriteRune(r)
			}
		default:
			switch {
			case unicode.IsPrint(r):
				b.WriteRune(r)
			case r < 0x10000:
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				fmt.Fprintf(&b, `\U%08x`, r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

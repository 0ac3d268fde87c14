package inspect

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
)

// WriteText writes a readable summary of cfg: the provider configurations,
// then each module (the root, then each child under its call, indented)
// with its variables, outputs, locals, resources and module calls, one
// line each: name, position (file:line:column) and description.
//
// Expressions are summarized: a constant as JSON, otherwise the references
// without the shorter addresses they imply (var.a.b, not var.a too).
//
// A nil cfg is no configuration, and writes nothing; a nil entry of a map
// or slice in it (which WriteJSON writes as null) is left out. WriteText
// panics if w is nil.
func WriteText(w io.Writer, cfg *Config) error {
	if w == nil {
		panic("inspect: WriteText with a nil io.Writer")
	}
	if cfg == nil {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	t := &textWriter{tw: tw}
	if len(cfg.ProviderConfig) > 0 {
		t.line(0, "provider configurations")
		for _, key := range sortedKeys(cfg.ProviderConfig) {
			pc := cfg.ProviderConfig[key]
			if pc == nil {
				continue
			}
			t.row(1, key, strings.TrimSpace(pc.FullName+" "+pc.VersionConstraint), pc.Range)
		}
	}
	if cfg.RootModule != nil {
		t.line(0, "module (root)")
		t.module(1, cfg.RootModule)
	}
	if t.err != nil {
		return t.err
	}
	return tw.Flush()
}

type textWriter struct {
	tw  *tabwriter.Writer
	err error
}

// flush ends a block of aligned rows.
func (t *textWriter) flush() {
	if t.err == nil {
		t.err = t.tw.Flush()
	}
}

func (t *textWriter) line(depth int, text string) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.tw, "%s%s\n", strings.Repeat("  ", depth), text)
	}
}

// row writes an indented name, a position and a description, in
// tab-aligned columns.
func (t *textWriter) row(depth int, name, desc string, rng *Range) {
	t.line(depth, strings.TrimRight(name+"\t"+position(rng)+"\t"+desc, "\t"))
}

func position(r *Range) string {
	if r == nil {
		return ""
	}
	return fmt.Sprintf("%s:%d:%d", filepath.ToSlash(r.Filename), r.Line, r.Column)
}

func (t *textWriter) module(depth int, m *ModuleConfig) {
	if len(m.Variables) > 0 {
		t.line(depth, "variables")
		for _, name := range sortedKeys(m.Variables) {
			if v := m.Variables[name]; v != nil {
				t.row(depth+1, name, describeVariable(v), v.Range)
			}
		}
	}
	if len(m.Outputs) > 0 {
		t.line(depth, "outputs")
		for _, name := range sortedKeys(m.Outputs) {
			o := m.Outputs[name]
			if o == nil {
				continue
			}
			t.row(depth+1, name, flags(describe(o.Expression), o.Sensitive, "sensitive"), o.Range)
		}
	}
	if len(m.Locals) > 0 {
		t.line(depth, "locals")
		for _, name := range sortedKeys(m.Locals) {
			if l := m.Locals[name]; l != nil {
				t.row(depth+1, name, describe(l.Expression), l.Range)
			}
		}
	}
	if len(m.Resources) > 0 {
		t.line(depth, "resources")
		for _, r := range m.Resources {
			if r == nil {
				continue
			}
			t.row(depth+1, r.Address, describeResource(r), r.Range)
		}
	}
	if len(m.ModuleCalls) > 0 {
		t.line(depth, "module calls")
		for _, name := range sortedKeys(m.ModuleCalls) {
			mc := m.ModuleCalls[name]
			if mc == nil {
				continue
			}
			t.flush()
			t.row(depth+1, name, describeCall(mc), mc.Range)
			if mc.Module != nil {
				t.module(depth+2, mc.Module)
			}
		}
	}
}

func describeVariable(v *Variable) string {
	var parts []string
	if v.Type != cty.NilType && !v.Type.Equals(cty.DynamicPseudoType) {
		parts = append(parts, typeexpr.TypeString(v.Type))
	}
	if v.Required() {
		parts = append(parts, "required")
	} else if b := valueJSON(v.Default); b != nil {
		parts = append(parts, "default "+string(b))
	}
	s := flags(strings.Join(parts, ", "), v.Sensitive, "sensitive")
	if v.Description != "" {
		s += " — " + v.Description
	}
	return s
}

func describeResource(r *Resource) string {
	parts := []string{"provider " + r.ProviderConfigKey}
	if r.CountExpression != nil {
		parts = append(parts, "count "+describe(r.CountExpression))
	}
	if r.ForEachExpression != nil {
		parts = append(parts, "for_each "+describe(r.ForEachExpression))
	}
	if n := len(r.Provisioners); n > 0 {
		parts = append(parts, plural(n, "provisioner"))
	}
	if n := len(r.Dynamic); n > 0 {
		parts = append(parts, plural(n, "dynamic block"))
	}
	if len(r.DependsOn) > 0 {
		parts = append(parts, "depends on "+strings.Join(r.DependsOn, ", "))
	}
	return strings.Join(parts, ", ")
}

func describeCall(mc *ModuleCall) string {
	s := mc.Source
	if mc.VersionConstraint != "" {
		s += " " + mc.VersionConstraint
	}
	if mc.CountExpression != nil {
		s += ", count " + describe(mc.CountExpression)
	}
	if mc.ForEachExpression != nil {
		s += ", for_each " + describe(mc.ForEachExpression)
	}
	if mc.Module == nil {
		s += " (not read)"
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func flags(s string, on bool, flag string) string {
	if !on {
		return s
	}
	if s == "" {
		return flag
	}
	return s + " (" + flag + ")"
}

// describe summarizes an expression: its constant value as JSON, or the
// references that no other listed reference extends.
func describe(e *Expression) string {
	if e == nil {
		return ""
	}
	if b := valueJSON(e.ConstantValue); b != nil {
		return string(b)
	}
	var refs []string
	for _, r := range e.References {
		if !slices.Contains(refs, r) && !implied(r, e.References) {
			refs = append(refs, r)
		}
	}
	if len(refs) == 0 {
		return "(not constant)"
	}
	return "← " + strings.Join(refs, ", ")
}

// implied reports whether some reference in refs extends r by a step.
func implied(r string, refs []string) bool {
	for _, o := range refs {
		if len(o) > len(r) && strings.HasPrefix(o, r) && (o[len(r)] == '.' || o[len(r)] == '[') {
			return true
		}
	}
	return false
}

package validate

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// variableRules checks what the programs check when they decode a
// variable block: its type, the booleans, the default against the type
// and that each validation condition refers to the variable.
func (md *unit) variableRules(v *variable) hcl.Diagnostics {
	var diags hcl.Diagnostics
	c := v.content
	name := v.block.Labels[0]
	if a, ok := c.Attributes["type"]; ok {
		if tv, tdiags := md.read(a.Expr, schema.TypeExpr); !tdiags.HasErrors() {
			v.typ, v.defaults = tv.Type, tv.Defaults
		}
	}
	for _, b := range []string{"sensitive", "ephemeral", "nullable", "const"} {
		if a, ok := c.Attributes[b]; ok {
			diags = append(diags, boolArgument(a)...)
		}
	}
	if a, ok := c.Attributes["sensitive"]; ok {
		if val, d := a.Expr.Value(nil); !d.HasErrors() && val.Type() == cty.Bool && val.IsKnown() && !val.IsNull() {
			v.sensitive = val.True()
		}
	}
	nullable := true
	if a, ok := c.Attributes["nullable"]; ok {
		if val, d := a.Expr.Value(nil); !d.HasErrors() && val.Type() == cty.Bool && val.IsKnown() && !val.IsNull() {
			nullable = val.True()
		}
	}
	if a, ok := c.Attributes["default"]; ok {
		val, d := a.Expr.Value(nil)
		if !d.HasErrors() {
			if _, hasType := c.Attributes["type"]; hasType {
				if v.defaults != nil && !val.IsNull() {
					val = v.defaults.Apply(val)
				}
				if _, err := convert.Convert(val, v.typ); err != nil {
					diags = append(diags, errorAt(a.Expr.Range(), "Invalid default value for variable",
						"This default value is not compatible with the variable's type constraint: %s.", formatError(err)))
				}
			}
			if !nullable && val.IsNull() {
				diags = append(diags, errorAt(a.Expr.Range(), "Invalid default value for variable",
					"A null default value is not valid when nullable=false."))
			}
		}
	}
	for _, b := range c.Blocks {
		if b.Type != "validation" {
			continue
		}
		attrs, _ := b.Body.JustAttributes()
		cond, ok := attrs["condition"]
		if !ok {
			continue
		}
		diags = append(diags, conditionRule(b)...)
		diags = append(diags, md.validationRefs(name, cond.Expr)...)
	}
	return diags
}

// validationRefs checks that a validation condition refers to the
// variable, as both programs require. (Terraform 1.5 also forbids
// references to anything else, which Terraform 1.9 allows and real
// modules use: that rule is not applied.)
func (md *unit) validationRefs(name string, cond hcl.Expression) hcl.Diagnostics {
	for _, t := range cond.Variables() {
		if t.RootName() == "var" && len(t) > 1 {
			if a, ok := t[1].(hcl.TraverseAttr); ok && a.Name == name {
				return nil
			}
		}
	}
	return hcl.Diagnostics{errorAt(cond.Range(), "Invalid variable validation condition",
		"The condition for variable %q must refer to var.%s in order to test incoming values.", name, name)}
}

// typeConstraint reads a type expression, with Terraform's legacy
// shorthands list and map, as module.ReadValue reads it.
func typeConstraint(expr hcl.Expression) (cty.Type, *typeexpr.Defaults, hcl.Diagnostics) {
	v, diags := module.ReadValue(expr, schema.TypeExpr, false)
	return v.Type, v.Defaults, diags
}

// boolArgument checks that a literal argument is a bool, as gohcl decodes
// it.
func boolArgument(a *hcl.Attribute) hcl.Diagnostics {
	val, diags := a.Expr.Value(nil)
	if diags.HasErrors() {
		return nil // reported by the language schema
	}
	if _, err := convert.Convert(val, cty.Bool); err != nil {
		return hcl.Diagnostics{errorAt(a.Expr.Range(), "Unsuitable value type", "Unsuitable value: %s", err.Error())}
	}
	return nil
}

// formatError writes a conversion error as the programs do: the path
// first, if any.
func formatError(err error) string {
	perr, ok := err.(cty.PathError)
	if !ok || len(perr.Path) == 0 {
		return err.Error()
	}
	var buf bytes.Buffer
	for _, step := range perr.Path {
		switch s := step.(type) {
		case cty.GetAttrStep:
			fmt.Fprintf(&buf, ".%s", s.Name)
		case cty.IndexStep:
			buf.WriteByte('[')
			switch k := s.Key; {
			case k.IsNull():
				buf.WriteString("null")
			case !k.IsKnown():
				buf.WriteString("(not yet known)")
			case k.Type() == cty.Number:
				buf.WriteString(k.AsBigFloat().Text('g', -1))
			case k.Type() == cty.String:
				buf.WriteString(strconv.Quote(k.AsString()))
			default:
				buf.WriteString("...")
			}
			buf.WriteByte(']')
		}
	}
	return fmt.Sprintf("%s: %s", buf.String(), perr.Error())
}

// errorAt returns an error about rng.
func errorAt(rng hcl.Range, summary, format string, args ...any) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: rng.Ptr()}
}

// rangeString writes a range as the programs' messages do: file:line,col-line,col.
func (md *unit) rangeString(r hcl.Range) string {
	if rel, err := filepath.Rel(md.mod.Dir, r.Filename); err == nil && !strings.HasPrefix(rel, "..") {
		r.Filename = filepath.ToSlash(rel)
	}
	return r.String()
}

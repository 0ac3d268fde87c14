package validate

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// undeclaredShown is how many values for undeclared variables the
// programs name one by one; the others are counted in one warning.
const undeclaredShown = 2

// VariableValues returns what the programs report, when they plan, about
// the values that variable definitions files give the root module's
// variables (spec.md C24): files are the files in the order the programs
// load them (terraform.tfvars, terraform.tfvars.json, the
// *.auto.tfvars(.json) files by name, then each -var-file), each a file
// of the language schema.TerraformVars that passed its check. A later
// file's value of a name replaces an earlier one's, and the final value
// of each declared variable is converted to its type constraint (its
// optional attributes' defaults applied first): when it does not
// convert, the error "Invalid value for input variable" on the
// variable's declaration, as the programs report it. A name the module
// does not declare is the warning "Value for undeclared variable",
// naming the file of its last value, for the first two such names;
// "Values for undeclared variables" counts the others. (The programs
// take the names in an order that changes from run to run; here it is
// the order of the files and, in a file, of the names.) Nothing is
// reported when the module's declarations have errors: the programs stop
// there.
func (md *Model) VariableValues(files []*hcl.File) hcl.Diagnostics {
	md.check("VariableValues")
	u := newUnit(md.tree.Root(), md.opts, md.tree.Program())
	u.tree, u.root = md, true
	if u.langErr != nil {
		return nil
	}
	u.tr = newTreeState(md, u.program, md.tree.Root().Dir)
	if u.declare().HasErrors() {
		return nil
	}
	type given struct {
		expr hcl.Expression
		val  cty.Value
		file string
	}
	final := map[string]given{}
	var names []string
	for _, f := range files {
		if f == nil || f.Body == nil {
			continue
		}
		attrs, _ := f.Body.JustAttributes() // what does not read is the language check's
		for _, a := range sortedAttributes(attrs) {
			val, diags := a.Expr.Value(nil)
			if diags.HasErrors() {
				continue
			}
			if _, seen := final[a.Name]; !seen {
				names = append(names, a.Name)
			}
			final[a.Name] = given{expr: a.Expr, val: val, file: a.Range.Filename}
		}
	}
	var warnings, errs hcl.Diagnostics
	undeclared := 0
	for _, name := range names {
		g := final[name]
		v, declared := u.decls.variables[name]
		if !declared {
			if undeclared < undeclaredShown {
				warnings = append(warnings, &hcl.Diagnostic{
					Severity: hcl.DiagWarning,
					Summary:  "Value for undeclared variable",
					Detail: fmt.Sprintf("The root module does not declare a variable named %q but a value was found in file %q. If you meant to use this value, add a \"variable\" block to the configuration.\n\n"+
						"To silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.",
						name, u.relative(g.file)),
				})
			}
			undeclared++
			continue
		}
		val := g.val
		if v.defaults != nil && !val.IsNull() {
			val = v.defaults.Apply(val)
		}
		_, err := convert.Convert(val, v.typ)
		if err == nil {
			continue
		}
		// The programs write the conversion's message without its path.
		detail := fmt.Sprintf("The given value is not suitable for var.%s declared at %s: %s.", name, u.rangeString(v.block.DefRange), err.Error())
		if v.sensitive {
			detail = fmt.Sprintf("The given value is not suitable for var.%s, which is sensitive: %s. Invalid value defined at %s.", name, err.Error(), u.rangeString(g.expr.Range()))
		}
		// OpenTofu reports it on the declaration; Terraform on the value,
		// unless the variable is sensitive.
		subject := v.block.DefRange
		if u.program == module.Terraform && !v.sensitive {
			subject = g.expr.Range()
		}
		errs = append(errs, errorAt(subject, "Invalid value for input variable", "%s", detail))
	}
	if undeclared > undeclaredShown {
		warnings = append(warnings, &hcl.Diagnostic{
			Severity: hcl.DiagWarning,
			Summary:  "Values for undeclared variables",
			Detail:   fmt.Sprintf("In addition to the other similar warnings shown, %d other variable(s) defined without being declared.", undeclared-undeclaredShown),
		})
	}
	return append(warnings, sorted(errs)...)
}

// relative writes a file's name as the programs write the names of the
// files they load in the module's directory: relative to it, when it is
// there.
func (md *unit) relative(name string) string {
	if rel, err := filepath.Rel(md.mod.Dir, name); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return name
}

package validate

import (
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/module"
)

// TestTarget checks which release of the program validated for the
// evidence leaves (spec.md {#validate} V13).
func TestTarget(t *testing.T) {
	cons := func(ss ...string) []version.Constraints {
		var out []version.Constraints
		for _, s := range ss {
			out = append(out, version.MustConstraints(version.NewConstraint(s)))
		}
		return out
	}
	for _, c := range []struct {
		name    string
		program module.Program
		cs      constraints
		want    target
	}{
		{name: "opentofu", program: module.OpenTofu, want: target{tofu: 12, terraform: -1}},
		{name: "auto is opentofu", program: module.Auto, want: target{tofu: 12, terraform: -1}},
		{name: "terraform", program: module.Terraform, want: target{tofu: -1, terraform: 14}},
		// No constraint is answered without parsing a version: what a
		// constraint that every release meets gives.
		{name: "every release allowed", program: module.OpenTofu,
			cs: constraints{tofu: cons(">= 0.1")}, want: target{tofu: 12, terraform: -1}},
		{name: "every release allowed, terraform", program: module.Terraform,
			cs: constraints{terraform: cons(">= 0.1")}, want: target{tofu: -1, terraform: 14}},
		{name: "tf required_version leaves OpenTofu", program: module.OpenTofu,
			cs: constraints{terraform: cons("~> 1.5.0")}, want: target{tofu: 12, terraform: -1}},
		{name: "terraform 1.5", program: module.Terraform,
			cs: constraints{terraform: cons("~> 1.5.0")}, want: target{tofu: -1, terraform: 5}},
		{name: "every constraint", program: module.Terraform,
			cs: constraints{terraform: cons(">= 1.3", "< 1.9.2")}, want: target{tofu: -1, terraform: 9}},
		{name: "patch range", program: module.Terraform,
			cs: constraints{terraform: cons("> 1.8.20, < 1.9")}, want: target{tofu: -1, terraform: 8}},
		{name: "tofu file required_version", program: module.OpenTofu,
			cs: constraints{tofu: cons("< 1.7")}, want: target{tofu: 6, terraform: -1}},
		{name: "unknown release: nothing narrowed", program: module.Terraform,
			cs: constraints{terraform: cons(">= 2.0")}, want: target{tofu: -1, terraform: 14}},
		{name: "none at all: nothing narrowed", program: module.OpenTofu,
			cs: constraints{tofu: cons("< 1.0")}, want: target{tofu: 12, terraform: -1}},
	} {
		if got := newTarget(c.program, c.cs); got != c.want {
			t.Errorf("%s: newTarget = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestTargetTable checks the functions of a target: its program's table,
// narrowed by release, try and can catching errors.
func TestTargetTable(t *testing.T) {
	tofu := target{tofu: 12, terraform: -1}
	terraform := target{tofu: -1, terraform: 14}
	terraform15 := target{tofu: -1, terraform: 5}
	for _, c := range []struct {
		target target
		expr   string
		want   string // the first error's summary, "" for none
	}{
		{tofu, `cidrcontains("10.0.0.0/8", "10.1.2.3")`, ""},
		{tofu, `templatestring("a", {})`, ""},
		{tofu, `core::upper("a")`, ""},
		{terraform, `core::upper("a")`, ""},
		{terraform, `cidrcontains("10.0.0.0/8", "10.1.2.3")`, "Call to unknown function"},
		{terraform, `templatestring("a", {})`, ""},
		{terraform15, `templatestring("a", {})`, "Call to unknown function"},
		{terraform15, `issensitive("a")`, "Call to unknown function"},
		{terraform15, `core::upper("a")`, "Call to unknown function"},
		{terraform15, `strcontains("a", "b")`, ""},
		{target{tofu: 6, terraform: -1}, `urldecode("a")`, "Call to unknown function"},
		{target{tofu: 10, terraform: -1}, `ephemeralasnull("a")`, "Call to unknown function"},
		{target{tofu: 11, terraform: -1}, `ephemeralasnull("a")`, ""},
		// OpenTofu (go-cty 1.18) refuses a typeless null, Terraform's
		// table does not.
		{tofu, `format("a", null)`, "Invalid function argument"},
		{terraform, `format("a", null)`, ""},
		{tofu, `format("%d", "x")`, "Error in function call"},
		{tofu, `try(tonumber("x"), "y")`, ""},
		{terraform, `can(tonumber("x")) ? 1 : 0`, ""},
		{tofu, `try(tonumber("x"), tonumber("y"))`, "Error in function call"},
		{tofu, `core::try(tonumber("x"), "y")`, ""},
	} {
		e, diags := hclsyntax.ParseExpression([]byte(c.expr), "x.tf", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %s", c.expr, diags)
		}
		_, diags = e.Value(&hcl.EvalContext{Functions: c.target.table()})
		got := ""
		if diags.HasErrors() {
			got = diags[0].Summary
		}
		if got != c.want {
			t.Errorf("%+v: %s: error %q, want %q (%s)", c.target, c.expr, got, c.want, diags)
		}
	}
}

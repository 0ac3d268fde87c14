package validate

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
)

// Either returns the diagnostics of a module that either program may
// read (its program is module.Auto: nothing in its directory says which;
// spec.md {#validate} V12), from what OpenTofu reports about it (tofu)
// and what Terraform reports (terraform), each whole: the language
// schema's findings and then, when those have no error, validation's.
// The module is accepted when either program accepts it:
//
//   - an error that both report (the same summary about lines that
//     overlap in the same file, failing that the same range whatever
//     the words, as where the programs word one finding differently,
//     failing that the same summary anywhere) is an error, as OpenTofu
//     words it;
//   - an error that one program reports and the other does not is a
//     warning whose summary names the program ("Variables not allowed
//     (Terraform)") and whose detail says that the other accepts it;
//   - but when both programs reject the module and no error is common,
//     the errors of each stay errors, named by their program, so that
//     the module is still rejected;
//   - the warnings are OpenTofu's, and Terraform's that OpenTofu does not
//     report (the same summary and subject).
//
// The result lists OpenTofu's diagnostics in their order, then
// Terraform's own.
func Either(tofu, terraform hcl.Diagnostics) hcl.Diagnostics {
	match := make([]int, len(tofu)) // the Terraform error matching each OpenTofu error, or -1
	used := make([]bool, len(terraform))
	common := false
	for pass := range 3 {
		for i, d := range tofu {
			if pass == 0 {
				match[i] = -1
			}
			if d.Severity != hcl.DiagError || match[i] >= 0 {
				continue
			}
			for j, e := range terraform {
				if used[j] || e.Severity != hcl.DiagError {
					continue
				}
				same := false
				switch pass {
				case 0:
					same = e.Summary == d.Summary && sameLines(d.Subject, e.Subject)
				case 1:
					same = d.Subject != nil && sameRange(d.Subject, e.Subject)
				case 2:
					same = e.Summary == d.Summary
				}
				if same {
					match[i], used[j], common = j, true, true
					break
				}
			}
		}
	}
	tofuRejects, terraformRejects := tofu.HasErrors(), terraform.HasErrors()
	var out hcl.Diagnostics
	for i, d := range tofu {
		if d.Severity == hcl.DiagError && match[i] < 0 {
			d = onlyOne(d, module.OpenTofu, terraformRejects && !common)
		}
		out = append(out, d)
	}
	for j, e := range terraform {
		switch {
		case used[j]:
		case e.Severity == hcl.DiagError:
			out = append(out, onlyOne(e, module.Terraform, tofuRejects && !common))
		case !hasWarning(tofu, e):
			out = append(out, e)
		}
	}
	return out
}

// onlyOne returns the error d that only program p reports: a warning
// naming p, or, when keep is set (the other program rejects the module
// too, for other reasons), an error naming p.
func onlyOne(d *hcl.Diagnostic, p module.Program, keep bool) *hcl.Diagnostic {
	other := module.OpenTofu
	if p == module.OpenTofu {
		other = module.Terraform
	}
	out := *d
	out.Summary = d.Summary + " (" + p.String() + ")"
	if keep {
		out.Detail = d.Detail + "\n\nOnly " + p.String() + " reports this; " + other.String() + " rejects the module for the other errors reported. Nothing in the module's directory says which program it is written for (see --program)."
		return &out
	}
	out.Severity = hcl.DiagWarning
	out.Detail = d.Detail + "\n\n" + other.String() + " accepts this; only " + p.String() + " rejects it. Nothing in the module's directory says which program it is written for (a .tofu file, or the providers' registry in .terraform.lock.hcl or .terraform/providers), so only what both programs reject is an error; --program " + programFlag(p) + " makes this one an error."
	return &out
}

// programFlag is p as --program spells it.
func programFlag(p module.Program) string {
	if p == module.Terraform {
		return "terraform"
	}
	return "opentofu"
}

// sameLines reports whether two subjects are about lines that overlap in
// the same file, or are both missing.
func sameLines(a, b *hcl.Range) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Filename == b.Filename && a.Start.Line <= b.End.Line && b.Start.Line <= a.End.Line
}

// hasWarning reports whether diags holds a warning with w's summary and
// subject.
func hasWarning(diags hcl.Diagnostics, w *hcl.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == w.Severity && d.Summary == w.Summary && sameRange(d.Subject, w.Subject) {
			return true
		}
	}
	return false
}

// sameRange reports whether two subjects are the same range, or both
// missing.
func sameRange(a, b *hcl.Range) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Filename == b.Filename && a.Start.Byte == b.Start.Byte && a.End.Byte == b.End.Byte
}

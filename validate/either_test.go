package validate

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestEither checks how the findings of OpenTofu and Terraform about a
// module that either may read are merged: errors where both reject it.
func TestEither(t *testing.T) {
	at := func(line int) *hcl.Range {
		return &hcl.Range{Filename: "main.tf", Start: hcl.Pos{Line: line, Column: 1, Byte: line * 10}, End: hcl.Pos{Line: line, Column: 5, Byte: line*10 + 4}}
	}
	diag := func(sev hcl.DiagnosticSeverity, summary string, line int) *hcl.Diagnostic {
		d := &hcl.Diagnostic{Severity: sev, Summary: summary, Detail: "Detail of " + summary + "."}
		if line > 0 {
			d.Subject = at(line)
		}
		return d
	}
	e := func(summary string, line int) *hcl.Diagnostic { return diag(hcl.DiagError, summary, line) }
	w := func(summary string, line int) *hcl.Diagnostic { return diag(hcl.DiagWarning, summary, line) }
	for _, tt := range []struct {
		name            string
		tofu, terraform hcl.Diagnostics
		want            string
	}{{
		name: "both accept",
		tofu: hcl.Diagnostics{w("Deprecated", 1)}, terraform: hcl.Diagnostics{w("Deprecated", 1), w("Other", 2)},
		want: "1 warning Deprecated\n2 warning Other\n",
	}, {
		name: "both report it",
		tofu: hcl.Diagnostics{e("Unsupported attribute", 3)}, terraform: hcl.Diagnostics{e("Unsupported attribute", 3)},
		want: "3 error Unsupported attribute\n",
	}, {
		name: "on other lines", // Invalid value for input variable: the declaration or the argument
		tofu: hcl.Diagnostics{e("Invalid value", 3)}, terraform: hcl.Diagnostics{e("Invalid value", 9)},
		want: "3 error Invalid value\n",
	}, {
		name: "only Terraform rejects it",
		tofu: nil, terraform: hcl.Diagnostics{e("Variables not allowed", 6)},
		want: "6 warning Variables not allowed (Terraform): OpenTofu accepts this; only Terraform rejects it.\n",
	}, {
		name: "only OpenTofu rejects it",
		tofu: hcl.Diagnostics{e("Invalid value for prevent_destroy", 4)}, terraform: nil,
		want: "4 warning Invalid value for prevent_destroy (OpenTofu): Terraform accepts this; only OpenTofu rejects it.\n",
	}, {
		name: "a common error and one of each",
		tofu: hcl.Diagnostics{e("A", 1), e("B", 2)}, terraform: hcl.Diagnostics{e("A", 1), e("C", 3)},
		want: "1 error A\n2 warning B (OpenTofu): Terraform accepts this; only OpenTofu rejects it.\n3 warning C (Terraform): OpenTofu accepts this; only Terraform rejects it.\n",
	}, {
		// One finding in each program's words (an import without id):
		// the same range.
		name: "both report it in other words",
		tofu: hcl.Diagnostics{e("Missing required import argument", 5)}, terraform: hcl.Diagnostics{e("Missing required argument", 5)},
		want: "5 error Missing required import argument\n",
	}, {
		name: "both reject it for different reasons",
		tofu: hcl.Diagnostics{e("Missing required import argument", 5)}, terraform: hcl.Diagnostics{e("Variables not allowed", 9)},
		want: "5 error Missing required import argument (OpenTofu): Only OpenTofu reports this; Terraform rejects the module for the other errors reported.\n" +
			"9 error Variables not allowed (Terraform): Only Terraform reports this; OpenTofu rejects the module for the other errors reported.\n",
	}, {
		name: "without subjects",
		tofu: hcl.Diagnostics{e("Cycle: a, b", 0)}, terraform: hcl.Diagnostics{e("Cycle: a, b", 0)},
		want: "- error Cycle: a, b\n",
	}} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			for _, d := range Either(tt.tofu, tt.terraform) {
				where := "-"
				if d.Subject != nil {
					where = strings.TrimPrefix(d.Subject.String(), "main.tf:")
					where = where[:strings.Index(where, ",")]
				}
				sev := "error"
				if d.Severity == hcl.DiagWarning {
					sev = "warning"
				}
				b.WriteString(where + " " + sev + " " + d.Summary)
				if _, extra, ok := strings.Cut(d.Detail, "\n\n"); ok {
					b.WriteString(": " + extra[:strings.Index(extra, ".")+1])
				}
				b.WriteString("\n")
			}
			if got := b.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

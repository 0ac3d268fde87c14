package hcljson

import (
	"github.com/agext/levenshtein"
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
)

// syntaxDiags turns the scanner's errors into diagnostics.
func (f *file) syntaxDiags() hcl.Diagnostics {
	if len(f.doc.Errors) == 0 {
		return nil
	}
	diags := make(hcl.Diagnostics, 0, len(f.doc.Errors))
	for _, e := range f.doc.Errors {
		subject := f.rng(e.Start, e.End)
		d := &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  e.Summary(),
			Detail:   e.Detail(),
			Subject:  &subject,
		}
		if e.CtxStart >= 0 && (e.CtxStart != e.Start || e.CtxEnd != e.End) {
			ctx := f.rng(e.CtxStart, e.CtxEnd)
			d.Context = &ctx
		}
		if e.Code == scanner.CodeTooLarge {
			r := f.placeholderRange() // nothing was read: point at the start
			d.Subject = &r
		}
		diags = append(diags, d)
	}
	return diags
}

// nameSuggestion returns the first of suggestions within an edit distance
// of two of given, or "".
func nameSuggestion(given string, suggestions []string) string {
	for _, s := range suggestions {
		if levenshtein.Distance(given, s, nil) < 3 {
			return s
		}
	}
	return ""
}

package validatedifftest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// A Result is what a validation found: the shape of terraform validate
// -json's output, with the parts compared.
type Result struct {
	Valid       bool         `json:"valid"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// A Diagnostic is one error or warning.
type Diagnostic struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail,omitempty"`
	Range    *Range `json:"range,omitempty"`
}

// A Range is where a diagnostic points, its file relative to the
// module's directory.
type Range struct {
	Filename string `json:"filename"`
	Start    Pos    `json:"start"`
	End      Pos    `json:"end"`
}

// A Pos is a position in a file.
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Byte   int `json:"byte"`
}

// Errors returns r's diagnostics of severity error, in order.
func (r *Result) Errors() []Diagnostic {
	var out []Diagnostic
	for _, d := range r.Diagnostics {
		if d.Severity == "error" {
			out = append(out, d)
		}
	}
	return out
}

// FirstError returns r's first error, or nil.
func (r *Result) FirstError() *Diagnostic {
	if errs := r.Errors(); len(errs) > 0 {
		return &errs[0]
	}
	return nil
}

// Where returns "FILE:LINE" of d, or "-" without a range.
func (d *Diagnostic) Where() string {
	if d == nil || d.Range == nil {
		return "-"
	}
	return fmt.Sprintf("%s:%d", d.Range.Filename, d.Range.Start.Line)
}

// ParseResult reads either what terraform validate -json writes (an
// object with valid and diagnostics, each with a range) or what hcljson
// check --format json wrote before it wrote what validate -json writes (an array of diagnostics, each with a
// subject), and makes each file name relative to dir, the module's
// directory. Valid is then whether there is no error.
func ParseResult(b []byte, dir string) (*Result, error) {
	type diag struct {
		Diagnostic
		Subject *Range `json:"subject"`
	}
	var diags []diag
	b = bytes.TrimSpace(b)
	switch {
	case bytes.HasPrefix(b, []byte("[")):
		if err := json.Unmarshal(b, &diags); err != nil {
			return nil, err
		}
	case bytes.HasPrefix(b, []byte("{")):
		var v struct {
			Diagnostics []diag `json:"diagnostics"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, err
		}
		diags = v.Diagnostics
	default:
		return nil, fmt.Errorf("neither a JSON object nor an array: %.200q", b)
	}
	r := &Result{Valid: true, Diagnostics: []Diagnostic{}}
	for _, d := range diags {
		if d.Range == nil {
			d.Range = d.Subject
		}
		if d.Range != nil {
			d.Range.Filename = relative(dir, d.Range.Filename)
		}
		if d.Severity == "error" {
			r.Valid = false
		}
		r.Diagnostics = append(r.Diagnostics, d.Diagnostic)
	}
	return r, nil
}

// relative returns name relative to dir, with slashes.
func relative(dir, name string) string {
	if name == "" {
		return ""
	}
	if filepath.IsAbs(name) {
		if rel, err := filepath.Rel(dir, name); err == nil {
			name = rel
		}
	}
	return strings.TrimPrefix(filepath.ToSlash(filepath.Clean(name)), "./")
}

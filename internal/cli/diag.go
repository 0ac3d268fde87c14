package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/module"
)

// diagWidth is the width at which diagnostics are wrapped.
const diagWidth = 78

// writeDiags prints diags on standard error with source snippets from
// files, coloured when the terminal allows, and returns the exit status:
// 1 when one is an error, 0 otherwise.
func (e *env) writeDiags(files map[string]*hcl.File, diags hcl.Diagnostics) int {
	return writeDiags(e.stderr, files, diags, e.color)
}

// writeDiags prints diags on w with source snippets from files, as
// hcl.NewDiagnosticTextWriter does (see diagText), and returns the exit
// status: 1 when one is an error, 0 otherwise.
func writeDiags(w io.Writer, files map[string]*hcl.File, diags hcl.Diagnostics, color bool) int {
	if len(diags) > 0 {
		if err := newDiagText(w, files, color).write(diags); err != nil {
			fmt.Fprintf(w, "hcljson: %s\n", escapeText(err.Error()))
			return 1
		}
	}
	if diags.HasErrors() {
		return 1
	}
	return 0
}

// readFailed is the diagnostic of a file that cannot be read. It has no
// Subject: there is no source to point at.
func readFailed(name string, err error) *hcl.Diagnostic {
	var se *module.SizeError
	if errors.As(err, &se) {
		what := fmt.Sprintf("The file %q has %d bytes, more than the limit of %d bytes", name, se.Size, se.Limit)
		if name == stdinName {
			what = fmt.Sprintf("Standard input has more than the limit of %d bytes", se.Limit)
		}
		return &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "File too large",
			Detail:   what + "; it was not read. Give --max-size to read larger inputs.",
		}
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Failed to read file",
		Detail:   fmt.Sprintf("The file %q could not be read: %s.", name, readError(err)),
	}
}

// readError returns the reason of a read error without the path, which the
// diagnostic quotes already.
func readError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// appendDiagsJSON appends diags as a JSON array of objects with
// "severity", "summary", "detail" and, when the diagnostic has one,
// "subject" (a range as appendRangeJSON writes it).
func appendDiagsJSON(b []byte, diags hcl.Diagnostics) []byte {
	b = append(b, '[')
	for i, d := range diags {
		if i > 0 {
			b = append(b, ',')
		}
		severity := "error"
		if d.Severity == hcl.DiagWarning {
			severity = "warning"
		}
		b = append(b, `{"severity":`...)
		b = jsonw.AppendString(b, severity, jsonw.Plain)
		b = append(b, `,"summary":`...)
		b = jsonw.AppendString(b, d.Summary, jsonw.Plain)
		b = append(b, `,"detail":`...)
		b = jsonw.AppendString(b, d.Detail, jsonw.Plain)
		if d.Subject != nil {
			b = append(b, `,"subject":`...)
			b = appendRangeJSON(b, *d.Subject)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendRangeJSON appends r as {"filename", "start", "end"}, each position
// as {"line", "column", "byte"}.
func appendRangeJSON(b []byte, r hcl.Range) []byte {
	b = append(b, `{"filename":`...)
	b = jsonw.AppendString(b, r.Filename, jsonw.Plain)
	b = append(b, `,"start":`...)
	b = appendPosJSON(b, r.Start)
	b = append(b, `,"end":`...)
	b = appendPosJSON(b, r.End)
	return append(b, '}')
}

func appendPosJSON(b []byte, p hcl.Pos) []byte {
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(p.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(p.Column), 10)
	b = append(b, `,"byte":`...)
	b = strconv.AppendInt(b, int64(p.Byte), 10)
	return append(b, '}')
}

// indentJSON returns the JSON text b indented by two spaces per level
// (see jsonw.Writer.Reindent). b must be valid JSON.
func indentJSON(b []byte) []byte {
	w := jsonw.Writer{Indent: 2}
	w.Reindent(b)
	return w.Buf
}

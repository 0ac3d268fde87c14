package cli

import (
	"fmt"
	"io"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/mitchellh/go-wordwrap"
)

// diagText writes diagnostics as hcl.NewDiagnosticTextWriter does, byte
// for byte, but finds the source lines of each snippet in a table of
// lines built once per file. hcl's writer scans the file from its first
// byte, grapheme by grapheme, for every diagnostic: one error at the end
// of an 18 MB file takes a second, and thousands of warnings on
// a directory of files take longer than converting it. A diagnostic that
// names values of an evaluation context (Expression and EvalContext set)
// goes to hcl's writer, which knows how to describe them.
type diagText struct {
	w     io.Writer
	files map[string]*hcl.File
	color bool
	lines map[*hcl.File][]srcLine
}

// srcLine is one line of a file as bufio.ScanLines splits it: its bytes
// without the line break (nor a carriage return before it), and its
// number as hcl.RangeScanner counts lines (a lone "\r" counts as a break).
type srcLine struct {
	start, end int
	number     int
}

// newDiagText returns a writer of diagnostics on w, with snippets from
// files.
func newDiagText(w io.Writer, files map[string]*hcl.File, color bool) *diagText {
	return &diagText{w: w, files: files, color: color, lines: map[*hcl.File][]srcLine{}}
}

// write writes diags, each as hcl's text writer would with width
// diagWidth.
func (dt *diagText) write(diags hcl.Diagnostics) error {
	for _, d := range diags {
		if err := dt.writeOne(d); err != nil {
			return err
		}
	}
	return nil
}

func (dt *diagText) writeOne(d *hcl.Diagnostic) error {
	var file *hcl.File
	if d.Subject != nil {
		file = dt.files[d.Subject.Filename]
	}
	if file == nil || file.Bytes == nil || (d.Expression != nil && d.EvalContext != nil) {
		return hcl.NewDiagnosticTextWriter(dt.w, dt.files, diagWidth, dt.color).WriteDiagnostic(d)
	}
	var b []byte
	color, highlight, reset := dt.codes(d.Severity)
	severity := "Error"
	if d.Severity == hcl.DiagWarning {
		severity = "Warning"
	}
	b = fmt.Appendf(b, "%s%s%s: %s\n\n", color, severity, reset, d.Summary)
	in := ""
	if cs, ok := file.Nav.(interface{ ContextString(int) string }); ok {
		if s := cs.ContextString(d.Subject.Start.Byte); s != "" {
			in = ", in " + s
		}
	}
	b = fmt.Appendf(b, "  on %s line %d%s:\n", d.Subject.Filename, d.Subject.Start.Line, in)
	b = dt.appendSnippet(b, file, d, highlight, reset)
	b = append(b, '\n')
	if d.Detail != "" {
		b = fmt.Appendf(b, "%s\n\n", wordwrap.WrapString(d.Detail, diagWidth))
	}
	_, err := dt.w.Write(b)
	return err
}

// codes returns the escape sequences of a severity's colour, of
// highlighted source and of the reset, all empty without colour.
func (dt *diagText) codes(s hcl.DiagnosticSeverity) (color, highlight, reset string) {
	if !dt.color {
		return "", "", ""
	}
	switch s {
	case hcl.DiagError:
		color = "\x1b[31m"
	case hcl.DiagWarning:
		color = "\x1b[33m"
	}
	return color, "\x1b[1;4m", "\x1b[0m"
}

// appendSnippet appends the source lines that overlap the diagnostic's
// subject and context, the subject highlighted.
func (dt *diagText) appendSnippet(b []byte, file *hcl.File, d *hcl.Diagnostic, highlight, reset string) []byte {
	snip, mark := *d.Subject, *d.Subject
	if d.Context != nil {
		snip = hcl.RangeOver(snip, *d.Context)
	}
	if snip.Empty() { // an empty range is shown as one character
		snip.End.Byte++
		snip.End.Column++
	}
	if mark.Empty() {
		mark.End.Byte++
		mark.End.Column++
	}
	lines := dt.linesOf(file)
	src := file.Bytes
	// A line can overlap only if it ends at or after the start of the
	// snippet and starts at or before its end.
	first := sort.Search(len(lines), func(i int) bool { return lines[i].end >= snip.Start.Byte })
	for _, l := range lines[first:] {
		if l.start > snip.End.Byte {
			break
		}
		r := hcl.Range{
			Filename: d.Subject.Filename,
			Start:    hcl.Pos{Byte: l.start, Line: l.number},
			End:      hcl.Pos{Byte: l.end, Line: l.number},
		}
		if !r.Overlaps(snip) {
			continue
		}
		before, marked, after := r.PartitionAround(mark)
		if marked.Empty() {
			b = fmt.Appendf(b, "%4d: %s\n", l.number, src[l.start:l.end])
			continue
		}
		b = fmt.Appendf(b, "%4d: %s%s%s%s%s\n", l.number,
			before.SliceBytes(src), highlight, marked.SliceBytes(src), reset, after.SliceBytes(src))
	}
	return b
}

// linesOf returns the table of a file's lines, made on first use.
func (dt *diagText) linesOf(file *hcl.File) []srcLine {
	if lines, ok := dt.lines[file]; ok {
		return lines
	}
	lines := splitSrcLines(file.Bytes)
	dt.lines[file] = lines
	return lines
}

// splitSrcLines splits src as bufio.ScanLines does, numbering the lines
// as hcl.RangeScanner does: every "\r\n", lone "\r" and lone "\n" starts a
// new line number.
func splitSrcLines(src []byte) []srcLine {
	var lines []srcLine
	number := 1
	for start := 0; start < len(src); {
		end := start
		for end < len(src) && src[end] != '\n' {
			end++
		}
		next := min(end+1, len(src))
		textEnd := end
		if textEnd > start && src[textEnd-1] == '\r' {
			textEnd--
		}
		lines = append(lines, srcLine{start: start, end: textEnd, number: number})
		for i := start; i < next; i++ {
			if src[i] == '\r' || (src[i] == '\n' && (i == 0 || src[i-1] != '\r')) {
				number++
			}
		}
		start = next
	}
	return lines
}

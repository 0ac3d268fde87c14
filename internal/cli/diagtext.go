package cli

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/mitchellh/go-wordwrap"
)

// diagText writes diagnostics as hcl.NewDiagnosticTextWriter does, byte
// for byte on ordinary input, with bounds that hcl's writer does not
// have, so that no input can make the output large or act on the
// terminal:
//
//   - a snippet line longer than snippetWidth bytes shows a window of
//     them around the subject, with "…" where the line goes on;
//   - a snippet shows at most snippetLines lines;
//   - at most maxFileDiags diagnostics are shown per file, followed by
//     the count of the others;
//   - summaries, details and context paths are cut at maxMessage bytes;
//   - unsafe characters (see escape.go) are shown escaped.
//
// hcl's writer also scans the file from its first byte, grapheme by
// grapheme, for every diagnostic; diagText finds the lines it shows in
// one pass over each file for all its diagnostics. A diagnostic that names
// values of an evaluation context (Expression and EvalContext set) gets
// its description of them from hcl's writer.
type diagText struct {
	w     io.Writer
	files map[string]*hcl.File
	color bool
	// starts holds, per file, where the line of each snippet's first
	// byte starts and its number (see lineStarts).
	starts map[*hcl.File]map[int]lineStart
}

const (
	// snippetWidth is the most bytes of one source line a snippet shows.
	snippetWidth = 120
	// snippetLead is how many bytes before the subject a cut line shows.
	snippetLead = 40
	// snippetLines is the most lines one snippet shows.
	snippetLines = 12
	// maxFileDiags is the most diagnostics shown about one file.
	maxFileDiags = 50
	// maxMessage is the most bytes shown of a summary or a detail.
	maxMessage = 1000
	// maxContext is the most bytes shown of a context path ("in a.b").
	maxContext = 160
)

// lineStart is the first byte of a line and its number.
type lineStart struct {
	start, number int
}

// newDiagText returns a writer of diagnostics on w, with snippets from
// files.
func newDiagText(w io.Writer, files map[string]*hcl.File, color bool) *diagText {
	return &diagText{w: w, files: files, color: color, starts: map[*hcl.File]map[int]lineStart{}}
}

// write writes diags, each as hcl's text writer would with width
// diagWidth, at most maxFileDiags about each file, and then how many were
// left out.
func (dt *diagText) write(diags hcl.Diagnostics) error {
	shown, left := chooseShown(diags)
	queries := map[*hcl.File][]int{}
	for i, d := range diags {
		if shown[i] && d.Subject != nil {
			if f := dt.sourceOf(d); f != nil {
				queries[f] = append(queries[f], snippetRange(d).Start.Byte)
			}
		}
	}
	for f, offsets := range queries {
		dt.starts[f] = lineStarts(f.Bytes, offsets)
	}
	for i, d := range diags {
		if !shown[i] {
			continue
		}
		if err := dt.writeOne(d); err != nil {
			return err
		}
	}
	for _, o := range left {
		var kinds []string
		if o.errors > 0 {
			kinds = append(kinds, plural(o.errors, "more error"))
		}
		if o.warnings > 0 {
			kinds = append(kinds, plural(o.warnings, "more warning"))
		}
		msg := fmt.Sprintf("Not shown: %s about %s (the first %d diagnostics about it are above).\n\n",
			strings.Join(kinds, " and "), escapeName(o.name), maxFileDiags)
		if _, err := io.WriteString(dt.w, msg); err != nil {
			return err
		}
	}
	return nil
}

// sourceOf returns the file whose source a diagnostic's snippet shows, or
// nil when it has none.
func (dt *diagText) sourceOf(d *hcl.Diagnostic) *hcl.File {
	if d.Subject == nil {
		return nil
	}
	if f := dt.files[d.Subject.Filename]; f != nil && f.Bytes != nil {
		return f
	}
	return nil
}

func (dt *diagText) writeOne(d *hcl.Diagnostic) error {
	var b []byte
	color, highlight, reset := dt.codes(d.Severity)
	severity := "Error"
	if d.Severity == hcl.DiagWarning {
		severity = "Warning"
	}
	b = fmt.Appendf(b, "%s%s%s: %s\n\n", color, severity, reset, escapeText(clipText(d.Summary, maxMessage)))
	if d.Subject != nil {
		name := escapeName(d.Subject.Filename)
		file := dt.sourceOf(d)
		if file == nil {
			b = fmt.Appendf(b, "  on %s line %d:\n  (source code not available)\n\n", name, d.Subject.Start.Line)
		} else {
			in := ""
			if cs, ok := file.Nav.(interface{ ContextString(int) string }); ok {
				if s := cs.ContextString(d.Subject.Start.Byte); s != "" {
					in = ", in " + escapeName(clipText(s, maxContext))
				}
			}
			b = fmt.Appendf(b, "  on %s line %d%s:\n", name, d.Subject.Start.Line, in)
			b = dt.appendSnippet(b, file, d, highlight, reset)
			b = append(b, '\n')
		}
		if d.Expression != nil && d.EvalContext != nil {
			b = append(b, valuesOf(d)...)
		}
	}
	if d.Detail != "" {
		b = fmt.Appendf(b, "%s\n\n", wordwrap.WrapString(escapeText(clipText(d.Detail, maxMessage)), diagWidth))
	}
	_, err := dt.w.Write(b)
	return err
}

// valuesOf returns the lines of hcl's text writer that describe the
// values of the variables a diagnostic's expression refers to ("with
// var.a as "x"."), each escaped and cut to snippetWidth bytes. hcl writes
// them after the snippet; without source it writes a fixed sentence
// instead of the snippet, which is cut off here.
func valuesOf(d *hcl.Diagnostic) []byte {
	c := *d
	c.Summary, c.Detail, c.Context = "", "", nil
	var buf bytes.Buffer
	if hcl.NewDiagnosticTextWriter(&buf, nil, 0, false).WriteDiagnostic(&c) != nil {
		return nil
	}
	_, vals, ok := strings.Cut(buf.String(), "  (source code not available)\n\n")
	if !ok {
		return nil
	}
	var b []byte
	for line := range strings.SplitAfterSeq(vals, "\n") {
		text := strings.TrimSuffix(line, "\n")
		b = appendEscaped(b, clipText(text, snippetWidth), false)
		if len(text) < len(line) {
			b = append(b, '\n')
		}
	}
	return b
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

// snippetRange returns the range a diagnostic's snippet covers: its
// subject and context, an empty range shown as one character.
func snippetRange(d *hcl.Diagnostic) hcl.Range {
	snip := *d.Subject
	if d.Context != nil {
		snip = hcl.RangeOver(snip, *d.Context)
	}
	if snip.Empty() {
		snip.End.Byte++
		snip.End.Column++
	}
	return snip
}

// appendSnippet appends the source lines that overlap the diagnostic's
// subject and context, the subject highlighted: at most snippetLines of
// them, each cut to a window of snippetWidth bytes.
func (dt *diagText) appendSnippet(b []byte, file *hcl.File, d *hcl.Diagnostic, highlight, reset string) []byte {
	snip, mark := snippetRange(d), *d.Subject
	if mark.Empty() {
		mark.End.Byte++
		mark.End.Column++
	}
	src := file.Bytes
	ls, ok := dt.starts[file][snip.Start.Byte]
	if !ok {
		ls = lineStarts(src, []int{snip.Start.Byte})[snip.Start.Byte]
	}
	shown := 0
	for start, number := ls.start, ls.number; start < len(src) && start <= snip.End.Byte; {
		end := len(src)
		if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
			end = start + i
		}
		next := min(end+1, len(src))
		textEnd := end
		if textEnd > start && src[textEnd-1] == '\r' {
			textEnd--
		}
		r := hcl.Range{
			Filename: d.Subject.Filename,
			Start:    hcl.Pos{Byte: start, Line: number},
			End:      hcl.Pos{Byte: textEnd, Line: number},
		}
		if r.Overlaps(snip) {
			if shown == snippetLines {
				b = append(b, "      …\n"...)
				break
			}
			shown++
			b = appendSnippetLine(b, src, r, mark, number, highlight, reset)
		}
		number += breaksIn(src[start:next])
		start = next
	}
	return b
}

// appendSnippetLine appends one line of a snippet, the part of it in mark
// highlighted, cut to a window of snippetWidth bytes that starts
// snippetLead bytes before the mark (or at the start of the line).
func appendSnippetLine(b, src []byte, line, mark hcl.Range, number int, highlight, reset string) []byte {
	_, marked, _ := line.PartitionAround(mark)
	from, to := line.Start.Byte, line.End.Byte
	if to-from > snippetWidth {
		if !marked.Empty() {
			from = max(from, marked.Start.Byte-snippetLead)
		}
		to = min(to, from+snippetWidth)
		from = max(line.Start.Byte, min(from, to-snippetWidth))
		for from > line.Start.Byte && !isRuneStart(src, from) {
			from--
		}
		for to < line.End.Byte && !isRuneStart(src, to) {
			to--
		}
	}
	b = fmt.Appendf(b, "%4d: ", number)
	if from > line.Start.Byte {
		b = append(b, "…"...)
	}
	if marked.Empty() {
		b = appendEscaped(b, src[from:to], true)
	} else {
		hs := min(max(marked.Start.Byte, from), to)
		he := min(max(marked.End.Byte, hs), to)
		b = appendMarked(b, src[from:to], hs-from, he-from, highlight, reset)
	}
	if to < line.End.Byte {
		b = append(b, "…"...)
	}
	return append(b, '\n')
}

// appendMarked appends line, escaped as appendEscaped does with tab and
// line feed kept, with highlight before byte hs and reset before byte he.
// A safe character that the marks split is written as it is, its bytes
// on either side of the mark, as hcl's writer writes it; an escape is
// never split.
func appendMarked(b, line []byte, hs, he int, highlight, reset string) []byte {
	mark := func(i int) {
		if i == hs {
			b = append(b, highlight...)
		}
		if i == he {
			b = append(b, reset...)
		}
	}
	for i := 0; i < len(line); {
		mark(i)
		_, size := utf8.DecodeRune(line[i:])
		if esc := appendEscaped(nil, line[i:i+size], true); len(esc) != size {
			b = append(b, esc...)
			if i < hs && hs < i+size {
				hs = i + size
			}
			if i < he && he < i+size {
				he = i + size
			}
		} else {
			for k := i; k < i+size; k++ {
				if k > i {
					mark(k)
				}
				b = append(b, line[k])
			}
		}
		i += size
	}
	mark(len(line))
	return b
}

func isRuneStart(src []byte, i int) bool {
	return i >= len(src) || src[i] < 0x80 || src[i] >= 0xC0
}

// breaksIn counts the line breaks in b as hcl.RangeScanner counts them:
// every "\r\n", lone "\r" and lone "\n".
func breaksIn(b []byte) int {
	return bytes.Count(b, []byte("\n")) + bytes.Count(b, []byte("\r")) - bytes.Count(b, []byte("\r\n"))
}

// lineStarts returns, for each offset into src, where its line starts
// (after the last "\n" before it, as bufio.ScanLines splits lines) and
// that line's number as hcl.RangeScanner counts lines (see breaksIn). It
// reads src once, whatever the number of offsets.
func lineStarts(src []byte, offsets []int) map[int]lineStart {
	sorted := slices.Clone(offsets)
	sort.Ints(sorted)
	out := make(map[int]lineStart, len(sorted))
	cur := lineStart{start: 0, number: 1}
	for _, off := range slices.Compact(sorted) {
		at := min(max(off, 0), len(src))
		if at > cur.start {
			if i := bytes.LastIndexByte(src[cur.start:at], '\n'); i >= 0 {
				next := cur.start + i + 1
				cur = lineStart{start: next, number: cur.number + breaksIn(src[cur.start:next])}
			}
		}
		out[off] = cur
	}
	return out
}

// omitted counts the diagnostics about one file that were left out.
type omitted struct {
	name             string
	errors, warnings int
}

// chooseShown marks the diagnostics that are shown: those without a
// subject, and the first maxFileDiags about each file; the others are
// counted by file, in the order of each file's first left out (spec.md
// C2: text and JSON output alike).
func chooseShown(diags hcl.Diagnostics) (shown []bool, left []*omitted) {
	shown = make([]bool, len(diags))
	perFile := map[string]int{}
	leftOf := map[string]*omitted{}
	for i, d := range diags {
		if d.Subject == nil {
			shown[i] = true
			continue
		}
		name := d.Subject.Filename
		if perFile[name] < maxFileDiags {
			perFile[name]++
			shown[i] = true
			continue
		}
		o := leftOf[name]
		if o == nil {
			o = &omitted{name: name}
			leftOf[name] = o
			left = append(left, o)
		}
		if d.Severity == hcl.DiagWarning {
			o.warnings++
		} else {
			o.errors++
		}
	}
	return shown, left
}

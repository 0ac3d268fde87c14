package cli

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcled"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/hcljson/hcljson/internal/jsonw"
)

// appendValidateJSON appends diags as "terraform validate -json" and "tofu
// validate -json" write them: an object with "format_version", "valid",
// "error_count", "warning_count" and "diagnostics", each diagnostic with its
// "range" and, when its file is in files, a "snippet" of the lines it
// covers with the enclosing block ("context"), the highlight's offsets in
// those lines, the values of the variables its expression refers to, and
// the function it calls. The field order and the rules (an empty range
// widened to one byte, the snippet over the context range) are the
// programs'.
//
// The output is bounded as the text of diagnostics is (spec.md C2): at
// most maxFileDiags diagnostics about one file, then one warning per
// file, "Diagnostics not shown", that says how many were left out, as
// the text's "Not shown" line does; "error_count" and "warning_count"
// count every diagnostic found, shown or not (the warnings about what was
// not shown are none of them); summaries and details are cut at
// maxMessage bytes, the value statements at snippetWidth, and a snippet's
// code, whose lines are cut to a window only when one is longer than
// snippetWidth bytes or there are more than snippetLines (see
// boundedCode).
func appendValidateJSON(b []byte, diags hcl.Diagnostics, files map[string]*hcl.File) []byte {
	errors, warnings := 0, 0
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning {
			warnings++
		} else {
			errors++
		}
	}
	shown, left := chooseShown(diags)
	b = append(b, `{"format_version":"1.0","valid":`...)
	b = strconv.AppendBool(b, errors == 0)
	b = append(b, `,"error_count":`...)
	b = strconv.AppendInt(b, int64(errors), 10)
	b = append(b, `,"warning_count":`...)
	b = strconv.AppendInt(b, int64(warnings), 10)
	b = append(b, `,"diagnostics":[`...)
	first := true
	for i, d := range diags {
		if !shown[i] {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendValidateDiag(b, d, files)
	}
	for _, o := range left {
		var kinds []string
		if o.errors > 0 {
			kinds = append(kinds, plural(o.errors, "more error"))
		}
		if o.warnings > 0 {
			kinds = append(kinds, plural(o.warnings, "more warning"))
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendValidateDiag(b, &hcl.Diagnostic{
			Severity: hcl.DiagWarning,
			Summary:  "Diagnostics not shown",
			Detail: fmt.Sprintf("Not shown: %s about %s (the first %d diagnostics about it are above).",
				strings.Join(kinds, " and "), o.name, maxFileDiags),
		}, files)
	}
	return append(b, "]}"...)
}

func appendValidateDiag(b []byte, d *hcl.Diagnostic, files map[string]*hcl.File) []byte {
	severity := "error"
	if d.Severity == hcl.DiagWarning {
		severity = "warning"
	}
	b = append(b, `{"severity":`...)
	b = jsonw.AppendString(b, severity, jsonw.Plain)
	b = append(b, `,"summary":`...)
	b = jsonw.AppendString(b, clipText(d.Summary, maxMessage), jsonw.Plain)
	b = append(b, `,"detail":`...)
	b = jsonw.AppendString(b, clipText(d.Detail, maxMessage), jsonw.Plain)
	if d.Subject == nil {
		return append(b, '}')
	}
	highlight := *d.Subject
	if highlight.End == (hcl.Pos{}) {
		highlight.End = highlight.Start
	}
	snippet := highlight
	if d.Context != nil {
		snippet = *d.Context
	}
	snippet = hcl.RangeOver(snippet, highlight)
	if snippet.Empty() {
		snippet.End.Byte++
		snippet.End.Column++
	}
	if highlight.Empty() {
		highlight.End.Byte++
		highlight.End.Column++
	}
	b = append(b, `,"range":`...)
	b = appendRangeJSON(b, highlight)
	if f := files[highlight.Filename]; f != nil && f.Bytes != nil {
		b = append(b, `,"snippet":`...)
		b = appendSnippetJSON(b, d, f, highlight, snippet)
	}
	return append(b, '}')
}

// appendSnippetJSON appends the snippet of a diagnostic whose highlight
// and snippet ranges are in file f.
func appendSnippetJSON(b []byte, d *hcl.Diagnostic, f *hcl.File, highlight, snippet hcl.Range) []byte {
	b = append(b, `{"context":`...)
	if c := hcled.ContextString(f, highlight.Start.Byte-1); c != "" {
		b = jsonw.AppendString(b, clipText(c, maxContext), jsonw.Plain)
	} else {
		b = append(b, "null"...)
	}
	text, start, end := boundedCode(f.Bytes, snippet, highlight)
	b = append(b, `,"code":`...)
	b = jsonw.AppendString(b, text, jsonw.Plain)
	b = append(b, `,"start_line":`...)
	b = strconv.AppendInt(b, int64(snippet.Start.Line), 10)
	b = append(b, `,"highlight_start_offset":`...)
	b = strconv.AppendInt(b, int64(start), 10)
	b = append(b, `,"highlight_end_offset":`...)
	b = strconv.AppendInt(b, int64(end), 10)
	b = append(b, `,"values":[`...)
	if d.Expression != nil {
		for i, v := range expressionValues(d.Expression, d.EvalContext) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"traversal":`...)
			b = jsonw.AppendString(b, v[0], jsonw.Plain)
			b = append(b, `,"statement":`...)
			b = jsonw.AppendString(b, clipText(v[1], snippetWidth), jsonw.Plain)
			b = append(b, '}')
		}
	}
	b = append(b, ']')
	if d.Expression != nil {
		b = appendFunctionCallJSON(b, d)
	}
	return append(b, '}')
}

// boundedCode returns the code of a snippet and the offsets of the
// highlight in it. It is what the programs write (snippetCode, with
// highlight offsets that are the highlight's bytes from the code's start,
// clamped) unless a line of it is longer than snippetWidth bytes or it has
// more than snippetLines lines: then, as in the text of diagnostics, at
// most snippetLines lines are shown, then a line "…", each cut to the
// window of snippetWidth bytes that the text shows (appendSnippetLine),
// with "…" where the line goes on, and the offsets are those of the
// highlight's bytes in what is shown (clamped to the window of their
// line). It looks at no more than the lines it shows and the one after.
func boundedCode(src []byte, snippet, highlight hcl.Range) (code string, hs, he int) {
	type span struct{ start, end int }
	var lines []span
	cut, more := false, false
	eachSnippetLine(src, snippet, func(ls, le int) bool {
		if len(lines) == snippetLines {
			cut, more = true, true
			return false
		}
		lines = append(lines, span{ls, le})
		cut = cut || le-ls > snippetWidth
		return true
	})
	if !cut {
		codeStart, text := snippetCode(src, snippet)
		start := min(max(highlight.Start.Byte-codeStart, 0), len(text))
		end := min(max(highlight.Start.Byte-codeStart+highlight.End.Byte-highlight.Start.Byte, 0), len(text))
		return text, start, end
	}
	var b []byte
	hs, he = -1, -1
	// at maps an offset of src in a shown line's window to code.
	at := func(off, from, to, base int) int { return base + min(max(off, from), to) - from }
	for i, l := range lines {
		if i > 0 {
			b = append(b, '\n')
		}
		from, to := l.start, l.end
		if to-from > snippetWidth {
			line := hcl.Range{Filename: highlight.Filename, Start: hcl.Pos{Byte: from}, End: hcl.Pos{Byte: to}}
			if _, marked, _ := line.PartitionAround(highlight); !marked.Empty() {
				from = max(from, marked.Start.Byte-snippetLead)
			}
			to = min(to, from+snippetWidth)
			from = max(l.start, min(from, to-snippetWidth))
			for from > l.start && !isRuneStart(src, from) {
				from--
			}
			for to < l.end && !isRuneStart(src, to) {
				to--
			}
		}
		if from > l.start {
			b = append(b, "…"...)
		}
		base := len(b)
		if hs < 0 && highlight.Start.Byte <= l.end {
			hs = at(highlight.Start.Byte, from, to, base)
		}
		if he < 0 && highlight.End.Byte <= l.end {
			he = at(highlight.End.Byte, from, to, base)
		}
		b = append(b, src[from:to]...)
		if to < l.end {
			b = append(b, "…"...)
		}
	}
	if more {
		// More lines than are shown: say so, as the text does.
		b = append(b, "\n…"...)
	}
	if hs < 0 {
		hs = len(b)
	}
	if he < 0 {
		he = len(b)
	}
	return string(b), hs, max(he, hs)
}

// snippetCode returns the lines of src that the snippet range overlaps, as
// the programs choose them (hcl.Range.Overlaps of each line that
// bufio.ScanLines gives, without its line feed and a carriage return
// before it), joined by line feeds, and the offset of the first (0 when
// none does). Only the lines around the range are looked at, so a file's
// diagnostics cost what their snippets hold, not the file's size each.
func snippetCode(src []byte, snippet hcl.Range) (start int, text string) {
	var code strings.Builder
	start = -1
	eachSnippetLine(src, snippet, func(ls, le int) bool {
		if start < 0 {
			start = ls
		}
		code.Write(src[ls:le])
		code.WriteByte('\n')
		return true
	})
	return max(start, 0), strings.TrimSuffix(code.String(), "\n")
}

// eachSnippetLine calls fn with the start and end (without its line feed
// and a carriage return before it) of each line of src that the snippet
// range overlaps, in order, until fn returns false. A line that overlaps
// the range has a byte in [start, end], so the first candidate is the
// line holding the start: only the lines around the range are read.
func eachSnippetLine(src []byte, snippet hcl.Range, fn func(ls, le int) bool) {
	first, last := max(snippet.Start.Byte, 0), snippet.End.Byte
	if first > len(src) {
		return
	}
	for ls := bytes.LastIndexByte(src[:first], '\n') + 1; ls < len(src) && ls <= last; {
		next := len(src)
		le := next
		if j := bytes.IndexByte(src[ls:], '\n'); j >= 0 {
			le, next = ls+j, ls+j+1
		}
		if le > ls && src[le-1] == '\r' {
			le--
		}
		line := hcl.Range{Filename: snippet.Filename, Start: hcl.Pos{Byte: ls}, End: hcl.Pos{Byte: le}}
		if line.Overlaps(snippet) && !fn(ls, le) {
			return
		}
		ls = next
	}
}

// expressionValues returns, sorted, the traversal and a statement of the
// value of each variable expr refers to in ctx, as the programs list them:
// the longest prefix of each traversal that evaluates, once each; unknown
// values by their type only, dynamic unknown and marked (sensitive) values
// not at all, since no diagnostic of a check is caused by them.
func expressionValues(expr hcl.Expression, ctx *hcl.EvalContext) [][2]string {
	var values [][2]string
	seen := map[string]bool{}
next:
	for _, tr := range expr.Variables() {
		for ; len(tr) > 1; tr = tr[:len(tr)-1] {
			val, diags := tr.TraverseAbs(ctx)
			if diags.HasErrors() {
				continue
			}
			name := traversalString(tr)
			if seen[name] {
				continue next
			}
			var statement string
			switch {
			case val.IsMarked():
				continue next
			case !val.IsKnown():
				if val.Type() == cty.DynamicPseudoType {
					continue next
				}
				statement = "is a " + val.Type().FriendlyName()
			default:
				statement = "is " + compactValue(val)
			}
			values = append(values, [2]string{name, statement})
			seen[name] = true
		}
	}
	sort.Slice(values, func(i, j int) bool { return values[i][0] < values[j][0] })
	return values
}

// compactValue sums up a known, unmarked value on one line: primitives in
// full, collections and objects by their type and size.
func compactValue(val cty.Value) string {
	ty := val.Type()
	switch {
	case val.IsNull():
		return "null"
	case !val.IsKnown():
		return "(not yet known)"
	case ty == cty.Bool:
		return strconv.FormatBool(val.True())
	case ty == cty.Number:
		return val.AsBigFloat().Text('g', 10)
	case ty == cty.String:
		return strconv.Quote(val.AsString())
	case ty.IsCollectionType() || ty.IsTupleType():
		switch n := val.LengthInt(); n {
		case 0:
			return "empty " + ty.FriendlyName()
		case 1:
			return ty.FriendlyName() + " with 1 element"
		default:
			return fmt.Sprintf("%s with %d elements", ty.FriendlyName(), n)
		}
	case ty.IsObjectType():
		attrs := ty.AttributeTypes()
		switch len(attrs) {
		case 0:
			return "object with no attributes"
		case 1:
			for name := range attrs {
				return fmt.Sprintf("object with 1 attribute %q", name)
			}
		}
		return fmt.Sprintf("object with %d attributes", len(attrs))
	}
	return ty.FriendlyName()
}

// traversalString writes a traversal the way native syntax reads:
// var.a.b[0]["k"], with "..." for an index that is not a primitive.
func traversalString(tr hcl.Traversal) string {
	var b strings.Builder
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteByte('.')
			b.WriteString(s.Name)
		case hcl.TraverseIndex:
			b.WriteByte('[')
			if s.Key.Type().IsPrimitiveType() {
				b.WriteString(compactValue(s.Key))
			} else {
				b.WriteString("...")
			}
			b.WriteByte(']')
		}
	}
	return b.String()
}

// appendFunctionCallJSON appends the "function_call" of a diagnostic about
// a call: the name as written and, when the context has the function, its
// signature.
func appendFunctionCallJSON(b []byte, d *hcl.Diagnostic) []byte {
	call, ok := hcl.DiagnosticExtra[hclsyntax.FunctionCallDiagExtra](d)
	if !ok || call.CalledFunctionName() == "" {
		return b
	}
	name := call.CalledFunctionName()
	b = append(b, `,"function_call":{"called_as":`...)
	b = jsonw.AppendString(b, name, jsonw.Plain)
	if d.EvalContext != nil {
		if f, ok := d.EvalContext.Functions[name]; ok {
			base := name
			if i := strings.LastIndex(base, "::"); i >= 0 {
				base = base[i+2:]
			}
			b = append(b, `,"signature":{"name":`...)
			b = jsonw.AppendString(b, base, jsonw.Plain)
			b = append(b, `,"params":[`...)
			params := f.Params()
			types := make([]cty.Type, 0, len(params)+1)
			for i, p := range params {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendParamJSON(b, p)
				types = append(types, p.Type)
			}
			b = append(b, ']')
			if vp := f.VarParam(); vp != nil {
				b = append(b, `,"variadic_param":`...)
				b = appendParamJSON(b, *vp)
				types = append(types, vp.Type)
			}
			ret, err := f.ReturnType(types)
			if err != nil {
				ret = cty.DynamicPseudoType
			}
			b = append(b, `,"return_type":`...)
			b = appendTypeJSON(b, ret)
			b = append(b, '}')
		}
	}
	return append(b, '}')
}

// appendParamJSON appends a parameter of a signature: its name and type.
func appendParamJSON(b []byte, p function.Parameter) []byte {
	b = append(b, `{"name":`...)
	b = jsonw.AppendString(b, p.Name, jsonw.Plain)
	b = append(b, `,"type":`...)
	b = appendTypeJSON(b, p.Type)
	return append(b, '}')
}

// appendTypeJSON appends t as cty writes a type in JSON.
func appendTypeJSON(b []byte, t cty.Type) []byte {
	j, err := t.MarshalJSON()
	if err != nil {
		return append(b, `"dynamic"`...)
	}
	return append(b, j...)
}

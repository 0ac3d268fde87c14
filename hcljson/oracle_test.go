package hcljson_test

// Differential tests: every case is parsed and decoded by hcljson and by
// github.com/hashicorp/hcl/v2/json (the oracle), both results are rendered
// with internal/hcltest, and the two texts must be equal, except for the
// deliberate differences excluded in deliberateDifference and
// compareOptions below.

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/agext/levenshtein"
	"github.com/apparentlymart/go-textseg/v15/textseg"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/scanner"
)

// impl is one implementation of the JSON syntax.
type impl struct {
	name        string
	oracle      bool
	parseAt     func([]byte, string, hcl.Pos) (*hcl.File, hcl.Diagnostics)
	parseExprAt func([]byte, string, hcl.Pos) (hcl.Expression, hcl.Diagnostics)
	parseFile   func(string) (*hcl.File, hcl.Diagnostics)
	isBody      func(hcl.Body) bool
	isExpr      func(hcl.Expression) bool
}

var (
	ours = impl{
		name:        "hcljson",
		parseAt:     hcljson.ParseWithStartPos,
		parseExprAt: hcljson.ParseExpressionWithStartPos,
		parseFile:   hcljson.ParseFile,
		isBody:      hcljson.IsJSONBody,
		isExpr:      hcljson.IsJSONExpression,
	}
	oracle = impl{
		name:        "oracle",
		oracle:      true,
		parseAt:     json.ParseWithStartPos,
		parseExprAt: json.ParseExpressionWithStartPos,
		parseFile:   json.ParseFile,
		isBody:      json.IsJSONBody,
		isExpr:      json.IsJSONExpression,
	}
)

// The plain entry points must be the WithStartPos ones at 1:1.
func (im impl) parse(src []byte, filename string) (*hcl.File, hcl.Diagnostics) {
	if im.oracle {
		return json.Parse(src, filename)
	}
	return hcljson.Parse(src, filename)
}

func (im impl) parseExpr(src []byte, filename string) (hcl.Expression, hcl.Diagnostics) {
	if im.oracle {
		return json.ParseExpression(src, filename)
	}
	return hcljson.ParseExpression(src, filename)
}

const jsonFile = "t.json"

// ---------------------------------------------------------------------------
// Deliberate differences (spec.md §differences). This section is the one
// place where they are excluded from the comparisons.

// level says how much of the two implementations' results must agree.
type level int

const (
	compareAll        level = iota // renderings equal after compareOptions
	compareAcceptance              // Parse's HasErrors agree; diagnostics and content may differ
	compareOurs                    // only our own checks (no panic, subjects in bounds, the stated verdict)
)

// deliberateDifference says how far hcljson and the oracle are compared on
// src, given the oracle's parse diagnostics (nil before the oracle has
// run), and why. For compareOurs it also returns whether hcljson must
// reject src.
func deliberateDifference(src []byte, oracleDiags hcl.Diagnostics, expr bool) (lvl level, why string, mustReject bool) {
	// Nesting deeper than scanner.DefaultMaxDepth: we stop with an error
	// where the oracle recurses (and overflows its stack, fatally, a few
	// hundred thousand levels down).
	if nestingDepth(src) > 10000 {
		return compareOurs, "nesting too deep", true
	}
	// A leading UTF-8 BOM: we skip it, the oracle reports "Invalid start
	// of value". Judge our verdict by the oracle's on the rest.
	if rest, ok := strings.CutPrefix(string(src), "\uFEFF"); ok {
		var d hcl.Diagnostics
		if expr {
			_, d = json.ParseExpression([]byte(rest), jsonFile)
		} else {
			_, d = json.Parse([]byte(rest), jsonFile)
		}
		return compareOurs, "leading BOM", d.HasErrors()
	}
	// A number whose exponent takes it out of range at 512 bits: the
	// oracle silently yields ±Inf or 0, we report an error.
	if hugeExponent(src) {
		return compareOurs, "number out of range", true
	}
	// Invalid UTF-8, and \u escapes of half a surrogate pair: the oracle
	// silently substitutes U+FFFD, we report an error (DESIGN.md, scanner
	// contract).
	if !utf8.Valid(src) || loneSurrogate(src) {
		return compareOurs, "invalid UTF-8 or lone surrogate", true
	}
	// Invalid documents: both must reject them, but our syntax
	// diagnostics are more precise (subjects, no cascades, trailing data
	// still reported), and the partial content differs.
	if oracleDiags.HasErrors() {
		return compareAcceptance, "invalid document", false
	}
	return compareAll, "", false
}

// oraclePanicIsDeliberate reports whether a panic of the oracle while
// rendering is a documented oracle bug: a marked (e.g. sensitive) value
// used as an object key panics in its Value; we unmark the key and mark the
// object instead.
func oraclePanicIsDeliberate(p any) bool {
	return strings.Contains(fmt.Sprint(p), "value is marked")
}

// compareOptions are the rendering options for one side, normalising the
// differences that affect only some ranges or the number of diagnostics.
// base is the start position src was parsed at.
func compareOptions(src []byte, base hcl.Pos, isOracle bool) hcltest.Options {
	o := hcltest.Options{
		Bytes:  true,
		Static: true,
		// The oracle's Content emits the diagnostics of flattening an
		// array body twice ("Incorrect JSON value type"); we emit them once.
		DedupeDiags: true,
	}
	// Ranges inside a JSON string that holds an escape: the oracle counts
	// positions in the unescaped text (hcl#598), we map them back to the
	// source exactly. A range is masked when it starts inside such a
	// string and reaches past its first escape.
	if spans := escapedStrings(src); len(spans) > 0 {
		o.Mask = func(r hcl.Range) bool {
			if r.Filename != jsonFile {
				return false
			}
			s, e := r.Start.Byte-base.Byte, r.End.Byte-base.Byte
			for _, sp := range spans {
				if s > sp.start && s < sp.end && e > sp.esc {
					return true
				}
			}
			return false
		}
	}
	// A string holding a grapheme cluster of several runes (a joiner or
	// combining mark right after "{" in "${\u200d"): we count the file's
	// clusters, the oracle hclsyntax's, which restarts at every token, so
	// columns from that cluster to the end of the string may differ (D11).
	if spans := clusterSpans(src); len(spans) > 0 {
		prev := o.Mask
		o.Mask = func(r hcl.Range) bool {
			if prev != nil && prev(r) {
				return true
			}
			if r.Filename != jsonFile {
				return false
			}
			s, e := r.Start.Byte-base.Byte, r.End.Byte-base.Byte
			for _, sp := range spans {
				if s > sp[0] && s <= sp[1] || e > sp[0] && e <= sp[1] {
					return true
				}
			}
			return false
		}
	}
	// Static traversal and call ranges: the oracle parses the string from
	// the position of its opening quote, so every range is one column and
	// one byte early; ours start after the quote, like template ranges.
	if isOracle {
		o.StaticShift = 1
	}
	return o
}

// normalizeNav undoes our quoting of non-identifier property names in
// ContextString (["a.b"] where the oracle writes the ambiguous .a.b), so the
// rest of the path is compared exactly.
func normalizeNav(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, `["`)
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		rest := s[i+1:]
		q, err := strconv.QuotedPrefix(rest)
		if err != nil || !strings.HasPrefix(rest[len(q):], "]") {
			b.WriteString(s[i : i+2])
			s = s[i+2:]
			continue
		}
		name, _ := strconv.Unquote(q)
		if i > 0 || b.Len() > 0 {
			b.WriteString(".")
		}
		b.WriteString(name)
		s = rest[len(q)+1:]
	}
	return b.String()
}

// hugeExponent reports whether a number token of src is out of range at
// the precision cty parses numbers with: it becomes infinite, or zero
// although it has a non-zero digit.
func hugeExponent(src []byte) bool {
	for _, tok := range numberTokens(src) {
		if !strings.ContainsAny(tok, "eE") {
			continue
		}
		f, _, err := big.ParseFloat(tok, 10, 512, big.ToNearestEven)
		if err != nil {
			continue // not a valid JSON number: both reject it
		}
		if f.IsInf() {
			return true
		}
		mant, _, _ := strings.Cut(strings.ToLower(tok), "e")
		if f.Sign() == 0 && strings.ContainsAny(mant, "123456789") {
			return true
		}
	}
	return false
}

// stableSuggestions makes hclsyntax's "Did you mean" for unknown variables
// and functions deterministic. hcl collects the candidates by ranging over
// the EvalContext's maps, so when two names are close enough ("cal": "var"
// and "local") each run may suggest either; both implementations are
// equally affected. Such a suggestion is replaced by the sorted list of
// every close candidate.
func stableSuggestions(text string, ctx *hcl.EvalContext) string {
	if ctx == nil || !strings.Contains(text, "Did you mean") {
		return text
	}
	return suggestionRE.ReplaceAllStringFunc(text, func(m string) string {
		sub := suggestionRE.FindStringSubmatch(m)
		name, err := strconv.Unquote(sub[2])
		if err != nil {
			return m
		}
		var names []string
		if strings.Contains(sub[1], "variable") {
			for k := range ctx.Variables {
				names = append(names, k)
			}
		} else {
			for k := range ctx.Functions {
				names = append(names, k)
			}
		}
		var close []string
		for _, n := range names {
			if levenshtein.Distance(name, n, nil) < 3 {
				close = append(close, strconv.Quote(n))
			}
		}
		if len(close) < 2 {
			return m
		}
		slices.Sort(close)
		return fmt.Sprintf("%s %s. Did you mean one of %s?", sub[1], sub[2], strings.Join(close, ", "))
	})
}

var suggestionRE = regexp.MustCompile(`(There is no variable named|There is no function named) ("(?:[^"\\]|\\.)*")\. Did you mean "(?:[^"\\]|\\.)*"\?`)

// ---------------------------------------------------------------------------
// Small lexical helpers over raw JSON text (no validation).

type strSpan struct{ start, end, esc int }

// escapedStrings returns the string tokens of src that hold a backslash:
// [start, end) including the quotes, and the offset of the first backslash.
func escapedStrings(src []byte) []strSpan {
	var spans []strSpan
	for i := 0; i < len(src); i++ {
		if src[i] != '"' {
			continue
		}
		start, esc := i, -1
		for i++; i < len(src) && src[i] != '"'; i++ {
			if src[i] == '\\' {
				if esc < 0 {
					esc = i
				}
				i++
			}
		}
		if esc >= 0 {
			spans = append(spans, strSpan{start: start, end: min(i+1, len(src)), esc: esc})
		}
	}
	return spans
}

// numberTokens returns the runs of number characters outside strings.
func numberTokens(src []byte) []string {
	var toks []string
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case c == '-' || (c >= '0' && c <= '9'):
			j := i
			for j < len(src) && strings.IndexByte("+-.eE0123456789", src[j]) >= 0 {
				j++
			}
			toks = append(toks, string(src[i:j]))
			i = j - 1
		}
	}
	return toks
}

// loneSurrogate reports whether a string of src has a \u escape of a
// surrogate that is not paired with the escape after it.
func loneSurrogate(src []byte) bool {
	hex := func(i int) (rune, bool) {
		if i+6 > len(src) || src[i] != '\\' || src[i+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(string(src[i+2:i+6]), 16, 16)
		return rune(v), err == nil
	}
	for i := 0; i < len(src); i++ {
		if src[i] != '"' {
			continue
		}
		for i++; i < len(src) && src[i] != '"'; i++ {
			if src[i] != '\\' {
				continue
			}
			r, ok := hex(i)
			switch {
			case !ok:
				i++ // skip the escaped byte
			case utf16.IsSurrogate(r):
				r2, ok2 := hex(i + 6)
				if r >= 0xDC00 || !ok2 || r2 < 0xDC00 || r2 > 0xDFFF {
					return true
				}
				i += 11
			default:
				i += 5
			}
		}
	}
	return false
}

// nestingDepth is the deepest bracket nesting outside strings.
func nestingDepth(src []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
		}
	}
	return deepest
}

// ---------------------------------------------------------------------------
// Rendering one implementation's view of an input.

// fileResult is what parsing src as a file gives one implementation.
type fileResult struct {
	text   string // full rendering
	diags  hcl.Diagnostics
	panicV any    // the oracle's panic, when deliberate
	ourBug string // our panic with its stack: always a failure
}

// catchPanic is deferred by the renderers: an oracle panic that
// oraclePanicIsDeliberate accepts is kept in panicV, any other oracle panic
// propagates, and a panic of ours is kept, with its stack, for the caller
// to report (so that one bad case does not hide the others).
func catchPanic(im impl, res *fileResult) {
	p := recover()
	if p == nil {
		return
	}
	if im.oracle {
		if !oraclePanicIsDeliberate(p) {
			panic(p)
		}
		res.panicV = p
		return
	}
	res.ourBug = fmt.Sprintf("hcljson panicked: %v\n%s", p, debug.Stack())
}

type fileInput struct {
	src    []byte
	schema *hcltest.Schema
	start  *hcl.Pos // ParseWithStartPos when set
	ctx    *hcl.EvalContext
	nav    bool // render ContextString at every offset
}

func (in fileInput) base() hcl.Pos {
	if in.start != nil {
		return *in.start
	}
	return hcl.InitialPos
}

// renderFile parses and renders in with im (see catchPanic for panics).
func renderFile(im impl, in fileInput) (res fileResult) {
	defer catchPanic(im, &res)
	opts := compareOptions(in.src, in.base(), im.oracle)
	var f *hcl.File
	if in.start != nil {
		f, res.diags = im.parseAt(in.src, jsonFile, *in.start)
	} else {
		f, res.diags = im.parse(in.src, jsonFile)
	}
	var b strings.Builder
	b.WriteString("parse diagnostics\n")
	b.WriteString(opts.RenderDiags(res.diags))
	if f == nil {
		b.WriteString("nil file\n")
		res.text = b.String()
		return res
	}
	fmt.Fprintf(&b, "bytes are src: %v\n", sameBytes(f.Bytes, in.src))
	fmt.Fprintf(&b, "IsJSONBody: %v\n", im.isBody(f.Body))
	b.WriteString(opts.RenderBody(f.Body, in.schema, in.ctx))
	if in.nav {
		b.WriteString(renderNav(im, f, len(in.src), in.base()))
	}
	res.text = stableSuggestions(b.String(), in.ctx)
	return res
}

func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// renderNav renders File.Nav's ContextString at every offset from one
// before the input to one after it, one line per run of equal answers.
func renderNav(im impl, f *hcl.File, n int, base hcl.Pos) string {
	nav, ok := f.Nav.(interface{ ContextString(int) string })
	if !ok {
		return fmt.Sprintf("nav %T has no ContextString\n", f.Nav)
	}
	var b strings.Builder
	runStart, prev := -1, ""
	flush := func(end int) {
		fmt.Fprintf(&b, "nav %d-%d %q\n", runStart, end, prev)
	}
	for off := -1; off <= n+1; off++ {
		s := nav.ContextString(base.Byte + off)
		if !im.oracle {
			s = normalizeNav(s)
		}
		if off == -1 {
			runStart, prev = off, s
			continue
		}
		if s != prev {
			flush(off - 1)
			runStart, prev = off, s
		}
	}
	flush(n + 1)
	return b.String()
}

// renderExprInput parses src as an expression with im and renders it.
func renderExprInput(im impl, src []byte, start *hcl.Pos, ctx *hcl.EvalContext) (res fileResult) {
	defer catchPanic(im, &res)
	base := hcl.InitialPos
	var e hcl.Expression
	if start != nil {
		base = *start
		e, res.diags = im.parseExprAt(src, jsonFile, base)
	} else {
		e, res.diags = im.parseExpr(src, jsonFile)
	}
	opts := compareOptions(src, base, im.oracle)
	var b strings.Builder
	b.WriteString("parse diagnostics\n")
	b.WriteString(opts.RenderDiags(res.diags))
	if e == nil {
		b.WriteString("nil expression\n")
	} else {
		fmt.Fprintf(&b, "IsJSONExpression: %v\n", im.isExpr(e))
		b.WriteString(opts.RenderExpr(e, ctx))
	}
	res.text = stableSuggestions(b.String(), ctx)
	return res
}

// checkSubjects fails t unless every error in diags has a Subject whose
// byte offsets lie within the input (parsed at base, n bytes long).
func checkSubjects(t testing.TB, diags hcl.Diagnostics, base hcl.Pos, n int) {
	t.Helper()
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		if d.Subject == nil {
			t.Errorf("error without Subject: %s: %s", d.Summary, d.Detail)
			continue
		}
		s, e := d.Subject.Start.Byte-base.Byte, d.Subject.End.Byte-base.Byte
		if s < 0 || s > e || e > n {
			t.Errorf("Subject %s (bytes %d-%d) outside the input [0, %d]: %s: %s", d.Subject, s, e, n, d.Summary, d.Detail)
		}
	}
}

// textDiff describes how got (ours) differs from want (the oracle's),
// showing the first differing line with some context.
func textDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	i := 0
	for i < len(g) && i < len(w) && g[i] == w[i] {
		i++
	}
	var b strings.Builder
	from := max(0, i-6)
	fmt.Fprintf(&b, "first difference at line %d\n", i+1)
	for k := from; k < i; k++ {
		fmt.Fprintf(&b, "    %s\n", g[k])
	}
	for k := i; k < min(i+4, len(g)); k++ {
		fmt.Fprintf(&b, "ours   %s\n", g[k])
	}
	for k := i; k < min(i+4, len(w)); k++ {
		fmt.Fprintf(&b, "oracle %s\n", w[k])
	}
	return b.String()
}

// compareFile runs both implementations on in and applies
// deliberateDifference. It returns our rendering.
func compareFile(t testing.TB, in fileInput) string {
	t.Helper()
	got := renderFile(ours, in)
	if got.ourBug != "" {
		t.Errorf("src: %q\n%s", in.src, got.ourBug)
		return ""
	}
	checkSubjects(t, got.diags, in.base(), len(in.src))
	// Some differences show in the source alone; the oracle is not run
	// on those inputs (it may not survive deep nesting).
	lvl, why, mustReject := deliberateDifference(in.src, nil, false)
	var want fileResult
	if lvl != compareOurs {
		want = renderFile(oracle, in)
		lvl, why, mustReject = deliberateDifference(in.src, want.diags, false)
	}
	switch {
	case lvl == compareOurs:
		if mustReject && !got.diags.HasErrors() {
			t.Errorf("%s: hcljson accepts the input, want an error\nsrc: %q", why, in.src)
		}
		if !mustReject && got.diags.HasErrors() {
			t.Errorf("%s: hcljson rejects the input, want no error\nsrc: %q\n%s", why, in.src, hcltest.RenderDiags(got.diags))
		}
	case got.diags.HasErrors() != want.diags.HasErrors():
		t.Errorf("accept/reject differs: hcljson errors=%v, oracle errors=%v\nsrc: %q\n--- hcljson\n%s--- oracle\n%s",
			got.diags.HasErrors(), want.diags.HasErrors(), in.src, hcltest.RenderDiags(got.diags), hcltest.RenderDiags(want.diags))
	case lvl == compareAcceptance:
	case want.panicV != nil:
		// Marked object key: the oracle panicked; ours rendered.
	case maskDetailRanges(in.src, got.text) != maskDetailRanges(in.src, want.text):
		t.Errorf("rendering differs\nsrc: %q\nschema:\n%s%s", in.src, in.schema, textDiff(got.text, want.text))
	}
	return got.text
}

var detailRange = regexp.MustCompile(regexp.QuoteMeta(jsonFile) + `:\d+,\d+-\d+(,\d+)?`)

// maskDetailRanges hides the ranges that diagnostic details print (such
// as "The for directive at t.json:1,6-18 ...") when src has strings whose
// inner ranges legitimately differ (escapes, multi-rune clusters: D11),
// as compareOptions masks Subjects and Contexts.
func maskDetailRanges(src []byte, text string) string {
	if len(escapedStrings(src)) == 0 && len(clusterSpans(src)) == 0 {
		return text
	}
	return detailRange.ReplaceAllString(text, jsonFile+":~")
}

// compareExpr is compareFile for ParseExpression.
func compareExpr(t testing.TB, src []byte, start *hcl.Pos, ctx *hcl.EvalContext) string {
	t.Helper()
	base := hcl.InitialPos
	if start != nil {
		base = *start
	}
	got := renderExprInput(ours, src, start, ctx)
	if got.ourBug != "" {
		t.Errorf("src: %q\n%s", src, got.ourBug)
		return ""
	}
	checkSubjects(t, got.diags, base, len(src))
	lvl, why, mustReject := deliberateDifference(src, nil, true)
	var want fileResult
	if lvl != compareOurs {
		want = renderExprInput(oracle, src, start, ctx)
		lvl, why, mustReject = deliberateDifference(src, want.diags, true)
	}
	if lvl == compareOurs && mustReject && !got.diags.HasErrors() {
		t.Errorf("%s: hcljson accepts the expression, want an error\nsrc: %q", why, src)
	}
	switch {
	case lvl == compareOurs:
	case got.diags.HasErrors() != want.diags.HasErrors():
		t.Errorf("accept/reject differs: hcljson errors=%v, oracle errors=%v\nsrc: %q\n--- hcljson\n%s--- oracle\n%s",
			got.diags.HasErrors(), want.diags.HasErrors(), src, hcltest.RenderDiags(got.diags), hcltest.RenderDiags(want.diags))
	case lvl == compareAcceptance, want.panicV != nil:
	case maskDetailRanges(src, got.text) != maskDetailRanges(src, want.text):
		t.Errorf("rendering differs\nsrc: %q\n%s", src, textDiff(got.text, want.text))
	}
	return got.text
}

// ---------------------------------------------------------------------------
// Hand-written cases.

type diffCase struct {
	name   string
	src    string
	schema string   // hcltest schema; "" is an empty Content schema
	expr   bool     // ParseExpression instead of Parse
	start  *hcl.Pos // ParseWithStartPos / ParseExpressionWithStartPos
	// want, when set, is a substring our rendering must contain: a check
	// that the case exercises what its name says, beyond agreeing.
	want string
}

const (
	schemaResource = `
block resource type name {
  attr ami
  attr! count
  block lifecycle {
    attr ignore_changes
  }
}
block variable name {
  attr type
  attr default
}
block locals {
  attrs
}
attr terraform
`
	schemaOneBlock = "block b {\n  attr x\n  attr y\n}\nattr a\n"
	schemaLabels   = "block b l1 l2 {\n  attr x\n}\n"
	schemaAny      = "attrs\n"
)

var diffCases = []diffCase{
	// §2.5 bodies: objects and arrays of objects.
	{name: "empty object", src: `{}`, schema: "attr a\nattr! r", want: "Missing required argument"},
	{name: "empty array root", src: `[]`, schema: "attr! r"},
	{name: "array root", src: `[{"a": 1}, {"b": 2}, {}]`, schema: "attr a\nattr b"},
	{name: "array root non-object elements", src: `[{"a": 1}, 2, null, [], "x"]`, schema: "attr a", want: "Incorrect JSON value type"},
	{name: "array root nested array", src: `[[{"a": 1}]]`, schema: "attr a"},
	{name: "array root attrs mode", src: `[{"a": 1}]`, schema: schemaAny, want: "A JSON object is required here, setting the arguments"},
	{name: "array root partial", src: `[{"a": 1, "z": 2}, {"q": 3}]`, schema: "partial\nattr a"},
	{name: "object attrs mode", src: `{"b": true, "a": [1, {"x": null}], "//": "c", "//": 1}`, schema: schemaAny},
	{name: "root string", src: `"x"`, schema: schemaAny},
	{name: "root null", src: `null`},

	// §2.6 Content, PartialContent, JustAttributes.
	{name: "duplicate attribute", src: `{"a": 1, "a": 2}`, schema: "attr a", want: "Duplicate argument"},
	{name: "duplicate attribute attrs mode", src: `{"a": 1, "a": 2}`, schema: schemaAny, want: "Duplicate attribute definition"},
	{name: "duplicate across array body", src: `[{"a": 1}, {"a": 2}]`, schema: "attr a"},
	{name: "duplicate in partial remain", src: `{"a": 1, "z": 1, "z": 2}`, schema: "partial\nattr a"},
	{name: "attribute wins over block", src: `{"a": {"x": 1}}`, schema: "attr a\nblock a {\n attr x\n}"},
	{name: "extraneous did you mean", src: `{"amu": 1, "cont": 2, "zzzzzz": 3}`, schema: "attr ami\nblock count"},
	{name: "suggest unused attribute only", src: `{"ami": 1, "amx": 2}`, schema: "attr ami\nattr amy"},
	{name: "missing required in array body", src: `[{"a": 1}]`, schema: "attr! r"},
	{name: "partial hides matched names", src: `{"a": 1, "b": {}, "c": 3, "//": 0}`, schema: "partial\nattr a\nblock b"},
	{name: "schema names //", src: `{"//": "note", "a": 1}`, schema: "attr //\nattr a"},

	// §2.7 blocks and labels.
	{name: "terraform resource", src: `{
  "resource": {
    "aws_instance": {
      "web": {"ami": "ami-1", "count": 2, "lifecycle": {"ignore_changes": ["tags"]}},
      "db": [{"ami": "ami-2", "count": 1}, {"count": 3}]
    }
  },
  "variable": {"region": {"type": "string", "default": "eu"}},
  "locals": {"a": "${var.foo}", "b": 2},
  "terraform": {"required_version": ">= 1.0"}
}`, schema: schemaResource},
	{name: "labels as arrays at each level", src: `{"resource": [{"t1": [{"n1": [{"count": 1}, {"count": 2}]}, {"n2": {"count": 3}}]}, {"t2": {"n3": []}}]}`, schema: schemaResource},
	{name: "block body null", src: `{"b": null}`, schema: schemaOneBlock},
	{name: "block body empty array", src: `{"b": []}`, schema: schemaOneBlock},
	{name: "block body empty object", src: `{"b": {}}`, schema: schemaOneBlock},
	{name: "block body array", src: `{"b": [{"x": 1}, {"y": 2}]}`, schema: schemaOneBlock},
	{name: "block body array with null and arrays", src: `{"b": [null, [{"x": 1}], {"x": 2}, 3]}`, schema: schemaOneBlock, want: "Incorrect JSON value type"},
	{name: "block body null element attrs mode", src: `{"b": [null, {"x": 1}]}`, schema: "block b {\n attrs\n}"},
	{name: "block body scalar", src: `{"b": "x", "a": 1}`, schema: schemaOneBlock, want: `representing the contents of one or more "b" blocks`},
	{name: "repeated block properties merge", src: `{"b": {"x": 1}, "a": 0, "b": [{"x": 2}], "b": {"y": 3}}`, schema: schemaOneBlock},
	{name: "label level empty object", src: `{"b": {}}`, schema: schemaLabels, want: "Missing block label"},
	{name: "label level empty array", src: `{"b": []}`, schema: schemaLabels},
	{name: "label level null", src: `{"b": null}`, schema: schemaLabels},
	{name: "second label level null", src: `{"b": {"p": null, "q": {}, "r": []}}`, schema: schemaLabels},
	{name: "label level string", src: `{"b": "x"}`, schema: schemaLabels},
	{name: "label level number under label", src: `{"b": {"p": 1}}`, schema: schemaLabels},
	{name: "label level array non-object", src: `{"b": [{"p": {"q": {}}}, 1, null]}`, schema: schemaLabels},
	{name: "label slash-slash object", src: `{"b": {"//": {"q": {"x": 1}}}}`, schema: schemaLabels, want: `block "b" "//" "q"`},
	{name: "label slash-slash string", src: `{"b": {"//": "comment", "p": {"q": {}}}}`, schema: schemaLabels},
	{name: "odd labels", src: `{"b": {"": {" ": {}}, "π": {"a.b": {}}, "👩‍👩‍👧": {"e\u0301": {}}}}`, schema: schemaLabels},
	{name: "same label path twice", src: `{"b": {"p": {"q": {"x": 1}}}, "b": {"p": {"q": {"x": 2}}}}`, schema: schemaLabels},
	{name: "three labels", src: `{"t": {"a": {"b": {"c": {"v": 1}}}}}`, schema: "block t x y z {\n attr v\n}"},
	{name: "nested blocks partial", src: `{"b": {"x": 1, "inner": {"k": 2}, "extra": 3}}`, schema: "block b {\n partial\n attr x\n block inner {\n  attrs\n }\n}"},
	{name: "block body extraneous", src: `{"b": {"x": 1, "zz": 2}}`, schema: schemaOneBlock},
	{name: "block missing item range array", src: `{"b": [{"y": 1}]}`, schema: "block b {\n attr! x\n}"},

	// §2.8 "//" in bodies.
	{name: "comments in bodies", src: `{"//": "top", "a": 1, "//": {"x": 1}, "b": {"//": [], "x": 2}}`, schema: schemaOneBlock},
	{name: "comments in array body", src: `[{"//": 1}, {"a": 2, "//": 3}]`, schema: "attr a"},
	{name: "comment key in expression", src: `{"a": {"//": "kept", "k": "${var.foo}"}}`, schema: "attr a"},

	// §2.9 expressions: templates and unwrapping.
	{name: "templates", src: `{
  "plain": "text",
  "interp": "x-${var.foo}-y",
  "unwrap_num": "${var.n}",
  "unwrap_bool": "${true}",
  "unwrap_list": "${var.list}",
  "unwrap_tuple": "${[1, \"a\"]}",
  "spaces": " ${var.n} ",
  "call": "${upper(var.foo)}",
  "len": "${length(var.list)}",
  "enc": "${jsonencode({a = var.n})}",
  "secret": "${var.secret}",
  "unknown": "${local.unknown}-x",
  "dyn": "${local.any}",
  "idx": "${var.list[0]}",
  "count": "${count.index}",
  "cond": "${var.n == 1 ? \"one\" : \"other\"}",
  "for": "${[for s in var.list : upper(s)]}",
  "splat": "${local.obj.*.a}",
  "heredoc": "${<<EOT\nhi\nEOT\n}"
}`, schema: schemaAny},
	{name: "template directives", src: `{"if": "%{ if var.n == 1 }yes%{ else }no%{ endif }", "for": "%{ for x in var.list }${x};%{ endfor }", "strip": "a %{~ if true ~} b %{~ endif ~} c"}`, schema: schemaAny},
	{name: "template escapes", src: `{"a": "$${var.foo}", "b": "%%{ if }", "c": "$$${var.foo}", "d": "$", "e": "%", "f": "${\"$${x}\"}"}`, schema: schemaAny},
	{name: "template errors", src: `{"open": "${", "bad": "${1 +}", "unclosed": "%{ if true }x", "endif": "%{ endif }", "after": "ok"}`, schema: schemaAny},
	{name: "evaluation errors", src: `{"novar": "${nosuch}", "noattr": "${var.nope}", "nofunc": "${nofunc(1)}", "badarg": "${upper(1, 2)}", "idx": "${var.list[5]}", "null": "${local.null}x"}`, schema: schemaAny},
	{name: "unknowns", src: `{"a": "${local.unknown}", "b": "pre-${local.unknown}", "c": ["${local.any}"], "d": {"k": "${local.unknown}"}}`, schema: schemaAny},

	// §2.9 object keys.
	{name: "template object keys", src: `{"o": {"${var.foo}": 1, "lit": 2, "${var.n}": 3, "${upper(\"k\")}": 4}}`, schema: schemaAny},
	{name: "null object key", src: `{"o": {"${local.null}": 1, "b": 2}}`, schema: schemaAny, want: "Cannot use null value as an object key."},
	{name: "unknown object key", src: `{"o": {"${local.unknown}": 1, "b": "${nosuch}"}}`, schema: schemaAny},
	{name: "list object key", src: `{"o": {"${var.list}": 1, "k": 2}}`, schema: schemaAny, want: "Invalid object key expression"},
	{name: "duplicate literal keys", src: `{"o": {"a": 1, "a": 2, "b": {"c": 1, "c": 2}}}`, schema: schemaAny, want: "Duplicate object attribute"},
	{name: "duplicate keys after evaluation", src: `{"o": {"foo": 1, "${var.foo}": 2, "${\"foo\"}": 3}}`, schema: schemaAny},
	{name: "key template error", src: `{"o": {"${": 1, "ok": 2}}`, schema: schemaAny},

	// §2.9 numbers and literals.
	{name: "numbers", src: `{"a": 0.1, "b": 1e400, "c": -0, "d": 9007199254740993, "e": 123456789012345678901234567890123, "f": 1.5e-7, "g": 1E+2, "h": -1.25, "i": 0, "j": 1e-400, "k": 0e99999999, "l": 12.50}`, schema: schemaAny},
	{name: "literals", src: `{"t": true, "f": false, "n": null, "e": [], "o": {}, "nest": [[[]], [{}], {"a": [null]}]}`, schema: schemaAny},

	// Unicode and grapheme columns, tabs and CRLF.
	{name: "unicode columns", src: "{\"föo\": \"föo ${var.foo}\", \"e\u0301\u0301\": \"e\u0301${var.n}\", \"👩‍👩‍👧\": \"👩‍👩‍👧 ${var.foo}\", \"🇫🇷\": [\"🇫🇷\", \"${var.n}\"]}", schema: schemaAny},
	{name: "unicode before blocks", src: "{\"ü\": 1, \"b\": {\"👍🏽\": {\"日本\": {\"x\": \"日本${var.foo}\"}}}}", schema: "attr ü\n" + schemaLabels},
	{name: "tabs and CRLF", src: "{\r\n\t\"a\":\t\"${var.foo}\",\r\n\t\"b\" :\r\n\t\t{\"x\": 1}\r\n}\r\n", schema: schemaOneBlock},
	{name: "CR alone", src: "{\"a\": 1,\r\"b\": {\r\"x\":\r2}}", schema: schemaOneBlock},
	{name: "tabs inside strings are invalid", src: "{\"a\": \"x\ty\"}", schema: schemaAny},

	// Escapes inside strings: exact ranges on our side (masked here).
	{name: "escapes in templates", src: `{"a": "line\n${var.foo}", "b": "\"${var.n}\"", "c": "\u00e9${nosuch}", "d": "${var.foo}\n", "e": "\\${var.foo}", "f": "\t${"}`, schema: schemaAny},
	{name: "escapes in keys and labels", src: `{"b": {"l\"1": {"l\n2": {"x": "${var.foo}"}}}, "a\u0062": 1}`, schema: "attr ab\n" + schemaLabels},
	{name: "escaped key template", src: `{"o": {"\u0024{var.foo}": 1, "a\n${var.n}": 2}}`, schema: schemaAny},
	{name: "surrogate pair escape", src: `{"a": "\ud83d\ude00 ${var.foo}"}`, schema: schemaAny},

	// §2.11 static analysis (rendered for every attribute).
	{name: "static traversals", src: `{
  "t1": "foo.bar[0]",
  "t2": " foo ",
  "t3": "foo # c",
  "t4": "a.b[\"k\"]",
  "t5": "foo\t",
  "t6": "${foo}",
  "t7": "a[*].b",
  "t8": "each.key",
  "t9": "aws.west",
  "t10": "",
  "t11": 1,
  "t12": "a.0.b"
}`, schema: schemaAny},
	{name: "static calls", src: `{"c1": "list(string)", "c2": "provider::aws::f(1, var.foo)", "c3": " map( string ) ", "c4": "object({a=string,b=optional(number,1)})", "c5": "f(", "c6": "f(\"x\")", "c7": ["list(string)"]}`, schema: schemaAny},
	{name: "static lists and maps", src: `{"l": [1, "a", [2], {"k": "${var.foo}"}], "e": [], "m": {"a": "b", "${var.foo}": 1, "//": 2}, "s": "${[1]}"}`, schema: schemaAny},

	// ParseWithStartPos.
	{name: "start pos", src: `{"a": "${var.foo}", "b": {"x": 1}}`, schema: schemaOneBlock, start: &hcl.Pos{Line: 3, Column: 7, Byte: 40}},
	{name: "start pos multiline", src: "{\n  \"a\": \"${nosuch}\",\n  \"b\": [{\"x\": \"p.q\"}]\n}", schema: schemaOneBlock, start: &hcl.Pos{Line: 10, Column: 3, Byte: 100}},
	{name: "start pos non-ASCII before template", src: `{"a": "é${var.foo}", "b": "👩‍👩‍👧 ${nosuch}"}`, schema: schemaAny, start: &hcl.Pos{Line: 1, Column: 1, Byte: 10}},
	{name: "start pos escapes", src: `{"a": "\n${var.foo}", "z": 1}`, schema: "attr a", start: &hcl.Pos{Line: 2, Column: 2, Byte: 5}},

	// ParseExpression.
	{name: "expr number", src: `1.5`, expr: true},
	{name: "expr string", src: `"${var.foo}-${var.n}"`, expr: true},
	{name: "expr traversal", src: ` "aws_instance.web" `, expr: true},
	{name: "expr call", src: `"list(string)"`, expr: true},
	{name: "expr object", src: `{"a": [1, "${var.n}"], "${var.foo}": null}`, expr: true},
	{name: "expr array", src: `[1, "two", {"three": 3}, [], null]`, expr: true},
	{name: "expr null", src: `null`, expr: true},
	{name: "expr start pos", src: `"${var.foo}"`, expr: true, start: &hcl.Pos{Line: 2, Column: 10, Byte: 20}},
	{name: "expr trailing data", src: `1 2`, expr: true},
	{name: "expr empty", src: ``, expr: true},
	{name: "expr keyword", src: `invalid`, expr: true},

	// Invalid documents (§2.3): accept/reject must agree.
	{name: "invalid empty", src: ``},
	{name: "invalid whitespace", src: " \n\t "},
	{name: "invalid trailing data", src: `{} x`},
	{name: "invalid trailing comma object", src: `{"a": 1,}`},
	{name: "invalid trailing comma array", src: `[{},]`},
	{name: "invalid nested trailing comma", src: `{"resource": {"a": {"b": {"x": 1,}}}, "other": 1}`},
	{name: "invalid missing value", src: `{"a": }`},
	{name: "invalid missing colon", src: `{"a" 1}`},
	{name: "invalid equals", src: `{"a" = 1}`},
	{name: "invalid key", src: `{a: 1}`},
	{name: "invalid mismatched braces", src: `{"a": [1}`},
	{name: "invalid unclosed", src: `{"a": {"b": 1}`},
	{name: "invalid unclosed array", src: `[{"a": 1}`},
	{name: "invalid number", src: `{"a": 01, "b": +1, "c": .5, "d": 1., "e": 1e}`},
	{name: "invalid keyword", src: `{"a": True, "b": undefined, "c": NaN}`},
	{name: "invalid escape", src: `{"a": "\q"}`},
	{name: "invalid control char", src: "{\"a\": \"x\ny\"}"},
	{name: "invalid comment", src: `// c
{}`},
	{name: "invalid hash comment", src: `{"a": 1} # c`},
	{name: "invalid single quotes", src: `{'a': 1}`},
	{name: "invalid utf8", src: "{\"a\": \"\xff\"}"},
	{name: "invalid lone surrogate", src: `{"a": "\ud800"}`},
	{name: "issue 339 unterminated key", src: "{\n  \"http_proxy_url: \"http://xxxxxx\",\n}"},
	{name: "issue 339 comma and comment", src: "{\"a\": 1, # comment\n}"},
	{name: "issue 339 truncated", src: `{"a`},
	{name: "invalid colon in array", src: `[{"a": 1}: 2]`},
	{name: "invalid missing comma", src: `{"a": 1 "b": 2}`},

	// Deliberate differences: only our verdict is checked.
	{name: "bom", src: "\uFEFF{\"a\": 1}", schema: "attr a"},
	{name: "huge exponent", src: `{"a": 1e1000000000}`, schema: "attr a"},
	{name: "tiny exponent", src: `{"a": 1e-1000000000}`, schema: "attr a"},
	{name: "marked key", src: `{"a": {"${var.secret}": 1}}`, schema: "attr a"},
}

// dumpRenderings logs our rendering of every hand-written case, for review:
// HCLJSON_DUMP=1 go test -run TestOracleCases -v ./hcljson
var dumpRenderings = os.Getenv("HCLJSON_DUMP") != ""

func TestOracleCases(t *testing.T) {
	if len(diffCases) < 60 {
		t.Fatalf("only %d cases", len(diffCases))
	}
	ctx := hcltest.EvalContext()
	for _, c := range diffCases {
		t.Run(c.name, func(t *testing.T) {
			var got string
			if c.expr {
				got = compareExpr(t, []byte(c.src), c.start, ctx)
			} else {
				s, err := hcltest.ParseSchema(c.schema)
				if err != nil {
					t.Fatal(err)
				}
				got = compareFile(t, fileInput{src: []byte(c.src), schema: s, start: c.start, ctx: ctx, nav: true})
			}
			if dumpRenderings {
				t.Logf("src: %q\n%s", c.src, got)
			}
			if c.want != "" && !strings.Contains(got, c.want) {
				t.Errorf("rendering does not contain %q:\n%s", c.want, got)
			}
		})
	}
}

// TestOracleNavigation compares ContextString at every offset of documents
// with deep paths, arrays of objects and odd property names.
func TestOracleNavigation(t *testing.T) {
	docs := []string{
		`{"resource": {"aws_instance": {"web": [{"tags": {"Name": "x"}}, {"lifecycle": {"ignore_changes": ["a"]}}]}}}`,
		`[{"a": [[{"b": {}}]]}, {"c": [1, {"d": [2]}]}]`,
		`{"a.b": {"c d": {"": {"π": [{}]}}}, "//": {"x": []}}`,
		"{\n\t\"a\": {\r\n  \"b\": [ {\"c\": 1} ]\n }\n}",
		`{"x": "not a container", "y": 1, "z": {"w": null}}`,
		`{}`,
		`[]`,
	}
	for i, d := range docs {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			compareFile(t, fileInput{src: []byte(d), schema: &hcltest.Schema{Mode: hcltest.Attrs}, nav: true})
			compareFile(t, fileInput{src: []byte(d), schema: &hcltest.Schema{Mode: hcltest.Attrs}, nav: true, start: &hcl.Pos{Line: 4, Column: 9, Byte: 33}})
		})
	}
}

// TestNormalizeNav pins the normalisation of our quoted path steps.
func TestNormalizeNav(t *testing.T) {
	for in, want := range map[string]string{
		``:                       ``,
		`a.b[0]`:                 `a.b[0]`,
		`["a.b"].c`:              `a.b.c`,
		`x["c d"][2]["é"]`:       `x.c d[2].é`,
		`[0]["a"]`:               `[0].a`,
		`a["say \"hi\""]`:        `a.say "hi"`,
		`a["unterminated`:        `a["unterminated`,
		`["weird]"]["x"].y["z"]`: `weird].x.y.z`,
	} {
		if got := normalizeNav(in); got != want {
			t.Errorf("normalizeNav(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStableSuggestions pins the normalisation of ambiguous suggestions.
func TestStableSuggestions(t *testing.T) {
	ctx := hcltest.EvalContext()
	for in, want := range map[string]string{
		`x: error: Unknown variable; There is no variable named "cal". Did you mean "var"? (expr x)`:   `x: error: Unknown variable; There is no variable named "cal". Did you mean one of "local", "var"? (expr x)`,
		`x: error: Unknown variable; There is no variable named "cal". Did you mean "local"? (expr x)`: `x: error: Unknown variable; There is no variable named "cal". Did you mean one of "local", "var"? (expr x)`,
		`There is no variable named "vaa". Did you mean "var"?`:                                        `There is no variable named "vaa". Did you mean "var"?`,
		`There is no function named "uper". Did you mean "upper"?`:                                     `There is no function named "uper". Did you mean "upper"?`,
		`There is no variable named "no". Did you mean "x"?`:                                           `There is no variable named "no". Did you mean "x"?`,
	} {
		if got := stableSuggestions(in, ctx); got != want {
			t.Errorf("stableSuggestions(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

// TestOracleIsJSON checks IsJSONBody and IsJSONExpression on what each
// implementation hands out, and on wrappers of it.
func TestOracleIsJSON(t *testing.T) {
	src := []byte(`{"a": 1, "b": {"x": 2}}`)
	render := func(im impl) string {
		var b strings.Builder
		f, _ := im.parse(src, jsonFile)
		_, remain, _ := f.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "a"}}})
		content, _, _ := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "b"}}})
		attrs, _ := f.Body.JustAttributes()
		e, _ := im.parseExpr([]byte(`"x"`), jsonFile)
		native, _ := hclsyntax.ParseConfig([]byte("a = 1\n"), "n.hcl", hcl.InitialPos)
		nativeExpr, _ := hclsyntax.ParseExpression([]byte("1"), "n.hcl", hcl.InitialPos)
		fmt.Fprintf(&b, "file body %v\n", im.isBody(f.Body))
		fmt.Fprintf(&b, "remain %v\n", im.isBody(remain))
		fmt.Fprintf(&b, "block body %v\n", im.isBody(content.Blocks[0].Body))
		fmt.Fprintf(&b, "merged %v\n", im.isBody(hcl.MergeBodies([]hcl.Body{f.Body})))
		fmt.Fprintf(&b, "native body %v\n", im.isBody(native.Body))
		fmt.Fprintf(&b, "expression %v\n", im.isExpr(e))
		fmt.Fprintf(&b, "attribute %v\n", im.isExpr(attrs["a"].Expr))
		fmt.Fprintf(&b, "native expression %v\n", im.isExpr(nativeExpr))
		list, _ := hcl.ExprMap(attrs["b"].Expr)
		fmt.Fprintf(&b, "map key %v value %v\n", im.isExpr(list[0].Key), im.isExpr(list[0].Value))
		return b.String()
	}
	got, want := render(ours), render(oracle)
	if got != want {
		t.Errorf("differs:\n%s", textDiff(got, want))
	}
	if !strings.Contains(got, "file body true\nremain true\nblock body true\nmerged false\nnative body false\nexpression true\nattribute true\nnative expression false\nmap key true value true\n") {
		t.Errorf("unexpected answers:\n%s", got)
	}
}

// TestOracleParseFile compares ParseFile on a file, a missing file and a
// directory.
func TestOracleParseFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tf.json")
	if err := os.WriteFile(good, []byte(`{"a": "${var.foo}", "b": [1]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := hcltest.EvalContext()
	render := func(im impl, name string) string {
		f, diags := im.parseFile(name)
		// The file name is part of every range; make it stable.
		text := hcltest.RenderDiags(diags)
		if f != nil {
			text += fmt.Sprintf("bytes %q\n", f.Bytes)
			text += hcltest.Options{Bytes: true, Static: true}.RenderBody(f.Body, &hcltest.Schema{Mode: hcltest.Attrs}, ctx)
		} else {
			text += "nil file\n"
		}
		return strings.ReplaceAll(text, dir, "DIR")
	}
	// File errors: the oracle gives no Subject, ours is the empty range at
	// the file's start (D16).
	withSubject := func(text, name string) string {
		return strings.Replace(text, "-: error: Failed to", strings.ReplaceAll(name, dir, "DIR")+":1,1-1: error: Failed to", 1)
	}
	for _, name := range []string{good, filepath.Join(dir, "missing.json")} {
		got, want := render(ours, name), withSubject(render(oracle, name), name)
		if got != want {
			t.Errorf("ParseFile(%s) differs:\n%s", filepath.Base(name), textDiff(got, want))
		}
	}
	// A directory opens but cannot be read. The oracle's detail says
	// "occured" (hcl#792); ours is spelled correctly: compare the rest.
	got, want := render(ours, dir), withSubject(render(oracle, dir), dir)
	want = strings.Replace(want, "occured", "occurred", 1)
	if got != want {
		t.Errorf("ParseFile(dir) differs:\n%s", textDiff(got, want))
	}
	if !strings.Contains(got, "Failed to read file") {
		t.Errorf("ParseFile(dir):\n%s", got)
	}
}

// TestOracleGohcl decodes the same documents into a struct with gohcl.
func TestOracleGohcl(t *testing.T) {
	type thing struct {
		Kind  string         `hcl:"kind,label"`
		Name  string         `hcl:"name,label"`
		Value cty.Value      `hcl:"value,optional"`
		Expr  hcl.Expression `hcl:"expr,optional"`
		Tags  []string       `hcl:"tags,optional"`
	}
	type root struct {
		Name   string            `hcl:"name"`
		Count  *int              `hcl:"count,optional"`
		Labels map[string]string `hcl:"labels,optional"`
		Things []thing           `hcl:"thing,block"`
		Remain hcl.Body          `hcl:",remain"`
	}
	docs := []string{
		`{"name": "n", "count": 3, "labels": {"a": "b", "${var.foo}": "${var.n}"}, "thing": {"k": {"one": {"value": "${var.list}", "expr": "${var.n + 1}", "tags": ["x", "${var.foo}"]}, "j": [{"two": {}}, {"three": [{"value": 1}, {"value": true}]}]}}, "extra": "${local.name}", "//": "c"}`,
		`[{"name": "a"}, {"count": "7"}, {"thing": {"k": {"n": {"tags": "notalist"}}}}]`,
		`{"count": "x", "thing": {"k": "bad"}, "labels": [1]}`,
		`{"name": "${nosuch}", "name": "dup", "thing": {"k": {"n": {"value": "${", "zz": 1}}}}`,
	}
	ctx := hcltest.EvalContext()
	render := func(im impl, src []byte) string {
		opts := compareOptions(src, hcl.InitialPos, im.oracle)
		f, diags := im.parse(src, jsonFile)
		var r root
		decDiags := gohcl.DecodeBody(f.Body, ctx, &r)
		var b strings.Builder
		fmt.Fprintf(&b, "name %q\n", r.Name)
		if r.Count != nil {
			fmt.Fprintf(&b, "count %d\n", *r.Count)
		}
		keys := make([]string, 0, len(r.Labels))
		for k := range r.Labels {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "label %q = %q\n", k, r.Labels[k])
		}
		for _, th := range r.Things {
			fmt.Fprintf(&b, "thing %q %q value %s tags %q\n", th.Kind, th.Name, hcltest.RenderValue(th.Value), th.Tags)
			if th.Expr != nil {
				fmt.Fprintf(&b, "  expr %s\n", opts.RenderRange(th.Expr.Range()))
			}
		}
		if r.Remain != nil {
			b.WriteString("remain\n")
			b.WriteString(opts.RenderBody(r.Remain, &hcltest.Schema{Mode: hcltest.Attrs}, ctx))
		}
		b.WriteString("diagnostics\n")
		b.WriteString(opts.RenderDiags(diags))
		// gohcl decodes the attributes in map order: sort its diagnostics.
		lines := strings.SplitAfter(opts.RenderDiags(decDiags), "\n")
		slices.Sort(lines)
		b.WriteString(strings.Join(lines, ""))
		return b.String()
	}
	for i, d := range docs {
		got, want := render(ours, []byte(d)), render(oracle, []byte(d))
		if got != want {
			t.Errorf("doc %d differs:\n%s", i, textDiff(got, want))
		}
	}
}

// TestOracleHcldec decodes the same documents with an hcldec spec.
func TestOracleHcldec(t *testing.T) {
	spec := hcldec.ObjectSpec{
		"name": &hcldec.AttrSpec{Name: "name", Type: cty.String, Required: true},
		"n":    &hcldec.AttrSpec{Name: "n", Type: cty.Number},
		"tags": &hcldec.AttrSpec{Name: "tags", Type: cty.Map(cty.String)},
		"any":  &hcldec.AttrSpec{Name: "any", Type: cty.DynamicPseudoType},
		"things": &hcldec.BlockMapSpec{TypeName: "thing", LabelNames: []string{"key"},
			Nested: hcldec.ObjectSpec{"v": &hcldec.AttrSpec{Name: "v", Type: cty.String}}},
		"items": &hcldec.BlockListSpec{TypeName: "item",
			Nested: hcldec.ObjectSpec{"x": &hcldec.AttrSpec{Name: "x", Type: cty.List(cty.Number)}}},
		"one": &hcldec.BlockSpec{TypeName: "one",
			Nested: &hcldec.BlockAttrsSpec{TypeName: "kv", ElementType: cty.String}},
		"def": &hcldec.DefaultSpec{Primary: &hcldec.AttrSpec{Name: "d", Type: cty.String},
			Default: &hcldec.LiteralSpec{Value: cty.StringVal("default")}},
	}
	docs := []string{
		`{"name": "${upper(var.foo)}", "n": "${var.n + 1}", "tags": {"a": "${var.foo}", "b": 1}, "any": ["${var.list}", {"k": "${local.unknown}"}], "thing": {"k1": {"v": "x"}, "k2": [{"v": "${var.secret}"}]}, "item": [{"x": [1, "2"]}, {"x": "${var.list}"}], "one": {"kv": {"p": "q", "r": "${var.n}"}}}`,
		`{"thing": {"k1": {"v": 1}, "k1": {"v": 2}}, "d": "given", "one": [{}, {}]}`,
		`[{"name": "a"}, {"n": "not a number", "tags": [1], "item": {"x": null}}]`,
		`{"name": null, "one": {"kv": [{"a": "b"}]}, "tagz": 1, "zzzzzz": 2}`,
	}
	ctx := hcltest.EvalContext()
	render := func(im impl, src []byte) string {
		opts := compareOptions(src, hcl.InitialPos, im.oracle)
		f, diags := im.parse(src, jsonFile)
		v, decDiags := hcldec.Decode(f.Body, spec, ctx)
		var b strings.Builder
		fmt.Fprintf(&b, "value %s\n", hcltest.RenderValue(v))
		// hcldec walks the ObjectSpec map in random order: sort.
		var vars []string
		for _, tr := range hcldec.Variables(f.Body, spec) {
			vars = append(vars, fmt.Sprintf("var %s %s\n", hcltest.RenderTraversal(tr), opts.RenderRange(tr.SourceRange())))
		}
		slices.Sort(vars)
		b.WriteString(strings.Join(vars, ""))
		// ImpliedType and partial decoding too.
		pv, remain, pdiags := hcldec.PartialDecode(f.Body, hcldec.ObjectSpec{"name": spec["name"]}, nil)
		fmt.Fprintf(&b, "partial %s\n", hcltest.RenderValue(pv))
		b.WriteString(opts.RenderBody(remain, &hcltest.Schema{Mode: hcltest.Attrs}, nil))
		b.WriteString("diagnostics\n")
		b.WriteString(opts.RenderDiags(diags))
		// Decode's diagnostics come in the spec map's random order: sort.
		lines := strings.SplitAfter(opts.RenderDiags(decDiags), "\n")
		slices.Sort(lines)
		b.WriteString(strings.Join(lines, ""))
		b.WriteString(opts.RenderDiags(pdiags))
		return b.String()
	}
	for i, d := range docs {
		got, want := render(ours, []byte(d)), render(oracle, []byte(d))
		if got != want {
			t.Errorf("doc %d differs:\n%s", i, textDiff(got, want))
		}
	}
}

// TestOracleMergeFiles merges a JSON file with a native file and decodes
// the merged body.
func TestOracleMergeFiles(t *testing.T) {
	jsonSrc := []byte(`{"variable": {"region": {"default": "${var.foo}"}}, "resource": {"t": {"n": {"count": 1}}}, "locals": {"x": 1}, "extra": 1}`)
	nativeSrc := []byte("variable \"zone\" {\n  default = \"a\"\n}\nresource \"t\" \"m\" {\n  count = 2\n}\nterraform = 1\n")
	native, diags := hclsyntax.ParseConfig(nativeSrc, "n.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ctx := hcltest.EvalContext()
	for _, schemaText := range []string{schemaResource, "partial\n" + schemaResource} {
		s := hcltest.MustParseSchema(schemaText)
		render := func(im impl) string {
			f, _ := im.parse(jsonSrc, jsonFile)
			opts := compareOptions(jsonSrc, hcl.InitialPos, im.oracle)
			return opts.RenderBody(hcl.MergeFiles([]*hcl.File{f, native}), s, ctx) +
				"reversed\n" + opts.RenderBody(hcl.MergeFiles([]*hcl.File{native, f}), s, ctx)
		}
		got, want := render(ours), render(oracle)
		if got != want {
			t.Errorf("merged rendering differs:\n%s", textDiff(got, want))
		}
		if !strings.Contains(got, `block "resource" "t" "m"`) || !strings.Contains(got, `block "resource" "t" "n"`) {
			t.Errorf("merged body lacks a block:\n%s", got)
		}
	}
}

// clusterSpans returns, for each string token of src that holds a grapheme
// cluster of several runes, the span from the first such cluster to the
// end of the string.
func clusterSpans(src []byte) [][2]int {
	var spans [][2]int
	doc := scanner.Parse(src, scanner.Options{})
	for i := range doc.Nodes {
		n := doc.Nodes[i]
		if n.Kind() != scanner.String && n.Kind() != scanner.Invalid {
			continue
		}
		end := doc.End(i)
		for j := int(n.Start); j < end; {
			c, _, _ := textseg.ScanGraphemeClusters(src[j:end], true)
			if c <= 0 {
				c = 1
			}
			if c > 1 && utf8.RuneCount(src[j:j+c]) > 1 {
				spans = append(spans, [2]int{j, end})
				break
			}
			j += c
		}
	}
	return spans
}

package hcljson_test

// The spec tests check every fixture under testdata/spec/<section-id>/
// against the implementation, and spec.md against the fixtures.
//
// A fixture is a txtar archive. Its comment quotes, on lines starting with
// "> ", the sentences of spec.md it checks; a line "Differs: D2, D7" names
// the deliberate differences from github.com/hashicorp/hcl/v2/json that
// make the oracle's rendering differ from the want; a line "Want: by hand"
// marks a want written from spec.md rather than generated, which -update
// leaves alone. Its files:
//
//	input.json  the document (absent only in mode file-missing)
//	schema      optional, the body schema in internal/hcltest's format
//	mode        optional: a mode word, then option words (see below)
//	start       optional, "line,column,byte": parse with the
//	            ...WithStartPos functions from that position
//	want        the rendering
//
// Modes: body (the default: Parse, then hcltest.RenderBody), expr
// (ParseExpression, then hcltest.RenderExpr), nav (Parse, then
// ContextString at every byte offset), api (Parse, then what IsJSONBody
// and IsJSONExpression say), file (ParseFile of a copy of input.json),
// file-missing (ParseFile of a file that does not exist), file-dir
// (ParseFile of a directory), native (Parse, then each attribute's string
// read as a native expression: ours through StringSource and
// template.ParseExpression, the oracle's parsed from the opening quote as
// its static calls parse it; the expression's ranges, variables and
// diagnostics). Options: bytes (print byte offsets with
// every range), static (render static analysis for attributes too).
//
// go test ./hcljson -run TestSpec -update rewrites the want sections from
// our implementation, except those written by hand; review the diff before
// committing it.

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	oraclejson "github.com/hashicorp/hcl/v2/json"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/template"
	"github.com/zclconf/go-cty/cty"
	"golang.org/x/tools/txtar"
)

var specUpdate = flag.Bool("update", false, "rewrite the want sections of testdata/spec fixtures from our implementation (review them before committing)")

const (
	specDir      = "../testdata/spec"
	specDoc      = "../spec.md"
	specFilename = "input.json"
)

// specImpl is one implementation of the JSON syntax: ours or the oracle.
type specImpl struct {
	parse             func([]byte, string) (*hcl.File, hcl.Diagnostics)
	parseWithStartPos func([]byte, string, hcl.Pos) (*hcl.File, hcl.Diagnostics)
	parseExpr         func([]byte, string) (hcl.Expression, hcl.Diagnostics)
	parseExprStartPos func([]byte, string, hcl.Pos) (hcl.Expression, hcl.Diagnostics)
	parseFile         func(string) (*hcl.File, hcl.Diagnostics)
	isBody            func(hcl.Body) bool
	isExpr            func(hcl.Expression) bool
	// native reads a string expression as native syntax; ok is false
	// when it is not a string.
	native func(hcl.Expression) (x hcl.Expression, diags hcl.Diagnostics, ok bool)
	// setMaxValues, when not nil, lowers the limit of D17.
	setMaxValues func(int) (restore func())
}

var specOurs = specImpl{
	parse:             hcljson.Parse,
	parseWithStartPos: hcljson.ParseWithStartPos,
	parseExpr:         hcljson.ParseExpression,
	parseExprStartPos: hcljson.ParseExpressionWithStartPos,
	parseFile:         hcljson.ParseFile,
	isBody:            hcljson.IsJSONBody,
	isExpr:            hcljson.IsJSONExpression,
	native: func(e hcl.Expression) (hcl.Expression, hcl.Diagnostics, bool) {
		src, ok := hcljson.StringSource(e)
		if !ok {
			return nil, nil, false
		}
		x, diags := template.ParseExpression(src)
		return x, diags, true
	},
	setMaxValues: hcljson.SetMaxValues,
}

var specOracle = specImpl{
	parse:             oraclejson.Parse,
	parseWithStartPos: oraclejson.ParseWithStartPos,
	parseExpr:         oraclejson.ParseExpression,
	parseExprStartPos: oraclejson.ParseExpressionWithStartPos,
	parseFile:         oraclejson.ParseFile,
	isBody:            oraclejson.IsJSONBody,
	isExpr:            oraclejson.IsJSONExpression,
	native: func(e hcl.Expression) (hcl.Expression, hcl.Diagnostics, bool) {
		v, diags := e.Value(nil)
		if diags.HasErrors() || v.Type() != cty.String || v.IsNull() {
			return nil, nil, false
		}
		// The oracle's reading of a string as native syntax (its
		// ExprCall, and the programs' reading of replace_triggered_by):
		// the text parsed from the opening quote.
		x, diags := hclsyntax.ParseExpression([]byte(v.AsString()), e.Range().Filename, e.Range().Start)
		return x, diags, true
	},
}

// specCase is one fixture.
type specCase struct {
	path    string // relative to specDir, e.g. "syntax/bom.txtar"
	archive *txtar.Archive
	quotes  []string // the sentences of spec.md it quotes
	differs []string // D-entry IDs
	byHand  bool     // the want was written by hand: -update keeps it
	input   []byte
	hasIn   bool
	schema  *hcltest.Schema
	mode    string
	opts    hcltest.Options
	start   *hcl.Pos
	// maxValues, when not 0, is the limit of D17 for this fixture (an
	// implementation without that limit ignores it).
	maxValues int
	want      string
	wantIdx   int // index of the want file in archive.Files, or -1
}

var differsLine = regexp.MustCompile(`^Differs: (D\d+(?:, D\d+)*)$`)

func loadSpecCases(t *testing.T) []*specCase {
	t.Helper()
	var cases []*specCase
	err := filepath.WalkDir(specDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		rel, _ := filepath.Rel(specDir, path)
		c, err := parseSpecCase(path, filepath.ToSlash(rel))
		if err != nil {
			return fmt.Errorf("%s: %v", rel, err)
		}
		cases = append(cases, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("no fixtures under %s", specDir)
	}
	return cases
}

func parseSpecCase(path, rel string) (*specCase, error) {
	a, err := txtar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	c := &specCase{path: rel, archive: a, mode: "body", wantIdx: -1}
	for _, line := range strings.Split(string(a.Comment), "\n") {
		line = strings.TrimRight(line, " \t")
		switch {
		case strings.HasPrefix(line, "> "):
			c.quotes = append(c.quotes, strings.TrimPrefix(line, "> "))
		case line == "Want: by hand":
			c.byHand = true
		case differsLine.MatchString(line):
			c.differs = strings.Split(differsLine.FindStringSubmatch(line)[1], ", ")
		}
	}
	for i, f := range a.Files {
		switch f.Name {
		case specFilename:
			c.input, c.hasIn = f.Data, true
		case "schema":
			s, err := hcltest.ParseSchema(string(f.Data))
			if err != nil {
				return nil, fmt.Errorf("schema: %v", err)
			}
			c.schema = s
		case "mode":
			words := strings.Fields(string(f.Data))
			if len(words) == 0 {
				return nil, fmt.Errorf("empty mode")
			}
			c.mode = words[0]
			for _, w := range words[1:] {
				switch w {
				case "bytes":
					c.opts.Bytes = true
				case "static":
					c.opts.Static = true
				default:
					return nil, fmt.Errorf("unknown mode option %q", w)
				}
			}
			switch c.mode {
			case "body", "expr", "nav", "api", "file", "file-missing", "file-dir", "native":
			default:
				return nil, fmt.Errorf("unknown mode %q", c.mode)
			}
		case "start":
			var p hcl.Pos
			if _, err := fmt.Sscanf(strings.TrimSpace(string(f.Data)), "%d,%d,%d", &p.Line, &p.Column, &p.Byte); err != nil {
				return nil, fmt.Errorf("start: want line,column,byte: %v", err)
			}
			c.start = &p
		case "max-values":
			if _, err := fmt.Sscanf(strings.TrimSpace(string(f.Data)), "%d", &c.maxValues); err != nil || c.maxValues <= 0 {
				return nil, fmt.Errorf("max-values: want a positive number: %v", err)
			}
		case "want":
			c.want, c.wantIdx = string(f.Data), i
		default:
			return nil, fmt.Errorf("unknown file %q", f.Name)
		}
	}
	if !c.hasIn && c.mode != "file-missing" && c.mode != "file-dir" {
		return nil, fmt.Errorf("no %s", specFilename)
	}
	return c, nil
}

// render runs the fixture through im and renders the result. A panic is
// rendered, not propagated (the oracle panics on some inputs).
func (c *specCase) render(t *testing.T, im specImpl) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("panic: %v\n", r)
		}
	}()
	if c.maxValues > 0 && im.setMaxValues != nil {
		defer im.setMaxValues(c.maxValues)()
	}
	var b strings.Builder
	ctx := hcltest.EvalContext()
	parseDiags := func(diags hcl.Diagnostics) {
		if len(diags) > 0 {
			b.WriteString("parse diagnostics\n")
			for _, line := range strings.SplitAfter(c.opts.RenderDiags(diags), "\n") {
				if line != "" {
					b.WriteString("  " + line)
				}
			}
		}
	}
	parse := func() *hcl.File {
		var f *hcl.File
		var diags hcl.Diagnostics
		if c.start != nil {
			f, diags = im.parseWithStartPos(c.input, specFilename, *c.start)
		} else {
			f, diags = im.parse(c.input, specFilename)
		}
		parseDiags(diags)
		return f
	}
	switch c.mode {
	case "body":
		f := parse()
		b.WriteString(c.opts.RenderBody(f.Body, c.schema, ctx))
	case "expr":
		var e hcl.Expression
		var diags hcl.Diagnostics
		if c.start != nil {
			e, diags = im.parseExprStartPos(c.input, specFilename, *c.start)
		} else {
			e, diags = im.parseExpr(c.input, specFilename)
		}
		parseDiags(diags)
		b.WriteString(c.opts.RenderExpr(e, ctx))
	case "native":
		f := parse()
		attrs, diags := f.Body.JustAttributes()
		parseDiags(diags)
		list := make([]*hcl.Attribute, 0, len(attrs))
		for _, a := range attrs {
			list = append(list, a)
		}
		slices.SortFunc(list, func(a, b *hcl.Attribute) int { return a.Range.Start.Byte - b.Range.Start.Byte })
		for _, a := range list {
			fmt.Fprintf(&b, "attr %s\n", strconv.Quote(a.Name))
			x, diags, ok := im.native(a.Expr)
			if !ok {
				b.WriteString("  not a string\n")
				continue
			}
			for _, line := range strings.SplitAfter(c.opts.RenderDiags(diags), "\n") {
				if line != "" {
					b.WriteString("  " + line)
				}
			}
			fmt.Fprintf(&b, "  expr %s\n", c.opts.RenderRange(x.Range()))
			fmt.Fprintf(&b, "  expr-start %s\n", c.opts.RenderRange(x.StartRange()))
			for _, tr := range x.Variables() {
				steps := make([]string, len(tr))
				for i, step := range tr {
					steps[i] = c.opts.RenderRange(step.SourceRange())
				}
				fmt.Fprintf(&b, "  var %s %s (%s)\n", hcltest.RenderTraversal(tr), c.opts.RenderRange(tr.SourceRange()), strings.Join(steps, " "))
			}
		}
	case "nav":
		f := parse()
		nav, ok := f.Nav.(interface{ ContextString(int) string })
		if !ok {
			b.WriteString("no ContextString\n")
			break
		}
		base := 0
		if c.start != nil {
			base = c.start.Byte
		}
		// Runs of offsets with the same answer, inclusive, including the
		// offset just after the input.
		from, cur := base, nav.ContextString(base)
		for off := base + 1; off <= base+len(c.input)+1; off++ {
			var s string
			if off <= base+len(c.input) {
				s = nav.ContextString(off)
			}
			if off == base+len(c.input)+1 || s != cur {
				fmt.Fprintf(&b, "nav %d..%d %s\n", from, off-1, strconv.Quote(cur))
				from, cur = off, s
			}
		}
	case "api":
		f := parse()
		fmt.Fprintf(&b, "is-json-body %v\n", im.isBody(f.Body))
		_, remain, _ := f.Body.PartialContent(&hcl.BodySchema{})
		fmt.Fprintf(&b, "is-json-body remain %v\n", im.isBody(remain))
		fmt.Fprintf(&b, "is-json-body merged %v\n", im.isBody(hcl.MergeBodies([]hcl.Body{f.Body})))
		fmt.Fprintf(&b, "bytes %v\n", string(f.Bytes) == string(c.input))
		attrs, _ := f.Body.JustAttributes()
		names := make([]string, 0, len(attrs))
		for name := range attrs {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			fmt.Fprintf(&b, "is-json-expression %s %v\n", strconv.Quote(name), im.isExpr(attrs[name].Expr))
		}
		e, _ := im.parseExpr(c.input, specFilename)
		fmt.Fprintf(&b, "is-json-expression parsed %v\n", im.isExpr(e))
	case "file", "file-missing", "file-dir":
		dir := t.TempDir()
		path := filepath.Join(dir, specFilename)
		switch c.mode {
		case "file":
			if err := os.WriteFile(path, c.input, 0o666); err != nil {
				t.Fatal(err)
			}
		case "file-dir":
			path = dir
		}
		f, diags := im.parseFile(path)
		parseDiags(diags)
		if f == nil {
			b.WriteString("<nil file>\n")
		} else {
			b.WriteString(c.opts.RenderBody(f.Body, c.schema, ctx))
		}
		s := strings.ReplaceAll(b.String(), dir+string(filepath.Separator), "")
		return strings.ReplaceAll(s, dir, "DIR")
	}
	return b.String()
}

// TestSpec checks every fixture against our implementation.
func TestSpec(t *testing.T) {
	for _, c := range loadSpecCases(t) {
		t.Run(strings.TrimSuffix(c.path, ".txtar"), func(t *testing.T) {
			got := c.render(t, specOurs)
			if *specUpdate && !c.byHand {
				if got == c.want {
					return
				}
				if c.wantIdx < 0 {
					c.archive.Files = append(c.archive.Files, txtar.File{Name: "want"})
					c.wantIdx = len(c.archive.Files) - 1
				}
				c.archive.Files[c.wantIdx].Data = []byte(got)
				if err := os.WriteFile(filepath.Join(specDir, c.path), txtar.Format(c.archive), 0o666); err != nil {
					t.Fatal(err)
				}
				t.Logf("updated %s", c.path)
				return
			}
			if c.wantIdx < 0 {
				t.Fatalf("no want section; run with -update")
			}
			if got != c.want {
				t.Errorf("rendering differs from want\n--- got\n%s--- want\n%s--- diff\n%s", got, c.want, specLineDiff(c.want, got))
			}
		})
	}
}

// TestSpecOracle checks that the oracle, github.com/hashicorp/hcl/v2/json,
// renders every fixture as we do, except the fixtures whose header names a
// deliberate difference: those it must render differently.
func TestSpecOracle(t *testing.T) {
	for _, c := range loadSpecCases(t) {
		t.Run(strings.TrimSuffix(c.path, ".txtar"), func(t *testing.T) {
			if c.wantIdx < 0 {
				t.Skip("no want section")
			}
			got := c.render(t, specOracle)
			switch {
			case len(c.differs) == 0 && got != c.want:
				t.Errorf("the oracle renders this fixture differently, and its header names no deliberate difference\n--- oracle\n%s--- want\n%s--- diff\n%s", got, c.want, specLineDiff(c.want, got))
			case len(c.differs) > 0 && got == c.want:
				t.Errorf("the header names %v, but the oracle renders the fixture as we do", c.differs)
			}
		})
	}
}

// specSection is one numbered section of spec.md.
type specSection struct {
	num   int
	id    string
	title string
}

var (
	specHeading = regexp.MustCompile(`(?m)^## (\d+)\. (.+?) \{#([a-z0-9-]+)\}$`)
	specDEntry  = regexp.MustCompile(`(?m)^### (D\d+)\. `)
	specDRef    = regexp.MustCompile(`\bD\d+\b`)
)

func readSpec(t *testing.T) (string, []specSection) {
	t.Helper()
	b, err := os.ReadFile(specDoc)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	var secs []specSection
	for _, m := range specHeading.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		secs = append(secs, specSection{num: n, title: m[2], id: m[3]})
	}
	return text, secs
}

// TestSpecCoverage checks spec.md against testdata/spec: every section has
// a fixture directory with at least one case and every directory names a
// section; sections are numbered 1, 2, ... with unique IDs; every quoted
// sentence is in spec.md; every deliberate difference has a fixture naming
// it, and every difference named is defined.
func TestSpecCoverage(t *testing.T) {
	text, secs := readSpec(t)
	if len(secs) == 0 {
		t.Fatal("spec.md has no numbered sections")
	}
	ids := map[string]bool{}
	for i, s := range secs {
		if s.num != i+1 {
			t.Errorf("section %q is numbered %d, want %d", s.id, s.num, i+1)
		}
		if ids[s.id] {
			t.Errorf("section ID %q is used twice", s.id)
		}
		ids[s.id] = true
	}
	for _, id := range []string{"syntax", "syntax-strings", "syntax-numbers", "syntax-errors", "syntax-limits",
		"positions", "body", "body-comments", "attributes", "blocks", "json-values", "json-strings",
		"json-objects", "json-static", "variables", "navigation", "parse-api", "differences"} {
		if !ids[id] {
			t.Errorf("spec.md has no section {#%s}", id)
		}
	}

	cases := loadSpecCases(t)
	perDir := map[string]int{}
	for _, c := range cases {
		perDir[strings.SplitN(c.path, "/", 2)[0]]++
	}
	for _, s := range secs {
		if perDir[s.id] == 0 {
			t.Errorf("section %d %q {#%s} has no fixture in %s/%s/", s.num, s.title, s.id, specDir, s.id)
		}
	}
	entries, err := os.ReadDir(specDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !ids[e.Name()] {
			t.Errorf("%s/%s names no section of spec.md", specDir, e.Name())
		}
	}

	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	normText := norm(text)
	dIDs := map[string]bool{}
	for _, m := range specDEntry.FindAllStringSubmatch(text, -1) {
		dIDs[m[1]] = true
	}
	if len(dIDs) == 0 {
		t.Error("spec.md defines no deliberate differences (### D1. ...)")
	}
	covered := map[string]bool{}
	for _, c := range cases {
		if len(c.quotes) == 0 {
			t.Errorf("%s quotes no sentence of spec.md (a header line \"> ...\")", c.path)
		}
		for _, q := range c.quotes {
			if !strings.Contains(normText, norm(q)) {
				t.Errorf("%s quotes a sentence that is not in spec.md: %q", c.path, q)
			}
		}
		for _, d := range c.differs {
			if !dIDs[d] {
				t.Errorf("%s names %s, which spec.md does not define", c.path, d)
			}
			covered[d] = true
		}
	}
	for d := range dIDs {
		if !covered[d] {
			t.Errorf("deliberate difference %s has no fixture naming it (Differs: %s)", d, d)
		}
	}
	// Every D-reference in spec.md is defined.
	for _, d := range specDRef.FindAllString(text, -1) {
		if !dIDs[d] {
			t.Errorf("spec.md refers to %s, which it does not define", d)
		}
	}
}

// lineDiff is a small line-oriented diff for failure messages: lines only
// in want start with "-", lines only in got with "+".
func specLineDiff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	// Longest common subsequence, fine for fixture-sized texts.
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var sb strings.Builder
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			sb.WriteString("+" + b[j] + "\n")
			j++
		default:
			sb.WriteString("-" + a[i] + "\n")
			i++
		}
	}
	return sb.String()
}

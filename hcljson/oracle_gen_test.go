package hcljson_test

// Generated differential tests: random schemas, random valid documents for
// them in every body form, compared with the oracle through compareFile.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/hashicorp/hcl/v2"

	"github.com/hcljson/hcljson/internal/hcltest"
)

// genDocs is how many documents each generated pass compares.
const (
	genStrictDocs  = 300
	genEscapedDocs = 150
)

// genSeed, when set (HCLJSON_GEN_SEED=n), runs only that seed, to
// reproduce a failure.
func genSeeds(t *testing.T, n int, offset uint64) []uint64 {
	if s := os.Getenv("HCLJSON_GEN_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("HCLJSON_GEN_SEED: %v", err)
		}
		return []uint64{v}
	}
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = offset + uint64(i)
	}
	return seeds
}

// TestOracleGenerated compares documents without escapes in strings, so
// that every range is compared (compareOptions masks nothing).
func TestOracleGenerated(t *testing.T) {
	runGenerated(t, genSeeds(t, genStrictDocs, 1), false)
}

// TestOracleGeneratedEscapes compares documents whose strings, keys and
// labels hold escapes: everything but the ranges inside those strings.
func TestOracleGeneratedEscapes(t *testing.T) {
	runGenerated(t, genSeeds(t, genEscapedDocs, 1_000_000), true)
}

func runGenerated(t *testing.T, seeds []uint64, escapes bool) {
	ctx := hcltest.EvalContext()
	failures, sizes, masked := 0, 0, 0
	for _, seed := range seeds {
		g := newGen(seed, escapes)
		s := g.schema(0, true)
		src := g.document(s)
		sizes += len(src)
		if len(escapedStrings([]byte(src))) > 0 {
			if !escapes {
				t.Fatalf("seed %d: strict document has escapes: %s", seed, src)
			}
			masked++
		}
		in := fileInput{src: []byte(src), schema: s, ctx: ctx, nav: seed%10 == 0}
		if g.r.IntN(5) == 0 {
			in.start = &hcl.Pos{Line: 1 + g.r.IntN(50), Column: 1 + g.r.IntN(30), Byte: g.r.IntN(2000)}
		}
		sub := &recorder{TB: t}
		compareFile(sub, in)
		if g.r.IntN(4) == 0 {
			compareExpr(sub, []byte(g.value(3)), in.start, ctx)
		}
		if sub.failed {
			failures++
			t.Logf("seed %d failed (rerun with HCLJSON_GEN_SEED=%d)", seed, seed)
			if failures >= 5 {
				t.Fatalf("stopping after %d failing documents", failures)
			}
		}
	}
	t.Logf("%d documents (%d with escapes), %d bytes in all", len(seeds), masked, sizes)
}

// recorder notes whether a comparison failed, passing everything through.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(format string, args ...any) {
	r.TB.Helper()
	r.failed = true
	r.TB.Errorf(format, args...)
}

// ---------------------------------------------------------------------------
// The generator.

type gen struct {
	r       *rand.Rand
	escapes bool
	ws      int // whitespace style of the document
	depth   int // current nesting, for indentation
}

func newGen(seed uint64, escapes bool) *gen {
	r := rand.New(rand.NewPCG(seed, 0x4a534f4e))
	return &gen{r: r, escapes: escapes, ws: r.IntN(5)}
}

// pick returns an element of list; without escapes, one that needs none.
func (g *gen) pick(list []string) string {
	for {
		s := list[g.r.IntN(len(list))]
		if g.escapes || !strings.ContainsFunc(s, func(r rune) bool { return r == '"' || r == '\\' || r < 0x20 }) {
			return s
		}
	}
}

func (g *gen) chance(pct int) bool { return g.r.IntN(100) < pct }

var (
	genNames = []string{"name", "ami", "count", "tags", "value", "x", "y", "π", "naïve", "with-dash",
		"under_score", "a1", "description", "type", "default", "source", "enabled", "日本"}
	genLabels = []string{"web", "db", "aws_instance", "", " ", "π", "a.b", "👩‍👩‍👧", "e\u0301", "//",
		"with space", "1", "UPPER", "🇫🇷"}
	genWords = []string{"alpha", "föo", "日本語", "👩‍👩‍👧", "e\u0301\u0301", "🇫🇷", "a b", "x.y", "-", "%",
		"$", "{}", "#", "//", "aws_instance.web", "list(string)", "foo.bar[0]", " spaced ", "provider::p::f(1)",
		"ﬁ", "\u00a0", "", "tab", "<EOT>", "0", "true", "null"}
	// genWordsEscaped need escapes when written in JSON.
	genWordsEscaped = []string{"say \"hi\"", "back\\slash", "line\nbreak", "tab\there", "cr\r", "\x01ctl", "\u2028", "\x7f"}
	genInterps      = []string{"${var.foo}", "${var.n}", "${var.list[0]}", "${upper(var.foo)}", "${length(var.list)}",
		"${local.name}", "${local.num}", "${count.index}", "${local.unknown}", "${var.n + 1}", "${jsonencode(var.list)}",
		"${var.secret}", "${local.obj.a}", "%{ if var.n == 1 }one%{ else }other%{ endif }",
		"%{ for s in var.list }${s},%{ endfor }", "$${not.interp}", "%%{ raw }", "${ var.foo }", "${~ var.foo ~}",
		"${local.any}", "${local.null == null}", "${nosuch.var}", "${upper(\"x\")}"}
	// genKeyInterps are safe in object keys (a marked key panics the oracle).
	genKeyInterps = []string{"${var.foo}", "${var.n}", "${local.name}", "${upper(var.foo)}", "${local.unknown}", "$${k}"}
	genWhole      = []string{"${var.n}", "${true}", "${[1, var.n]}", "${var.list}", "${local.obj}", "${null}",
		"${{a = var.foo}}", "${5}", "${local.unknown}", "${var.secret}", "${count.index}"}
	genNumbers = []string{"0", "-0", "1", "-17", "3.25", "0.1", "1e3", "2.5E-3", "1e400", "-1e-300",
		"9007199254740993", "123456789012345678901234567890", "0.000001", "1.0", "-0.0", "6.02214076e23",
		"1E+2", "100", "-2.5e+10"}
)

// ws returns the whitespace to put between two tokens.
func (g *gen) ws0() string {
	switch g.ws {
	case 0:
		return ""
	case 1:
		return " "
	case 2:
		return "\n" + strings.Repeat("  ", g.depth)
	case 3:
		return "\r\n" + strings.Repeat("\t", g.depth)
	default:
		return g.pick([]string{"", " ", "\n", "\t", "\r\n", "  \t", "\n\n  "})
	}
}

// quote writes s as a JSON string. Without escapes every character is
// written as itself (s must need no escape); with escapes, characters that
// need one get it and others are escaped now and then.
func (g *gen) quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		needs := r == '"' || r == '\\' || r < 0x20
		if !g.escapes {
			if needs {
				panic(fmt.Sprintf("generator: %q needs escapes", s))
			}
			b.WriteRune(r)
			continue
		}
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n' && g.chance(70):
			b.WriteString(`\n`)
		case r == '\t' && g.chance(70):
			b.WriteString(`\t`)
		case r == '\r' && g.chance(70):
			b.WriteString(`\r`)
		case r == '/' && g.chance(30):
			b.WriteString(`\/`)
		case needs || g.chance(8):
			if r > 0xFFFF {
				r1, r2 := utf16.EncodeRune(r)
				fmt.Fprintf(&b, `\u%04x\u%04X`, r1, r2)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func (g *gen) word() string {
	if g.escapes && g.chance(25) {
		return g.pick(genWordsEscaped)
	}
	return g.pick(genWords)
}

// text is a string value: a literal, a template, or a lone interpolation.
func (g *gen) text() string {
	switch g.r.IntN(6) {
	case 0:
		return g.word()
	case 1:
		return g.pick(genWhole)
	default:
		var b strings.Builder
		for n := 1 + g.r.IntN(4); n > 0; n-- {
			if g.chance(50) {
				b.WriteString(g.pick(genInterps))
			} else {
				b.WriteString(g.word())
			}
		}
		return b.String()
	}
}

func (g *gen) key() string {
	if g.chance(15) {
		return g.pick(genKeyInterps)
	}
	if g.chance(50) {
		return g.pick(genNames)
	}
	return g.word()
}

// value is any JSON value, nested at most depth levels.
func (g *gen) value(depth int) string {
	k := g.r.IntN(10)
	if depth <= 0 && k >= 7 {
		k = g.r.IntN(7)
	}
	switch k {
	case 0, 1, 2:
		return g.quote(g.text())
	case 3:
		if g.chance(20) {
			return strconv.Itoa(g.r.IntN(2000) - 1000)
		}
		return g.pick(genNumbers)
	case 4:
		return g.pick([]string{"true", "false"})
	case 5:
		return "null"
	case 6:
		return g.quote(g.word())
	case 7, 8:
		var elems []string
		for n := g.r.IntN(4); n > 0; n-- {
			elems = append(elems, g.value(depth-1))
		}
		return g.array(elems)
	default:
		var members [][2]string
		for n := g.r.IntN(4); n > 0; n-- {
			members = append(members, [2]string{g.quote(g.key()), g.value(depth - 1)})
		}
		return g.object(members)
	}
}

func (g *gen) array(elems []string) string {
	if len(elems) == 0 {
		return "[" + g.ws0() + "]"
	}
	g.depth++
	var b strings.Builder
	b.WriteString("[")
	for i, e := range elems {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(g.ws0() + e)
	}
	g.depth--
	b.WriteString(g.ws0() + "]")
	return b.String()
}

// object writes members (quoted key, value text) as an object.
func (g *gen) object(members [][2]string) string {
	if len(members) == 0 {
		return "{" + g.ws0() + "}"
	}
	g.depth++
	var b strings.Builder
	b.WriteString("{")
	for i, m := range members {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(g.ws0() + m[0] + g.pick([]string{":", ": ", " : "}) + m[1])
	}
	g.depth--
	b.WriteString(g.ws0() + "}")
	return b.String()
}

// schema returns a random schema; names are distinct within a body.
func (g *gen) schema(depth int, top bool) *hcltest.Schema {
	s := &hcltest.Schema{}
	switch m := g.r.IntN(100); {
	case m < 15:
		s.Mode = hcltest.Attrs
		return s
	case m < 35 || (top && m < 40):
		s.Mode = hcltest.Partial
	}
	used := map[string]bool{}
	name := func() string {
		for {
			n := g.pick(genNames)
			if !used[n] {
				used[n] = true
				return n
			}
		}
	}
	for n := g.r.IntN(5); n > 0; n-- {
		s.Attributes = append(s.Attributes, hcltest.Attribute{Name: name(), Required: g.chance(30)})
	}
	if depth < 2 {
		for n := g.r.IntN(4); n > 0; n-- {
			b := hcltest.Block{Type: name(), Body: g.schema(depth+1, false)}
			for l := g.r.IntN(4); l > 0; l-- {
				b.Labels = append(b.Labels, fmt.Sprintf("l%d", len(b.Labels)+1))
			}
			s.Blocks = append(s.Blocks, b)
		}
	}
	return s
}

// document returns a root body valid for s.
func (g *gen) document(s *hcltest.Schema) string {
	return g.body(s)
}

// body writes a body for s: an object, or (outside Attrs mode) an array of
// objects sharing the members out.
func (g *gen) body(s *hcltest.Schema) string {
	var members [][2]string
	add := func(name, val string) { members = append(members, [2]string{g.quote(name), val}) }
	if s.Mode == hcltest.Attrs {
		used := map[string]bool{}
		for n := g.r.IntN(4); n > 0; n-- {
			name := g.pick(genNames)
			if !used[name] {
				used[name] = true
				add(name, g.value(2))
			}
		}
	} else {
		for _, a := range s.Attributes {
			if a.Required || g.chance(60) {
				add(a.Name, g.value(2))
			}
		}
		for _, b := range s.Blocks {
			for n := g.r.IntN(3); n > 0; n-- {
				add(b.Type, g.blockValue(b.Body, len(b.Labels)))
			}
		}
		if s.Mode == hcltest.Partial {
			for n := g.r.IntN(3); n > 0; n-- {
				name := "extra_" + g.pick(genNames)
				if !hasMember(members, g.quote(name)) {
					add(name, g.value(1))
				}
			}
		}
	}
	if g.chance(20) {
		add("//", g.value(1))
	}
	g.r.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	if s.Mode == hcltest.Attrs || !g.chance(30) {
		return g.object(members)
	}
	// Array form: consecutive runs of members, now and then an empty object.
	var elems []string
	for len(members) > 0 || len(elems) == 0 {
		n := min(len(members), g.r.IntN(3))
		if n == 0 && len(members) > 0 && !g.chance(20) {
			n = 1
		}
		elems = append(elems, g.object(members[:n]))
		members = members[n:]
	}
	return g.array(elems)
}

func hasMember(members [][2]string, key string) bool {
	for _, m := range members {
		if m[0] == key {
			return true
		}
	}
	return false
}

// blockValue writes the value of a block-type property: labels levels
// left, then the body (one block, several, or none).
func (g *gen) blockValue(s *hcltest.Schema, labels int) string {
	if labels > 0 {
		level := func() string {
			var members [][2]string
			for n := 1 + g.r.IntN(2); n > 0; n-- {
				members = append(members, [2]string{g.quote(g.pick(genLabels)), g.blockValue(s, labels-1)})
			}
			return g.object(members)
		}
		if g.chance(25) {
			var elems []string
			for n := 1 + g.r.IntN(2); n > 0; n-- {
				elems = append(elems, level())
			}
			return g.array(elems)
		}
		return level()
	}
	switch k := g.r.IntN(100); {
	case k < 5:
		return "null"
	case k < 10:
		return g.array(nil)
	case k < 30:
		var elems []string
		for n := 1 + g.r.IntN(3); n > 0; n-- {
			elems = append(elems, g.bodyObject(s))
		}
		return g.array(elems)
	default:
		return g.bodyObject(s)
	}
}

// bodyObject is a block body; in Attrs mode it must be one object, which
// body guarantees.
func (g *gen) bodyObject(s *hcltest.Schema) string {
	return g.body(s)
}

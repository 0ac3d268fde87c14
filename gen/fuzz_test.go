package gen

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// FuzzGenRoundTrip builds a File from the fuzz input (attributes with
// strings, numbers, templates, arrays and objects in both modes; blocks
// with odd labels; comments) and checks that
//
//   - encoding it twice gives the same bytes;
//   - the indented and the compact output parse with hcljson without
//     diagnostics and decode, with the schema of what was built, to exactly
//     what was built (checkReadsBack);
//   - a File rebuilt from what was decoded encodes to the same bytes as the
//     original without its comments (which no decoder returns), when every
//     string of the original is valid UTF-8 in NFC form (cty normalizes
//     strings, and invalid bytes come back as U+FFFD), and to the same
//     bytes from the compact and the indented output in any case;
//   - rebuilding from a rebuilt File's output gives it back.
func FuzzGenRoundTrip(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("resource"))
	f.Add([]byte{3, 3, 0, 2, 1, 2, 3, 9, 3, 2, 1, 0, 0, 0, 5, 4, 3, 2, 1})
	f.Add([]byte("\x00\x03\x05\x01\x06\x02\r${x}\x03\x00\x04\x02\x00\x07\x04"))
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 64, 256, 1024, 4096} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRoundTrip(t, data)
	})
}

// TestGenRoundTripRandom runs FuzzGenRoundTrip's checks on inputs from a
// fixed random source, so that a plain go test covers many files.
func TestGenRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 400
	if testing.Short() {
		n = 50
	}
	canonical := 0
	for range n {
		b := make([]byte, rng.IntN(3000))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		if checkRoundTrip(t, b) {
			canonical++
		}
		if t.Failed() {
			t.Fatalf("input %q", b)
		}
	}
	t.Logf("%d files, %d canonical", n, canonical)
	if canonical < n/3 {
		t.Errorf("only %d of %d files are canonical: the identity check hardly runs", canonical, n)
	}
}

// checkRoundTrip runs the checks of FuzzGenRoundTrip on the file built
// from data and reports whether the file was canonical (rebuilt exactly).
func checkRoundTrip(t *testing.T, data []byte) bool {
	g := &fileGen{data: data, canonical: true}
	file := g.file()
	indented := file.Bytes()
	if again := file.Bytes(); !bytes.Equal(indented, again) {
		t.Fatalf("two encodings differ:\n%s\n%s", indented, again)
	}
	compact := AppendFile(nil, file, Options{Compact: true})
	checkReadsBack(t, file, indented)
	checkReadsBack(t, file, compact)
	if t.Failed() {
		t.Fatalf("built:\n%s\nwritten:\n%s", renderBuilt(file), indented)
	}

	re := rebuildFile(t, file, indented)
	reIndented := re.Bytes()
	if reCompact := rebuildFile(t, file, compact).Bytes(); !bytes.Equal(reIndented, reCompact) {
		t.Fatalf("compact and indented outputs decode differently:\n%s\n%s", reIndented, reCompact)
	}
	if g.canonical {
		if want := withoutComments(file).Bytes(); !bytes.Equal(reIndented, want) {
			t.Fatalf("rebuilt from what was decoded:\n%s\nwant:\n%s", reIndented, want)
		}
	}
	if again := rebuildFile(t, re, reIndented).Bytes(); !bytes.Equal(again, reIndented) {
		t.Fatalf("rebuilding the rebuilt file changes it:\n%s\nwant:\n%s", again, reIndented)
	}
	return g.canonical
}

// withoutComments returns a copy of f without its comments.
func withoutComments(f *File) *File {
	out := NewFile()
	copyBody(out.Body(), f.Body())
	return out
}

func copyBody(dst, src *Body) {
	for _, it := range src.items {
		switch it.kind {
		case itemAttr:
			dst.AppendAttribute(it.name, it.value, it.mode)
		case itemGroup:
			for _, blk := range it.group.blocks {
				copyBody(dst.AppendBlock(blk.typ, blk.labels...).Body(), &blk.body)
			}
		}
	}
}

// rebuildFile decodes data, the JSON written for like, with hcljson and
// the schema of like, and builds a File from what it decodes: attributes
// and blocks in the order of the source, values from the JSON structure
// (hcl.ExprList, hcl.ExprMap, numbers from their source text). A string in
// an Expr-mode attribute becomes the String of its value when that writes
// the same JSON text, a Template of its text otherwise.
func rebuildFile(t *testing.T, like *File, data []byte) *File {
	t.Helper()
	file, diags := hcljson.Parse(data, "gen.json")
	if len(diags) > 0 {
		t.Fatalf("output does not parse: %s", hcltest.RenderDiags(diags))
	}
	out := NewFile()
	rebuildBody(t, out.Body(), &like.body, file.Body, data)
	return out
}

func rebuildBody(t *testing.T, dst, like *Body, hb hcl.Body, data []byte) {
	t.Helper()
	content, diags := hb.Content(builtSchema(like))
	if len(diags) > 0 {
		t.Fatalf("decoding: %s", hcltest.RenderDiags(diags))
	}
	modes := map[string]Mode{}
	likeBlocks := map[string][]*Block{}
	for _, it := range like.items {
		switch it.kind {
		case itemAttr:
			modes[it.name] = it.mode
		case itemGroup:
			likeBlocks[it.group.typ] = it.group.blocks
		}
	}
	type entry struct {
		start int
		attr  *hcl.Attribute
		block *hcl.Block
	}
	var entries []entry
	for _, a := range content.Attributes {
		entries = append(entries, entry{start: a.NameRange.Start.Byte, attr: a})
	}
	for _, b := range content.Blocks {
		entries = append(entries, entry{start: b.TypeRange.Start.Byte, block: b})
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return a.start - b.start })
	seen := map[string]int{}
	for _, e := range entries {
		if e.attr != nil {
			mode := modes[e.attr.Name]
			dst.AppendAttribute(e.attr.Name, rebuildValue(t, e.attr.Expr, mode, data), mode)
			continue
		}
		i := seen[e.block.Type]
		seen[e.block.Type]++
		blk := dst.AppendBlock(e.block.Type, e.block.Labels...)
		rebuildBody(t, blk.Body(), &likeBlocks[e.block.Type][i].body, e.block.Body, data)
	}
}

// rebuildValue builds the Value of a decoded expression.
func rebuildValue(t *testing.T, expr hcl.Expression, mode Mode, data []byte) Value {
	t.Helper()
	lit, diags := expr.Value(nil)
	if len(diags) > 0 {
		t.Fatalf("literal value: %s", hcltest.RenderDiags(diags))
	}
	src := sourceOf(expr.Range(), data)
	switch ty := lit.Type(); {
	case lit.IsNull():
		return Null()
	case ty == cty.Bool:
		return Bool(lit.True())
	case ty == cty.Number:
		n, err := Number(src)
		if err != nil {
			t.Fatal(err)
		}
		return n
	case ty == cty.String:
		return rebuildString(t, expr, lit.AsString(), src, mode, false)
	case ty.IsTupleType():
		elems, diags := hcl.ExprList(expr)
		if len(diags) > 0 {
			t.Fatal(hcltest.RenderDiags(diags))
		}
		var vals []Value
		for _, e := range elems {
			vals = append(vals, rebuildValue(t, e, mode, data))
		}
		return Array(vals...)
	case ty.IsObjectType():
		pairs, diags := hcl.ExprMap(expr)
		if len(diags) > 0 {
			t.Fatal(hcltest.RenderDiags(diags))
		}
		var props []Prop
		for _, p := range pairs {
			keyLit, _ := p.Key.Value(nil)
			key := rebuildString(t, p.Key, keyLit.AsString(), sourceOf(p.Key.Range(), data), mode, true)
			props = append(props, Prop{Key: key, Value: rebuildValue(t, p.Value, mode, data)})
		}
		return Object(props...)
	}
	t.Fatalf("literal value of type %s", hcltest.RenderType(lit.Type()))
	return Value{}
}

// rebuildString builds the Value of a JSON string whose text is raw and
// whose source is src.
func rebuildString(t *testing.T, expr hcl.Expression, raw, src string, mode Mode, key bool) Value {
	if mode == Literal {
		return String(raw)
	}
	val, diags := expr.Value(evalCtx)
	if len(diags) > 0 {
		t.Fatalf("value of %s: %s", src, hcltest.RenderDiags(diags))
	}
	if key {
		val, _ = convert.Convert(val, cty.String)
	}
	switch {
	case val.Type() == cty.String && val.IsKnown() && !val.IsMarked() && !val.IsNull():
		if s := String(val.AsString()); string(AppendValue(nil, s, Expr, Options{})) == src {
			return s
		}
	case val.Type() == cty.Number && !key:
		if lit, ok := strings.CutPrefix(raw, "${"); ok {
			if n, err := Number(strings.TrimSuffix(lit, "}")); err == nil && string(AppendValue(nil, n, Expr, Options{})) == src {
				return n
			}
		}
	}
	return Template(raw)
}

func sourceOf(r hcl.Range, data []byte) string {
	return string(data[r.Start.Byte:r.End.Byte])
}

// fileGen builds a File from fuzz bytes: each choice takes one byte, and
// once the bytes run out every choice is the first, which ends the file.
type fileGen struct {
	data      []byte
	odd       bool // strings may be invalid UTF-8 or not in NFC form
	canonical bool // every string is valid UTF-8 in NFC form
}

func (g *fileGen) byte() byte {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return b
}

func (g *fileGen) intn(n int) int { return int(g.byte()) % n }

func (g *fileGen) pick(list []string) string { return list[g.intn(len(list))] }

var (
	genAttrNames  = []string{"a", "b", "count", "name_2", "é", "with space", "x.y", "${n}", "c", "d"}
	genBlockTypes = []string{"resource", "lifecycle", "dynamic", "p-q", "blk"}
	genLabels     = []string{"", "web", "//", "a.b", "é", "${x}", "new\nline", "😀", " "}
	// genPieces are the pieces random strings are made of.
	genPieces = []string{
		"a", "b", " ", "$", "%", "{", "}", "${", "%{", "$${", "%%{", "$$", "~}", "\r", "\n", "\r\n", "\t",
		`"`, `\`, "\x00", "\x1f", "\x7f", "\u2028", "\u2029", "\ufeff", "é", "e\u0301", "😀", "<", ">", "&",
		"\xff", "\xe2\x82", "x.y", "//", "${var.foo}", "%{ if true }",
	}
	// genTemplates evaluate with evalCtx to known values without marks.
	genTemplates = []string{
		"${var.foo}", "web-${count.index}", "${upper(var.foo)}", "${var.n}", "${local.obj}",
		"%{ if var.n == 1 }one%{ else }other%{ endif }", "${var.list}", "$${literal}", "x", "",
		"${jsonencode(local.obj)}", "${local.num}", "a\r\n${var.foo}", `${"quoted"}`,
		"%{ for x in var.list }${x},%{ endfor }", "${1e400}", "${-0}", "${true}", "${null}",
		"<<${var.foo}>> & é",
	}
	// genKeyTemplates evaluate with evalCtx to the strings in
	// genKeyValues.
	genKeyTemplates = []string{"${var.foo}", "k-${count.index}", "${var.n}", `${upper("k")}`}
	genKeyValues    = []string{"foo", "k-0", "1", "K"}
	genNumbers      = []string{
		"0", "-0", "0.1", "1e400", "-1e400", "1e-400", "9007199254740993", "9007199254740992", "1.5e-7",
		"123456789012345678901234567890", "1.50", "1E5", "-0.0", "2.5", "1e+21",
	}
)

func (g *fileGen) file() *File {
	g.odd = g.intn(2) == 1
	f := NewFile()
	g.body(f.Body(), 0)
	return f
}

func (g *fileGen) body(b *Body, depth int) {
	used := map[string]bool{}
	labelCount := map[string]int{}
	for n := g.intn(7); n > 0; n-- {
		switch g.intn(5) {
		case 0, 1:
			name := g.pick(genAttrNames)
			if used[name] {
				continue
			}
			used[name] = true
			mode := Mode(g.intn(2))
			b.AppendAttribute(name, g.value(mode, 0), mode)
		case 2:
			b.AppendComment(g.str())
		default:
			if depth >= 3 {
				continue
			}
			typ := g.pick(genBlockTypes)
			count, ok := labelCount[typ]
			if !ok {
				count = g.intn(4)
				labelCount[typ] = count
			}
			labels := make([]string, count)
			for i := range labels {
				if g.intn(3) == 0 {
					labels[i] = g.str()
				} else {
					labels[i] = g.pick(genLabels)
				}
			}
			g.body(b.AppendBlock(typ, labels...).Body(), depth+1)
		}
	}
}

// str returns a string of pieces and random bytes.
func (g *fileGen) str() string {
	var sb strings.Builder
	for n := g.intn(8); n > 0; n-- {
		if g.intn(4) == 0 {
			sb.WriteByte(g.byte())
		} else {
			sb.WriteString(g.pick(genPieces))
		}
	}
	s := sb.String()
	if !utf8.ValidString(s) || cty.NormalizeString(s) != s {
		if !g.odd {
			return cty.NormalizeString(strings.ToValidUTF8(s, "?"))
		}
		g.canonical = false
	}
	return s
}

func (g *fileGen) value(mode Mode, depth int) Value {
	switch g.intn(10) {
	case 0:
		return Null()
	case 1:
		return Bool(g.intn(2) == 0)
	case 2:
		return g.number()
	case 3, 4:
		return String(g.str())
	case 5:
		return Template(g.pick(genTemplates))
	case 6:
		v, err := NumberFloat(big.NewFloat(g.float()))
		if err != nil {
			panic(err)
		}
		return v
	case 7:
		return NumberInt(int64(binary.LittleEndian.Uint64(g.bytes(8))))
	case 8:
		if depth >= 4 {
			return Null()
		}
		var elems []Value
		for n := g.intn(5); n > 0; n-- {
			elems = append(elems, g.value(mode, depth+1))
		}
		return Array(elems...)
	default:
		if depth >= 4 {
			return Bool(true)
		}
		var props []Prop
		seen := map[string]bool{}
		for n := g.intn(5); n > 0; n-- {
			var key Value
			var read string // the key as HCL reads it
			if g.intn(4) == 0 {
				i := g.intn(len(genKeyTemplates))
				key, read = Template(genKeyTemplates[i]), genKeyValues[i]
				if mode == Literal {
					read = genKeyTemplates[i]
				}
			} else {
				s := g.str()
				key, read = String(s), cty.NormalizeString(validText(s))
			}
			if seen[read] {
				continue
			}
			seen[read] = true
			props = append(props, Prop{Key: key, Value: g.value(mode, depth+1)})
		}
		return Object(props...)
	}
}

func (g *fileGen) bytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = g.byte()
	}
	return b
}

// float returns a finite float64 from 8 bytes.
func (g *fileGen) float() float64 {
	f := math.Float64frombits(binary.LittleEndian.Uint64(g.bytes(8)))
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0.5
	}
	return f
}

// number returns a Number from the list or a random JSON number: up to 40
// digits, a fraction and an exponent up to 999.
func (g *fileGen) number() Value {
	if g.intn(2) == 0 {
		return mustNumber(g.pick(genNumbers))
	}
	var sb strings.Builder
	if g.intn(2) == 0 {
		sb.WriteByte('-')
	}
	digits := func(n int) {
		for range n {
			sb.WriteByte('0' + byte(g.intn(10)))
		}
	}
	sb.WriteByte('1' + byte(g.intn(9)))
	digits(g.intn(40))
	if g.intn(2) == 0 {
		sb.WriteByte('.')
		digits(1 + g.intn(30))
	}
	if g.intn(2) == 0 {
		sb.WriteString(g.pick([]string{"e", "E", "e+", "e-", "E-"}))
		digits(1 + g.intn(3))
	}
	return mustNumber(sb.String())
}

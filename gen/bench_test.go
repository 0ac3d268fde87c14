package gen

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/tfgentest"
	"github.com/hcljson/hcljson/template"
	"github.com/zclconf/go-cty/cty"
)

// benchDoc is a File built from a tfgen document, and the same content as
// a map tree for encoding/json.
type benchDoc struct {
	file  *File
	tree  map[string]any
	attrs int // attributes, at every depth
}

var benchSizes = []struct {
	name string
	size int // of the tfgen document the File is built from
}{
	{"1MB", 1 << 20},
	{"10MB", 10 << 20},
}

var benchDocs sync.Map // size → func() *benchDoc

func loadBenchDoc(size int) *benchDoc {
	f, _ := benchDocs.LoadOrStore(size, sync.OnceValue(func() *benchDoc {
		src := tfgentest.Generate(size, 1)
		file, diags := hcljson.Parse(src, "bench.tf.json")
		if diags.HasErrors() {
			panic(diags.Error())
		}
		d := &benchDoc{file: NewFile(), tree: map[string]any{}}
		d.body(d.file.Body(), d.tree, file.Body, tfgentest.Root(), src)
		return d
	}))
	return f.(func() *benchDoc)()
}

// body copies a decoded body into dst (and tree): attributes in source
// order, then blocks, as tfgen's schema nodes describe them.
func (d *benchDoc) body(dst *Body, tree map[string]any, hb hcl.Body, n *tfgentest.Node, src []byte) {
	var attrs hcl.Attributes
	var blocks hcl.Blocks
	if n.Schema == nil {
		attrs, _ = hb.JustAttributes()
	} else {
		content, _ := hb.Content(n.Schema)
		attrs, blocks = content.Attributes, content.Blocks
	}
	sorted := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		sorted = append(sorted, a)
	}
	slices.SortFunc(sorted, func(a, b *hcl.Attribute) int { return a.Range.Start.Byte - b.Range.Start.Byte })
	for _, a := range sorted {
		v, tv := benchValue(a.Expr, src)
		dst.AppendAttribute(a.Name, v, Expr)
		tree[a.Name] = tv
		d.attrs++
	}
	for _, blk := range blocks {
		child := n.Child(blk)
		if child == nil {
			continue
		}
		nb := dst.AppendBlock(blk.Type, blk.Labels...)
		bodyTree := map[string]any{}
		var elem any = bodyTree
		for i := len(blk.Labels) - 1; i >= 0; i-- {
			elem = map[string]any{blk.Labels[i]: []any{elem}}
		}
		list, _ := tree[blk.Type].([]any)
		tree[blk.Type] = append(list, elem)
		d.body(nb.Body(), bodyTree, blk.Body, child, src)
	}
}

// benchValue returns the Value of a decoded expression and its map-tree
// form: strings that are templates as Template, other strings as String,
// numbers with their source text.
func benchValue(expr hcl.Expression, src []byte) (Value, any) {
	lit, _ := expr.Value(nil)
	switch ty := lit.Type(); {
	case lit.IsNull():
		return Null(), nil
	case ty == cty.Bool:
		return Bool(lit.True()), lit.True()
	case ty == cty.Number:
		r := expr.Range()
		text := string(src[r.Start.Byte:r.End.Byte])
		n, err := Number(text)
		if err != nil {
			panic(err)
		}
		return n, json.Number(text)
	case ty == cty.String:
		s := lit.AsString()
		if template.IsLiteral(s) {
			return String(s), s
		}
		return Template(s), s
	case ty.IsTupleType():
		elems, _ := hcl.ExprList(expr)
		vals := make([]Value, len(elems))
		tree := make([]any, len(elems))
		for i, e := range elems {
			vals[i], tree[i] = benchValue(e, src)
		}
		return Array(vals...), tree
	case ty.IsObjectType():
		pairs, _ := hcl.ExprMap(expr)
		props := make([]Prop, len(pairs))
		tree := make(map[string]any, len(pairs))
		for i, p := range pairs {
			k, _ := p.Key.Value(nil)
			v, tv := benchValue(p.Value, src)
			props[i] = Prop{Key: String(k.AsString()), Value: v}
			tree[k.AsString()] = tv
		}
		return Object(props...), tree
	}
	panic(fmt.Sprintf("unexpected type %s", lit.Type().FriendlyName()))
}

// BenchmarkAppendFile encodes a built File into a reused buffer; the
// throughput is of the output. BenchmarkMarshal encodes the same content,
// as a map tree, with encoding/json (which loses the order of keys and
// HTML-escapes).
func BenchmarkAppendFile(b *testing.B) {
	for _, s := range benchSizes {
		d := loadBenchDoc(s.size)
		for _, opts := range []struct {
			name string
			opts Options
		}{{"indented", Options{}}, {"compact", Options{Compact: true}}} {
			b.Run(s.name+"/"+opts.name, func(b *testing.B) {
				buf := AppendFile(nil, d.file, opts.opts)
				b.SetBytes(int64(len(buf)))
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					buf = AppendFile(buf[:0], d.file, opts.opts)
				}
				b.ReportMetric(float64(len(buf))/(1<<20), "MB-out")
			})
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	for _, s := range benchSizes {
		d := loadBenchDoc(s.size)
		b.Run(s.name, func(b *testing.B) {
			out, err := json.Marshal(d.tree)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				out, _ = json.Marshal(d.tree)
			}
			b.ReportMetric(float64(len(out))/(1<<20), "MB-out")
		})
	}
}

// BenchmarkEncoder streams to a writer that discards, in 64 KiB pieces.
func BenchmarkEncoder(b *testing.B) {
	for _, s := range benchSizes {
		d := loadBenchDoc(s.size)
		b.Run(s.name, func(b *testing.B) {
			enc := NewEncoder(discard{}, Options{})
			enc.Encode(d.file) // grows the buffer once
			b.SetBytes(int64(len(d.file.Bytes())))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				enc.Encode(d.file)
			}
		})
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// The benchmark File holds the tfgen document's content: it reads back
// through the same checks as every other output.
func TestBenchDocReadsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 1 MB document")
	}
	d := loadBenchDoc(1 << 20)
	out := d.file.Bytes()
	saved := evalCtx
	evalCtx = tfgentest.EvalContext()
	defer func() { evalCtx = saved }()
	checkReadsBack(t, d.file, out)
	if d.attrs < 1000 || len(out) < 1<<20 {
		t.Errorf("%d attributes, %d bytes: the document is smaller than meant", d.attrs, len(out))
	}
	var tree map[string]any
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatalf("encoding/json rejects the output: %v", err)
	}
	// Zero allocations per value once the buffer is large enough.
	buf := make([]byte, 0, 2*len(out))
	if n := testing.AllocsPerRun(3, func() { buf = AppendFile(buf[:0], d.file, Options{}) }); n != 0 {
		t.Errorf("%v allocations encoding %d attributes, want 0", n, d.attrs)
	}
}

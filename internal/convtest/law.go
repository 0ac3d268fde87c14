package convtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// The law of the native converter: the native source and the JSON written
// for it, decoded with the same schema (derived from the native body) and
// the same evaluation context, give equal values (with their marks and
// unknowns), equal diagnostics summaries, equal Variables() and equal
// blocks (types, labels, and order within a type).

// LawSchema is the schema of a body derived from native source: every
// attribute name, and every block type with its label count and the
// merged schema of its blocks' bodies.
type LawSchema struct {
	attrs  []string
	blocks []lawBlock
}

type lawBlock struct {
	typ    string
	labels int
	body   *LawSchema
}

// DeriveSchema returns the schema of b, or an error when no schema fits
// (blocks of one type with different label counts, or a name that is both
// an attribute and a block type).
func DeriveSchema(b *hclsyntax.Body) (*LawSchema, error) {
	s := &LawSchema{}
	if err := s.add(b); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *LawSchema) add(b *hclsyntax.Body) error {
	for name := range b.Attributes {
		if !slices.Contains(s.attrs, name) {
			s.attrs = append(s.attrs, name)
		}
	}
	slices.Sort(s.attrs)
	for _, blk := range b.Blocks {
		i := slices.IndexFunc(s.blocks, func(lb lawBlock) bool { return lb.typ == blk.Type })
		if i < 0 {
			s.blocks = append(s.blocks, lawBlock{typ: blk.Type, labels: len(blk.Labels), body: &LawSchema{}})
			i = len(s.blocks) - 1
		}
		if s.blocks[i].labels != len(blk.Labels) {
			return fmt.Errorf("blocks %q have %d and %d labels", blk.Type, s.blocks[i].labels, len(blk.Labels))
		}
		if err := s.blocks[i].body.add(blk.Body); err != nil {
			return err
		}
	}
	for _, blk := range s.blocks {
		if slices.Contains(s.attrs, blk.typ) {
			return fmt.Errorf("%q is both an attribute and a block type", blk.typ)
		}
	}
	return nil
}

func (s *LawSchema) hcl() *hcl.BodySchema {
	bs := &hcl.BodySchema{}
	for _, a := range s.attrs {
		bs.Attributes = append(bs.Attributes, hcl.AttributeSchema{Name: a})
	}
	for _, b := range s.blocks {
		bs.Blocks = append(bs.Blocks, hcl.BlockHeaderSchema{Type: b.typ, LabelNames: make([]string, b.labels)})
	}
	for i := range bs.Blocks {
		for j := range bs.Blocks[i].LabelNames {
			bs.Blocks[i].LabelNames[j] = fmt.Sprintf("label%d", j)
		}
	}
	return bs
}

// lawDecode renders what body yields with schema s and ctx, without
// ranges: attributes by name with their value, evaluation diagnostics
// (severity and summary) and variables; blocks type by type, in order, with
// their labels and bodies. Attributes for which literal reports true are
// evaluated without a context.
func lawDecode(body hcl.Body, s *LawSchema, ctx *hcl.EvalContext, literal func(path []string, name string) bool) string {
	var b strings.Builder
	lawBody(&b, body, s, ctx, literal, nil, "")
	return b.String()
}

func lawBody(b *strings.Builder, body hcl.Body, s *LawSchema, ctx *hcl.EvalContext, literal func([]string, string) bool, path []string, indent string) {
	content, diags := body.Content(s.hcl())
	for _, d := range diags {
		fmt.Fprintf(b, "%sdiag %s\n", indent, diagSummary(d))
	}
	for _, name := range s.attrs {
		a, ok := content.Attributes[name]
		if !ok {
			continue
		}
		ectx := ctx
		lit := literal != nil && literal(path, name)
		if lit {
			ectx = nil
		}
		v, diags := a.Expr.Value(ectx)
		fmt.Fprintf(b, "%sattr %s = %s\n", indent, name, hcltest.RenderValue(v))
		for _, d := range diags {
			fmt.Fprintf(b, "%s  diag %s\n", indent, diagSummary(d))
		}
		if lit {
			// A JSON string reports the variables of its template even
			// where it is read literally; readers of literal-only
			// arguments do not ask.
			continue
		}
		for _, tr := range a.Expr.Variables() {
			fmt.Fprintf(b, "%s  var %s\n", indent, hcltest.RenderTraversal(tr))
		}
	}
	for _, bs := range s.blocks {
		for _, blk := range content.Blocks {
			if blk.Type != bs.typ {
				continue
			}
			fmt.Fprintf(b, "%sblock %s %q\n", indent, blk.Type, blk.Labels)
			lawBody(b, blk.Body, bs.body, ctx, literal, append(path, blk.Type), indent+"  ")
		}
	}
}

func diagSummary(d *hcl.Diagnostic) string {
	sev := "error"
	if d.Severity == hcl.DiagWarning {
		sev = "warning"
	}
	return sev + ": " + d.Summary
}

// parsePair parses a native source and the JSON written for it, and
// derives from the source the schema both are decoded with.
func parsePair(t testing.TB, filename string, src, out []byte) (native, json *hcl.File, s *LawSchema, err error) {
	t.Helper()
	native, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("native source does not parse: %s", diags)
	}
	json, diags = hcljson.Parse(out, filename+".json")
	if diags.HasErrors() {
		t.Fatalf("JSON output does not parse: %s\n%s", diags, out)
	}
	s, err = DeriveSchema(native.Body.(*hclsyntax.Body))
	return native, json, s, err
}

// CheckLaw converts nothing: it checks that out, the JSON written for the
// native src, means the same as src. literal names the attributes written
// in Literal mode (nil: none).
func CheckLaw(t testing.TB, filename string, src, out []byte, literal func([]string, string) bool) {
	t.Helper()
	nf, jf, s, err := parsePair(t, filename, src, out)
	if err != nil {
		t.Skipf("no schema fits: %v", err)
	}
	ctx := LawContext()
	want := lawDecode(nf.Body, s, ctx, literal)
	got := lawDecode(jf.Body, s, ctx, literal)
	if got != want {
		t.Errorf("the JSON does not mean the same as the native source\n%s\nnative:\n%s\njson:\n%s", LineDiff(want, got), want, got)
	}
}

// LineDiff names the first line where two renderings differ.
func LineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  native: %s\n  json:   %s", i+1, wl, gl)
		}
	}
	return ""
}

// LawContext is hcltest.EvalContext with more variables and functions, for
// the names the fixtures use.
func LawContext() *hcl.EvalContext {
	ctx := hcltest.EvalContext()
	vars := ctx.Variables["var"].AsValueMap()
	str := cty.StringVal
	ports := cty.ListVal([]cty.Value{
		cty.ObjectVal(map[string]cty.Value{"from": cty.NumberIntVal(80), "to": cty.NumberIntVal(80)}),
		cty.ObjectVal(map[string]cty.Value{"from": cty.NumberIntVal(443), "to": cty.NumberIntVal(443)}),
	})
	for k, v := range map[string]cty.Value{
		"env":     str("prod"),
		"name":    str("world"),
		"ami":     str("ami-123"),
		"bar":     str("bar"),
		"tags":    cty.MapVal(map[string]cty.Value{"a": str("x"), "b": str(""), "Name": str("n")}),
		"ports":   ports,
		"subnets": cty.TupleVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"id": str("s-1")}), cty.ObjectVal(map[string]cty.Value{"id": str("s-2")})}),
		"flag":    cty.True,
		"nums":    cty.TupleVal([]cty.Value{cty.NumberIntVal(1), cty.NumberFloatVal(2.5), cty.MustParseNumberVal("1e400")}),
		"unknown": cty.UnknownVal(cty.String),
		"empty":   str(""),
		"dollar":  str("$"),
	} {
		vars[k] = v
	}
	ctx.Variables["var"] = cty.ObjectVal(vars)
	for k, v := range map[string]cty.Value{
		"bar":       str("bar"),
		"space_bar": str(" bar"),
		"port":      cty.ObjectVal(map[string]cty.Value{"value": ports.Index(cty.NumberIntVal(0))}),
		"each":      cty.ObjectVal(map[string]cty.Value{"key": str("k"), "value": cty.ObjectVal(map[string]cty.Value{"name": str("v")})}),
		"path":      cty.ObjectVal(map[string]cty.Value{"module": str(".")}),
		"aws_instance": cty.ObjectVal(map[string]cty.Value{"web": cty.TupleVal([]cty.Value{
			cty.ObjectVal(map[string]cty.Value{"id": str("i-1"), "public_ip": cty.UnknownVal(cty.String)}),
		})}),
		"aws_s3_bucket": cty.ObjectVal(map[string]cty.Value{"logs": cty.ObjectVal(map[string]cty.Value{"id": str("logs")})}),
		"tags":          cty.DynamicVal,
		"ami":           cty.DynamicVal,
		"destroy":       cty.DynamicVal,
		"aws":           cty.DynamicVal,
		"module":        cty.DynamicVal,
		"c":             cty.True,
		"x":             cty.NumberIntVal(7),
	} {
		ctx.Variables[k] = v
	}
	for k, f := range map[string]function.Function{
		"lower":            stdlib.LowerFunc,
		"merge":            stdlib.MergeFunc,
		"concat":           stdlib.ConcatFunc,
		"join":             stdlib.JoinFunc,
		"format":           stdlib.FormatFunc,
		"coalesce":         stdlib.CoalesceFunc,
		"keys":             stdlib.KeysFunc,
		"tostring":         stdlib.MakeToFunc(cty.String),
		"tolist":           stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"provider::ns::fn": stdlib.UpperFunc,
	} {
		ctx.Functions[k] = f
	}
	return ctx
}

// SchemaFromLaw turns the schema derived from a native source into a
// schema.Body whose attributes are expressions (literal where literal
// says so), for converting generic HCL back to native syntax.
func SchemaFromLaw(s *LawSchema, literal func([]string, string) bool, path []string) *schema.Body {
	b := &schema.Body{}
	for _, a := range s.attrs {
		m := schema.Expression
		if literal != nil && literal(path, a) {
			m = schema.Literal
		}
		b.Attributes = append(b.Attributes, schema.Attribute{Name: a, Mode: m})
	}
	for _, blk := range s.blocks {
		labels := make([]string, blk.labels)
		for i := range labels {
			labels[i] = "l" + string(rune('0'+i))
		}
		b.Blocks = append(b.Blocks, schema.Block{
			Type: blk.typ, Labels: labels, Nesting: schema.NestingList,
			Body: SchemaFromLaw(blk.body, literal, append(path[:len(path):len(path)], blk.typ)),
		})
	}
	return b
}

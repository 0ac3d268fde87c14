package convtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// CheckTerraformReading checks that out, read by hcljson, gives what src
// gives when each attribute is read in its Terraform schema mode.
func CheckTerraformReading(t *testing.T, filename string, src, out []byte) {
	t.Helper()
	want := CompareTerraformReading(t, filename, src, out)
	if !strings.Contains(want, "syntax ") && !strings.HasPrefix(t.Name(), "Fuzz") {
		t.Errorf("the fixture reads no argument as syntax:\n%s", want)
	}
}

// CompareTerraformReading checks that out, read by hcljson, gives what
// src gives when each attribute is read in its Terraform schema mode, and
// returns the rendering of src.
func CompareTerraformReading(t *testing.T, filename string, src, out []byte) string {
	t.Helper()
	return CompareReading(t, filename, src, out, schema.Terraform.Root)
}

// CompareReading checks that out, read by hcljson, gives what src gives
// when each attribute is read in its mode in the language whose root is
// sch, and returns the rendering of src.
func CompareReading(t *testing.T, filename string, src, out []byte, sch *schema.Body) string {
	t.Helper()
	nf, jf, s, err := parsePair(t, filename, src, out)
	if err != nil {
		t.Fatalf("no schema fits: %v", err)
	}
	addSchemaBlocks(s, sch, 4)
	ctx := LawContext()
	var want, got strings.Builder
	tfBody(&want, src, nf.Body, s, sch, ctx, "")
	tfBody(&got, nil, jf.Body, s, sch, ctx, "")
	if got.String() != want.String() {
		t.Errorf("the JSON does not read as the native source\n%s\nnative:\n%s\njson:\n%s", LineDiff(want.String(), got.String()), want.String(), got.String())
	}
	return want.String()
}

// tfBody renders body as Terraform reads it with the schema sch (s is
// the shape derived from the native source, to decode both files alike).
func tfBody(b *strings.Builder, src []byte, body hcl.Body, s *LawSchema, sch *schema.Body, ctx *hcl.EvalContext, indent string) {
	content, diags := body.Content(s.hcl())
	for _, d := range diags {
		fmt.Fprintf(b, "%sdiag %s\n", indent, diagSummary(d))
	}
	for _, name := range s.attrs {
		a, ok := content.Attributes[name]
		if !ok {
			continue
		}
		arg, _ := sch.Argument(name)
		mode, shape := arg.Mode, arg.Shape
		fmt.Fprintf(b, "%sattr %s (%s %s)", indent, name, mode, shape)
		switch {
		case mode == schema.Expression:
			v, diags := a.Expr.Value(ctx)
			fmt.Fprintf(b, " = %s\n", hcltest.RenderValue(v))
			for _, d := range diags {
				fmt.Fprintf(b, "%s  diag %s\n", indent, diagSummary(d))
			}
			for _, tr := range a.Expr.Variables() {
				fmt.Fprintf(b, "%s  var %s\n", indent, hcltest.RenderTraversal(tr))
			}
		case mode == schema.Literal:
			b.WriteString(" = " + tfLiteral(a.Expr) + "\n")
		case mode == schema.Requirement:
			pairs, diags := hcl.ExprMap(a.Expr)
			if diags.HasErrors() {
				b.WriteString(" = " + tfLiteral(a.Expr) + "\n")
				continue
			}
			b.WriteString("\n")
			for _, p := range pairs {
				k := tfLiteral(p.Key)
				if k == `string "configuration_aliases"` {
					fmt.Fprintf(b, "%s  %s = %s\n", indent, k, tfSyntax(src, p.Value, schema.AbsTraversal, schema.ListOf, nil))
				} else {
					fmt.Fprintf(b, "%s  %s = %s\n", indent, k, tfLiteral(p.Value))
				}
			}
		default:
			fmt.Fprintf(b, " syntax %s\n", tfSyntax(src, a.Expr, mode, shape, sch.Attribute(name)))
		}
	}
	for _, bs := range s.blocks {
		for _, blk := range content.Blocks {
			if blk.Type != bs.typ {
				continue
			}
			fmt.Fprintf(b, "%sblock %s %q\n", indent, blk.Type, blk.Labels)
			inner := sch.NestedBody(blk.Type)
			tfBody(b, src, blk.Body, bs.body, inner, ctx, indent+"  ")
		}
	}
}

func tfLiteral(e hcl.Expression) string {
	v, diags := e.Value(nil)
	if diags.HasErrors() {
		return "error: " + diags[0].Summary
	}
	return hcltest.RenderValue(v)
}

// tfSyntax renders e (from the native src, or JSON when src is nil) read in mode and shape the way Terraform reads it:
// hcl.ExprList, hcl.ExprMap, typeexpr, hcl.AbsTraversalForExpr,
// hcl.RelTraversalForExpr, hcl.ExprAsKeyword, and for native expressions
// in strings the expression's text (native) or string (JSON) parsed.
func tfSyntax(src []byte, e hcl.Expression, mode schema.Mode, shape schema.Shape, def *schema.Attribute) string {
	switch shape {
	case schema.ListOf:
		if def != nil && len(def.Keywords) > 0 {
			if w := hcl.ExprAsKeyword(e); w != "" {
				return "keyword " + w
			}
		}
		exprs, diags := hcl.ExprList(e)
		if diags.HasErrors() {
			return "error: " + diags[0].Summary
		}
		parts := make([]string, len(exprs))
		for i, x := range exprs {
			parts[i] = tfSyntax(src, x, mode, schema.One, nil)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case schema.MapOf:
		pairs, diags := hcl.ExprMap(e)
		if diags.HasErrors() {
			return "error: " + diags[0].Summary
		}
		parts := make([]string, len(pairs))
		for i, p := range pairs {
			parts[i] = tfSyntax(src, p.Key, mode, schema.One, nil) + ": " + tfSyntax(src, p.Value, mode, schema.One, nil)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	switch mode {
	case schema.TypeExpr:
		ty, defaults, diags := typeexpr.TypeConstraintWithDefaults(e)
		if diags.HasErrors() {
			return "error: " + diags[0].Summary
		}
		s := "type " + typeexpr.TypeString(ty)
		if defaults != nil {
			s += fmt.Sprintf(" defaults %d", len(defaults.DefaultValues)+len(defaults.Children))
		}
		return s
	case schema.AbsTraversal, schema.ProviderRef:
		tr, diags := hcl.AbsTraversalForExpr(e)
		if diags.HasErrors() {
			return "error: " + diags[0].Summary
		}
		return "traversal " + hcltest.RenderTraversal(tr)
	case schema.RelTraversal:
		tr, diags := hcl.RelTraversalForExpr(e)
		if diags.HasErrors() {
			return "error: " + diags[0].Summary
		}
		return "rel " + hcltest.RenderTraversal(tr)
	case schema.Keyword:
		return "keyword " + hcl.ExprAsKeyword(e)
	case schema.NativeExpr:
		var text string
		if hcljson.IsJSONExpression(e) {
			v, diags := e.Value(nil)
			if diags.HasErrors() || !v.Type().Equals(cty.String) {
				return "error: not a string"
			}
			text = v.AsString()
		} else {
			r := e.Range()
			text = string(r.SliceBytes(src))
		}
		x, diags := hclsyntax.ParseExpression([]byte(text), "", hcl.InitialPos)
		if diags.HasErrors() {
			return "error: " + diags[0].Summary
		}
		vars := x.Variables()
		parts := make([]string, len(vars))
		for i, tr := range vars {
			parts[i] = hcltest.RenderTraversal(tr)
		}
		return fmt.Sprintf("native %q vars %s", text, strings.Join(parts, " "))
	}
	return "unknown mode " + mode.String()
}

// addSchemaBlocks adds to s the block types that sch lists and s lacks
// (down to depth levels), so that a JSON property holding zero blocks,
// which the native text does not show, decodes as no blocks.
func addSchemaBlocks(s *LawSchema, sch *schema.Body, depth int) {
	if depth == 0 || sch == nil {
		return
	}
	for _, blk := range sch.Blocks {
		if slices.Contains(s.attrs, blk.Type) {
			continue
		}
		i := slices.IndexFunc(s.blocks, func(lb lawBlock) bool { return lb.typ == blk.Type })
		if i < 0 {
			s.blocks = append(s.blocks, lawBlock{typ: blk.Type, labels: len(blk.Labels), body: &LawSchema{}})
			i = len(s.blocks) - 1
		}
		if s.blocks[i].labels == len(blk.Labels) {
			addSchemaBlocks(s.blocks[i].body, blk.Body, depth-1)
		}
	}
}

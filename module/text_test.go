package module

import (
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// TestReadText checks that a text read as the JSON string holding it
// reads in its mode as ReadValue reads that string, with ranges in the
// string written (line 1, after the opening quote, through the escapes
// that writing it adds: \" is two bytes, é two).
func TestReadText(t *testing.T) {
	ty, diags := ReadText(`map(object({ name = string }))`, schema.TypeExpr)
	if diags.HasErrors() || !ty.Type.Equals(cty.Map(cty.Object(map[string]cty.Type{"name": cty.String}))) {
		t.Errorf("type: %#v, %s", ty.Type, hcltest.RenderDiags(diags))
	}
	ref, diags := ReadText(`aws.west["k\"é"]`, schema.AbsTraversal)
	if diags.HasErrors() || len(ref.Traversal) != 3 || ref.Traversal.RootName() != "aws" {
		t.Fatalf("reference: %#v, %s", ref.Traversal, hcltest.RenderDiags(diags))
	}
	// Written "aws.west[\"k\\\"é\"]": the index step, brackets
	// included, is bytes [9, 22) of the string, its escapes counted.
	if r := ref.Traversal[2].SourceRange(); r.Start.Byte != 9 || r.End.Byte != 22 {
		t.Errorf("index range %d-%d, want 9-22", r.Start.Byte, r.End.Byte)
	}
	_, diags = ReadText(`upper("é") +`, schema.NativeExpr)
	// Written "upper(\"é\") +": the text ends at byte 16 (column 16:
	// é is one), before the closing quote.
	if got, want := hcltest.RenderDiags(diags), ":1,16-16: error: Missing expression; Expected the start of an expression, but found the end of the file.\n"; got != want {
		t.Errorf("native expression diagnostics\n%s\nwant\n%s", got, want)
	}
	back, diags := ReadText(`var.a["\n"]`, schema.NativeExpr)
	vars := back.Expr.Variables()
	// Written "var.a[\"\\n\"]": the reference is bytes [1, 15).
	if diags.HasErrors() || len(vars) != 1 || vars[0].SourceRange().Start.Byte != 1 || vars[0].SourceRange().End.Byte != 15 {
		t.Errorf("native reference %v, %s", vars, hcltest.RenderDiags(diags))
	}
}

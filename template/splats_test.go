package template

import (
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// TestParseTraversalSplats checks the stand-in for
// hclsyntax.ParseTraversalPartial (hcl/v2 v2.21.0 and later) on the
// forms it has to tell apart: splats become TraverseSplat over their
// brackets, an index written 0 stays an index, and a splat that is not
// closed is an error.
func TestParseTraversalSplats(t *testing.T) {
	rng := func(from, to int) hcl.Range {
		return hcl.Range{Start: hcl.Pos{Line: 1, Column: from + 1, Byte: from}, End: hcl.Pos{Line: 1, Column: to + 1, Byte: to}}
	}
	for _, tc := range []struct {
		src  string
		want hcl.Traversal
		errs int
	}{
		{src: "a[*]", want: hcl.Traversal{
			hcl.TraverseRoot{Name: "a", SrcRange: rng(0, 1)},
			hcl.TraverseSplat{SrcRange: rng(1, 4)},
		}},
		{src: "a[0][ * ].b", want: hcl.Traversal{
			hcl.TraverseRoot{Name: "a", SrcRange: rng(0, 1)},
			hcl.TraverseIndex{Key: cty.MustParseNumberVal("0"), SrcRange: rng(1, 4)},
			hcl.TraverseSplat{SrcRange: rng(4, 9)},
			hcl.TraverseAttr{Name: "b", SrcRange: rng(9, 11)},
		}},
		{src: `a["*"]`, want: hcl.Traversal{
			hcl.TraverseRoot{Name: "a", SrcRange: rng(0, 1)},
			hcl.TraverseIndex{Key: cty.StringVal("*"), SrcRange: rng(1, 6)},
		}},
		{src: "a[*", errs: 1},
		{src: "a.*", errs: 1},
	} {
		got, diags := parseTraversalSplats([]byte(tc.src), "", hcl.InitialPos)
		if len(diags.Errs()) != tc.errs {
			t.Errorf("%s: %d errors, want %d: %s", tc.src, len(diags.Errs()), tc.errs, diags.Error())
		}
		if tc.errs == 0 && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s =\n%#v\nwant\n%#v", tc.src, got, tc.want)
		}
	}
}

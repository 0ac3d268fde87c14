package tojson

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/hcljson/hcljson/internal/convtest"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/hcljson/hcljson/gen"
)

// misalign returns src with random extra spaces where it has spaces
// between tokens already (never inside a template or a heredoc, whose
// spaces are text), and random indentation: a layout terraform fmt would
// change, with the same meaning.
func misalign(src []byte, r *rand.Rand) []byte {
	toks, _ := hclsyntax.LexConfig(src, "", hcl.InitialPos)
	var out []byte
	last := 0
	for _, t := range toks {
		gap := src[last:t.Range.Start.Byte]
		out = append(out, gap...)
		if len(gap) > 0 && len(bytes.TrimLeft(gap, " ")) == 0 && t.Type != hclsyntax.TokenNewline && t.Type != hclsyntax.TokenEOF {
			for range r.IntN(4) {
				out = append(out, ' ')
			}
		}
		out = append(out, t.Bytes...)
		last = t.Range.End.Byte
	}
	return append(out, src[last:]...)
}

// TestNativeLayout: a native file converts to the same JSON whatever its
// layout (spaces between tokens, indentation, alignment), the JSON of its
// terraform fmt layout, which is what the way back writes: so
// .tf -> .tf.json -> .tf -> .tf.json is a fixed point for files not laid
// out by terraform fmt too.
func TestNativeLayout(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 0
	for _, path := range convtest.NativeFixtures(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		opts := fixtureOptions(path)
		want, diags := Convert(hclwrite.Format(src), path, opts, gen.Options{})
		if diags.HasErrors() {
			continue
		}
		for range 3 {
			moved := misalign(src, r)
			if bytes.Equal(moved, src) {
				continue
			}
			n++
			got, diags := Convert(moved, path, opts, gen.Options{})
			if diags.HasErrors() {
				t.Fatalf("%s, laid out so:\n%s\n%s", path, moved, diags)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s laid out so:\n%s\nconverts to\n%s\nnot, as laid out by terraform fmt,\n%s", path, moved, got, want)
				break
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d layouts tried", n)
	}
}

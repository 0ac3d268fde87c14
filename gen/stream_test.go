package gen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestStream builds files whose root holds attributes, comments, blocks
// of interleaved types (dynamic blocks and the types they generate
// among them), with and without labels, flushing after random appends,
// and checks that the Stream writes the bytes AppendFile writes for the
// same file built whole, indented and compact.
func TestStream(t *testing.T) {
	types := []string{"variable", "resource", "dynamic", "ingress", "locals", "output"}
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 1))
		for _, opts := range []Options{{}, {Compact: true}} {
			whole := NewFile()
			s := NewStream(opts, func() Spool { return new(bytes.Buffer) })
			for i := range r.IntN(40) {
				k := r.IntN(10)
				for _, b := range []*Body{whole.Body(), s.Body()} {
					switch {
					case k == 0:
						b.AppendAttribute(fmt.Sprint("a", i%3), String(fmt.Sprint("v", i)), Expr)
					case k == 1:
						b.AppendComment(fmt.Sprint("comment ", i))
					default:
						typ := types[(i*7+k)%len(types)]
						var labels []string
						if typ == "dynamic" {
							labels = []string{types[(i+k)%len(types)]}
						} else if typ != "locals" {
							labels = []string{fmt.Sprint("l", i)}
						}
						blk := b.AppendBlock(typ, labels...)
						blk.Body().AppendAttribute("x", String(fmt.Sprint(i)), Expr)
						blk.Body().AppendBlock("nested").Body().AppendAttribute("y", String("z"), Literal)
					}
				}
				if r.IntN(3) == 0 {
					if err := s.Flush(); err != nil {
						t.Fatal(err)
					}
				}
			}
			want := AppendFile(nil, whole, opts)
			var got bytes.Buffer
			n, err := s.WriteTo(&got)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) || n != int64(len(want)) {
				t.Fatalf("seed %d, %+v: stream wrote (%d bytes, n=%d)\n%s\nwant\n%s", seed, opts, got.Len(), n, got.Bytes(), want)
			}
		}
	}
}

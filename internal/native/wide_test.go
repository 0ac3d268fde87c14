package native

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/hcljson/hcljson/internal/ctystr"
)

// TestWordAtATime: the loops that read eight bytes (or four) at a time
// stop where the byte-by-byte loops they replace stop, at every offset of
// random texts made of the bytes they look for, the bytes that look like
// them to the word tests, and others.
func TestWordAtATime(t *testing.T) {
	alphabet := []byte("a_-Z09 \"\\$%\n\r#]\x0b\x0c{}.\x80\xc3\xa9\xff")
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		src := make([]byte, r.IntN(40))
		for k := range src {
			if r.IntN(3) == 0 {
				src[k] = alphabet[r.IntN(len(alphabet))]
			} else {
				src[k] = "abcxyz_-019 "[r.IntN(12)]
			}
		}
		for i := 0; i <= len(src); i++ {
			want := i
			for want < len(src) && plainText[src[want]] {
				want++
			}
			if got := plainEnd(src, i); got != want {
				t.Fatalf("plainEnd(%q, %d) = %d, want %d", src, i, got, want)
			}
			want = i
			for want < len(src) && identByte[src[want]] != 0 {
				want++
			}
			if got := asciiIdentEnd(src, i); got != want {
				t.Fatalf("asciiIdentEnd(%q, %d) = %d, want %d", src, i, got, want)
			}
			ascii := true
			for _, c := range src[i:] {
				ascii = ascii && c < utf8.RuneSelf
			}
			if got := ctystr.ASCII(string(src[i:])); got != ascii {
				t.Fatalf("ctystr.ASCII(%q) = %v", src[i:], got)
			}
		}
	}
}

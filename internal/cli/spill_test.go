package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestSpill: output up to spillAt stays in memory, more goes to an
// unnamed temporary file; either way WriteTo gives back exactly what was
// written, and nothing is left in the temporary directory.
func TestSpill(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	for _, size := range []int{0, 10, spillAt, spillAt + 1, 3*spillAt + 12345} {
		var want bytes.Buffer
		s := &spill{}
		chunk := []byte(strings.Repeat("0123456789abcdef", 4096))
		for want.Len() < size {
			p := chunk[:min(len(chunk), size-want.Len())]
			want.Write(p)
			if n, err := s.Write(p); n != len(p) || err != nil {
				t.Fatalf("size %d: Write = %d, %v", size, n, err)
			}
		}
		if inFile := s.f != nil; inFile != (size > spillAt) {
			t.Errorf("size %d: in a file %v", size, inFile)
		}
		if s.f != nil && len(s.mem) != 0 {
			t.Errorf("size %d: %d bytes kept in memory as well", size, len(s.mem))
		}
		for range 2 { // WriteTo can be repeated
			var got bytes.Buffer
			if n, err := s.WriteTo(&got); err != nil || n != int64(size) || !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("size %d: WriteTo = %d, %v (same %v)", size, n, err, bytes.Equal(got.Bytes(), want.Bytes()))
			}
		}
		left, _ := os.ReadDir(os.Getenv("TMPDIR"))
		if len(left) != 0 {
			t.Errorf("size %d: %d files in the temporary directory", size, len(left))
		}
		if err := s.Close(); err != nil {
			t.Errorf("size %d: Close: %v", size, err)
		}
	}
}

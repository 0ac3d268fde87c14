package cli

import (
	"bytes"
	"os"
	"testing"
)

// TestIsTerminal: /dev/null is a character device but not a terminal, so
// output redirected there is not treated as a terminal's (escaped, with
// progress and colours); a pipe and a buffer are not terminals either.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, out := range map[string]any{"/dev/null": null, "pipe": w, "buffer": &bytes.Buffer{}} {
		if isTerminal(out.(interface{ Write([]byte) (int, error) })) {
			t.Errorf("%s is taken for a terminal", name)
		}
	}
}

package validate

import (
	"os"
	"testing"
)

func TestProfDir(t *testing.T) {
	dir := os.Getenv("PROFDIR")
	if dir == "" {
		t.Skip()
	}
	for _, d := range Dir(dir, Options{}) {
		t.Log(d.Summary, d.Subject)
	}
}

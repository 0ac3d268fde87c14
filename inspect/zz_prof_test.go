package inspect

import (
	"io"
	"testing"
)

func TestZZProf(t *testing.T) {
	cfg, _ := Module("/tmp/dbl/r12", Options{})
	WriteJSON(io.Discard, cfg, true)
}

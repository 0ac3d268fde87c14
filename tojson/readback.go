package tojson

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// readKey is a text read back in a mode.
type readKey struct {
	text string
	mode schema.Mode
}

// readBack is what module.ReadText returned for a readKey.
type readBack struct {
	v     module.Value
	diags hcl.Diagnostics
}

// Bounds of the read-back memo: texts longer than readMemoText are read
// each time, and past readMemoLen entries nothing more is kept, so that
// the memo stays small beside the piece being converted.
const (
	readMemoText = 256
	readMemoLen  = 4096
)

// readText is module.ReadText(text, mode), remembered for the file: a
// configuration repeats its types and references (every variable of a
// generated file declares "map(string)"), and reading one back parses
// it as JSON, then as a traversal or a type. ReadText is a function of
// its arguments alone; what it returns is only read by the callers.
func (c *nativeConv) readText(text string, mode schema.Mode) (module.Value, hcl.Diagnostics) {
	if len(text) > readMemoText {
		return module.ReadText(text, mode)
	}
	k := readKey{text, mode}
	if r, ok := c.read[k]; ok {
		return r.v, r.diags
	}
	v, diags := module.ReadText(text, mode)
	if c.read == nil {
		c.read = map[readKey]readBack{}
	}
	if len(c.read) < readMemoLen {
		c.read[k] = readBack{v, diags}
	}
	return v, diags
}

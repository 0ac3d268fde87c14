package cli

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/hcljson/hcljson/scanner"
)

// jsonDepth returns how deep the JSON text b nests: the most arrays and
// objects that hold one value, in one pass.
func jsonDepth(b []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// tooDeepOutput is the error for native syntax whose JSON would nest
// deeper than JSON is read (spec.md C20): blocks nested 500 deep are
// within native syntax's limit, their JSON, two or more levels a block,
// is not. Nothing is written that cannot be read back.
func tooDeepOutput(out []byte, name string) *hcl.Diagnostic {
	d := jsonDepth(out)
	if d <= scanner.DefaultMaxDepth {
		return nil
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Nesting too deep",
		Detail: fmt.Sprintf("The JSON written for this file would nest %d levels deep (each block is two or more levels in JSON), more than the %d levels that JSON is read with; it was not converted.",
			d, scanner.DefaultMaxDepth),
		Subject: &hcl.Range{Filename: name, Start: hcl.InitialPos, End: hcl.InitialPos},
	}
}

package nesting

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestPrefix checks that Check, which reads a prefix of a long input
// first, reports the token that scanning every token reports, wherever it
// is: before the cut, across it, after it.
func TestPrefix(t *testing.T) {
	deep := "x = " + strings.Repeat("(", Max+1) + "1" + strings.Repeat(")", Max+1) + "\n"
	line := "a = \"${b} ((\" # [[[\n"
	heredoc := "h = <<EOT\n" + strings.Repeat("((((((((((\n", prefix/11+100) + "EOT\n"
	for name, src := range map[string]string{
		"early":          deep + strings.Repeat(line, 2*prefix/len(line)+1),
		"late":           strings.Repeat(line, 2*prefix/len(line)+1) + deep,
		"at the cut":     strings.Repeat(line, (prefix-2000)/len(line)) + deep + strings.Repeat(line, prefix/len(line)+1),
		"heredoc across": strings.Repeat(line, (prefix-500)/len(line)) + heredoc + deep + strings.Repeat(line, prefix/len(line)),
		"none":           strings.Repeat(line, 3*prefix/len(line)),
	} {
		src := []byte(src)
		whole, _, ok := scan(lex(src, Config, "a.tf", hcl.InitialPos), Config)
		d := Check(src, Config, "a.tf", hcl.InitialPos)
		switch {
		case ok && d != nil:
			t.Errorf("%s: %s, but scanning every token finds nothing", name, d.Subject)
		case !ok && (d == nil || *d.Subject != whole):
			t.Errorf("%s: %v, want %s", name, d, whole)
		}
	}
}

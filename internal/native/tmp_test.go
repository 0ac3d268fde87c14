package native

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

func TestTmpGen(t *testing.T) {
	src := genDoc()
	debugFail = func(p *parser, why reason) {
		i := p.cur.pos
		t.Logf("%s at %d: %q", why, i, src[max(0, i-200):min(len(src), i+100)])
	}
	defer func() { debugFail = nil }()
	parse(src, "gen.tf", hcl.InitialPos)
}

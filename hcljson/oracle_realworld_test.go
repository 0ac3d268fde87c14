package hcljson_test

import (
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
)

// realWorldSchema decodes a configuration's blocks as a loader does, every
// body with PartialContent and then JustAttributes of the rest, so that
// every attribute, block and range is rendered.
const realWorldSchema = `
partial
block terraform {
  partial
  block required_providers { attrs }
  block backend type { attrs }
}
block provider name { partial }
block variable name {
  partial
  block validation { attrs }
}
block locals { attrs }
block output name { partial }
block module name { partial }
block resource type name {
  partial
  block lifecycle { attrs }
  block provisioner type { attrs }
  block connection { attrs }
}
block data type name { partial }
block moved { attrs }
block import { attrs }
block check name { partial }
`

// TestOracleRealWorld renders each file of the real-world sample
// (HCLJSON_REALWORLD_JSON, as BenchmarkLoadRealWorld takes it) decoded
// with realWorldSchema and evaluated in the benchmark's context, with both
// implementations, and compares: values, ranges and diagnostics of real
// files, where the line table and the one-line ranges meet tabs, CRs and
// letters beyond ASCII as written.
func TestOracleRealWorld(t *testing.T) {
	files, ctx := realWorld()
	if files == nil {
		t.Skip("HCLJSON_REALWORLD_JSON is not set")
	}
	s, err := hcltest.ParseSchema(realWorldSchema)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		compareFile(t, fileInput{src: f.src, schema: s, ctx: ctx})
		if t.Failed() {
			t.Fatalf("in %s", f.name)
		}
	}
}

package inspect

import (
	"os"
	"testing"

	"github.com/hcljson/hcljson/schema"
)

// TestAsBlocks compares with OpenTofu 1.12.6's show -config -json (stored
// in testdata/asblocks.tofu.json, with the stand-in provider's schema
// from tofu providers schema -json) a module whose provider argument of
// type list of objects is written as blocks: its constant value is a list
// with one object per block, null where a block leaves an attribute out,
// "443" converted to a number, nested blocks likewise; its references
// are those of the blocks' own arguments, not of their nested blocks'.
func TestAsBlocks(t *testing.T) {
	data, err := os.ReadFile("testdata/asblocks.schemas.json")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := schema.ReadProviderSchemas(data)
	if err != nil {
		t.Fatal(err)
	}
	lang, err := schema.OpenTofu.WithProviders(ps)
	if err != nil {
		t.Fatal(err)
	}
	checkTofuOutputWith(t, "testdata/asblocks", "testdata/asblocks.tofu.json", Options{Language: lang})
}

package inspect

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
)

const (
	// overrideDir has override files, native and JSON, merged into native
	// primary files; testdata/override.tofu.json is what tofu show -config
	// -json printed for it (OpenTofu 1.12.6, after tofu init).
	overrideDir = "testdata/override"
	// overrideJSONDir is its JSON twin: the .tf files converted by
	// gen.ConvertNative (-update rewrites them), z_override.tf.json
	// copied.
	overrideJSONDir = "testdata/override-json"
)

// TestOverride checks that override files are merged as OpenTofu merges
// them: the representation of testdata/override and of its JSON twin
// equals what tofu show -config -json printed (extra keys left out, as in
// TestTofuShowConfig), and the whole representation, with the lifecycle
// merged argument by argument and each argument's range in the file it
// comes from, equals testdata/override.golden.json.
func TestOverride(t *testing.T) {
	convertTree(t, overrideDir, overrideJSONDir)
	b, err := os.ReadFile("testdata/override.tofu.json")
	if err != nil {
		t.Fatal(err)
	}
	want := reencode(t, dropKeys(decodeJSON(t, string(b)), "schema_version"))
	for _, dir := range []string{overrideDir, overrideJSONDir} {
		cfg, diags := Module(dir, Options{})
		if len(diags) > 0 {
			t.Fatalf("%s:\n%s", dir, hcltest.RenderDiags(diags))
		}
		got := reencode(t, dropExtras(decodeJSON(t, jsonOf(t, cfg)), ""))
		if got != want {
			var diffs []string
			diffJSON("", decodeJSON(t, got), decodeJSON(t, want), &diffs)
			t.Errorf("%s differs from tofu show -config -json:\n%s", dir, strings.Join(diffs, "\n"))
		}
		if dir != overrideDir {
			continue
		}
		var js bytes.Buffer
		if err := WriteJSON(&js, cfg, true); err != nil {
			t.Fatal(err)
		}
		golden(t, "testdata/override.golden.json", js.Bytes())
	}
}

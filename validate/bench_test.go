package validate

import (
	"testing"

	tfgen "github.com/hcljson/hcljson/internal/tfgentest"
	"github.com/hcljson/hcljson/module"
)

// BenchmarkDir validates, in the process, the module of 100 files (half
// native, half JSON) that BenchmarkValidateModule in internal/validatedifftest
// gives hcljson check and the programs' validate as whole processes:
// loading (reading and parsing every file) and the model, without the
// command's per-file check and output.
func BenchmarkDir(b *testing.B) {
	dir := b.TempDir()
	if err := tfgen.WriteModule(dir, 100); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if diags := Dir(dir, Options{Program: module.OpenTofu}); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

package validate

import (
	"testing"

	"github.com/hcljson/hcljson/internal/tfgentest"
	"github.com/hcljson/hcljson/module"
)

// BenchmarkDir validates, in the process, the module of 100 files (half
// native, half JSON) that BenchmarkValidateModule in internal/validatedifftest
// gives hcljson check and the programs' validate as whole processes:
// loading (reading and parsing every file) and the model (Load, then
// Model.Validate: what Dir did before it checked the files, spec.md
// {#validate} V18), without the check of each file against its language
// and the command's output. BenchmarkCheck measures Dir, with the check.
func BenchmarkDir(b *testing.B) {
	dir := b.TempDir()
	if err := tfgentest.WriteModule(dir, 100); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		md, diags := Load(dir, Options{Program: module.OpenTofu})
		vd, _ := md.Validate()
		if diags = append(diags, vd...); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

// BenchmarkCheck checks, in the process, BenchmarkDir's module as Dir
// checks it (Model.Check): loading, each file against its language, the
// validation; what BenchmarkCheckModule in internal/cli measures without
// the command's flags and output.
func BenchmarkCheck(b *testing.B) {
	dir := b.TempDir()
	if err := tfgentest.WriteModule(dir, 100); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if diags := Dir(dir, Options{Program: module.OpenTofu}); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

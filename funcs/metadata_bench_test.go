package funcs

import "testing"

// BenchmarkParseMetadata reads OpenTofu's embedded signatures, what the
// first use of a table costs a process.
func BenchmarkParseMetadata(b *testing.B) {
	raw, _ := data.ReadFile(OpenTofu112.file())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseMetadata(raw); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompiledSignatures builds OpenTofu's signatures from the table
// compiled into the package, what the first use of a table costs a
// process instead of BenchmarkParseMetadata.
func BenchmarkCompiledSignatures(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if sigs := compiledSignatures(OpenTofu112); len(sigs) == 0 {
			b.Fatal("no signatures")
		}
	}
}

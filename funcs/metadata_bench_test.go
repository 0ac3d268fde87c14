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

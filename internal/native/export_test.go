package native

// What bench_test.go (package native_test: its input is made with
// tonative, which imports module, which imports this package) uses of
// the package's own.
var (
	Parse       = parse
	Corpora     = corpora
	CorpusFiles = corpusFiles
)

//go:build race

package gen

// raceEnabled reports whether the tests run under the race detector,
// whose instrumentation allocates where a plain build does not.
const raceEnabled = true

//go:build race

package native

// raceEnabled reports whether the tests run under the race detector,
// whose sync.Pool drops some of what it is given: a parser made anew
// grows its stacks again, allocations a plain build does not make.
const raceEnabled = true

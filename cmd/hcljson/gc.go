package main

import (
	"os"
	"runtime"
	"runtime/debug"
)

// The collector's settings for the command. A command is a short process
// whose heap is small: checking a module of a hundred files allocates
// about 9 MB and keeps little of it, and with GOGC=100 the collector runs
// two or three times, which cost more CPU time than the pages a larger
// heap touches (BENCHMARKS.md, "Validating a module": 13–21% less CPU
// with GOGC=300, 400 or off, paired runs). So the command starts with
// smallHeapGOGC and goes back to the default, 100, at the first cycle
// that ends with more than smallHeapLive bytes live: a large input
// (convert of a big file) is read with the heap it would have had, its
// peak raised by at most smallHeapLive × smallHeapGOGC / 100 bytes. A
// GOGC set in the environment is the user's choice and is left alone,
// and so is a setting that the command changed since (check -recursive
// sets 400 for its run): smallHeapGOGC is a value no other code sets,
// by which the watch knows the setting is still its own.
const (
	smallHeapGOGC = 300
	smallHeapLive = 16 << 20
)

// tuneGC applies the command's collector settings.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	debug.SetGCPercent(smallHeapGOGC)
	armGCWatch()
}

// gcWatch is an object whose finalizer runs after each collection cycle
// that finds it unreachable, so about once a cycle.
type gcWatch struct{ _ [16]byte } // 16 bytes: not a tiny allocation (under 16), whose finalizer may never run

// armGCWatch makes a new watch, whose finalizer checks the live heap and
// either restores GOGC=100 or arms the next watch.
func armGCWatch() {
	w := new(gcWatch)
	runtime.SetFinalizer(w, func(*gcWatch) {
		if liveHeap() <= smallHeapLive {
			armGCWatch()
			return
		}
		// Back to the default, unless the setting is no longer ours.
		if prev := debug.SetGCPercent(100); prev != smallHeapGOGC {
			debug.SetGCPercent(prev)
		}
	})
}

// liveHeap is the heap that the last cycle found live, in bytes, as the
// heap goal that the cycle set implies while the setting is
// smallHeapGOGC: the goal is the live heap plus smallHeapGOGC percent of
// it and of the goroutine stacks and globals, so this is the live heap
// plus at most three quarters of those (well under a megabyte here). It
// reads runtime.MemStats rather than runtime/metrics, whose
// initialization every start of the command would pay (BENCHMARKS.md,
// "Processes"); only a finished cycle reads it.
func liveHeap() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.NextGC * 100 / (100 + smallHeapGOGC)
}

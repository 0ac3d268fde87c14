package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent reads the current GOGC setting.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

func TestTuneGC(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set in the environment: tuneGC leaves it alone")
	}
	defer debug.SetGCPercent(gcPercent())
	tuneGC()
	if got := gcPercent(); got != smallHeapGOGC {
		t.Fatalf("after tuneGC, GOGC = %d, want %d", got, smallHeapGOGC)
	}
	// A small heap keeps the setting, cycle after cycle.
	for range 3 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the finalizer runs on its own goroutine
	}
	if got := gcPercent(); got != smallHeapGOGC {
		t.Fatalf("with a small heap, GOGC = %d, want %d", got, smallHeapGOGC)
	}
	// A large live heap brings the default back.
	big := make([][]byte, 0, 64)
	for range 48 {
		big = append(big, make([]byte, 1<<20))
	}
	deadline := time.Now().Add(5 * time.Second)
	for gcPercent() != 100 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(big)
	if got := gcPercent(); got != 100 {
		t.Fatalf("with %d MB live, GOGC = %d, want 100", len(big), got)
	}
}

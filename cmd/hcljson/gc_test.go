package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// gcPercent reads the current GOGC setting, without setting it (which
// would race with the watch's finalizer).
func gcPercent() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
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

// A setting made after tuneGC's (check -recursive sets its own) is kept
// when the heap grows.
func TestTuneGCKeepsOthersSetting(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set in the environment: tuneGC leaves it alone")
	}
	defer debug.SetGCPercent(gcPercent())
	tuneGC()
	debug.SetGCPercent(400)
	big := make([][]byte, 0, 64)
	for range 48 {
		big = append(big, make([]byte, 1<<20))
	}
	for range 5 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(big)
	if got := gcPercent(); got != 400 {
		t.Fatalf("GOGC = %d, want the 400 set after tuneGC", got)
	}
}

// liveHeap, read from the heap goal, is the live heap that
// runtime/metrics reports, within the stacks and globals that the goal
// counts too.
func TestLiveHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(smallHeapGOGC))
	big := make([][]byte, 0, 32)
	for range 24 {
		big = append(big, make([]byte, 1<<20))
	}
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	live, got := s[0].Value.Uint64(), liveHeap()
	runtime.KeepAlive(big)
	if live < 24<<20 || got < live || got > live+1<<20 {
		t.Errorf("liveHeap() = %d, runtime/metrics' live heap %d", got, live)
	}
}

package workers

import (
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// TestEach checks that every item is done exactly once, for counts of
// workers below, at and above the number of items.
func TestEach(t *testing.T) {
	for _, tt := range []struct{ workers, n int }{
		{0, 0}, {1, 0}, {4, 0}, {0, 3}, {1, 5}, {2, 1}, {2, 2}, {3, 100}, {64, 7}, {runtime.GOMAXPROCS(0), 1000},
	} {
		done := make([]int32, tt.n)
		Each(tt.workers, tt.n, func(i int) { atomic.AddInt32(&done[i], 1) })
		for i, d := range done {
			if d != 1 {
				t.Errorf("Each(%d, %d): item %d done %d times", tt.workers, tt.n, i, d)
			}
		}
	}
}

// TestEachInOrder checks that with one worker the items are done in
// order on the caller's goroutine.
func TestEachInOrder(t *testing.T) {
	var got []int
	Each(1, 5, func(i int) { got = append(got, i) })
	if !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
		t.Errorf("Each(1, 5) did %v, want 0 to 4 in order", got)
	}
}

// TestEachConcurrent checks that several workers do run at once: each of
// two items waits for the other to start, which only happens if both run
// together (done one after the other, the first waits in vain).
func TestEachConcurrent(t *testing.T) {
	started := [2]chan struct{}{make(chan struct{}), make(chan struct{})}
	var failed atomic.Bool
	Each(2, 2, func(i int) {
		close(started[i])
		select {
		case <-started[1-i]:
		case <-time.After(10 * time.Second):
			failed.Store(true)
		}
	})
	if failed.Load() {
		t.Error("Each(2, 2): the two items did not run at once")
	}
}

package workers

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
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

// TestEachConcurrent checks that several workers do run at once: two
// items that each wait for the other finish only if both run together.
func TestEachConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(2)
	Each(2, 2, func(int) {
		wg.Done()
		wg.Wait()
	})
}

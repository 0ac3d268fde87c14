package workers

import (
	"sync"
	"sync/atomic"
)

// Each calls f(i) once for every i in [0, n) on at most workers
// goroutines, the caller's among them, each taking the next i not yet
// taken, and returns when every call has returned. With workers under 2,
// or n under 2, the calls are made in order on the caller's goroutine.
// f must be safe to call concurrently for distinct i; what it produces
// it stores at i, so that the caller reads the results in order.
func Each(workers, n int, f func(i int)) {
	workers = min(workers, n)
	if workers < 2 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
			f(i)
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

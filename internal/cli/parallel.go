package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// forEach calls fn(i) for i in [0, n) on runtime.GOMAXPROCS(0) goroutines
// and returns when all calls are done. Callers store results by index, so
// the output order does not depend on the schedule. On a terminal, a run
// that lasts longer than e.progressAfter shows "VERB i/n files" on
// standard error, redrawn in place, and ends it with a newline.
func (e *env) forEach(verb string, n int, fn func(i int)) {
	e.forEachOf(verb, "files", n, fn)
}

// forEachOf is forEach over n things that the progress line calls noun
// ("modules").
func (e *env) forEachOf(verb, noun string, n int, fn func(i int)) {
	p := e.startProgress(verb, noun, n)
	parallel(runtime.GOMAXPROCS(0), n, func(i int) {
		fn(i)
		p.add()
	})
	p.stop()
}

// parallel calls fn(i) for i in [0, n) on at most workers goroutines, in
// order of i as far as each goroutine goes, and returns when all are done.
// A panic in fn stops the calls not yet begun and is raised again in the
// caller's goroutine, as a workerPanic holding the worker's stack, once
// the other workers are done: so Main can report it (a panic in a
// goroutine of its own would end the process before any cleanup).
func parallel(workers, n int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var first atomic.Pointer[workerPanic]
	for range min(workers, n) {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					w, ok := p.(workerPanic)
					if !ok {
						w = workerPanic{p, debug.Stack()}
					}
					first.CompareAndSwap(nil, &w)
					next.Store(int64(n)) // no new calls
				}
			}()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(i)
			}
		})
	}
	wg.Wait()
	if w := first.Load(); w != nil {
		panic(*w)
	}
}

// workerPanic is a panic recovered in a worker of parallel, with the
// worker's stack, raised again in the goroutine that waits for it.
type workerPanic struct {
	value any
	stack []byte
}

func (w workerPanic) String() string { return fmt.Sprint(w.value) }

// progress draws "VERB i/n files" on a terminal while work goes on.
type progress struct {
	e     *env
	verb  string
	noun  string
	total int
	done  atomic.Int64
	quit  chan struct{}
	ended chan struct{}
}

// startProgress starts the progress line of a run over n files, or
// returns nil when standard error is not a terminal or there is one file.
func (e *env) startProgress(verb, noun string, n int) *progress {
	if !e.terminal || n < 2 {
		return nil
	}
	p := &progress{e: e, verb: verb, noun: noun, total: n, quit: make(chan struct{}), ended: make(chan struct{})}
	go p.loop()
	return p
}

// loop waits progressAfter, then redraws the line every progressEvery
// until stop.
func (p *progress) loop() {
	defer close(p.ended)
	if p.e.progressAfter > 0 { // 0: from the start (a select could pick quit)
		wait := time.NewTimer(p.e.progressAfter)
		defer wait.Stop()
		select {
		case <-p.quit:
			return
		case <-wait.C:
		}
	}
	tick := time.NewTicker(p.e.progressEvery)
	defer tick.Stop()
	for {
		p.draw()
		select {
		case <-p.quit:
			p.draw()
			fmt.Fprint(p.e.stderr, "\n")
			return
		case <-tick.C:
		}
	}
}

func (p *progress) draw() {
	fmt.Fprintf(p.e.stderr, "\r%s %d/%d %s", p.verb, p.done.Load(), p.total, p.noun)
}

// add counts one file done. A nil progress does nothing.
func (p *progress) add() {
	if p != nil {
		p.done.Add(1)
	}
}

// stop ends the line, if it was shown, and waits for the drawing to end.
func (p *progress) stop() {
	if p != nil {
		close(p.quit)
		<-p.ended
	}
}

//go:build unix

package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"sync"
	"syscall"
	"time"
)

// A report is what measure found. Byte counts; RSS is the process's resident
// set as the kernel counts it (getrusage's high-water mark), heap is what the
// Go runtime counts.
type report struct {
	Input int // bytes of input, held in memory during the whole measure

	HeapBefore uint64 // heap objects after a GC, with the input loaded
	HeapPeak   uint64 // highest heap objects seen while op ran (live and not yet swept)
	HeapAfter  uint64 // heap objects after a GC, with op's result still reachable
	MappedPeak uint64 // highest memory mapped by the runtime and not given back, while op ran

	RSSBefore uint64 // peak RSS before op ran (input, runtime, binary)
	RSSPeak   uint64 // peak RSS when op had run

	Samples int           // how many times the heap was sampled while op ran
	Elapsed time.Duration // how long op ran
}

const (
	heapObjects = "/memory/classes/heap/objects:bytes"
	totalMapped = "/memory/classes/total:bytes"
	released    = "/memory/classes/heap/released:bytes"
)

func readHeap(s []metrics.Sample) (objects, mapped uint64) {
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64() - s[2].Value.Uint64()
}

func newSamples() []metrics.Sample {
	return []metrics.Sample{{Name: heapObjects}, {Name: totalMapped}, {Name: released}}
}

// maxRSS returns the process's peak resident set size in bytes.
func maxRSS() uint64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return uint64(ru.Maxrss) * 1024 // kilobytes on Linux
}

// measure runs op once while a goroutine samples the heap every interval, and
// reports the peaks. op's result is kept reachable until HeapAfter is read.
// Spikes shorter than interval may be missed by HeapPeak, never by RSSPeak.
func measure(input []byte, interval time.Duration, op func() any) report {
	r := report{Input: len(input)}
	s := newSamples()
	runtime.GC()
	r.HeapBefore, _ = readHeap(s)
	r.RSSBefore = maxRSS()

	var (
		mu                 sync.Mutex
		peakHeap, peakMaps uint64
		samples            int
	)
	sample := func(s []metrics.Sample) {
		h, m := readHeap(s)
		mu.Lock()
		peakHeap, peakMaps = max(peakHeap, h), max(peakMaps, m)
		samples++
		mu.Unlock()
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		s := newSamples()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				sample(s)
			}
		}
	}()

	start := time.Now()
	result := op()
	r.Elapsed = time.Since(start)
	sample(s) // the heap as op returns: its result at least
	close(stop)
	<-done

	r.HeapPeak, r.MappedPeak, r.Samples = peakHeap, peakMaps, samples
	r.RSSPeak = maxRSS()
	runtime.GC()
	r.HeapAfter, _ = readHeap(s)
	runtime.KeepAlive(result)
	runtime.KeepAlive(input)
	return r
}

func mb(n uint64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// times returns n as a multiple of the input size.
func (r report) times(n uint64) string { return fmt.Sprintf("%.2f×", float64(n)/float64(r.Input)) }

func over(a, b uint64) uint64 {
	if a < b {
		return 0
	}
	return a - b
}

// write prints the report for a person.
func (r report) write(w io.Writer, what string) {
	in := uint64(r.Input)
	fmt.Fprintf(w, "%s\n", what)
	fmt.Fprintf(w, "input         %10s  (%d bytes)\n", mb(in), r.Input)
	fmt.Fprintf(w, "time          %10s\n", r.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(w, "heap before   %10s  %7s input  (input loaded, after GC)\n", mb(r.HeapBefore), r.times(r.HeapBefore))
	fmt.Fprintf(w, "heap peak     %10s  %7s input  overhead %s = %s input  (%d samples)\n",
		mb(r.HeapPeak), r.times(r.HeapPeak), mb(over(r.HeapPeak, r.HeapBefore)), r.times(over(r.HeapPeak, r.HeapBefore)), r.Samples)
	fmt.Fprintf(w, "heap after    %10s  %7s input  retained %s = %s input  (result alive, after GC)\n",
		mb(r.HeapAfter), r.times(r.HeapAfter), mb(over(r.HeapAfter, r.HeapBefore)), r.times(over(r.HeapAfter, r.HeapBefore)))
	fmt.Fprintf(w, "mapped peak   %10s  %7s input  (runtime memory not returned to the OS)\n", mb(r.MappedPeak), r.times(r.MappedPeak))
	fmt.Fprintf(w, "RSS before    %10s  %7s input\n", mb(r.RSSBefore), r.times(r.RSSBefore))
	fmt.Fprintf(w, "RSS peak      %10s  %7s input  overhead %s = %s input\n",
		mb(r.RSSPeak), r.times(r.RSSPeak), mb(over(r.RSSPeak, r.RSSBefore)), r.times(over(r.RSSPeak, r.RSSBefore)))
}

// writeRow prints the report as a row of the Markdown table in BENCHMARKS.md.
func (r report) writeRow(w io.Writer, impl, mode string) {
	fmt.Fprintf(w, "| %s | %s | %.0f | %.0f (%s) | %.0f (%s) | %.0f (%s) | %.0f (%s) | %.0f (%s) | %.1f |\n",
		impl, mode, float64(r.Input)/1e6,
		float64(r.HeapPeak)/1e6, r.times(r.HeapPeak),
		float64(over(r.HeapPeak, r.HeapBefore))/1e6, r.times(over(r.HeapPeak, r.HeapBefore)),
		float64(over(r.HeapAfter, r.HeapBefore))/1e6, r.times(over(r.HeapAfter, r.HeapBefore)),
		float64(r.RSSPeak)/1e6, r.times(r.RSSPeak),
		float64(over(r.RSSPeak, r.RSSBefore))/1e6, r.times(over(r.RSSPeak, r.RSSBefore)),
		r.Elapsed.Seconds())
}

// rowHeader is the header of the table writeRow writes rows of.
const rowHeader = "| impl | mode | input MB | peak heap MB (×input) | heap overhead MB (×input) | retained MB (×input) | peak RSS MB (×input) | RSS overhead MB (×input) | time s |\n" +
	"|---|---|---:|---:|---:|---:|---:|---:|---:|\n"

//go:build unix

package hcljson_test

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time the process has used so far
// (every thread: the garbage collector's workers included), and whether
// it could be read.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

//go:build unix

package native_test

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time the process has used so far,
// garbage collection included.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

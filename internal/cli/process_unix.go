//go:build unix

package cli

import (
	"errors"
	"syscall"
)

// processExists reports whether a process numbered pid runs (or may run:
// one that this user cannot signal exists).
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

//go:build unix

package module

import "syscall"

// openFlags are the flags ReadFile adds to O_RDONLY.
const openFlags = syscall.O_NONBLOCK

//go:build !unix

package module

// openFlags are the flags ReadFile adds to O_RDONLY.
const openFlags = 0

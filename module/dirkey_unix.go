//go:build unix

package module

import (
	"io/fs"
	"strconv"
	"syscall"
)

// fileKey returns a file's device and inode numbers as a key that no
// path equals (it starts with a NUL byte).
func fileKey(fi fs.FileInfo) (string, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "", false
	}
	return "\x00" + strconv.FormatUint(uint64(st.Dev), 10) + ":" + strconv.FormatUint(uint64(st.Ino), 10), true
}

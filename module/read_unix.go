//go:build unix

package module

import "syscall"

// openFlags are the flags ReadFile adds to O_RDONLY.
const openFlags = syscall.O_NONBLOCK

// readRegular reads path, which the directory's listing gave as a regular
// file, with the system calls alone (open, fstat, read until the end,
// close), without an os.File: its poller registration and cleanup were a
// third of reading a module's small files. It reports false when
// anything is not as expected (the open or a read fails, the file is not
// regular or is larger than a positive limit, or grew past it), and
// readFile then reads it again as ReadFile does, which says why.
func readRegular(path string, limit int64) ([]byte, bool) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|openFlags, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, false
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	for {
		err = syscall.Fstat(fd, &st)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || limit > 0 && st.Size > limit {
		return nil, false
	}
	src := make([]byte, 0, st.Size+1)
	for {
		n, err := syscall.Read(fd, src[len(src):cap(src)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil || n < 0 {
			return nil, false
		}
		if n == 0 {
			break
		}
		src = src[:len(src)+n]
		if limit > 0 && int64(len(src)) > limit {
			return nil, false
		}
		if len(src) == cap(src) {
			src = append(src, 0)[:len(src)]
		}
	}
	return src, true
}

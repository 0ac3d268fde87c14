//go:build unix

package cli

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// tryLock takes the exclusive flock(2) lock of f without waiting: false
// when another open file holds it, an error when the file system has no
// such lock.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		}
		return false, err
	}
}

// unlockFile releases the lock tryLock took.
func unlockFile(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// fileOwner returns the owner and group of a file, and the number of its
// hard links.
func fileOwner(fi fs.FileInfo) (uid, gid, links int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 1, false
	}
	return int(st.Uid), int(st.Gid), int(st.Nlink), true
}

// chownLike gives f the owner and group uid and gid, or, where this user
// may not give a file away (not root), the group alone when it may, as
// "sed -i" does; what is not permitted is left as the system makes it.
func chownLike(f *os.File, uid, gid int) {
	if f.Chown(uid, gid) != nil {
		f.Chown(-1, gid)
	}
}

//go:build !unix

package cli

import (
	"errors"
	"io/fs"
	"os"
)

// errLockUnsupported is what tryLock returns where there is no lock.
var errLockUnsupported = errors.New("no advisory locks here")

// tryLock has no lock to take here: writers are not serialized.
func tryLock(f *os.File) (bool, error) { return false, errLockUnsupported }

// unlockFile releases nothing.
func unlockFile(f *os.File) {}

// fileOwner knows no owner here.
func fileOwner(fi fs.FileInfo) (uid, gid, links int, ok bool) { return 0, 0, 1, false }

// chownLike changes nothing here.
func chownLike(f *os.File, uid, gid int) {}

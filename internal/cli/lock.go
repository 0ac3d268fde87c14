package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// lockWait bounds how long a run waits for the lock of a directory that
// another run holds: writing a file takes milliseconds, so a run that
// holds one for seconds is stuck, or writing very many files.
const lockWait = 10 * time.Second

// lockError is a directory whose lock another run held for lockWait.
type lockError struct {
	dir string
}

func (e *lockError) Error() string {
	return fmt.Sprintf("another run of hcljson has been writing in the directory %q for %s", e.dir, lockWait)
}

// heldLock is the lock of one directory, taken n times by this run.
type heldLock struct {
	f *os.File // nil where the directory cannot be locked
	n int
}

// lockDirs takes the advisory lock (flock(2) on the directory, where
// the system has it) of each directory of dirs, in the order of their
// absolute paths so that two runs locking several never wait for each
// other, waiting at most lockWait for each, and returns what releases
// them. The runs of hcljson that write files take the lock of each
// directory they write in from before they check that their sources have
// not changed until their files are renamed into place, so that no run
// renames a file between another's check and its rename, which would
// lose the other's change after it said it was made. Locks are
// counted: a directory locked twice by the run is released by the
// second release. A directory that cannot be opened or locked (a file
// system without locks) is written without one.
func (r *runFiles) lockDirs(dirs []string) (unlock func(), err error) {
	keys := make([]string, 0, len(dirs))
	for _, d := range dirs {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		keys = append(keys, filepath.Clean(d))
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	var taken []string
	unlock = func() {
		for _, k := range slices.Backward(taken) {
			r.unlockDir(k)
		}
	}
	for _, k := range keys {
		if err := r.lockDir(k); err != nil {
			unlock()
			return nil, err
		}
		taken = append(taken, k)
	}
	return unlock, nil
}

// lockDir takes the lock of the directory whose absolute path is dir.
func (r *runFiles) lockDir(dir string) error {
	r.lockMu.Lock()
	defer r.lockMu.Unlock()
	if h := r.locks[dir]; h != nil {
		h.n++
		return nil
	}
	h := &heldLock{n: 1}
	if f, err := os.Open(dir); err == nil {
		wait := time.Millisecond
		for deadline := time.Now().Add(lockWait); ; {
			ok, err := tryLock(f)
			if ok || err != nil {
				// An error: no lock on this file system.
				if ok {
					h.f = f
				} else {
					f.Close()
				}
				break
			}
			if time.Now().After(deadline) {
				f.Close()
				return &lockError{dir: dir}
			}
			time.Sleep(wait)
			wait = min(2*wait, 50*time.Millisecond)
		}
	}
	r.locks[dir] = h
	return nil
}

// unlockDir releases the lock of dir taken by lockDir.
func (r *runFiles) unlockDir(dir string) {
	r.lockMu.Lock()
	defer r.lockMu.Unlock()
	h := r.locks[dir]
	if h == nil {
		return
	}
	if h.n--; h.n > 0 {
		return
	}
	delete(r.locks, dir)
	if h.f != nil {
		unlockFile(h.f)
		h.f.Close()
	}
}

package cli

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/hashicorp/hcl/v2"
)

// tempMarker is in the name of every temporary file a run writes:
// ".NAME.hcljson-tmp-PID-RANDOM" beside the target NAME, PID being the
// process that writes it. A run that stages files into a directory first
// removes the temporary files there whose process no longer exists: what
// a run killed with SIGKILL, or by a crash, left behind.
const tempMarker = ".hcljson-tmp-"

// runFiles lists the temporary files and the directories that a run has
// made and not yet handed over, so that an interrupt can remove them.
// It is safe for concurrent use.
type runFiles struct {
	mu sync.Mutex
	// stopped is set by interrupt: no file or directory is made after.
	stopped bool
	files   map[string]bool
	dirs    []string
	// swept are the directories cleared of stale temporary files, and
	// stale the files removed.
	swept map[string]bool
	stale []string
	// locks are the directories whose lock the run holds (lockDirs).
	lockMu sync.Mutex
	locks  map[string]*heldLock
	// watched, when not nil, is closed once the handler of interrupts
	// is installed (env.handleInterrupts): create and mkdir wait for
	// it, so that an interrupt finds every file and directory made.
	watched chan struct{}
}

// errInterrupted is the error of a file not made because the run is
// being interrupted.
var errInterrupted = errors.New("interrupted")

func newRunFiles() *runFiles {
	return &runFiles{files: map[string]bool{}, swept: map[string]bool{}, locks: map[string]*heldLock{}}
}

// create makes a new temporary file beside target and lists it. The
// file is made while the list is locked, so that an interrupt removes
// every file made before it and none is made after.
func (r *runFiles) create(target string) (*os.File, error) {
	dir, base := filepath.Dir(target), filepath.Base(target)
	prefix := "." + base + tempMarker + strconv.Itoa(os.Getpid()) + "-"
	r.waitWatched()
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		if r.stopped {
			return nil, errInterrupted
		}
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64()%1e10, 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		r.files[name] = true
		return f, nil
	}
}

// mkdir makes a directory and lists it.
func (r *runFiles) mkdir(dir string) error {
	r.waitWatched()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return errInterrupted
	}
	if err := os.Mkdir(dir, 0o777); err != nil {
		return err
	}
	r.dirs = append(r.dirs, dir)
	return nil
}

// waitWatched waits until the handler of interrupts is installed, if
// one is being installed.
func (r *runFiles) waitWatched() {
	if r.watched != nil {
		<-r.watched
	}
}

// remove removes a temporary file and forgets it.
func (r *runFiles) remove(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	os.Remove(name)
	delete(r.files, name)
}

// forget forgets a temporary file that was renamed over its target.
func (r *runFiles) forget(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.files, name)
}

// interrupt removes every temporary file listed and every directory made
// that is still empty, and stops the making of more. It returns the
// number of files removed.
func (r *runFiles) interrupt() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopped = true
	n := 0
	for name := range r.files {
		if os.Remove(name) == nil {
			n++
		}
	}
	clear(r.files)
	for i := len(r.dirs) - 1; i >= 0; i-- {
		os.Remove(r.dirs[i])
	}
	return n
}

// sweep removes the temporary files in dir left by processes that no
// longer run, once per directory and run.
func (r *runFiles) sweep(dir string) {
	r.mu.Lock()
	if r.swept[dir] {
		r.mu.Unlock()
		return
	}
	r.swept[dir] = true
	r.mu.Unlock()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := tempPID(e.Name())
		if !ok || !e.Type().IsRegular() || pid == os.Getpid() || processExists(pid) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		if os.Remove(name) == nil {
			r.mu.Lock()
			r.stale = append(r.stale, name)
			r.mu.Unlock()
		}
	}
}

// tempPID returns the process of a temporary file's name, and whether
// the name is one (see tempMarker).
func tempPID(name string) (int, bool) {
	if !strings.HasPrefix(name, ".") {
		return 0, false
	}
	i := strings.LastIndex(name, tempMarker)
	if i < 0 {
		return 0, false
	}
	pid, random, ok := strings.Cut(name[i+len(tempMarker):], "-")
	if !ok || random == "" || strings.Trim(random, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(pid)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

// staleRemoved returns a warning naming the stale temporary files removed
// so far, once, or nil when there are none.
func (r *runFiles) staleRemoved() hcl.Diagnostics {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.stale) == 0 {
		return nil
	}
	names := make([]string, len(r.stale))
	for i, s := range r.stale {
		names[i] = strconv.Quote(s)
	}
	r.stale = nil
	return hcl.Diagnostics{{
		Severity: hcl.DiagWarning,
		Summary:  "Stale temporary files removed",
		Detail:   fmt.Sprintf("An interrupted run of hcljson had left %s: %s. They were removed.", plural(len(names), "temporary file"), strings.Join(names, ", ")),
	}}
}

// handleInterrupts makes SIGINT, SIGTERM and SIGHUP (the terminal
// closed) remove the run's temporary files and end the program with the
// status a shell gives a process killed by the signal (130, 143, 129),
// and returns the function that undoes it.
func (e *env) handleInterrupts() (stop func()) {
	sigs := make(chan os.Signal, 1)
	watched, done := make(chan struct{}), make(chan struct{})
	e.files.watched = watched
	// The handler is installed on a goroutine of its own: the first
	// signal.Notify of a process starts the runtime's delivery of
	// signals (a thread of its own), some 0.3 ms at every start, which
	// the run need not wait for until it makes a file (runFiles waits
	// for watched) or ends. A signal before then ends the process as
	// its default does, as one during the process's start always did:
	// there is no file to remove yet (spec.md C4).
	go func() {
		signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
		close(watched)
		select {
		case sig := <-sigs:
			n := e.files.interrupt()
			fmt.Fprintf(e.stderr, "\nhcljson: interrupted by %s; %s removed\n", signalName(sig), plural(n, "temporary file"))
			e.exit(signalStatus(sig))
		case <-done:
		}
	}()
	return func() {
		<-watched
		signal.Stop(sigs)
		close(done)
	}
}

// signalName names a signal as the shell does: SIGINT, SIGTERM.
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// signalStatus is the exit status of a process ended by sig: 128 plus
// the signal's number.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

package cli

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
)

// output is one file that a run writes.
type output struct {
	// path is where the file goes.
	path string
	data []byte
	// from, when not nil, holds the data instead; staging closes it.
	from *spill
	// perm is the permission of a new file; an existing one keeps its
	// own.
	perm fs.FileMode
	// source is the file that data was made from, read as read; it must
	// not have changed when data is written. Empty for standard input.
	// Staging keeps read's length and SHA-256 digest, not read itself,
	// so that a run over many files does not hold every source until
	// the end.
	source string
	read   []byte
	size   int
	sum    [sha256.Size]byte
}

// writeError is a failure to write an output: nothing was written,
// unless written says otherwise.
type writeError struct {
	path    string
	err     error
	changed bool // source changed during the run
	written int  // files renamed into place before the failure
}

func (e *writeError) Error() string { return e.path + ": " + e.err.Error() }

// diagnostic returns the error as a diagnostic without a Subject.
func (e *writeError) diagnostic() *hcl.Diagnostic {
	what := "No file was written."
	if e.written > 0 {
		what = fmt.Sprintf("%s had been written before the failure; the others were not.", plural(e.written, "file"))
	}
	var refused *refusedError
	if errors.As(e.err, &refused) {
		return &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  refused.summary,
			Detail:   fmt.Sprintf("The file %q was not replaced: %s. %s", e.path, refused.why, what),
		}
	}
	var locked *lockError
	if errors.As(e.err, &locked) {
		return &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Directory locked",
			Detail:   fmt.Sprintf("The file %q was not written: %s. %s Run the command again once the other run is over.", e.path, locked.Error(), what),
		}
	}
	if e.changed {
		return &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "File changed during the run",
			Detail:   fmt.Sprintf("The file %q changed after it was read, so its result would be stale. %s Run the command again.", e.path, what),
		}
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Failed to write file",
		Detail:   fmt.Sprintf("The file %q could not be written: %s. %s", e.path, readError(e.err), what),
	}
}

// A writer writes a set of files atomically, all or nothing as far as the
// file system allows, while the caller is still producing them: each
// file's data goes to a temporary file in the target's directory as soon
// as it is ready (written and synced by a few goroutines, so that the disk
// works while the processors convert), and finish renames them all over
// their targets once every file is ready and no source has changed. On a
// failure before the first rename, every temporary file and every
// directory made is removed, so the tree is as it was.
//
// A target may be a missing file or a regular file, which keeps its
// permissions, and its owner and group where the system lets this user
// give them (see chownLike); a directory, a symbolic link or a device at
// the target is an error, and so, unless force is set, is a read-only
// file (no write permission for anyone) and a file with other hard
// links, which the rename would leave with the old content.
type writer struct {
	run   *runFiles
	outs  []output
	perms []fs.FileMode // of existing targets; 0 for new files
	// owners are the owner and group of existing targets, kept.
	owners []owner
	temps  []string // by output; "" when not staged
	errs   []error
	dirs   []string // made, in order
	// present are the directories found or made by mkdirAll.
	present map[string]bool
	queue   chan int
	wg      sync.WaitGroup
	// held is the memory of the outputs staged and not yet written
	// (their data, and what their spills keep in memory), by output in
	// sizes; stage waits while it is above maxHeld (see stage).
	heldMu sync.Mutex
	room   *sync.Cond
	held   int
	sizes  []int
}

// maxHeld bounds the memory of outputs staged and waiting for a stager:
// converting is faster than writing and syncing thousands of small
// files, so that without a bound the outputs of a large tree pile up in
// memory. An output larger than the bound is staged alone.
const maxHeld = 8 << 20

// forceHelp is the help line of --force, shared by the commands that
// write files.
const forceHelp = `  -f, --force              replace a file that is read-only or has other
                           hard links (refused otherwise: the other names
                           would keep the old content)
`

// forceOn adds --force (-f) to fs, setting e.force: replace a file that
// is read-only or has other hard links, as "rm -f", "cp -f" and vim's
// ":w!" do what the file's mode would otherwise stop.
func (e *env) forceOn(fs *flag.FlagSet) {
	fs.BoolVar(&e.force, "force", false, "")
	fs.BoolVar(&e.force, "f", false, "")
}

// stagers is the number of temporary files written at once: writing and
// syncing wait on the disk more than on the processor, and concurrent
// syncs let the file system commit them together.
const stagers = 8

// startWriter checks the targets, makes their missing directories and
// starts the goroutines that stage files. Its temporary files and
// directories are listed in run, which removes them on an interrupt.
func startWriter(run *runFiles, paths []string, force bool) (*writer, error) {
	w := &writer{
		run:     run,
		outs:    make([]output, len(paths)),
		perms:   make([]fs.FileMode, len(paths)),
		owners:  make([]owner, len(paths)),
		temps:   make([]string, len(paths)),
		errs:    make([]error, len(paths)),
		queue:   make(chan int, len(paths)),
		sizes:   make([]int, len(paths)),
		present: map[string]bool{},
	}
	for i, p := range paths {
		w.outs[i].path = p
		perm, own, err := targetPerm(p, force)
		if err == nil {
			err = w.mkdirAll(filepath.Dir(p))
		}
		if err == nil {
			run.sweep(filepath.Dir(p))
		}
		if err != nil {
			w.abort()
			return nil, &writeError{path: p, err: err}
		}
		w.perms[i], w.owners[i] = perm, own
	}
	w.room = sync.NewCond(&w.heldMu)
	for range stagers {
		w.wg.Go(func() {
			for i := range w.queue {
				w.temps[i], w.errs[i] = w.run.stage(w.outs[i], w.perms[i], w.owners[i])
				w.outs[i].data, w.outs[i].from = nil, nil // written, or failed
				w.heldMu.Lock()
				w.held -= w.sizes[i]
				w.room.Broadcast()
				w.heldMu.Unlock()
			}
		})
	}
	return w, nil
}

// owner is the owner and group of an existing target, when known.
type owner struct {
	uid, gid int
	known    bool
}

// refusedError is a target that is replaced only with --force.
type refusedError struct {
	summary, why string
}

func (e *refusedError) Error() string { return e.why }

// targetPerm returns the permissions and owner of an existing target (0
// when there is none), and an error when the target is not a regular
// file or, unless force is set, when it is read-only or has other hard
// links. Read-only is the file's mode, not what this user may do, so
// that root, whom permissions do not stop, is refused too.
func targetPerm(path string, force bool) (fs.FileMode, owner, error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0, owner{}, nil
	case err != nil:
		return 0, owner{}, err
	case !fi.Mode().IsRegular():
		return 0, owner{}, fmt.Errorf("it exists and is not a regular file (%s); hcljson replaces only regular files", kindOf(fi.Mode()))
	}
	uid, gid, links, known := fileOwner(fi)
	perm := fi.Mode().Perm()
	switch {
	case force:
	case perm&0o222 == 0:
		return 0, owner{}, &refusedError{"File is read-only", fmt.Sprintf("it is read-only (mode %04o); give --force to replace it", perm)}
	case links > 1:
		return 0, owner{}, &refusedError{"File has other hard links", fmt.Sprintf("it has %d hard links, and replacing it would leave the other %s with the old content; give --force to replace it anyway, or edit the file under another name after breaking the links yourself", links, plural(links-1, "name"))}
	}
	return perm, owner{uid, gid, known}, nil
}

// kindOf names a file type that is not a regular file.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// stage queues output i, whose path was given to startWriter, to be
// written to a temporary file, first waiting while the outputs queued
// hold more than maxHeld bytes of memory. Outputs never staged are not
// written. It is safe to call from several goroutines, once for each i.
func (w *writer) stage(i int, o output) {
	o.path = w.outs[i].path
	if o.source != "" {
		o.size, o.sum = len(o.read), sha256.Sum256(o.read)
	}
	o.read = nil
	size := len(o.data)
	if o.from != nil {
		size += len(o.from.mem)
	}
	w.heldMu.Lock()
	for w.held > 0 && w.held+size > maxHeld {
		w.room.Wait()
	}
	w.held += size
	w.heldMu.Unlock()
	w.sizes[i] = size
	w.outs[i] = o
	if w.perms[i] == 0 {
		w.perms[i] = o.perm
	}
	w.queue <- i
}

// finish waits for the staged files. If ok is false, or one could not be
// written, or a source changed since it was read, it removes everything
// it made and returns the error (nil when !ok); otherwise it runs hook, if
// any, checks the sources and renames each file over its target.
func (w *writer) finish(ok bool, hook func()) error {
	close(w.queue)
	w.wg.Wait()
	if !ok {
		w.abort()
		return nil
	}
	if hook != nil {
		hook()
	}
	dirs := make([]string, 0, len(w.outs))
	for i, o := range w.outs {
		if w.temps[i] != "" {
			dirs = append(dirs, filepath.Dir(o.path))
		}
	}
	unlock, err := w.run.lockDirs(dirs)
	if err != nil {
		w.abort()
		return &writeError{path: w.outs[0].path, err: err}
	}
	defer unlock()
	if err := w.check(); err != nil {
		w.abort()
		return err
	}
	return w.commit()
}

// check returns the first staging error, or a source that changed.
func (w *writer) check() error {
	for i, err := range w.errs {
		if err != nil {
			return &writeError{path: w.outs[i].path, err: err}
		}
	}
	for i, o := range w.outs {
		if w.temps[i] == "" || o.source == "" {
			continue
		}
		// Read no more than was read: a longer file has changed.
		now, _, err := module.ReadFile(o.source, int64(o.size)+1)
		if err != nil || len(now) != o.size || sha256.Sum256(now) != o.sum {
			return &writeError{path: o.source, err: errors.New("changed"), changed: true}
		}
	}
	return nil
}

// stage writes o's data to a synced temporary file beside o.path (see
// runFiles.create), with permissions perm and the owner own when known,
// and returns its name ("" if none was made).
func (r *runFiles) stage(o output, perm fs.FileMode, own owner) (string, error) {
	if o.from != nil {
		defer o.from.Close()
	}
	f, err := r.create(o.path)
	if err != nil {
		return "", err
	}
	if o.from != nil {
		_, err = o.from.WriteTo(f)
	} else {
		_, err = f.Write(o.data)
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil && own.known {
		chownLike(f, own.uid, own.gid) // before Chmod, which a change of owner may clear bits of
	}
	if err == nil {
		err = f.Chmod(perm)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return f.Name(), err
}

// mkdirAll makes dir and its missing parents, remembering each one made.
func (w *writer) mkdirAll(dir string) error {
	if w.present[dir] {
		return nil
	}
	fi, err := os.Stat(dir)
	if err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("%s is not a directory", dir)
		}
		w.present[dir] = true
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if parent := filepath.Dir(dir); parent != dir {
		if err := w.mkdirAll(parent); err != nil {
			return err
		}
	}
	if err := w.run.mkdir(dir); err != nil {
		return err
	}
	w.dirs = append(w.dirs, dir)
	w.present[dir] = true
	return nil
}

// abort removes every temporary file and made directory.
func (w *writer) abort() {
	for _, t := range w.temps {
		if t != "" {
			w.run.remove(t)
		}
	}
	for i := len(w.dirs) - 1; i >= 0; i-- {
		os.Remove(w.dirs[i])
	}
}

// commit renames each temporary file over its target and syncs the
// directories.
func (w *writer) commit() error {
	done := 0
	for i, t := range w.temps {
		if t == "" {
			continue
		}
		err := os.Rename(t, w.outs[i].path)
		if err == nil {
			w.run.forget(t)
		} else {
			for _, rest := range w.temps[i:] {
				if rest != "" {
					w.run.remove(rest)
				}
			}
			if done == 0 {
				// Nothing was written: leave no directory behind either.
				for k := len(w.dirs) - 1; k >= 0; k-- {
					os.Remove(w.dirs[k])
				}
			}
			return &writeError{path: w.outs[i].path, err: err, written: done}
		}
		done++
	}
	synced := map[string]bool{}
	for i, o := range w.outs {
		if dir := filepath.Dir(o.path); w.temps[i] != "" && !synced[dir] {
			synced[dir] = true
			syncDir(dir)
		}
	}
	return nil
}

// syncDir flushes a directory's entries, so that the renames survive a
// crash. Errors are ignored: some file systems cannot sync a directory.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A panic in one call of parallel is raised again in the caller's
// goroutine, carrying the stack of the worker that panicked, once the
// other workers are done; no call starts after the worker recovers (with
// one worker: none after the one that panicked).
func TestParallelPanic(t *testing.T) {
	for _, workers := range []int{1, 2} {
		var calls [100]bool
		var got any
		func() {
			defer func() { got = recover() }()
			parallel(workers, len(calls), func(i int) {
				calls[i] = true
				if i == 3 {
					panicInWorker()
				}
			})
		}()
		w, ok := got.(workerPanic)
		if !ok {
			t.Fatalf("%d workers: recovered %#v, want a workerPanic", workers, got)
		}
		if w.value != "boom at 3" {
			t.Errorf("%d workers: value = %v, want %q", workers, w.value, "boom at 3")
		}
		if !strings.Contains(string(w.stack), "panicInWorker") {
			t.Errorf("%d workers: the stack does not show the worker's frames:\n%s", workers, w.stack)
		}
		if workers == 1 {
			for i, c := range calls {
				if c != (i <= 3) {
					t.Errorf("1 worker: call %d ran: %v", i, c)
				}
			}
		}
	}
}

//go:noinline
func panicInWorker() { panic("boom at 3") }

// crash removes the run's temporary files, reports the panic with the
// worker's stack and a request to report it, and gives status 2.
func TestCrash(t *testing.T) {
	var out, errb bytes.Buffer
	e := newEnv(strings.NewReader(""), &out, &errb)
	dir := t.TempDir()
	f, err := e.files.create(filepath.Join(dir, "main.tf.json"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := f.Name()
	f.Close()
	status := e.crash(workerPanic{"index out of range [3] with length 3", []byte("goroutine 7 [running]:\nexample.worker()\n")}, []byte("goroutine 1 [running]:\nmain()\n"))
	if status != 2 {
		t.Errorf("status = %d, want 2", status)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("temporary file %s is still there (%v)", tmp, err)
	}
	want := "\nhcljson: internal error: index out of range [3] with length 3\n\nThis is a bug in hcljson (1 temporary file removed). Please report it with the command and the input that caused it, and this trace:\n\ngoroutine 7 [running]:\nexample.worker()\n"
	if errb.String() != want {
		t.Errorf("stderr:\n%q\nwant\n%q", errb.String(), want)
	}
	if out.Len() != 0 {
		t.Errorf("stdout: %q", out.String())
	}
}

package cli

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestWriteAllAbort checks that a failure while staging removes every
// temporary file and every directory made: the tree is as it was.
func TestWriteAllAbort(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	writeFile(t, blocker, "x")
	outs := []output{
		{path: filepath.Join(dir, "new", "deeper", "a.json"), data: []byte("a"), perm: 0o644},
		{path: filepath.Join(dir, "b.json"), data: []byte("b"), perm: 0o644},
		{path: filepath.Join(blocker, "c.json"), data: []byte("c"), perm: 0o644},
	}
	err := writeAll(outs)
	var we *writeError
	if !errors.As(err, &we) || we.path != outs[2].path || we.written != 0 {
		t.Fatalf("writeAll: %v, want a writeError for %s", err, outs[2].path)
	}
	if got := listTree(t, dir); got != "file" {
		t.Errorf("after the failure the directory holds %q, want only %q", got, "file")
	}
}

// TestWriteAll checks the files written: data, permissions of new and
// replaced files, and no temporary file left.
func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.json")
	writeFile(t, old, "old")
	if err := os.Chmod(old, 0o600); err != nil {
		t.Fatal(err)
	}
	outs := []output{
		{path: old, data: []byte("new"), perm: 0o644},
		{path: filepath.Join(dir, "sub", "n.json"), data: []byte("n"), perm: 0o640},
	}
	if err := writeAll(outs); err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		got, err := os.ReadFile(o.path)
		if err != nil || !bytes.Equal(got, o.data) {
			t.Errorf("%s: %q, %v; want %q", o.path, got, err, o.data)
		}
	}
	for path, want := range map[string]fs.FileMode{old: 0o600, outs[1].path: 0o640} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, %v; want %v", path, fi.Mode().Perm(), err, want)
		}
	}
	if got := listTree(t, dir); got != "old.json sub sub/n.json" {
		t.Errorf("the directory holds %q", got)
	}
}

// TestChangedDuringWrite changes a source after it is converted and
// before the outputs are written: the run fails and writes nothing. The
// same for fmt -w, whose output replaces the source.
func TestChangedDuringWrite(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.tf"), filepath.Join(dir, "b.tf")
	writeFile(t, a, "locals {\n  x = 1\n}\n")
	writeFile(t, b, "locals {\n  y = 2\n}\n")
	e, stdout, stderr := testEnv()
	e.beforeWrite = func() { writeFile(t, b, "locals {\n  y = 3\n}\n") }
	code := e.run([]string{"convert", "-w", dir})
	want := "Error: File changed during the run\n\nThe file \"" + b + "\" changed after it was read, so its result would be stale. No file was written. Run the command again.\n\n"
	if code != 1 || stdout.String() != "" || flat(stderr.String()) != flat(want) {
		t.Errorf("convert: exit %d, stdout %q, stderr:\n%s\nwant:\n%s", code, stdout, stderr, want)
	}
	if got := listTree(t, dir); got != "a.tf b.tf" {
		t.Errorf("convert wrote something: %q", got)
	}

	j := filepath.Join(dir, "c.tf.json")
	writeFile(t, j, `{"x": 1}`)
	e, _, stderr = testEnv()
	e.beforeWrite = func() { writeFile(t, j, `{"x": 2}`) }
	if code := e.run([]string{"fmt", "-w", j}); code != 1 || !strings.Contains(stderr.String(), "Error: File changed during the run") {
		t.Errorf("fmt: exit %d, stderr:\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(j); string(got) != `{"x": 2}` {
		t.Errorf("fmt replaced the edited file: %q", got)
	}
}

// TestProgress fakes a terminal: a run over several files shows the
// progress line, redrawn in place and ended by a newline; a run that is
// not on a terminal, or over one file, shows none.
func TestProgress(t *testing.T) {
	dir := t.TempDir()
	// Generic HCL files: configuration files written beside their
	// sources would add a warning (see TestScript/convert_write).
	for _, name := range []string{"a.hcl", "b.hcl", "c.hcl"} {
		writeFile(t, filepath.Join(dir, name), "locals {\n  x = 1\n}\n")
	}
	e, stdout, stderr := testEnv()
	e.terminal, e.progressAfter, e.progressEvery = true, 0, time.Millisecond
	if code := e.run([]string{"convert", "-w", dir}); code != 0 || stdout.String() != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got := stderr.String()
	if !strings.HasPrefix(got, "\rconverted ") || !strings.HasSuffix(got, "\rconverted 3/3 files\n") {
		t.Errorf("terminal: stderr %q, want \\rconverted i/3 files lines ending with 3/3 and a newline", got)
	}

	e, _, stderr = testEnv()
	e.progressAfter = 0
	if code := e.run([]string{"convert", "-w", dir}); code != 0 || stderr.String() != "" {
		t.Errorf("not a terminal: exit %d, stderr %q", code, stderr)
	}

	e, _, stderr = testEnv()
	e.terminal, e.progressAfter = true, 0
	if code := e.run([]string{"fmt", "-check", filepath.Join(dir, "a.hcl.json")}); code != 0 || stderr.String() != "" {
		t.Errorf("one file: exit %d, stderr %q", code, stderr)
	}

	// A run shorter than progressAfter shows nothing.
	e, _, stderr = testEnv()
	e.terminal, e.progressAfter = true, time.Hour
	if code := e.run([]string{"convert", "-w", dir}); code != 0 || stderr.String() != "" {
		t.Errorf("short run: exit %d, stderr %q", code, stderr)
	}
}

// TestColor checks that diagnostics are coloured when the terminal
// allows.
func TestColor(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tf.json")
	writeFile(t, bad, "{\"a\": }\n")
	e, _, stderr := testEnv()
	e.color = true
	if code := e.run([]string{"check", bad}); code != 1 || !strings.HasPrefix(stderr.String(), "\x1b[31mError\x1b[0m: Missing JSON value\n") || !strings.Contains(stderr.String(), "\x1b[1;4m}\x1b[0m") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	// -no-color and --no-color, on every command, turn the colours off,
	// and so they do before the command's name, as terraform -no-color
	// plan is written.
	for _, args := range [][]string{{"check", "-no-color", bad}, {"convert", "--no-color", bad}, {"fmt", "-no-color", bad}, {"get", "-no-color", bad, "a"}, {"set", "--no-color", bad, "a", "1"},
		{"-no-color", "check", bad}, {"--no-color", "validate", bad}, {"-no-color", "fmt", bad}, {"-no-color", "--no-color", "convert", bad}} {
		e, _, stderr := testEnv()
		e.color = true
		if code := e.run(args); code != 1 || !strings.HasPrefix(stderr.String(), "Error: Missing JSON value\n") || strings.Contains(stderr.String(), "\x1b") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestDeterministicOrder converts many files with errors: the
// diagnostics come in the order of the files, whatever the schedule.
func TestDeterministicOrder(t *testing.T) {
	dir := t.TempDir()
	var want strings.Builder
	for i := range 40 {
		name := filepath.Join(dir, string(rune('a'+i/26))+string(rune('a'+i%26))+".tf")
		writeFile(t, name, "x = \n")
		want.WriteString(name + "\n")
	}
	for range 3 {
		e, _, stderr := testEnv()
		if code := e.run([]string{"convert", "-w", dir}); code != 1 {
			t.Fatalf("exit %d", code)
		}
		var got strings.Builder
		for _, line := range strings.Split(stderr.String(), "\n") {
			if name, ok := strings.CutPrefix(line, "  on "); ok {
				name, _, _ = strings.Cut(name, " line ")
				got.WriteString(name + "\n")
			}
		}
		if got.String() != want.String() {
			t.Fatalf("files in the diagnostics:\n%s\nwant:\n%s", got.String(), want.String())
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the progress goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testEnv returns an environment on buffers, not a terminal.
func testEnv() (*env, *syncBuffer, *syncBuffer) {
	var stdout, stderr syncBuffer
	e := newEnv(strings.NewReader(""), &stdout, &stderr)
	return e, &stdout, &stderr
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// listTree returns the paths below dir, relative, sorted, joined by
// spaces.
func listTree(t *testing.T, dir string) string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(names, " ")
}

// flat joins the words of s by single spaces, undoing the wrapping of
// diagnostics.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// writeAll writes outs with a writer: all of them, or, on a failure
// before the first rename, none.
func writeAll(outs []output) error {
	paths := make([]string, len(outs))
	for i, o := range outs {
		paths[i] = o.path
	}
	w, err := startWriter(newRunFiles(), paths, false)
	if err != nil {
		return err
	}
	for i, o := range outs {
		w.stage(i, o)
	}
	return w.finish(true, nil)
}

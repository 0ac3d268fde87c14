//go:build unix

package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runWithin runs the command in-process in dir, failing the test if it
// does not return within limit.
func runWithin(t *testing.T, limit time.Duration, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		var stdout, stderr bytes.Buffer
		code := Main(args, strings.NewReader(""), &stdout, &stderr)
		done <- result{code, stdout.String(), stderr.String()}
	}()
	select {
	case r := <-done:
		t.Logf("%v: %v", args, time.Since(start))
		return r.code, r.stdout, r.stderr
	case <-time.After(limit):
		t.Fatalf("%v did not return within %v", args, limit)
	}
	return 0, "", ""
}

// TestFIFOSkipped checks that a named pipe with a configuration name, in
// a module directory or a tree, is skipped with a warning by every
// command, and refused when named, all within a second: nothing opens
// it, so nothing waits for a writer.
func TestFIFOSkipped(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join(dir, "mod")
	if err := os.Mkdir(mod, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "main.tf"), []byte("variable \"a\" {}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pipe.tf", "pipe.tf.json"} {
		if err := syscall.Mkfifo(filepath.Join(mod, name), 0o666); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
	}
	moduleWarning := "Warning: Special file skipped\n\n\"mod/pipe.tf\" is a named pipe, not a regular file, so it was not read.\n\nWarning: Special file skipped\n\n\"mod/pipe.tf.json\" is a named pipe, not a regular file, so it was not read.\n\n"
	walkWarning := "Warning: File skipped\n\n\"mod/pipe.tf\" is a named pipe, not a regular file; it was skipped.\n\n"
	for _, tt := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"check", "mod"}, 0, "1 file checked, no errors, 2 warnings\n", moduleWarning},
		{[]string{"inspect", "--format", "text", "mod"}, 0, "module (root)\n  variables\n    a  mod/main.tf:1:1  required\n", moduleWarning},
		{[]string{"convert", "-o", "out", "mod"}, 0, "", walkWarning},
		{[]string{"check", "mod/pipe.tf"}, 1, "", "Error: Failed to read file\n\nThe file \"mod/pipe.tf\" could not be read: is a named pipe, not a regular file.\n\n"},
		{[]string{"get", "mod/pipe.tf.json", "."}, 1, "", "Error: Failed to read file\n\nThe file \"mod/pipe.tf.json\" could not be read: is a named pipe, not a regular\nfile.\n\n"},
	} {
		// Milliseconds when it works; a FIFO that is opened blocks
		// forever. The bound leaves room for a loaded CI machine.
		code, stdout, stderr := runWithin(t, 5*time.Second, dir, tt.args...)
		if code != tt.code || stdout != tt.stdout || stderr != tt.stderr {
			t.Errorf("%v: status %d, stdout %q, stderr\n%s\nwant status %d, stdout %q, stderr\n%s", tt.args, code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "out", "main.tf.json")); err != nil || !strings.Contains(string(b), `"variable"`) {
		t.Errorf("out/main.tf.json: %q, %v", b, err)
	}
}

// TestOutputDirLink checks that convert -o DIR writes nothing when a
// directory inside DIR that an output would go through is a symbolic
// link, which would put the file outside DIR.
func TestOutputDirLink(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"tree/a.tf":     "variable \"a\" {}\n",
		"tree/sub/b.tf": "variable \"b\" {}\n",
	} {
		mkFile(t, filepath.Join(dir, name), src)
	}
	for _, d := range []string{"out", "outside"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../outside", filepath.Join(dir, "out", "sub")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runWithin(t, 5*time.Second, dir, "convert", "-o", "out", "tree")
	want := "Error: Output directory holds a symbolic link\n\n\"out/sub\" is a symbolic link, and writing through it could write outside\n\"out\", so no file was written. Remove the link, or give another -o directory.\n\n"
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr\n%s\nwant\n%s", code, stdout, stderr, want)
	}
	for _, d := range []string{"out", "outside"} {
		entries, err := os.ReadDir(filepath.Join(dir, d))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if want := map[string]string{"out": "sub", "outside": ""}[d]; strings.Join(names, " ") != want {
			t.Errorf("%s holds %q, want %q", d, names, want)
		}
	}
}

// TestTreeLinks checks that symbolic links in a tree do not make a run
// fail: a link to a file is read, and fmt -w leaves it as it is, with a
// warning, and rewrites (and lists) the others; a link to a directory is
// not followed, with a warning.
func TestTreeLinks(t *testing.T) {
	dir := t.TempDir()
	unformatted := "{\"variable\": {\"a\": {}}}"
	mkFile(t, filepath.Join(dir, "tree/a.tf.json"), unformatted)
	mkFile(t, filepath.Join(dir, "real.tf.json"), unformatted)
	if err := os.Symlink("../real.tf.json", filepath.Join(dir, "tree/link.tf.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(dir, "tree/up")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runWithin(t, 5*time.Second, dir, "fmt", "-w", "tree")
	want := "Warning: File skipped\n\n\"tree/up\" is a symbolic link to a directory, which is not followed; it was\nskipped.\n\nWarning: Symbolic link not rewritten\n\n\"tree/link.tf.json\" is a symbolic link to a file that is not formatted; it was\nnot rewritten.\n\n"
	if code != 0 || stdout != "tree/a.tf.json\n" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr\n%s\nwant\n%s", code, stdout, stderr, want)
	}
	formatted := "{\n  \"variable\": {\n    \"a\": {}\n  }\n}\n"
	for name, want := range map[string]string{"tree/a.tf.json": formatted, "real.tf.json": unformatted} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != want {
			t.Errorf("%s: %q, %v; want %q", name, b, err, want)
		}
	}
	code, stdout, _ = runWithin(t, 5*time.Second, dir, "fmt", "-check", "tree")
	if code != 3 || stdout != "tree/link.tf.json\n" {
		t.Errorf("fmt -check: status %d, stdout %q", code, stdout)
	}
}

// tempFiles returns the temporary files of hcljson under dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), tempMarker) {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// manyFiles writes n native files of about size bytes each into dir.
func manyFiles(t *testing.T, dir string, n, size int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("locals {\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "  v%d = { a = \"x${var.y}z\", b = [1, 2, 3], c = upper(\"s%d\") }\n", i, i)
	}
	b.WriteString("}\n")
	for i := range n {
		mkFile(t, filepath.Join(dir, fmt.Sprintf("f%04d.tf", i)), b.String())
	}
}

// TestInterruptRemovesTemps sends SIGINT to a convert -w run in-process
// once all its outputs are staged in temporary files, before any is
// renamed: the run removes them all and ends with status 130.
func TestInterruptRemovesTemps(t *testing.T) {
	dir := t.TempDir()
	manyFiles(t, dir, 200, 200)
	var stderr syncBuffer
	e := newEnv(strings.NewReader(""), io.Discard, &stderr)
	statuses := make(chan int, 1)
	e.exit = func(status int) {
		statuses <- status
		runtime.Goexit()
	}
	staged := make(chan int, 1)
	e.beforeWrite = func() {
		staged <- len(tempFiles(t, dir))
		if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
			t.Error(err)
		}
		runtime.Goexit() // the handler ends the program
	}
	stop := e.handleInterrupts()
	defer stop()
	go e.run([]string{"convert", "-w", dir})
	if n := <-staged; n != 200 {
		t.Errorf("%d temporary files before the interrupt, want 200", n)
	}
	select {
	case status := <-statuses:
		if status != 130 {
			t.Errorf("status %d, want 130", status)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no exit after SIGINT")
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Errorf("%d temporary files left: %v", len(left), left[:min(3, len(left))])
	}
	if want := "\nhcljson: interrupted by SIGINT; 200 temporary files removed\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, "*.tf.json")); len(matches) != 0 {
		t.Errorf("%d outputs written", len(matches))
	}
}

// TestTerminateRemovesTemps runs hcljson convert -w as a program over
// many files and sends it SIGTERM, or SIGHUP (the terminal closed), once
// 100 temporary files are staged: it ends with status 143 (129) and
// leaves no temporary file; each output it had renamed into place is
// whole.
func TestTerminateRemovesTemps(t *testing.T) {
	exe, err := exec.LookPath("hcljson")
	if err != nil {
		t.Skip("the test binary is not installed as hcljson (see TestMain)")
	}
	for _, tt := range []struct {
		sig    syscall.Signal
		name   string
		status int
	}{
		{syscall.SIGTERM, "SIGTERM", 143},
		{syscall.SIGHUP, "SIGHUP", 129},
	} {
		t.Run(tt.name, func(t *testing.T) { terminate(t, exe, tt.sig, tt.name, tt.status) })
	}
}

func terminate(t *testing.T, exe string, sig syscall.Signal, name string, status int) {
	dir := t.TempDir()
	manyFiles(t, dir, 1500, 8000)
	cmd := exec.Command(exe, "convert", "-w", dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(tempFiles(t, dir)) < 100 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("100 temporary files did not appear")
		}
		time.Sleep(time.Millisecond)
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != status {
		t.Fatalf("the run ended with %v, want status %d; stderr %q", err, status, stderr.String())
	}
	t.Logf("stderr: %q", stderr.String())
	if !strings.HasPrefix(stderr.String(), "\nhcljson: interrupted by "+name+"; ") {
		t.Errorf("stderr %q", stderr.String())
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Errorf("%d temporary files left: %v", len(left), left[:min(3, len(left))])
	}
	outs, _ := filepath.Glob(filepath.Join(dir, "*.tf.json"))
	t.Logf("%d outputs renamed into place before the signal", len(outs))
	for _, o := range outs {
		if b, err := os.ReadFile(o); err != nil || !bytes.HasSuffix(b, []byte("}\n")) {
			t.Errorf("%s is not whole", o)
		}
	}
}

// TestStaleTempsRemoved checks that a run writing into a directory removes
// the temporary files left there by a process that no longer exists (one
// killed with SIGKILL), with a warning, and keeps those of a process that
// runs.
func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	mkFile(t, filepath.Join(dir, "a.hcl"), "locals {\n  x = 1\n}\n")
	// No process has a number above 2^22, Linux's largest pid_max.
	stale := filepath.Join(dir, ".a.hcl.json"+tempMarker+"99999999-123")
	live := filepath.Join(dir, ".a.hcl.json"+tempMarker+fmt.Sprint(os.Getppid())+"-456")
	mkFile(t, stale, "half")
	mkFile(t, live, "half")
	code, stdout, stderr := runWithin(t, 5*time.Second, dir, "convert", "-w", ".")
	want := "Warning: Stale temporary files removed\n\nAn interrupted run of hcljson had left 1 temporary file:\n\".a.hcl.json.hcljson-tmp-99999999-123\". They were removed.\n\n"
	if code != 0 || stdout != "" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr\n%s\nwant\n%s", code, stdout, stderr, want)
	}
	if got := tempFiles(t, dir); len(got) != 1 || got[0] != live {
		t.Errorf("temporary files left: %v, want only %s", got, live)
	}
}

// TestFmtNamesEscaped checks that fmt -check, -list and -diff print a file
// name with a line feed or a tab escaped, one name a line (spec.md C3):
// a name with a line feed printed raw would read as two files.
func TestFmtNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	unformatted := "{\"variable\": {\"a\": {}}}"
	mkFile(t, filepath.Join(dir, "a\nb.tf.json"), unformatted)
	mkFile(t, filepath.Join(dir, "c\td.tf.json"), unformatted)
	mkFile(t, filepath.Join(dir, "ok.tf.json"), "{\n  \"variable\": {\n    \"a\": {}\n  }\n}\n")
	names := "a\\x0ab.tf.json\nc\\x09d.tf.json\n"
	for _, tt := range []struct {
		args []string
		code int
	}{{[]string{"fmt", "-check", "."}, 3}, {[]string{"fmt", "-list", "-check", "."}, 3}, {[]string{"fmt", "-write=false", "."}, 0}} {
		code, stdout, stderr := runWithin(t, 5*time.Second, dir, tt.args...)
		if code != tt.code || stdout != names || stderr != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %d, %q", tt.args, code, stdout, stderr, tt.code, names)
		}
	}
	hunk := "@@ -1 +1,5 @@\n-{\"variable\": {\"a\": {}}}\n\\ No newline at end of file\n+{\n+  \"variable\": {\n+    \"a\": {}\n+  }\n+}\n"
	want := "--- a\\x0ab.tf.json\n+++ a\\x0ab.tf.json (formatted)\n" + hunk +
		"--- c\\x09d.tf.json\n+++ c\\x09d.tf.json (formatted)\n" + hunk
	code, stdout, stderr := runWithin(t, 5*time.Second, dir, "fmt", "-write=false", "-list=false", "-diff", ".")
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("fmt -write=false -list=false -diff: status %d, stdout\n%s\nstderr %q; want\n%s", code, stdout, stderr, want)
	}
	// A file named on the command line is shown escaped too, by -check
	// and as fmt rewrites it.
	code, stdout, _ = runWithin(t, 5*time.Second, dir, "fmt", "-check", "a\nb.tf.json")
	if code != 3 || stdout != "a\\x0ab.tf.json\n" {
		t.Errorf("fmt -check FILE: status %d, stdout %q", code, stdout)
	}
	code, stdout, _ = runWithin(t, 5*time.Second, dir, "fmt", "a\nb.tf.json")
	if code != 0 || stdout != "a\\x0ab.tf.json\n" {
		t.Errorf("fmt FILE: status %d, stdout %q", code, stdout)
	}
}

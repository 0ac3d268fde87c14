//go:build unix

package cli

import (
	"bytes"
	"os"
	"path/filepath"
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
		code, stdout, stderr := runWithin(t, time.Second, dir, tt.args...)
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
// warning, and rewrites the others; a link to a directory is not
// followed, with a warning.
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
	if code != 0 || stdout != "" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr\n%s\nwant\n%s", code, stdout, stderr, want)
	}
	formatted := "{\n  \"variable\": [\n    {\n      \"a\": [\n        {}\n      ]\n    }\n  ]\n}\n"
	for name, want := range map[string]string{"tree/a.tf.json": formatted, "real.tf.json": unformatted} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != want {
			t.Errorf("%s: %q, %v; want %q", name, b, err, want)
		}
	}
	code, stdout, _ = runWithin(t, 5*time.Second, dir, "fmt", "-check", "tree")
	if code != 1 || stdout != "tree/link.tf.json\n" {
		t.Errorf("fmt -check: status %d, stdout %q", code, stdout)
	}
}

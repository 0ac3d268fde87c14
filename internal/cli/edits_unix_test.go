//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The bounds every run of the tests below must keep, as a process (issue
// 29): user and system CPU, and peak resident memory.
const (
	maxRunCPU = 2 * time.Second
	maxRunRSS = 512 << 20
)

// bounded is one run of the hcljson program.
type bounded struct {
	code           int
	stdout, stderr string
	cpu            time.Duration
	rss            int64 // bytes
}

// runBounded runs the test binary as hcljson (see TestMain) in dir, kills
// it after a minute, and fails the test unless it ended by itself within
// maxRunCPU of CPU and maxRunRSS of memory, with status 0 or 1.
func runBounded(t *testing.T, dir string, args ...string) bounded {
	t.Helper()
	exe, err := exec.LookPath("hcljson")
	if err != nil {
		t.Skip("the test binary is not installed as hcljson (see TestMain)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var r bounded
	r.stdout, r.stderr = stdout.String(), stderr.String()
	if ctx.Err() != nil {
		t.Fatalf("%v ran for a minute and was killed", args)
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%v: %v", args, err)
	}
	st := cmd.ProcessState
	r.code = st.ExitCode()
	r.cpu = st.UserTime() + st.SystemTime()
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		r.rss = int64(ru.Maxrss) << 10 // kilobytes on Linux
	}
	shown := make([]string, len(args))
	for i, a := range args {
		shown[i] = clipText(a, 40)
	}
	t.Logf("%q: status %d, %v CPU, %d MB peak, %d bytes out, %d bytes err", shown, r.code, r.cpu, r.rss>>20, len(r.stdout), len(r.stderr))
	if r.cpu > maxRunCPU || r.rss > maxRunRSS {
		t.Errorf("%q: %v CPU and %d MB, want at most %v and %d MB", shown, r.cpu, r.rss>>20, maxRunCPU, maxRunRSS>>20)
	}
	if r.code != 0 && r.code != 1 {
		t.Errorf("%q: status %d; stderr %q", shown, r.code, r.stderr[:min(len(r.stderr), 2000)])
	}
	return r
}

// validateOutput is what check --format json writes.
type validateOutput struct {
	Valid        bool `json:"valid"`
	ErrorCount   int  `json:"error_count"`
	WarningCount int  `json:"warning_count"`
	Diagnostics  []struct {
		Severity, Summary, Detail string
		Snippet                   *struct {
			Code           string `json:"code"`
			HighlightStart int    `json:"highlight_start_offset"`
			HighlightEnd   int    `json:"highlight_end_offset"`
		} `json:"snippet"`
	} `json:"diagnostics"`
}

// TestJSONDiagnosticsBounded checks that check --format json is bounded as
// the text is (C2): one-line files of 1 MB and 11 MB with 1,000 syntax
// errors each give 50 diagnostics, each snippet a window of 120 bytes
// with "…" around it and the highlight on the mistake, then a warning
// that says how many were not shown, with the counts of all; in well
// under 2 s of CPU and 512 MB, where before they wrote 1 GB (and ran for
// ten minutes).
func TestJSONDiagnosticsBounded(t *testing.T) {
	for _, pad := range []int{1000, 11000} {
		dir := t.TempDir()
		parts := make([]string, 1000)
		for i := range parts {
			parts[i] = "tru" + strings.Repeat(" ", pad)
		}
		src := `{"a": [` + strings.Join(parts, ",") + "]}"
		mkFile(t, filepath.Join(dir, "big.tf.json"), src)
		for _, args := range [][]string{
			{"check", "--format", "json", "big.tf.json"},
			{"check", "-recursive", "--format", "json", "."},
		} {
			r := runBounded(t, dir, args...)
			if r.code != 1 || len(r.stdout) > 100_000 {
				t.Fatalf("%v on %d bytes: status %d, %d bytes of output, want 1 and at most 100,000", args, len(src), r.code, len(r.stdout))
			}
			if args[1] == "-recursive" {
				continue // the same diagnostics, grouped (TestRecursiveJSON)
			}
			var out validateOutput
			if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
				t.Fatal(err)
			}
			if out.Valid || out.ErrorCount != 1000 || out.WarningCount != 0 || len(out.Diagnostics) != maxFileDiags+1 {
				t.Fatalf("valid %v, %d errors, %d warnings, %d diagnostics; want false, 1000, 0, 51", out.Valid, out.ErrorCount, out.WarningCount, len(out.Diagnostics))
			}
			for i, d := range out.Diagnostics[:maxFileDiags] {
				s := d.Snippet
				if s == nil || len(s.Code) > snippetWidth+2*len("…") || s.Code[s.HighlightStart:s.HighlightEnd] != "tru" {
					t.Fatalf("diagnostic %d: snippet %+v", i, s)
				}
				if i > 0 && (!strings.HasPrefix(s.Code, "…") || s.HighlightStart != len("…")+snippetLead) {
					t.Errorf("diagnostic %d: code %q, highlight at %d", i, s.Code, s.HighlightStart)
				}
			}
			last := out.Diagnostics[maxFileDiags]
			if want := "Not shown: 950 more errors about big.tf.json (the first 50 diagnostics about it are above)."; last.Severity != "warning" || last.Summary != "Diagnostics not shown" || last.Detail != want {
				t.Errorf("last diagnostic %+v, want the warning %q", last, want)
			}
		}
	}
}

// TestSnippetLinesBounded checks that a JSON snippet over more than 12
// lines shows 12, then "…", with the highlight in them.
func TestSnippetLinesBounded(t *testing.T) {
	dir := t.TempDir()
	// A block whose context is 200 lines long, with its mistake on the
	// first line.
	src := "{\"variable\": {\"v\": {\"typo\": 1,\n" + strings.Repeat("\"//\": 1,\n", 200) + "\"default\": 1}}}\n"
	mkFile(t, filepath.Join(dir, "main.tf.json"), src)
	r := runBounded(t, dir, "check", "--format", "json", "main.tf.json")
	var out validateOutput
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	for _, d := range out.Diagnostics {
		s := d.Snippet
		if s == nil {
			continue
		}
		if n := strings.Count(s.Code, "\n"); n > snippetLines {
			t.Errorf("%s: %d lines of code: %q", d.Summary, n+1, s.Code)
		}
		if s.HighlightStart > s.HighlightEnd || s.HighlightEnd > len(s.Code) {
			t.Errorf("%s: highlight %d-%d in %d bytes", d.Summary, s.HighlightStart, s.HighlightEnd, len(s.Code))
		}
	}
	if len(out.Diagnostics) == 0 {
		t.Fatalf("no diagnostics: %s", r.stdout)
	}
}

// TestDirectoryCycles checks that a module directory holding symbolic
// links to "." and "..", with calls through both links to ".", is read in
// bounded time and memory by every command that reads directories (C23):
// the calls are cycles (module.DirKey: device and inode), the walks
// follow no loop.
func TestDirectoryCycles(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "m")
	mkFile(t, filepath.Join(dir, "main.tf.json"), `{"locals": {"a": 1}}`)
	mkFile(t, filepath.Join(dir, "calls.tf.json"), `{"module": {"x": {"source": "./a"}, "y": {"source": "./b"}}}`)
	for _, l := range []struct{ name, to string }{{"a", "."}, {"b", "."}, {"up", ".."}} {
		if err := os.Symlink(l.to, filepath.Join(dir, l.name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"check", "."},
		{"check", "--format", "json", "."},
		{"check", "-recursive", "."},
		{"check", "-recursive", ".."},
		{"inspect", "."},
		{"fmt", "-recursive", "."},
		{"convert", "-o", filepath.Join(root, "out"), "."},
		{"set", "-r", ".", "locals.a", "2"},
		{"rm", "-r", ".", "locals.a"},
	} {
		runBounded(t, dir, args...)
	}
}

// TestConcurrentSet runs 16 processes that each make 20 runs of set on
// one file, each setting a key of its own: every run that reports success
// (status 0) has its key in the file at the end, and every other says why
// with status 1. Writers serialize on the directory's lock (C21), so all
// of them succeed here.
func TestConcurrentSet(t *testing.T) {
	exe, err := exec.LookPath("hcljson")
	if err != nil {
		t.Skip("the test binary is not installed as hcljson (see TestMain)")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "c.tf.json")
	mkFile(t, file, "{\n  \"locals\": {}\n}\n")
	const procs, rounds = 16, 20
	var mu sync.Mutex
	var ok []string
	failed := 0
	var wg sync.WaitGroup
	for p := range procs {
		wg.Go(func() {
			for r := range rounds {
				key := fmt.Sprintf("k%d_%d", p, r)
				cmd := exec.Command(exe, "set", file, "locals."+key, fmt.Sprint(r))
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				err := cmd.Run()
				mu.Lock()
				switch code := cmd.ProcessState.ExitCode(); {
				case err == nil:
					ok = append(ok, key)
				case code == 1 && stderr.Len() > 0:
					failed++
					t.Logf("%s: %s", key, stderr.String())
				default:
					t.Errorf("%s: %v, stderr %q", key, err, stderr.String())
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Locals map[string]int }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	for _, k := range ok {
		if _, found := doc.Locals[k]; !found {
			t.Errorf("%s reported success and is not in the file", k)
		}
	}
	t.Logf("%d runs succeeded, %d failed; the file has %d keys", len(ok), failed, len(doc.Locals))
	if len(ok)+failed != procs*rounds || len(doc.Locals) != len(ok) {
		t.Errorf("%d successes and %d failures of %d runs, %d keys in the file", len(ok), failed, procs*rounds, len(doc.Locals))
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestReplaceKeepsOwner checks that set, rm, fmt and convert -w keep the
// owner, group and mode of the file they replace (C21). Giving a file
// away takes root: elsewhere the test is skipped.
func TestReplaceKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("changing a file's owner to another user takes root")
	}
	dir := t.TempDir()
	const uid, gid = 12345, 23456
	files := map[string]string{
		"set.tf.json":     `{"locals": {"a": 1}}`,
		"rm.tf.json":      `{"locals": {"a": 1, "b": 2}}`,
		"fmt.tf.json":     `{"locals":{"a":1}}`,
		"conv.tf":         "locals {\n  a = 1\n}\n",
		"conv.tf.json":    `{}`,
		"replace.tf.json": `{"locals": {"a": 1}}`,
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		mkFile(t, p, src)
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"set", "set.tf.json", "locals.a", "2"},
		{"rm", "rm.tf.json", "locals.b"},
		{"fmt", "fmt.tf.json"},
		{"convert", "-w", "conv.tf"},
	} {
		if code, _, stderr := runIn(t, dir, "", args...); code != 0 {
			t.Fatalf("%v: status %d: %s", args, code, stderr)
		}
	}
	for _, name := range []string{"set.tf.json", "rm.tf.json", "fmt.tf.json", "conv.tf.json"} {
		p := filepath.Join(dir, name)
		b, _ := os.ReadFile(p)
		if string(b) == files[name] {
			t.Errorf("%s was not rewritten", name)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		if st.Uid != uid || st.Gid != gid || fi.Mode().Perm() != 0o640 {
			t.Errorf("%s: owner %d:%d, mode %04o; want %d:%d, 0640", name, st.Uid, st.Gid, fi.Mode().Perm(), uid, gid)
		}
	}
}

// TestReplaceRefused checks that a read-only file (mode 0444, refused by
// its mode, so for root too) and a file with another hard link are not
// replaced by set, rm, fmt or convert -w: status 1, an error saying why
// and how to go on, the file untouched and no temporary file left; with
// --force they are replaced, keeping the mode (C21).
func TestReplaceRefused(t *testing.T) {
	type fileCase struct {
		name, src string
		args      []string
	}
	cases := []fileCase{
		{"set.tf.json", `{"locals": {"a": 1}}`, []string{"set", "set.tf.json", "locals.a", "2"}},
		{"rm.tf.json", `{"locals": {"a": 1, "b": 2}}`, []string{"rm", "rm.tf.json", "locals.b"}},
		{"fmt.tf.json", `{"locals":{"a":1}}`, []string{"fmt", "fmt.tf.json"}},
		{"conv.tf.json", `{}`, []string{"convert", "-w", "conv.tf"}},
	}
	for _, kind := range []string{"read-only", "hard link"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			mkFile(t, filepath.Join(dir, "conv.tf"), "locals {\n  a = 1\n}\n")
			for _, c := range cases {
				p := filepath.Join(dir, c.name)
				mkFile(t, p, c.src)
				if kind == "read-only" {
					if err := os.Chmod(p, 0o444); err != nil {
						t.Fatal(err)
					}
				} else if err := os.Link(p, filepath.Join(dir, "other-"+c.name)); err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range cases {
				code, stdout, stderr := runIn(t, dir, "", c.args...)
				want := "Error: File is read-only\n\nThe file \"" + c.name + "\" was not replaced: it is read-only (mode 0444); give\n--force to replace it. No file was written.\n\n"
				if kind == "hard link" {
					want = "Error: File has other hard links\n\nThe file \"" + c.name + "\" was not replaced: it has 2 hard links, and\nreplacing it would leave the other 1 name with the old content; give --force\nto replace it anyway, or edit the file under another name after breaking the\nlinks yourself. No file was written.\n\n"
				}
				if code != 1 || stdout != "" || words(stderr) != words(want) {
					t.Errorf("%v: status %d, stdout %q, stderr\n%s\nwant 1 and\n%s", c.args, code, stdout, stderr, want)
				}
				if b, _ := os.ReadFile(filepath.Join(dir, c.name)); string(b) != c.src {
					t.Errorf("%s changed: %s", c.name, b)
				}
				if code, _, stderr := runIn(t, dir, "", append([]string{c.args[0], "--force"}, c.args[1:]...)...); code != 0 {
					t.Errorf("%v --force: status %d: %s", c.args, code, stderr)
				}
				fi, err := os.Stat(filepath.Join(dir, c.name))
				if err != nil {
					t.Fatal(err)
				}
				if b, _ := os.ReadFile(filepath.Join(dir, c.name)); string(b) == c.src {
					t.Errorf("%s not replaced with --force", c.name)
				}
				if kind == "read-only" && fi.Mode().Perm() != 0o444 {
					t.Errorf("%s: mode %04o after --force, want 0444", c.name, fi.Mode().Perm())
				}
			}
			if left := tempFiles(t, dir); len(left) != 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestEditRefusals checks that set refuses, writing nothing, a --string
// value that is not UTF-8 (which would be written as U+FFFD) and an edit
// whose result nests deeper than the scanner reads (C22), with status 1.
func TestEditRefusals(t *testing.T) {
	dir := t.TempDir()
	const src = "{\"a\": {\"b\": 1}}\n"
	file := filepath.Join(dir, "d.json")
	mkFile(t, file, src)
	deep := strings.Repeat("[", 999) + strings.Repeat("]", 999) // 1,001 levels under a.b
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"set", "--string", "d.json", "a.b", "caf\xe9"},
			"Error: Invalid UTF-8 in the value\n\nThe value given with --string is not UTF-8 text (\"caf\\xe9\"), and a JSON\nstring holds only UTF-8; nothing was written.\n\n"},
		{[]string{"set", "d.json", "a.b", deep},
			"Error: Result cannot be read back\n\n  on d.json line 1:\n   1: {\"a\": {\"b\": 1}}\n\nAfter this edit the document could not be read again (its values would nest\ndeeper than 1000 levels, the most that is read), so it was not changed.\n\n"},
	} {
		r := runBounded(t, dir, tt.args...)
		if r.code != 1 || r.stdout != "" || words(r.stderr) != words(tt.want) {
			t.Errorf("%.40q: status %d, stdout %q, stderr\n%q\nwant 1 and\n%q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
		if b, _ := os.ReadFile(file); string(b) != src {
			t.Errorf("%.40q: the file changed", tt.args)
		}
	}
	// One level less is read back, and written.
	ok := strings.Repeat("[", 998) + strings.Repeat("]", 998)
	if r := runBounded(t, dir, "set", "d.json", "a.b", ok); r.code != 0 {
		t.Fatalf("status %d: %s", r.code, r.stderr)
	}
	if r := runBounded(t, dir, "get", "--keys", "d.json", "a.b"); r.code != 0 {
		t.Errorf("the file written cannot be read: %s", r.stderr)
	}
}

// TestFullStderr checks that a warning that cannot be written, on a full
// disk (/dev/full), makes the status 1, as a failed write of the results
// does (C7).
func TestFullStderr(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	dir := t.TempDir()
	mkFile(t, filepath.Join(dir, "d.tf.json"), `{"locals": {"a": 1, "a": 2}}`)
	mkFile(t, filepath.Join(dir, "main.tf"), "resource \"terraform_data\" \"b\" {\n  depends_on = [\"terraform_data.a\"]\n}\nresource \"terraform_data\" \"a\" {}\n")
	if err := os.Symlink("/", filepath.Join(dir, "root")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, args := range [][]string{
		{"get", "d.tf.json", "locals.a"},
		{"check", "main.tf"},
		{"set", "-r", ".", "locals.b", "3"},
		{"fmt", "-recursive", "."},
	} {
		var stdout bytes.Buffer
		if code := Main(args, strings.NewReader(""), &stdout, full); code != 1 {
			t.Errorf("%v with standard error on /dev/full: status %d, want 1", args, code)
		}
	}
}

// words returns s with its runs of white space made one space: text as
// wrapped at any width.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

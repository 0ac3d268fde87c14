package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// runIn runs the command in-process in dir and returns its status,
// standard output and standard error.
func runIn(t *testing.T, dir string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestDiagnosticsBounded checks that a 1 MB one-line file with 1,000
// syntax errors gives a bounded report: 50 diagnostics, each snippet line
// a window of the line, and the count of the rest.
func TestDiagnosticsBounded(t *testing.T) {
	dir := t.TempDir()
	parts := make([]string, 1000)
	for i := range parts {
		parts[i] = "tru" + strings.Repeat(" ", 1000)
	}
	src := `{"a": [` + strings.Join(parts, ",") + "]}"
	if len(src) < 1_000_000 || strings.Contains(src, "\n") {
		t.Fatalf("input is %d bytes", len(src))
	}
	if err := os.WriteFile(filepath.Join(dir, "big.tf.json"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, dir, "", "check", "big.tf.json")
	t.Logf("stderr: %d bytes", len(stderr))
	if code != 1 || stdout != "" {
		t.Errorf("status %d, stdout %q", code, stdout)
	}
	if len(stderr) > 100_000 {
		t.Errorf("stderr has %d bytes, want at most 100,000", len(stderr))
	}
	if n := strings.Count(stderr, "Error: Invalid JSON keyword\n"); n != maxFileDiags {
		t.Errorf("%d diagnostics shown, want %d", n, maxFileDiags)
	}
	first := "Error: Invalid JSON keyword\n\n  on big.tf.json line 1, in a:\n   1: {\"a\": [tru" + strings.Repeat(" ", 110) + "…\n\n\"tru\" is not a valid JSON keyword. Did you mean \"true\"?\n\n"
	if !strings.HasPrefix(stderr, first) {
		t.Errorf("stderr starts\n%q\nwant\n%q", stderr[:min(len(stderr), len(first)+20)], first)
	}
	second := "   1: …" + strings.Repeat(" ", 39) + ",tru" + strings.Repeat(" ", 77) + "…\n"
	if !strings.Contains(stderr, second) {
		t.Errorf("no snippet line %q", second)
	}
	last := "Not shown: 950 more errors about big.tf.json (the first 50 diagnostics about it are above).\n\n"
	if !strings.HasSuffix(stderr, last) {
		t.Errorf("stderr ends\n%q\nwant\n%q", stderr[max(0, len(stderr)-len(last)-20):], last)
	}
}

// TestHugeFileRefused checks that a 4 GiB file (sparse, so the test
// writes nothing) is refused from its size, in well under a second and
// without reading it, by every command that reads files.
func TestHugeFileRefused(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "big.tf.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(4 << 30); err != nil {
		f.Close()
		t.Skipf("no sparse file here: %v", err)
	}
	f.Close()
	want := "Error: File too large\n\nThe file \"big.tf.json\" has 4294967296 bytes, more than the limit of 268435456\nbytes; it was not read. Give --max-size to read larger inputs.\n\n"
	for _, args := range [][]string{
		{"check", "big.tf.json"},
		{"convert", "big.tf.json"},
		{"fmt", "big.tf.json"},
		{"get", "big.tf.json", "."},
		{"set", "big.tf.json", "a", "1"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		code, stdout, stderr := runIn(t, dir, "", args...)
		elapsed := time.Since(start)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %v, %d bytes allocated", args[0], elapsed, alloc)
		if code != 1 || stdout != "" || stderr != want {
			t.Errorf("%s: status %d, stdout %q, stderr\n%s\nwant\n%s", args[0], code, stdout, stderr, want)
		}
		if elapsed > time.Second {
			t.Errorf("%s took %v", args[0], elapsed)
		}
		if alloc > 64<<20 {
			t.Errorf("%s allocated %d bytes: the file was read", args[0], alloc)
		}
	}
}

// TestMaxSize checks --max-size on files and standard input: the limit
// refuses a larger input and a larger limit reads it.
func TestMaxSize(t *testing.T) {
	dir := t.TempDir()
	src := `{"a": "` + strings.Repeat("x", 2000) + `"}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runIn(t, dir, "", "check", "--max-size", "1KiB", "a.json")
	if want := "Error: File too large\n\nThe file \"a.json\" has 2010 bytes, more than the limit of 1024 bytes; it was\nnot read. Give --max-size to read larger inputs.\n\n"; code != 1 || stderr != want {
		t.Errorf("status %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
	code, stdout, stderr := runIn(t, dir, "", "check", "--max-size=2010", "a.json")
	if code != 0 || stdout != "1 file checked, no errors\n" || stderr != "" {
		t.Errorf("status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, _, stderr = runIn(t, dir, src, "get", "--max-size", "2KB", "-", "a")
	if want := "Error: File too large\n\nStandard input has more than the limit of 2000 bytes; it was not read. Give\n--max-size to read larger inputs.\n\n"; code != 1 || stderr != want {
		t.Errorf("status %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
	code, stdout, _ = runIn(t, dir, src, "get", "--max-size", "3KB", "-", "a")
	if code != 0 || len(stdout) != 2003 {
		t.Errorf("status %d, stdout of %d bytes", code, len(stdout))
	}
	code, _, stderr = runIn(t, dir, "", "check", "--max-size", "12XB", "a.json")
	if code != 2 || !strings.HasPrefix(stderr, "hcljson check: invalid value \"12XB\" for flag -max-size: invalid size \"12XB\"") {
		t.Errorf("status %d, stderr %q", code, stderr)
	}
}

// TestForeignEncoding checks that a file in UTF-16 or UTF-32 gets its own
// error, pointing at the byte order mark, in every command.
func TestForeignEncoding(t *testing.T) {
	dir := t.TempDir()
	utf16 := []byte{0xff, 0xfe}
	for _, c := range `{"a": 1}` {
		utf16 = append(utf16, byte(c), 0)
	}
	if err := os.WriteFile(filepath.Join(dir, "w.tf.json"), utf16, 0o666); err != nil {
		t.Fatal(err)
	}
	want := "Error: Unsupported text encoding\n\n  on w.tf.json line 1:\n   1: \x1b[1;4m\\xff\\xfe\x1b[0m{\\x00\"\\x00a\\x00\"\\x00:\\x00 \\x001\\x00}\\x00\n\nThe file \"w.tf.json\" starts with the byte order mark of UTF-16\n(little-endian); HCL files must be UTF-8. Convert the file, for example with\niconv -f UTF-16 -t UTF-8.\n\n"
	want = strings.NewReplacer("\x1b[1;4m", "", "\x1b[0m", "").Replace(want)
	for _, args := range [][]string{
		{"check", "w.tf.json"},
		{"check", "."},
		{"convert", "w.tf.json"},
		{"fmt", "w.tf.json"},
		{"get", "w.tf.json", "a"},
		{"set", "w.tf.json", "a", "2"},
		{"rm", "w.tf.json", "a"},
		{"inspect", "."},
	} {
		code, stdout, stderr := runIn(t, dir, "", args...)
		if args[0] == "inspect" {
			stdout = "" // the configuration read, empty
		}
		if code != 1 || stdout != "" || stderr != want {
			t.Errorf("%v: status %d, stdout %q, stderr\n%s\nwant\n%s", args, code, stdout, stderr, want)
		}
	}
}

// mkFile writes a file, making its directory.
func mkFile(t *testing.T, path, src string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestNoRawControls checks that a file whose name holds an OSC sequence
// (which sets a terminal's title) and whose content holds ESC bytes and a
// right-to-left override gives no raw ESC, BEL or override on standard
// error, nor in inspect's text on standard output: they are shown
// escaped. JSON output holds them as JSON escapes: the same text.
func TestNoRawControls(t *testing.T) {
	dir := t.TempDir()
	name := "\x1b]0;TITLE\x07.tf.json"
	mkFile(t, filepath.Join(dir, name), "{\"locals\": {\"a\": \"\x1b[31mred\u202e\", \"b\": tru}}\n")
	mkFile(t, filepath.Join(dir, "m\x1b[2Jx", "main.tf"), "variable \"v\x1b[5m\" {}\n")
	escName := `\x1b]0;TITLE\x07.tf.json`
	want := "Error: Invalid JSON string\n\n  on " + escName + " line 1, in locals:\n   1: {\"locals\": {\"a\": \"\\x1b[31mred\\u202e\", \"b\": tru}}\n\n" +
		"Control character U+001B must be escaped in a JSON string.\n\n" +
		"Error: Invalid JSON keyword\n\n  on " + escName + " line 1, in locals:\n   1: {\"locals\": {\"a\": \"\\x1b[31mred\\u202e\", \"b\": tru}}\n\n" +
		"\"tru\" is not a valid JSON keyword. Did you mean \"true\"?\n\n"
	code, stdout, stderr := runIn(t, dir, "", "check", name)
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("check: status %d, stdout %q, stderr\n%s\nwant\n%s", code, stdout, stderr, want)
	}
	raw := func(s string) bool { return strings.ContainsAny(s, "\x1b\x07\u202e") }
	for _, args := range [][]string{
		{"check", "."},
		{"convert", name},
		{"convert", "--to", "json", "-o", "out", "."},
		{"fmt", name},
		{"fmt", "-check", "."},
		{"get", "-v", name, "locals.a"},
		{"inspect", "--format", "text", "m\x1b[2Jx"},
		{"convert", "-x", name},
	} {
		code, stdout, stderr := runIn(t, dir, "", args...)
		if raw(stderr) {
			t.Errorf("%q: status %d, raw control on stderr: %q", args, code, stderr)
		}
		if args[0] == "inspect" {
			if code != 0 || raw(stdout) || !strings.Contains(stdout, `v\x1b[5m  m\x1b[2Jx/main.tf:1:1  required`) {
				t.Errorf("inspect: status %d, stdout %q", code, stdout)
			}
		}
	}
	// JSON output is exact: the name and the byte are JSON escapes there.
	code, stdout, _ = runIn(t, dir, "", "check", "--format", "json", name)
	if code != 1 || !strings.Contains(stdout, `"filename": "\u001b]0;TITLE\u0007.tf.json"`) {
		t.Errorf("check --format json: status %d, stdout %s", code, stdout)
	}
	code, stdout, _ = runIn(t, dir, "", "inspect", "m\x1b[2Jx")
	if code != 0 || !strings.Contains(stdout, `"v\u001b[5m"`) {
		t.Errorf("inspect: status %d, stdout %s", code, stdout)
	}
	// DEL, a C1 control and a right-to-left override in every JSON output
	// are JSON escapes too: the same text, nothing a terminal acts on.
	mkFile(t, filepath.Join(dir, "c1", "main.tf.json"), "{\"variable\": {\"a\u009bb\": {\"default\": \"x\u202ey\x7fz\", \"defautl\": 1}}}")
	for _, args := range [][]string{
		{"inspect", "c1"},
		{"check", "--format", "json", "c1"},
		{"get", "--format", "json", "c1/main.tf.json", "variable"},
	} {
		_, stdout, _ := runIn(t, dir, "", args...)
		if strings.ContainsAny(stdout, "\u009b\u202e\x7f") || !strings.Contains(stdout, `\u202e`) {
			t.Errorf("%q: stdout %s", args, stdout)
		}
	}
	if got := string(appendJSONSafe(nil, []byte("{\"a\u009b\": \"\x7f\u061c\u200e\u2066é\\u001b\"}"))); got != `{"a\u009b": "\u007f\u061c\u200e\u2066é\u001b"}` {
		t.Errorf("appendJSONSafe: %s", got)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestStdoutWriteFails checks that a failure to write standard output,
// the summary of check included, is reported, naming standard output, and
// gives status 1.
func TestStdoutWriteFails(t *testing.T) {
	dir := t.TempDir()
	mkFile(t, filepath.Join(dir, "main.tf"), "variable \"a\" {}\n")
	mkFile(t, filepath.Join(dir, "j", "x.tf.json"), `{"variable": {"a": {}}}`)
	t.Chdir(dir)
	for _, args := range [][]string{
		{"check", "main.tf"},
		{"check", "--format", "json", "main.tf"},
		{"convert", "main.tf"},
		{"fmt", "-check", "j"},
		{"inspect", "."},
		{"inspect", "--format", "text", "."},
		{"version"},
		{"help"},
		{"help", "check"},
		{"check", "-h"},
	} {
		var stderr bytes.Buffer
		code := Main(args, strings.NewReader(""), failWriter{}, &stderr)
		want := "hcljson " + args[0] + ": cannot write standard output: no space left on device\n"
		if code != 1 || stderr.String() != want {
			t.Errorf("%q: status %d, stderr %q, want 1 and %q", args, code, stderr.String(), want)
		}
	}
}

// TestGetOnTerminal checks that get's value is escaped on a terminal and
// exact elsewhere.
func TestGetOnTerminal(t *testing.T) {
	dir := t.TempDir()
	mkFile(t, filepath.Join(dir, "a.json"), "{\"a\": \"x\x7f\u202ey\u0085\"}")
	t.Chdir(dir)
	for _, term := range []bool{false, true} {
		var stdout, stderr bytes.Buffer
		e := newEnv(strings.NewReader(""), &stdout, &stderr)
		e.outTerminal = term
		want := "\"x\x7f\u202ey\u0085\"\n"
		if term {
			want = `"x\x7f\u202ey\u0085"` + "\n"
		}
		if code := e.run([]string{"get", "a.json", "a"}); code != 0 || stdout.String() != want {
			t.Errorf("terminal %v: status %d, stdout %q, want %q", term, code, stdout.String(), want)
		}
	}
}

// TestEscape checks the escapes of each kind of character, and that a
// character split between two writes is escaped whole.
func TestEscape(t *testing.T) {
	for _, tt := range []struct {
		in, layout, name string
	}{
		{"plain é ✓ 🙂", "plain é ✓ 🙂", "plain é ✓ 🙂"},
		{"a\tb\nc\rd", "a\tb\nc\\x0dd", `a\x09b\x0ac\x0dd`},
		{"\x00\x1b\x07\x7f", `\x00\x1b\x07\x7f`, `\x00\x1b\x07\x7f`},
		{"\u0080\u009b\u00a0", `\u0080\u009b` + "\u00a0", `\u0080\u009b` + "\u00a0"},
		{"\u061c\u200e\u200f\u202a\u202e\u2066\u2069\u200d", `\u061c\u200e\u200f\u202a\u202e\u2066\u2069` + "\u200d", `\u061c\u200e\u200f\u202a\u202e\u2066\u2069` + "\u200d"},
		{"bad\xff\xc3(\xe2\x82", `bad\xff\xc3(\xe2\x82`, `bad\xff\xc3(\xe2\x82`},
		{`back\slash`, `back\slash`, `back\slash`},
	} {
		if got := escapeText(tt.in); got != tt.layout {
			t.Errorf("escapeText(%q) = %q, want %q", tt.in, got, tt.layout)
		}
		if got := escapeName(tt.in); got != tt.name {
			t.Errorf("escapeName(%q) = %q, want %q", tt.in, got, tt.name)
		}
		for cut := range len(tt.in) + 1 {
			var b bytes.Buffer
			ew := &escapeWriter{w: &b}
			ew.Write([]byte(tt.in[:cut]))
			ew.Write([]byte(tt.in[cut:]))
			ew.Flush()
			if b.String() != tt.layout {
				t.Errorf("escapeWriter(%q cut at %d) = %q, want %q", tt.in, cut, b.String(), tt.layout)
			}
		}
	}
}

// TestDoublingModuleTree inspects a module tree 17 levels deep in which
// each module calls the next twice (131,071 module calls, 18 directories):
// each directory is read once, and the tree stops at 10,000 calls with an
// error saying so. The work is bounded by counting allocations, not timed:
// reading the tree as it expands (what this guards against) allocates
// about 13 times as much as reading each directory once.
func TestDoublingModuleTree(t *testing.T) {
	dir := t.TempDir()
	for i := range 31 {
		src := "variable \"x\" {}\n"
		if i < 30 {
			src += fmt.Sprintf("module \"a\" {\n  source = \"../m%d\"\n  x = var.x\n}\nmodule \"b\" {\n  source = \"../m%d\"\n  x = var.x\n}\n", i+1, i+1)
		}
		mkFile(t, filepath.Join(dir, fmt.Sprintf("m%d", i), "main.tf"), src)
	}
	mkFile(t, filepath.Join(dir, "r", "main.tf"), "module \"a\" {\n  source = \"../m14\"\n  x = 1\n}\n")
	want := "Error: Too many module calls\n\n  on m29/main.tf line 7:\n   7:   source = \"../m30\"\n\n" +
		"The module tree has more than 10000 module calls (a module called from several\nplaces, or from a module called several times, counts once per call, as\nTerraform expands the tree); module a.a.a.a.b.a.a.b.b.b.a.a.a.a.a.b.b and the\ncalls after it are shown without their module.\n\n"
	t.Chdir(filepath.Join(dir, "r"))
	for _, format := range []string{"json", "text"} {
		// Standard output is counted, not kept: the JSON is 31 MB, most
		// of it indentation.
		var stdout countWriter
		var stderr bytes.Buffer
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		code := Main([]string{"inspect", "--format", format, "."}, strings.NewReader(""), &stdout, &stderr)
		elapsed := time.Since(start)
		runtime.ReadMemStats(&after)
		mallocs := after.Mallocs - before.Mallocs
		t.Logf("--format %s: %v, %d allocations, %d bytes of output", format, elapsed, mallocs, stdout.n)
		// 10,000 module calls shown, each with its variable: 1,119,089
		// allocations for json and 1,636,721 for text at 0326402 (112 and
		// 164 a call), each directory read once. Reading a directory again
		// for each call would add some 150 a call, and reading the whole
		// tree as it expands (131,071 calls) ten times as much.
		if limit := uint64(200 * 10000); mallocs > limit {
			t.Errorf("--format %s made %d allocations, more than %d", format, mallocs, limit)
		}
		if code != 1 || stderr.String() != strings.ReplaceAll(want, "m29/", "../m29/") {
			t.Errorf("--format %s: status %d, stderr\n%s", format, code, stderr.String())
		}
		if want := map[string]int{"json": 10000, "text": 10000}[format]; stdout.modules != want {
			t.Errorf("--format %s shows %d module variables, want %d", format, stdout.modules, want)
		}
	}
	// Without the limit, a tree 12 levels deep is read whole.
	mkFile(t, filepath.Join(dir, "r", "main.tf"), "module \"a\" {\n  source = \"../m19\"\n  x = 1\n}\n")
	code, stdout, stderr := runIn(t, filepath.Join(dir, "r"), "", "inspect", "--format", "text", "--max-module-calls", "0", ".")
	if n := strings.Count(stdout, "    x  ../m"); code != 0 || stderr != "" || n != 4095 {
		t.Errorf("no limit: status %d, %d module variables, stderr %q", code, n, stderr)
	}
}

// countWriter counts the bytes written, and the module variables "x" in
// them (as inspect --format json or text shows them).
type countWriter struct {
	n, modules int
	tail       []byte
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	// Count across writes: keep the end of the last one.
	text := append(w.tail, p...)
	for _, pat := range []string{`"variables": {` + "\n", "    x  ../m"} {
		w.modules += strings.Count(string(text), pat) - strings.Count(string(w.tail), pat)
	}
	w.tail = append(w.tail[:0], text[max(0, len(text)-32):]...)
	return len(p), nil
}

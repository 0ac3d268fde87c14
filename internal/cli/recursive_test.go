package cli

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// writeRecursiveTree writes a tree of module directories under dir:
// modules/m0 to m4, each calling the next, and stacks/s00 to s23 (some
// nested one level more), each calling one to three of the modules, with
// mistakes drawn from a fixed seed: undeclared references, arguments of
// the wrong type, outputs the module does not have, a syntax error, a
// cycle, native and JSON files. It returns the module directories,
// relative to dir.
func writeRecursiveTree(t *testing.T, dir string) []string {
	t.Helper()
	r := rand.New(rand.NewPCG(23, 14))
	files := map[string]string{}
	var dirs []string
	for i := range 5 {
		d := fmt.Sprintf("modules/m%d", i)
		dirs = append(dirs, d)
		src := "variable \"n\" {\n  type = number\n}\n\noutput \"twice\" {\n  value = var.n * 2\n}\n"
		if i < 4 {
			src += fmt.Sprintf("\nmodule \"next\" {\n  source = \"../m%d\"\n  n      = var.n\n}\n\noutput \"next\" {\n  value = module.next.twice\n}\n", i+1)
		}
		if i == 2 {
			src += "\noutput \"bad\" {\n  value = local.missing\n}\n"
		}
		files[d+"/main.tf"] = src
	}
	for i := range 24 {
		d := fmt.Sprintf("stacks/s%02d", i)
		if i%5 == 4 {
			d += "/nested"
		}
		dirs = append(dirs, d)
		up := strings.Repeat("../", strings.Count(d, "/")+1)
		var b strings.Builder
		for k := range 1 + r.IntN(3) {
			m := r.IntN(5)
			n := `"2"`
			switch r.IntN(6) {
			case 0:
				n = `"two"` // not a number
			case 1:
				n = "var.missing"
			}
			fmt.Fprintf(&b, "module \"c%d\" {\n  source = \"%smodules/m%d\"\n  n      = %s\n}\n\n", k, up, m, n)
			out := "twice"
			if r.IntN(5) == 0 {
				out = "thrice"
			}
			fmt.Fprintf(&b, "output \"o%d\" {\n  value = module.c%d.%s\n}\n\n", k, k, out)
		}
		switch r.IntN(8) {
		case 0:
			b.WriteString("locals {\n  a = local.b\n  b = local.a\n}\n")
		case 1:
			b.WriteString("resource \"terraform_data\" \"x\" {\n")
		}
		files[d+"/main.tf"] = b.String()
		if i%3 == 0 {
			files[d+"/extra.tf.json"] = fmt.Sprintf(`{"output": {"extra": {"value": "${upper(%d)}"}}}`, i)
		}
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, src)
	}
	slices.SortFunc(dirs, compareDirs)
	return dirs
}

// TestCheckRecursiveAsCheckDir checks that check -recursive reports on
// each module directory what "check DIR" reports on it alone, text and
// JSON, in the order of the paths, whatever the schedule (run many times,
// on one core and on several), and that it reads every directory once
// in the run, though the stacks call the modules many times and the
// modules call each other.
func TestCheckRecursiveAsCheckDir(t *testing.T) {
	base := t.TempDir()
	dirs := writeRecursiveTree(t, base)
	t.Chdir(base)

	// What "check DIR" says of each directory alone.
	wantText, wantJSON := "", []any{}
	wantLines := ""
	errors, warnings := 0, 0
	for _, d := range dirs {
		e, _, stderr := testEnv()
		e.color = false
		e.run([]string{"check", d})
		if stderr.String() != "" {
			wantText += "# " + d + "\n" + stderr.String()
		}
		e, stdout, _ := testEnv()
		e.run([]string{"check", "--format", "json", d})
		var v map[string]any
		if err := json.Unmarshal([]byte(stdout.String()), &v); err != nil {
			t.Fatalf("check --format json %s: %v\n%s", d, err, stdout)
		}
		ne, nw := int(v["error_count"].(float64)), int(v["warning_count"].(float64))
		errors, warnings = errors+ne, warnings+nw
		v["path"] = d
		wantJSON = append(wantJSON, v)
		wantLines += fmt.Sprintf("%s: %s checked, %s\n", d, plural(len(must(os.ReadDir(d))), "file"), counts(ne, nw))
	}
	if errors == 0 {
		t.Fatalf("the tree has no errors; it should have some")
	}
	wantLines += fmt.Sprintf("%d directories checked (%d files), %s\n", len(dirs), countFiles(t, dirs), counts(errors, warnings))

	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	var firstText, firstJSON string
	for round := range 12 {
		runtime.GOMAXPROCS([]int{1, 2, 4, 8}[round%4])
		var mu sync.Mutex
		reads := map[string]int{}
		e, stdout, stderr := testEnv()
		e.color = false
		e.loaded = func(dir string) {
			mu.Lock()
			defer mu.Unlock()
			reads[dir]++
		}
		if code := e.run([]string{"check", "-recursive"}); code != 1 {
			t.Fatalf("round %d: exit %d, want 1", round, code)
		}
		if got := stderr.String(); got != wantText {
			t.Errorf("round %d: standard error\n%s\nwant (check DIR of each)\n%s", round, got, wantText)
		}
		if got := stdout.String(); got != wantLines {
			t.Errorf("round %d: standard output\n%s\nwant\n%s", round, got, wantLines)
		}
		if len(reads) != len(dirs) {
			t.Errorf("round %d: %d directories read, want %d: %v", round, len(reads), len(dirs), reads)
		}
		for d, n := range reads {
			if n != 1 {
				t.Errorf("round %d: %s read %d times, want once", round, d, n)
			}
		}

		e, stdout, _ = testEnv()
		e.run([]string{"check", "--recursive", "--format", "json", "."})
		var got map[string]any
		if err := json.Unmarshal([]byte(stdout.String()), &got); err != nil {
			t.Fatalf("round %d: %v\n%s", round, err, stdout)
		}
		want := map[string]any{"format_version": "1.0", "valid": false, "error_count": float64(errors), "warning_count": float64(warnings), "diagnostics": []any{}, "directories": wantJSON}
		if g, w := must(json.Marshal(got)), must(json.Marshal(want)); string(g) != string(w) {
			t.Errorf("round %d: JSON\n%s\nwant\n%s", round, g, w)
		}
		if round == 0 {
			firstText, firstJSON = stderr.String(), stdout.String()
		} else if stdout.String() != firstJSON || stderr.String() != firstText {
			t.Errorf("round %d: the output differs from round 0's", round)
		}
	}
}

// countFiles counts the files of dirs.
func countFiles(t *testing.T, dirs []string) int {
	n := 0
	for _, d := range dirs {
		n += len(must(os.ReadDir(d)))
	}
	return n
}

// must returns v, and panics on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestCheckRecursiveUnreadable checks that a directory the walk cannot
// read is an error for it, and that the others are checked.
func TestCheckRecursiveUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("permissions do not stop root")
	}
	base := t.TempDir()
	for _, d := range []string{"a", "locked", "z"} {
		if err := os.Mkdir(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(base, d, "main.tf"), "output \"o\" {\n  value = 1\n}\n")
	}
	locked := filepath.Join(base, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	t.Chdir(base)
	e, stdout, stderr := testEnv()
	code := e.run([]string{"check", "-recursive"})
	wantOut := "a: 1 file checked, no errors\nlocked: 0 files checked, 1 error\nz: 1 file checked, no errors\n3 directories checked (2 files), 1 error\n"
	wantErr := "# locked\nError: Failed to read directory\n\nThe directory locked cannot be read: permission denied.\n\n"
	if code != 1 || stdout.String() != wantOut || stderr.String() != wantErr {
		t.Errorf("exit %d, stdout\n%s\nstderr\n%s\nwant exit 1, stdout\n%s\nstderr\n%s", code, stdout, stderr, wantOut, wantErr)
	}
}

// TestCompareDirs checks the order of directories: a walk's, "." first.
func TestCompareDirs(t *testing.T) {
	got := []string{"b", "a-c", "a/b/c", ".", "a/b", "-x", "a", "a/c", "A", "/abs/x", "/abs"}
	slices.SortFunc(got, compareDirs)
	want := []string{".", "/abs", "/abs/x", "-x", "A", "a", "a/b", "a/b/c", "a/c", "a-c", "b"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %q, want %q", got, want)
	}
}

// TestGroups checks how check -recursive groups directories: those whose
// files name each other as local module sources (native or JSON, over
// any number of steps, through a directory outside the walk) share a
// group; a source made by a template, a registry source, a resource's
// source argument naming a file, or a file that is not configuration
// (outside/c/README.md) join nothing.
func TestGroups(t *testing.T) {
	base := t.TempDir()
	files := map[string]string{
		"a/main.tf":           "module \"b\" {\n  source = \"../b\"\n}\n",
		"b/main.tf.json":      `{"module": {"c": {"source" : "../outside/c"}}}`,
		"c/main.tf":           "module \"x\" {\n  source = \"../outside/c\"\n}\n",
		"d/main.tf":           "module \"t\" {\n  source = \"./${var.x}\"\n}\n\nmodule \"r\" {\n  source = \"terraform-aws-modules/vpc/aws\"\n}\n",
		"e/main.tf":           "resource \"aws_s3_object\" \"o\" {\n  source = \"./file.txt\"\n}\n",
		"f/sub/main.tf":       "module \"up\" {\n  source = \"../../e\"\n}\n",
		"outside/c/main.tf":   "variable \"v\" {}\n",
		"outside/c/README.md": "source = \"../../d\"\n",
	}
	for name, src := range files {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, src)
	}
	t.Chdir(base)
	var dirs []treeDir
	for _, d := range []string{"a", "b", "c", "d", "e", "f/sub"} {
		dirs = append(dirs, treeDir{name: d})
	}
	var got []string
	for _, g := range groups(dirs, 0) {
		var names []string
		for _, i := range g.dirs {
			names = append(names, dirs[i].name)
		}
		got = append(got, strings.Join(names, " "))
		if g.left != len(g.dirs) {
			t.Errorf("group %v: %d left, want %d", names, g.left, len(g.dirs))
		}
	}
	want := []string{"a b c", "d", "e f/sub"}
	if !slices.Equal(got, want) {
		t.Errorf("groups %q, want %q", got, want)
	}
	// A group's readings live until its last directory is done.
	g := groups(dirs[4:], 0)[0]
	rs := g.readings(true)
	if g.done(); g.readings(true) != rs {
		t.Errorf("the readings changed before the group was done")
	}
	if g.done(); g.rs != nil {
		t.Errorf("the readings were kept after the group was done")
	}
}

// TestCheckRecursiveRealworldAsCheckDir checks, over the real-world
// corpus (the directory HCLJSON_REALWORLD names, as
// internal/realworld's tests read it), that check -recursive reports on
// each module directory what "check DIR" reports on it alone, in JSON:
// the run shares the readings and the analysis of the modules the roots
// call (validate.Readings), a directory that is a root and is called is
// evaluated once for each program (validate's unit.runShared), and none
// of that may change a diagnostic. The directories are checked one by
// one on two goroutines. It is skipped without HCLJSON_REALWORLD.
func TestCheckRecursiveRealworldAsCheckDir(t *testing.T) {
	root := os.Getenv("HCLJSON_REALWORLD")
	if root == "" {
		t.Skip("HCLJSON_REALWORLD is not set: run scripts/fetch-realworld.sh, then set HCLJSON_REALWORLD to the directory it fills ($HOME/.cache/hcljson/realworld by default)")
	}
	t.Chdir(root)
	e, stdout, _ := testEnv()
	e.run([]string{"check", "-recursive", "--format", "json", "."})
	var all struct {
		Directories []map[string]any `json:"directories"`
	}
	if err := json.Unmarshal([]byte(stdout.String()), &all); err != nil {
		t.Fatalf("check -recursive: %v", err)
	}
	if len(all.Directories) < 100 {
		t.Fatalf("check -recursive reported on %d directories of %s, want the corpus's (over 1,000)", len(all.Directories), root)
	}
	alone := make([]string, len(all.Directories))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				d := all.Directories[i]["path"].(string)
				e, stdout, _ := testEnv()
				e.run([]string{"check", "--format", "json", d})
				var v map[string]any
				if err := json.Unmarshal([]byte(stdout.String()), &v); err != nil {
					alone[i] = fmt.Sprintf("check --format json %s: %v", d, err)
					continue
				}
				v["path"] = d
				alone[i] = string(must(json.Marshal(v)))
			}
		})
	}
	for i := range all.Directories {
		next <- i
	}
	close(next)
	wg.Wait()
	diags := 0
	for i, d := range all.Directories {
		diags += len(d["diagnostics"].([]any))
		if got := string(must(json.Marshal(d))); got != alone[i] {
			t.Errorf("%s: check -recursive says\n%s\ncheck DIR says\n%s", d["path"], got, alone[i])
		}
	}
	t.Logf("%d directories, %d diagnostics, the same", len(all.Directories), diags)
}

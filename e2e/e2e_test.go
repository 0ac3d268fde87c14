package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/hcljson/hcljson/internal/clientstest"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// copies are the three forms of each configuration that are planned; the
// first is the reference the others are compared with.
var copies = []string{"native", "json", "round-trip"}

// compared are the parts of show -json's plan that must agree between
// the copies. The plan's other parts name the program's version, the
// time, or repeat these (prior_state, relevant_attributes).
var compared = []string{"planned_values", "output_changes", "resource_changes", "configuration", "checks", "variables"}

// TestPlans plans every configuration under testdata with every client
// found, in its three copies, and compares the plans. A directory whose
// name starts with "tofu-" is OpenTofu's only (its early evaluation).
//
// $HCLJSON_E2E_WORK names a directory in which the copies, schemas and
// plans are written and kept, for a look after a failure (it is emptied
// first); $HCLJSON_E2E_BIN an hcljson binary to test instead of building
// cmd/hcljson; $HCLJSON_E2E_TESTDATA another directory of configurations
// to plan instead of testdata (to try a candidate reproduction).
func TestPlans(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end plans take a while; not with -short")
	}
	all := clientstest.All()
	if len(all) == 0 {
		t.Skip(clientstest.Missing("tofu") + "; " + clientstest.Missing("terraform"))
	}
	testdata := "testdata"
	if d := os.Getenv("HCLJSON_E2E_TESTDATA"); d != "" {
		testdata = d
	}
	entries, err := os.ReadDir(testdata)
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, e := range entries {
		if e.IsDir() {
			cases = append(cases, filepath.Join(testdata, e.Name()))
		}
	}
	if len(cases) == 0 {
		t.Fatalf("no configurations in %s", testdata)
	}
	work := keptWorkDir(t)
	hcljson := buildHCLJSON(t, work)
	plugins := buildProvider(t)
	for _, name := range []string{"tofu", "terraform"} {
		i := slices.IndexFunc(all, func(c clientstest.Client) bool { return c.Name == name })
		if i < 0 {
			t.Run(name, func(t *testing.T) { t.Skip(clientstest.Missing(name)) })
			continue
		}
		c := all[i]
		t.Run(c.Name, func(t *testing.T) {
			env := clientEnv(t, filepath.Join(work, c.Name), plugins)
			var configs, open, plans, comparisons, identical int
			for _, dir := range cases {
				name := filepath.Base(dir)
				t.Run(name, func(t *testing.T) {
					if strings.HasPrefix(name, "tofu-") && c.Name != "tofu" {
						t.Skip("OpenTofu only")
					}
					configs++
					reason := openBug(t, dir)
					if reason != "" {
						open++
					}
					var r result
					if err := planCopies(t, c, env, hcljson, dir, filepath.Join(work, c.Name, name), &r); err != nil {
						r.problems = append(r.problems, err.Error())
					}
					plans += r.plans
					comparisons += r.comparisons
					identical += r.identical
					switch {
					case reason != "" && len(r.problems) > 0:
						t.Skipf("open, not fixed yet: %s\n%s", reason, strings.Join(r.problems, "\n"))
					case reason != "":
						t.Errorf("%s is marked \"# Open: %s\" but passes now: remove that line", name, reason)
					}
					for _, p := range r.problems {
						t.Errorf("%s: %s", name, p)
					}
				})
			}
			t.Logf("%s %s: %d configurations (%d with an open bug), %d plans, %d of %d comparisons identical",
				c.Name, c.Version, configs, open, plans, identical, comparisons)
		})
	}
}

// keptWorkDir returns the directory $HCLJSON_E2E_WORK names, emptied, or
// else a temporary directory. A directory that is not empty is emptied
// only if an earlier run made it (it holds the file .hcljson-e2e).
func keptWorkDir(t *testing.T) string {
	work := os.Getenv("HCLJSON_E2E_WORK")
	if work == "" {
		return t.TempDir()
	}
	marker := filepath.Join(work, ".hcljson-e2e")
	if entries, err := os.ReadDir(work); err == nil && len(entries) > 0 {
		if _, err := os.Stat(marker); err != nil {
			t.Fatalf("$HCLJSON_E2E_WORK: %s is not empty and was not made by this test; not emptying it", work)
		}
	}
	if err := os.RemoveAll(work); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(marker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("the copies, schemas and plans are kept in %s", work)
	return work
}

// maxDiffs is how many differences are printed per comparison.
const maxDiffs = 40

// A result is what planCopies did and found.
type result struct {
	plans, comparisons, identical int
	// problems are the differences found, each a readable paragraph.
	problems []string
}

// openBug returns the reason given on a line "# Open: REASON" of one of
// the configuration files at the top of dir: a bug that is reported and
// not fixed yet. TestPlans still runs such a configuration, skips it,
// saying what fails, while something does, and fails once nothing does,
// so that the line is removed with the fix.
func openBug(t *testing.T, dir string) string { return marker(t, dir, "Open") }

// marker returns the text of a line "# NAME: TEXT" of one of the
// configuration files at the top of dir (hcltest.Marker), or "".
func marker(t *testing.T, dir, name string) string {
	for _, file := range configFiles(t, dir) {
		if strings.ContainsRune(file, filepath.Separator) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if text := hcltest.Marker(b, name); text != "" {
			return text
		}
	}
	return ""
}

// planCopies makes the three copies of the configuration in dir under
// base, plans each and compares the second and third with the first,
// adding to r. It returns an error when a command fails, which ends the
// comparison.
//
// The JSON copy is made with --comments and the provider schemas, so the
// programs must also ignore the "//" properties wherever hcljson puts
// them, and the way back turn them into comments again. The native files
// are also converted without --comments, with and without the provider
// schemas, which must give the same files: the schemas close the
// resources' bodies and must not change what is read. A configuration
// marked "# Schemas: WHY" is one where they do (blocks that fill a
// provider's list-of-objects argument), and is not compared so.
func planCopies(t *testing.T, c clientstest.Client, env []string, hcljson, dir, base string, r *result) error {
	native := filepath.Join(base, "native")
	copyTree(t, dir, native)
	// Without a .tofu file the program is the client's; with one, hcljson
	// must see by itself that the files are OpenTofu's.
	convert := []string{"convert"}
	if !hasTofuFiles(t, native) {
		convert = append(convert, "--program", map[string]string{"tofu": "opentofu", "terraform": "terraform"}[c.Name])
	}
	// get installs the local modules: init would look for the stand-in
	// provider in a registry, where dev_overrides serves it without one.
	if err := get(env, c.Path, native); err != nil {
		return err
	}
	schemas := filepath.Join(base, "schemas.json")
	out, err := run(withDataDir(env, native), native, c.Path, "providers", "schema", "-json")
	if err != nil {
		return err
	}
	if err := os.WriteFile(schemas, out, 0o644); err != nil {
		t.Fatal(err)
	}
	jsonDir := filepath.Join(base, "json")
	if _, err := run(nil, base, hcljson, append(convert, "--comments", "--provider-schema", schemas, "-o", jsonDir, native)...); err != nil {
		return err
	}
	nativeFiles := configFiles(t, native)
	var jsonFiles []string
	for _, f := range nativeFiles {
		jsonFiles = append(jsonFiles, f+".json")
	}
	if got := configFiles(t, jsonDir); !slices.Equal(got, jsonFiles) {
		return fmt.Errorf("the JSON copy holds %q, want %q", got, jsonFiles)
	}
	// What convert writes is formatted: fmt would change nothing in it,
	// so formatting the JSON copy and converting it back plans as the
	// round-trip copy does (issue 24: fmt never changes the meaning of
	// convert's output, nor its order).
	if _, err := run(nil, jsonDir, hcljson, "fmt", "-check", "-diff", "-recursive", "-no-color", "."); err != nil {
		r.problems = append(r.problems, fmt.Sprintf("hcljson fmt -check lists files of the JSON copy: %v", err))
	}
	// When the way back fails, the JSON copy is still planned.
	made := copies
	round := filepath.Join(base, "round-trip")
	if _, err := run(nil, base, hcljson, append(convert, "--to", "hcl", "--provider-schema", schemas, "-o", round, jsonDir)...); err != nil {
		r.problems = append(r.problems, err.Error())
		made = copies[:2]
	} else if got := configFiles(t, round); !slices.Equal(got, nativeFiles) {
		return fmt.Errorf("the round-trip copy holds %q, want %q", got, nativeFiles)
	} else if _, err := run(env, round, c.Path, "fmt", "-check", "-diff", "-recursive", "-no-color"); err != nil {
		// The native syntax written is a fixed point of the client's fmt.
		r.problems = append(r.problems, fmt.Sprintf("%s fmt changes the round-trip copy: %v", c.Name, err))
	}
	plain, withSchemas := filepath.Join(base, "json-plain"), filepath.Join(base, "json-with-schemas")
	if _, err := run(nil, base, hcljson, append(convert, "-o", plain, native)...); err != nil {
		return err
	}
	if _, err := run(nil, base, hcljson, append(convert, "--provider-schema", schemas, "-o", withSchemas, native)...); err != nil {
		r.problems = append(r.problems, "with the provider schemas: "+err.Error())
	} else if marker(t, native, "Schemas") == "" {
		r.problems = append(r.problems, sameFiles(t, plain, withSchemas, jsonFiles)...)
	}
	for _, cp := range made[1:] {
		d := filepath.Join(base, cp)
		copyOthers(t, native, d) // files that are not configuration
		if err := get(env, c.Path, d); err != nil {
			return err
		}
	}

	results := map[string]map[string]any{}
	for _, cp := range made {
		d := filepath.Join(base, cp)
		envd := withDataDir(env, d)
		if _, err := run(envd, d, c.Path, "plan", "-input=false", "-lock=false", "-refresh=false", "-no-color", "-out=plan.bin"); err != nil {
			return fmt.Errorf("the %s copy: %w", cp, err)
		}
		show, err := run(envd, d, c.Path, "show", "-json", "plan.bin")
		if err != nil {
			return fmt.Errorf("the %s copy: %w", cp, err)
		}
		if err := os.WriteFile(filepath.Join(base, cp+".plan.json"), show, 0o644); err != nil {
			t.Fatal(err)
		}
		var plan map[string]any
		dec := json.NewDecoder(bytes.NewReader(show))
		dec.UseNumber() // numbers compared as written, at full precision
		if err := dec.Decode(&plan); err != nil {
			return fmt.Errorf("the %s copy: show -json: %v", cp, err)
		}
		results[cp] = comparable(plan, cp == "json")
		r.plans++
	}
	r.problems = append(r.problems, checkNative(results["native"])...)
	for _, cp := range made[1:] {
		r.comparisons++
		var diffs []string
		hcltest.DiffJSON("", results["native"], results[cp], &diffs)
		if len(diffs) > 0 {
			if n := len(diffs); n > maxDiffs {
				diffs = append(diffs[:maxDiffs], fmt.Sprintf("… and %d more (HCLJSON_E2E_WORK keeps the plans)", n-maxDiffs))
			}
			r.problems = append(r.problems, fmt.Sprintf("the %s copy's plan differs from the native one (native != %s):\n%s",
				cp, cp, strings.Join(diffs, "\n")))
			continue
		}
		r.identical++
	}
	return nil
}

// sameFiles returns a problem for each of the files, relative to dirs a
// and b, whose contents differ, naming the first line that differs.
func sameFiles(t *testing.T, a, b string, files []string) []string {
	var problems []string
	for _, f := range files {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, f))
		if err != nil {
			problems = append(problems, fmt.Sprintf("with the provider schemas, %s is missing", f))
			continue
		}
		if bytes.Equal(x, y) {
			continue
		}
		xl, yl := strings.Split(string(x), "\n"), strings.Split(string(y), "\n")
		i := 0
		for i < len(xl) && i < len(yl) && xl[i] == yl[i] {
			i++
		}
		line := func(l []string) string {
			if i < len(l) {
				return strconv.Quote(l[i])
			}
			return "end of file"
		}
		problems = append(problems, fmt.Sprintf("with the provider schemas, %s differs from line %d: %s without them, %s with them", f, i+1, line(xl), line(yl)))
	}
	return problems
}

// checkNative returns a problem when the native plan has nothing to
// compare (no resource and no output), or a check that did not pass: the
// configurations are written to pass, and a failed check block is only a
// warning.
func checkNative(plan map[string]any) []string {
	var problems []string
	rc, _ := plan["resource_changes"].([]any)
	oc, _ := plan["output_changes"].(map[string]any)
	if len(rc)+len(oc) == 0 {
		problems = append(problems, "the native plan has neither resource changes nor output changes")
	}
	checks, _ := plan["checks"].([]any)
	for _, c := range checks {
		c, _ := c.(map[string]any)
		if s := c["status"]; s != "pass" {
			b, _ := json.Marshal(c)
			problems = append(problems, fmt.Sprintf("the native plan has a check whose status is %v: %s", s, b))
		}
	}
	return problems
}

// comparable keeps the parts of a plan that must agree. In the JSON
// copy's configuration, an expression's constant_value is what the
// program reads from the JSON file without a context: a string there is
// its raw text, where the native twin has the text's value as a template,
// or no constant_value when that value needs a context (references, which
// the expression then lists, or functions). comparable evaluates such
// strings as the program does at plan time and, where that needs a
// context, leaves out the constant_value, and with it a count or for_each
// expression left empty, which the programs omit.
func comparable(plan map[string]any, fromJSON bool) map[string]any {
	out := map[string]any{}
	for _, k := range compared {
		if v, ok := plan[k]; ok {
			out[k] = v
		}
	}
	if fromJSON {
		readRawStrings(out["configuration"])
	}
	return out
}

// readRawStrings rewrites the constant values under v as described at
// comparable.
func readRawStrings(v any) {
	switch v := v.(type) {
	case map[string]any:
		if _, ok := v["references"]; ok {
			delete(v, "constant_value")
		} else if c, ok := v["constant_value"]; ok {
			if c, ok := evalStrings(c); ok {
				v["constant_value"] = c
			} else {
				delete(v, "constant_value")
			}
		}
		for k, x := range v {
			if k == "constant_value" {
				continue
			}
			readRawStrings(x)
			if m, ok := x.(map[string]any); ok && len(m) == 0 && (k == "count_expression" || k == "for_each_expression") {
				delete(v, k)
			}
		}
	case []any:
		for _, x := range v {
			readRawStrings(x)
		}
	}
}

// evalStrings returns v with each string in it, object keys included,
// replaced by its value as a template without variables or functions (a
// lone interpolation may yield another type, as "${2 * 21}" yields 42).
// ok is false when a string does not evaluate so.
func evalStrings(v any) (_ any, ok bool) {
	switch v := v.(type) {
	case string:
		expr, diags := hclsyntax.ParseTemplate([]byte(v), "constant_value", hcl.InitialPos)
		if diags.HasErrors() {
			return v, false
		}
		val, diags := expr.Value(nil)
		if diags.HasErrors() || !val.IsWhollyKnown() {
			return v, false
		}
		b, err := ctyjson.Marshal(val, val.Type())
		if err != nil {
			return v, false
		}
		var out any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&out); err != nil {
			return v, false
		}
		return out, true
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			key, ok := evalStrings(k)
			s, isString := key.(string)
			if !ok || !isString {
				return v, false
			}
			if out[s], ok = evalStrings(x); !ok {
				return v, false
			}
		}
		return out, true
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			if out[i], ok = evalStrings(x); !ok {
				return v, false
			}
		}
		return out, true
	}
	return v, true
}

// get runs the client's get, which installs the local modules of the
// configuration in dir.
func get(env []string, client, dir string) error {
	_, err := run(withDataDir(env, dir), dir, client, "get", "-no-color")
	return err
}

// run runs a command in dir and returns its standard output, or an error
// that gives the command and both its outputs.
func run(env []string, dir, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s\nin %s: %v\n%s%s", filepath.Base(name), strings.Join(args, " "), dir, err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// buildHCLJSON builds the command into dir, unless $HCLJSON_E2E_BIN names
// a binary to test instead (another build, such as an older release).
func buildHCLJSON(t *testing.T, dir string) string {
	if bin := os.Getenv("HCLJSON_E2E_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(dir, "hcljson")
	if err := clientstest.BuildHCLJSON("..", bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

// buildProvider builds the stand-in provider into the clients' cache
// (clientstest.StandIn) and returns the directory that dev_overrides names.
func buildProvider(t *testing.T) string {
	dir, err := clientstest.StandIn("provider")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// clientEnv returns the environment in which the client c runs, with its
// files under work (clientstest.Env): a CLI configuration whose dev_overrides
// serve the stand-in provider, and a home directory of its own, so that
// nothing of the user's is read or written.
func clientEnv(t *testing.T, work string, plugins string) []string {
	env, err := clientstest.Env(filepath.Join(work, "home"), plugins)
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// withDataDir returns env with TF_DATA_DIR set for the copy in dir, beside
// it rather than in it.
func withDataDir(env []string, dir string) []string {
	return append(slices.Clip(env), "TF_DATA_DIR="+dir+".data")
}

// hasTofuFiles reports whether the tree in dir holds a .tofu or
// .tofu.json file.
func hasTofuFiles(t *testing.T, dir string) bool {
	for _, f := range configFiles(t, dir) {
		if strings.HasSuffix(f, ".tofu") || strings.HasSuffix(f, ".tofu.json") {
			return true
		}
	}
	return false
}

// configFiles lists the configuration files of the tree in dir (.tf,
// .tofu and their .json twins), relative to dir, outside hidden
// directories.
func configFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	walk(t, dir, func(rel string) {
		if isConfig(rel) {
			out = append(out, rel)
		}
	})
	return out
}

// isConfig reports whether a file is configuration, by its name.
func isConfig(name string) bool {
	for _, ext := range []string{".tf", ".tofu", ".tf.json", ".tofu.json"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// walk calls f with the path, relative to dir, of every regular file in
// the tree, skipping hidden directories (.terraform).
func walk(t *testing.T, dir string, f func(rel string)) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			f(rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyFile copies src to dst, making dst's directory.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyTree copies the files of the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	walk(t, src, func(rel string) {
		copyFile(t, filepath.Join(src, rel), filepath.Join(dst, rel))
	})
}

// copyOthers copies into dst the files of src that are not configuration
// (templates, data), which the converted copies need too.
func copyOthers(t *testing.T, src, dst string) {
	t.Helper()
	walk(t, src, func(rel string) {
		if !isConfig(rel) && rel != "plan.bin" {
			copyFile(t, filepath.Join(src, rel), filepath.Join(dst, rel))
		}
	})
}

package e2e

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/clients"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// copies are the three forms of each configuration that are planned.
var copies = []string{"native", "json", "round-trip"}

// TestPlans plans every configuration under testdata with every client
// found, in its three copies, and compares the plans' planned values,
// output changes, resource changes and configuration. A directory whose
// name starts with "tofu-" is OpenTofu's only (its early evaluation).
func TestPlans(t *testing.T) {
	all := clients.All()
	if len(all) == 0 {
		t.Skip(clients.Missing("tofu") + "; " + clients.Missing("terraform"))
	}
	cases, err := filepath.Glob("testdata/*")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no configurations under testdata: %v", err)
	}
	work := t.TempDir()
	hcljson := buildHCLJSON(t, work)
	plugins := buildProvider(t)
	for _, c := range all {
		t.Run(c.Name, func(t *testing.T) {
			env := clientEnv(t, work, c, plugins)
			var plans, identical int
			for _, dir := range cases {
				name := filepath.Base(dir)
				if strings.HasPrefix(name, "tofu-") && c.Name != "tofu" {
					continue
				}
				t.Run(name, func(t *testing.T) {
					p, same := planCopies(t, c, env, hcljson, dir)
					plans += p
					identical += same
				})
			}
			t.Logf("%s %s: %d plans, %d of %d comparisons identical", c.Name, c.Version, plans, identical, 2*plans/3)
		})
	}
}

// planCopies makes the three copies of the configuration in dir, plans
// each and compares the second and third with the first. It returns the
// number of plans made and of comparisons that found them identical.
func planCopies(t *testing.T, c clients.Client, env []string, hcljson, dir string) (plans, identical int) {
	base := t.TempDir()
	program := map[string]string{"tofu": "opentofu", "terraform": "terraform"}[c.Name]
	native := filepath.Join(base, "native")
	copyTree(t, dir, native)
	// get installs the local modules (init would look for the stand-in
	// provider in a registry; dev_overrides serves it without one).
	run(t, env, native, c.Path, "get")
	schemas := filepath.Join(base, "schemas.json")
	out := run(t, env, native, c.Path, "providers", "schema", "-json")
	if err := os.WriteFile(schemas, out, 0o644); err != nil {
		t.Fatal(err)
	}
	jsonDir := filepath.Join(base, "json")
	run(t, nil, base, hcljson, "convert", "--program", program, "-o", jsonDir, native)
	round := filepath.Join(base, "round-trip")
	run(t, nil, base, hcljson, "convert", "--program", program, "--to", "hcl", "--provider-schema", schemas, "-o", round, jsonDir)
	for _, d := range []string{jsonDir, round} {
		copyOthers(t, native, d) // files that are not configuration
	}
	results := map[string]map[string]any{}
	for _, cp := range copies {
		d := filepath.Join(base, cp)
		if cp != "native" {
			run(t, env, d, c.Path, "get")
		}
		run(t, env, d, c.Path, "plan", "-input=false", "-lock=false", "-refresh=false", "-out=plan.bin")
		show := run(t, env, d, c.Path, "show", "-json", "plan.bin")
		var plan map[string]any
		dec := json.NewDecoder(bytes.NewReader(show))
		dec.UseNumber() // numbers compared as written, at full precision
		if err := dec.Decode(&plan); err != nil {
			t.Fatalf("%s: show -json: %v", cp, err)
		}
		results[cp] = comparable(plan)
		plans++
	}
	for _, cp := range copies[1:] {
		var diffs []string
		hcltest.DiffJSON("", results["native"], results[cp], &diffs)
		if len(diffs) > 0 {
			t.Errorf("%s plan differs from the native plan (native != %s):\n%s", cp, cp, strings.Join(diffs, "\n"))
			continue
		}
		identical++
	}
	return plans, identical
}

// comparable keeps the parts of a plan that must agree: planned values,
// output and resource changes, and the configuration, in which an
// expression's constant_value beside references is left out: both
// programs print the raw text of a JSON template there (a JSON string
// read without a context), which its native twin does not have.
func comparable(plan map[string]any) map[string]any {
	out := map[string]any{}
	for _, k := range []string{"planned_values", "output_changes", "resource_changes", "configuration"} {
		if v, ok := plan[k]; ok {
			out[k] = v
		}
	}
	dropRawTemplates(out["configuration"])
	return out
}

// dropRawTemplates removes constant_value from expressions that also have
// references.
func dropRawTemplates(v any) {
	switch v := v.(type) {
	case map[string]any:
		if _, ok := v["references"]; ok {
			delete(v, "constant_value")
		}
		for _, x := range v {
			dropRawTemplates(x)
		}
	case []any:
		for _, x := range v {
			dropRawTemplates(x)
		}
	}
}

// run runs a command in dir and returns its standard output, failing the
// test with both outputs when it fails.
func run(t *testing.T, env []string, dir, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s in %s: %v\n%s%s", filepath.Base(name), strings.Join(args, " "), dir, err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes()
}

// buildHCLJSON builds the command into dir, unless $HCLJSON_E2E_BIN names
// a binary to test instead (another build, such as an older release).
func buildHCLJSON(t *testing.T, dir string) string {
	if bin := os.Getenv("HCLJSON_E2E_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(dir, "hcljson")
	run(t, nil, "..", "go", "build", "-o", bin, "./cmd/hcljson")
	return bin
}

// buildProvider builds the stand-in provider, once per version of its
// sources, into the clients' cache, and returns the directory that
// dev_overrides names.
func buildProvider(t *testing.T) string {
	src, err := filepath.Abs("provider")
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for _, name := range []string{"go.mod", "go.sum", "main.go", "provider.go", "thing.go", "echo.go"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	dir := filepath.Join(clients.CacheDir(), "standin-"+hex.EncodeToString(h.Sum(nil))[:16])
	bin := filepath.Join(dir, "terraform-provider-standin")
	if _, err := os.Stat(bin); err == nil {
		return dir
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := bin + ".tmp"
	cmd := exec.Command("go", "build", "-o", tmp, ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the stand-in provider: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	return dir
}

// clientEnv returns the environment in which c runs: a CLI configuration
// whose dev_overrides serve the stand-in provider, and a home directory
// of its own, so that nothing of the user's is read or written.
func clientEnv(t *testing.T, work string, c clients.Client, plugins string) []string {
	home := filepath.Join(work, c.Name+"-home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	rc := filepath.Join(home, "cli.tfrc")
	config := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    \"hcljson/standin\" = %q\n  }\n  direct {}\n}\n", plugins)
	if err := os.WriteFile(rc, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "TF_") && !slices.Contains([]string{"HOME", "CHECKPOINT_DISABLE"}, k) {
			env = append(env, kv)
		}
	}
	return append(env, "HOME="+home, "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1", "NO_COLOR=1")
}

// copyTree copies the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyOthers copies into dst the files of src that are not configuration
// files (templates, data), which the converted copies need too.
func copyOthers(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		name := d.Name()
		if strings.HasSuffix(name, ".tf") || strings.HasSuffix(name, ".tofu") || strings.HasSuffix(name, ".tf.json") || strings.HasSuffix(name, ".tofu.json") || name == "plan.bin" {
			return nil
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

package realworldtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/hcljson/hcljson/internal/clientstest"
	"github.com/hcljson/hcljson/schema"
)

// TestPrograms is the differential test of hcljson check against the
// programs themselves on the real-world corpus: for every module directory
// of every repository of modules.txt that is present, OpenTofu 1.12.6 and
// Terraform 1.5.7 validate the directory (tofu validate -json), with the
// providers it uses served by the stand-in that serves any schema
// (e2e/provider/anyschema) from a schema inferred from the directory and
// the local modules it calls, and hcljson check --format json validates
// the same directory, and its JSON conversion, with the same schema. An
// error of check that the program does not report is a false error, and
// fails the test; an error of the program that check does not report is a
// miss, logged by class (the program's summary). See the package doc.
func TestPrograms(t *testing.T) {
	root := os.Getenv("HCLJSON_REALWORLD")
	if root == "" {
		t.Skip("HCLJSON_REALWORLD is not set: run scripts/fetch-realworld.sh, then set HCLJSON_REALWORLD to the directory it fills ($HOME/.cache/hcljson/realworld by default)")
	}
	if testing.Short() {
		t.Skip("runs the programs on the whole corpus")
	}
	programs := []*program{{name: "opentofu", client: "tofu", path: clientstest.Skip(t, "tofu")}}
	if path, ok := clientstest.Find("terraform"); ok {
		programs = append(programs, &program{name: "terraform", client: "terraform", path: path})
	} else {
		t.Logf("%s: only OpenTofu is compared", clientstest.Missing("terraform"))
	}
	start := time.Now()
	work := workDir(t, "programs")
	hcljsonBin := filepath.Join(work, "hcljson")
	if err := clientstest.BuildHCLJSON(filepath.Join("..", ".."), hcljsonBin); err != nil {
		t.Fatal(err)
	}
	standIn, err := clientstest.AnySchema(filepath.Join("..", "..", "e2e", "provider"))
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{work: work, hcljson: hcljsonBin, standIn: standIn, programs: programs}

	var jobs []*dirRun
	var absent []string
	repos := 0
	only := strings.Fields(strings.ReplaceAll(os.Getenv("HCLJSON_REALWORLD_REPOS"), ",", " "))
	for _, m := range readModules(t) {
		if len(only) > 0 && !slices.Contains(only, m.repo) {
			continue
		}
		src := m.dir(root)
		if _, err := os.Stat(src); err != nil {
			absent = append(absent, m.repo)
			continue
		}
		repos++
		tree := h.copyTree(t, m.repo, src)
		for _, dir := range tree.dirs {
			jobs = append(jobs, &dirRun{tree: tree, dir: dir})
		}
	}
	if len(absent) > 0 {
		t.Logf("%d repositories of modules.txt are not in %s (scripts/fetch-realworld.sh fetches them): %s", len(absent), root, strings.Join(absent, ", "))
	}
	if len(jobs) == 0 {
		t.Fatalf("no module directory in %s", root)
	}
	copied := time.Since(start)

	// Two workers: the programs start a provider process per provider,
	// and the machine is shared.
	const workers = 2
	queue := make(chan *dirRun)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range workers {
		wg.Go(func() {
			for j := range queue {
				h.run(j)
				mu.Lock()
				done++
				if done%100 == 0 {
					t.Logf("%d/%d directories (%s)", done, len(jobs), time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	wg.Wait()

	t.Logf("%d repositories, %d module directories; copies and conversions %s, the whole %s\n%s",
		repos, len(jobs), copied.Round(time.Second), time.Since(start).Round(time.Second), programsSummary(programs, jobs))
	for _, j := range jobs {
		for _, p := range j.problems {
			t.Errorf("%s: harness: %s", j.name(), p)
		}
		for _, r := range j.results {
			if len(r.falseErrors) > 0 {
				t.Errorf("%s: false errors of check --program %s:\n  %s", j.name(), r.program.name, strings.Join(r.falseErrors, "\n  "))
			}
		}
	}
}

// program is one of the programs compared with check.
type program struct {
	name   string // check's --program: opentofu, terraform
	client string // tofu, terraform
	path   string
}

// harness is what every directory's run shares.
type harness struct {
	work, hcljson, standIn string
	programs               []*program
	mu                     sync.Mutex
	next                   int // numbers the directories' work dirs
}

// copiedTree is one repository copied twice under the work directory: as
// it is (native, every file but hidden directories) and with its .tf and
// .tofu files converted to JSON by hcljson convert (json).
type copiedTree struct {
	repo         string
	native, json string
	dirs         []string // slash paths of the module directories, relative to the roots
	// incomplete are the directories some of whose files did not
	// convert (TestRealWorld reports why): their JSON copy is not
	// checked.
	incomplete map[string]bool
}

// copyTree makes the two copies of the repository repo found in src.
func (h *harness) copyTree(t *testing.T, repo, src string) *copiedTree {
	t.Helper()
	base := filepath.Join(h.work, strings.ReplaceAll(repo, "/", "+"))
	ct := &copiedTree{repo: repo, native: filepath.Join(base, "native"), json: filepath.Join(base, "json"), incomplete: map[string]bool{}}
	stage := filepath.Join(base, "stage") // the files to convert alone
	var toConvert []string
	dirs := map[string]bool{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != src && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		slash := filepath.ToSlash(rel)
		convert := strings.HasSuffix(slash, ".tf") || strings.HasSuffix(slash, ".tofu")
		if configFile(d.Name()) && !strings.HasPrefix(d.Name(), ".") {
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				dirs[path.Dir(slash)] = true
			} else {
				convert = false
			}
		}
		copies := []string{ct.native}
		if convert {
			copies = append(copies, stage)
			toConvert = append(toConvert, slash)
		} else {
			copies = append(copies, ct.json)
		}
		for _, to := range copies {
			if err := copyEntry(p, filepath.Join(to, rel), d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ct.dirs = slices.Sorted(maps.Keys(dirs))

	// The tree's schema decides, on the way to JSON, whether blocks fill
	// a legacy provider's list-of-objects argument.
	in := newInference()
	for _, rel := range toConvert {
		name := filepath.Join(ct.native, filepath.FromSlash(rel))
		if err := in.addFile(name, readFile(t, name)); err != nil {
			t.Fatal(err)
		}
	}
	in.resolve()
	schemaFile := writeSchema(t, repo+".programs.providers", in)
	r := &report{name: repo}
	asJSON := func(rel string) string { return rel + ".json" }
	same := func(rel string) string { return rel }
	converted := r.convertAll(t, causeToJSON, stage, ct.json, toConvert, same, asJSON, "--to", "json", "--provider-schema", schemaFile)
	for _, rel := range toConvert {
		if !slices.Contains(converted, rel) {
			ct.incomplete[path.Dir(rel)] = true
		}
	}
	for _, f := range r.failures {
		t.Logf("%s: %s (its directory's JSON copy is not checked)", repo, f)
	}
	if err := os.RemoveAll(stage); err != nil {
		t.Fatal(err)
	}
	return ct
}

// copyEntry copies the file or symbolic link from to to, making its
// directory.
func copyEntry(from, to string, d fs.DirEntry) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if d.Type()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(from)
		if err != nil {
			return err
		}
		return os.Symlink(target, to)
	}
	if !d.Type().IsRegular() {
		return nil
	}
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// dirRun is one module directory and what became of it.
type dirRun struct {
	tree *copiedTree
	dir  string
	// skipped says why the directory was not validated ("" if it was).
	skipped  string
	results  []*comparison
	problems []string // the harness's own failures
}

func (j *dirRun) name() string { return j.tree.repo + "/" + j.dir }

// comparison is what one program and check said of one directory.
type comparison struct {
	program *program
	// skipped says why this program did not validate the directory.
	skipped string
	// programErrors are the program's errors; jsonChecked says whether
	// the JSON copy was checked.
	programErrors []diag
	jsonChecked   bool
	// jsonValidated says whether the program validated the JSON copy
	// too, to tell its errors from check's (compareLines).
	jsonValidated bool
	// falseErrors are check's errors that the program does not report,
	// described; reworded are check's errors on a line where the program
	// reports another summary.
	falseErrors, reworded []string
	// misses are the program's errors that check does not report, by
	// copy (native, json).
	misses map[string][]diag
}

// diag is one error of validate -json's output, its file relative to the
// tree's root.
type diag struct {
	file          string
	line          int
	summary, text string
}

func (d diag) String() string {
	if d.file == "" {
		return d.summary + ": " + d.text
	}
	return fmt.Sprintf("%s:%d: %s: %s", d.file, d.line, d.summary, d.text)
}

// run validates one directory with each program and check.
func (h *harness) run(j *dirRun) {
	native := filepath.Join(j.tree.native, filepath.FromSlash(j.dir))
	use, err := readTreeUse(native)
	if err != nil {
		j.problems = append(j.problems, err.Error())
		return
	}
	if use.remote != "" {
		j.skipped = skipRemote
		return
	}
	h.mu.Lock()
	h.next++
	base := filepath.Join(h.work, "dirs", fmt.Sprint(h.next))
	h.mu.Unlock()
	if err := os.MkdirAll(base, 0o755); err != nil {
		j.problems = append(j.problems, err.Error())
		return
	}
	if err := os.WriteFile(filepath.Join(base, "DIR"), []byte(j.name()+"\n"), 0o644); err != nil {
		j.problems = append(j.problems, err.Error())
		return
	}

	// The schema of every provider the tree uses, inferred from its
	// native files, for the stand-in and for check.
	in := newInference()
	written, jsonFiles := use.files()
	for _, names := range [][]string{written, jsonFiles} {
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err == nil && strings.HasSuffix(name, ".json") {
				err = in.addJSONFile(name, src)
			} else if err == nil {
				err = in.addFile(name, src)
			}
			if err != nil {
				j.problems = append(j.problems, err.Error())
				return
			}
		}
	}
	use.passed(in)
	in.resolve()
	// Each source address gets what the tree uses of its provider under
	// any of its addresses (hashicorp/aws in the configuration,
	// registry.terraform.io/hashicorp/aws in the lock file).
	providers := use.providers()
	same := map[string]*providerUse{}
	for _, source := range slices.Sorted(maps.Keys(providers)) {
		k := sameProvider(source)
		if same[k] == nil {
			same[k] = providers[source]
		} else {
			same[k] = same[k].merge(providers[source])
		}
	}
	var served []clientstest.Provider
	for source := range providers {
		data, err := json.Marshal(in.providerSchema(same[sameProvider(source)]))
		if err != nil {
			j.problems = append(j.problems, err.Error())
			return
		}
		served = append(served, clientstest.Provider{Source: source, Schema: data})
	}
	// check reads a provider's blocks by the last part of its address
	// (schema.Language.WithProviders), and refuses two providers of one
	// type (hashicorp/gsuite and deviavir/gsuite, in two modules of a
	// tree): its schema has them as one, with what both serve.
	doc := jsonSchemas{FormatVersion: "1.0", ProviderSchemas: map[string]*jsonProvider{}}
	byType := map[string][]string{}
	for source := range providers {
		typ := source[strings.LastIndexByte(source, '/')+1:]
		byType[typ] = append(byType[typ], source)
	}
	for _, sources := range byType {
		slices.Sort(sources)
		u := providers[sources[0]]
		for _, other := range sources[1:] {
			u = u.merge(providers[other])
		}
		doc.ProviderSchemas[fullAddress(sources[0])] = in.providerSchema(u)
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err == nil {
		err = checkSchema(data)
	}
	schemaFile := filepath.Join(base, "schemas.json")
	if err == nil {
		err = os.WriteFile(schemaFile, data, 0o644)
	}
	if err != nil {
		j.problems = append(j.problems, "the inferred schema: "+err.Error())
		return
	}
	overrides, err := clientstest.PluginDir(filepath.Join(base, "plugins"), h.standIn, served)
	if err != nil {
		j.problems = append(j.problems, err.Error())
		return
	}
	// No installation method but the overrides, and a proxy where nothing
	// listens: a program that tried to download anything would fail.
	env, err := clientstest.EnvOverrides(filepath.Join(base, "home"), overrides, false)
	if err != nil {
		j.problems = append(j.problems, err.Error())
		return
	}
	env = slices.DeleteFunc(env, func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return slices.Contains([]string{"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy", "ALL_PROXY", "all_proxy"}, k)
	})
	env = append(env, "HTTP_PROXY=http://"+deadProxy, "HTTPS_PROXY=http://"+deadProxy)

	jsonDir := filepath.Join(j.tree.json, filepath.FromSlash(j.dir))
	jsonOK := true
	for _, m := range use.modules {
		rel, err := filepath.Rel(j.tree.native, m.dir)
		if err != nil || j.tree.incomplete[filepath.ToSlash(rel)] {
			jsonOK = false
		}
	}
	calls := use.tests() || len(use.modules) > 1 || slices.ContainsFunc(use.modules, func(m *moduleUse) bool { return len(m.calls) > 0 })
	toNative := func(name string) string { return nativeName(j.tree.native, name) }
	for _, p := range h.programs {
		c := &comparison{program: p, misses: map[string][]diag{}}
		j.results = append(j.results, c)
		if p.client == "terraform" && use.tofu() {
			c.skipped = skipTofuFiles
			continue
		}
		penv := append(slices.Clone(env), "TF_DATA_DIR="+filepath.Join(base, "data-"+p.client))
		want, skipped, err := validate(p, native, j.tree.native, penv, calls, nil)
		if err != nil {
			j.problems = append(j.problems, err.Error())
			continue
		}
		if c.skipped = skipped; skipped != "" {
			continue
		}
		c.programErrors = want
		got, err := h.check(p, native, j.tree.native, schemaFile, nil)
		if err != nil {
			j.problems = append(j.problems, "the native copy: "+err.Error())
			continue
		}
		c.compareLines("native", want, got)
		if !jsonOK {
			continue
		}
		c.jsonChecked = true
		got, err = h.check(p, jsonDir, j.tree.json, schemaFile, toNative)
		if err != nil {
			j.problems = append(j.problems, "the JSON copy: "+err.Error())
			continue
		}
		if c.sameNamed(want, got) {
			continue
		}
		// The JSON copy's errors are not the native copy's by file and
		// summary (JSON bodies word some of their own: "Extraneous JSON
		// object property" for "Unsupported argument"): the program
		// validates the JSON copy too, and decides by file and line.
		penv = append(slices.Clone(env), "TF_DATA_DIR="+filepath.Join(base, "data-"+p.client+"-json"))
		wantJSON, skipped, err := validate(p, jsonDir, j.tree.json, penv, calls, toNative)
		if err == nil && skipped != "" {
			err = fmt.Errorf("%s validate of the JSON copy: %s", p.client, skipped)
		}
		if err != nil {
			j.problems = append(j.problems, err.Error())
			continue
		}
		c.jsonValidated = true
		c.compareLines("json", wantJSON, got)
	}
}

// validate runs the program p in dir (get first when there are module
// calls) with env, and returns its errors, their files relative to root
// and renamed by rename, or why the program cannot validate the directory.
func validate(p *program, dir, root string, env []string, calls bool, rename func(string) string) (_ []diag, skipped string, _ error) {
	if calls {
		// get installs the local modules; init would also look for the
		// providers in a registry, which dev_overrides serves without one.
		if out, err := runIn(dir, env, p.path, "get", "-no-color"); err != nil {
			if bytes.Contains(out, []byte(deadProxy)) {
				return nil, "", fmt.Errorf("%s get tried to download something:\n%s", p.client, out)
			}
			if p.client == "terraform" && bytes.Contains(out, []byte("Error: Unsupported Terraform Core version")) {
				return nil, skipCoreVersion, nil
			}
			// The directory is not a module by itself (its calls need
			// files that the repository does not hold: a symbolic link
			// to what a test script makes, a variables file to copy
			// from an example).
			if _, msg, ok := bytes.Cut(out, []byte("Error: ")); ok {
				msg, _, _ = bytes.Cut(msg, []byte("\n"))
				return nil, skipGet + " (" + string(msg) + ")", nil
			}
			return nil, "", fmt.Errorf("%s get: %v\n%s", p.client, err, out)
		}
	}
	out, err := runIn(dir, env, p.path, "validate", "-json", "-no-color")
	if bytes.Contains(out, []byte(deadProxy)) {
		return nil, "", fmt.Errorf("%s validate tried to download something:\n%s", p.client, out)
	}
	want, perr := readDiags(out, root, dir, rename)
	if perr != nil {
		return nil, "", fmt.Errorf("%s validate: %v, %v\n%s", p.client, err, perr, out)
	}
	if p.client == "terraform" && slices.ContainsFunc(want, func(d diag) bool { return d.summary == "Unsupported Terraform Core version" }) {
		return nil, skipCoreVersion, nil
	}
	return want, "", nil
}

// check runs hcljson check --program for p in dir and returns its errors,
// their files relative to root and renamed by rename.
func (h *harness) check(p *program, dir, root, schemaFile string, rename func(string) string) ([]diag, error) {
	out, err := runIn(dir, os.Environ(), h.hcljson, "check", "--format", "json", "--program", p.name, "--provider-schema", schemaFile, ".")
	var exit *exec.ExitError
	if err != nil && (!errors.As(err, &exit) || exit.ExitCode() != 1) {
		return nil, fmt.Errorf("hcljson check --program %s: %v\n%s", p.name, err, out)
	}
	got, err := readDiags(out, root, dir, rename)
	if err != nil {
		return nil, fmt.Errorf("hcljson check --program %s: %v\n%s", p.name, err, out)
	}
	return got, nil
}

// Why a directory, or one program's run, is skipped.
const (
	skipRemote      = "calls a registry or git module, which cannot be downloaded"
	skipTofuFiles   = "has .tofu files, which Terraform does not read"
	skipCoreVersion = "required_version excludes Terraform 1.5.7 (Unsupported Terraform Core version)"
	skipGet         = "get fails"
)

// deadProxy is the proxy the programs are given, where nothing listens
// (the discard port): a program that tries to download anything fails
// with an error that names it, which the harness reports.
const deadProxy = "127.0.0.1:9"

// fullAddress is a provider source address with its registry host
// (registry.terraform.io unless it names one), as the schema gives it.
func fullAddress(source string) string {
	if strings.Count(source, "/") == 1 {
		return "registry.terraform.io/" + source
	}
	return source
}

// checkSchema checks that hcljson reads a schema.
func checkSchema(data []byte) error {
	ps, err := schema.ReadProviderSchemas(data)
	if err != nil {
		return err
	}
	_, err = schema.OpenTofu.WithProviders(ps)
	return err
}

// runIn runs a command in dir with env and returns its standard output
// (and its standard error after it on failure). A run over ten minutes is
// killed.
func runIn(dir string, env []string, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil && stderr.Len() > 0 {
		return append(stdout.Bytes(), stderr.Bytes()...), err
	}
	return stdout.Bytes(), err
}

// readDiags reads the errors of validate -json's output (check --format
// json writes the same), each file named relative to root (names are
// relative to dir, where the command ran) and, with rename, renamed.
func readDiags(out []byte, root, dir string, rename func(string) string) ([]diag, error) {
	// The output is one JSON object; anything after it (standard error
	// on failure) is not read.
	dec := json.NewDecoder(bytes.NewReader(out))
	var v struct {
		FormatVersion string `json:"format_version"`
		Diagnostics   []struct {
			Severity, Summary, Detail string
			Range                     *struct {
				Filename string
				Start    struct{ Line int }
			}
		}
	}
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if v.FormatVersion == "" {
		return nil, errors.New("no format_version: not validate -json's output")
	}
	var out2 []diag
	for _, d := range v.Diagnostics {
		if d.Severity != "error" {
			continue
		}
		e := diag{summary: d.Summary, text: strings.Join(strings.Fields(d.Detail), " ")}
		if d.Range != nil {
			name := d.Range.Filename
			if !filepath.IsAbs(name) {
				name = filepath.Join(dir, name)
			}
			if rel, err := filepath.Rel(root, name); err == nil {
				name = filepath.ToSlash(rel)
			}
			if rename != nil {
				name = rename(name)
			}
			e.file, e.line = name, d.Range.Start.Line
		}
		out2 = append(out2, e)
	}
	return out2, nil
}

// nativeName maps a file of the JSON copy to the native file it was
// converted from (a.tf.json: a.tf), when there is one in the native copy
// whose root is native.
func nativeName(native, name string) string {
	if n, ok := strings.CutSuffix(name, ".json"); ok && (strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tofu")) {
		if _, err := os.Stat(filepath.Join(native, filepath.FromSlash(n))); err == nil {
			return n
		}
	}
	return name
}

// compareLines compares check's errors on one copy with the program's on
// the same copy: an error of check is false when the program reports no
// error on its file and line; a miss is the reverse.
func (c *comparison) compareLines(copy string, want, got []diag) {
	type at struct {
		file string
		line int
	}
	wantAt, gotAt := map[at][]diag{}, map[at]bool{}
	for _, d := range want {
		wantAt[at{d.file, d.line}] = append(wantAt[at{d.file, d.line}], d)
	}
	for _, d := range got {
		gotAt[at{d.file, d.line}] = true
		there, ok := wantAt[at{d.file, d.line}]
		switch {
		case !ok:
			c.falseErrors = append(c.falseErrors, copy+": "+d.String())
		case !slices.ContainsFunc(there, func(w diag) bool { return w.summary == d.summary }):
			c.reworded = append(c.reworded, fmt.Sprintf("%s: %s (the program: %s)", copy, d, there[0].summary))
		}
	}
	for _, d := range want {
		if !gotAt[at{d.file, d.line}] {
			c.misses[copy] = append(c.misses[copy], d)
		}
	}
}

// sameNamed says whether check's errors on the JSON copy are the
// program's on the native copy, counted by file and summary (main.tf.json
// counting as main.tf: the lines of a file and of its conversion differ).
func (c *comparison) sameNamed(want, got []diag) bool {
	type named struct{ file, summary string }
	count := map[named]int{}
	for _, d := range want {
		count[named{d.file, d.summary}]++
	}
	for _, d := range got {
		count[named{d.file, d.summary}]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

// programsSummary is TestPrograms's table: the directories validated and
// skipped, false errors and misses by class, per program.
func programsSummary(programs []*program, jobs []*dirRun) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	skipped := map[string]int{}
	problems := 0
	for _, j := range jobs {
		if j.skipped != "" {
			skipped[j.skipped]++
		}
		if len(j.problems) > 0 {
			problems++
		}
	}
	fmt.Fprintf(w, "module directories\t%d\n", len(jobs))
	for _, why := range slices.Sorted(maps.Keys(skipped)) {
		fmt.Fprintf(w, "  skipped: %s\t%d\n", why, skipped[why])
	}
	if problems > 0 {
		fmt.Fprintf(w, "  harness failures\t%d\n", problems)
	}
	w.Flush()
	type class struct{ program, summary string }
	misses := map[class]map[string]int{}
	example := map[class]string{}
	for i, p := range programs {
		counts := map[string]int{}
		var falseDirs, jsonChecked, jsonValidated, valid, agreed int
		var reworded []string
		for _, j := range jobs {
			if i >= len(j.results) {
				continue
			}
			c := j.results[i]
			if c.skipped != "" {
				counts["skipped: "+c.skipped]++
				continue
			}
			counts["validated"]++
			if len(c.programErrors) == 0 {
				valid++
			} else if len(c.misses["native"]) == 0 {
				agreed++
			}
			if c.jsonChecked {
				jsonChecked++
			}
			if c.jsonValidated {
				jsonValidated++
			}
			if len(c.falseErrors) > 0 {
				falseDirs++
			}
			for _, r := range c.reworded {
				reworded = append(reworded, j.name()+": "+r)
			}
			for copy, ds := range c.misses {
				for _, d := range ds {
					k := class{p.name, d.summary}
					if misses[k] == nil {
						misses[k] = map[string]int{}
					}
					misses[k][copy]++
					if _, ok := example[k]; !ok {
						example[k] = j.tree.repo + "/" + d.String()
					}
				}
			}
		}
		fmt.Fprintf(&b, "\n%s (%s):\n", p.name, p.path)
		w = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintf(w, "  directories validated\t%d\n", counts["validated"])
		fmt.Fprintf(w, "    valid for the program\t%d\n", valid)
		fmt.Fprintf(w, "    invalid, check reports every error\t%d\n", agreed)
		fmt.Fprintf(w, "    JSON copy checked too\t%d\n", jsonChecked)
		fmt.Fprintf(w, "      and validated by the program\t%d\n", jsonValidated)
		for _, k := range slices.Sorted(maps.Keys(counts)) {
			if strings.HasPrefix(k, "skipped: ") {
				fmt.Fprintf(w, "  %s\t%d\n", k, counts[k])
			}
		}
		fmt.Fprintf(w, "  directories with false errors\t%d\n", falseDirs)
		w.Flush()
		if len(reworded) > 0 {
			fmt.Fprintf(&b, "  same line, another summary (%d):\n    %s\n", len(reworded), strings.Join(reworded, "\n    "))
		}
	}
	var skips []string
	for _, j := range jobs {
		for _, c := range j.results {
			if strings.HasPrefix(c.skipped, skipGet) {
				skips = append(skips, fmt.Sprintf("%s: %s: %s", c.program.name, j.name(), c.skipped))
			}
		}
	}
	if len(skips) > 0 {
		fmt.Fprintf(&b, "\nskipped, not modules by themselves:\n  %s\n", strings.Join(skips, "\n  "))
	}
	if len(misses) > 0 {
		fmt.Fprintf(&b, "\nmisses:\n")
		for i, p := range programs {
			for _, j := range jobs {
				if i >= len(j.results) {
					continue
				}
				for _, copy := range []string{"native", "json"} {
					for _, d := range j.results[i].misses[copy] {
						text := d.String()
						if len(text) > 200 {
							text = text[:200] + "…"
						}
						fmt.Fprintf(&b, "  %s %s %s: %s\n", p.name, copy, j.name(), strings.Join(strings.Fields(text), " "))
					}
				}
			}
		}
		fmt.Fprintf(&b, "\nmisses by class (the program's summary): native copy, JSON copy, an example\n")
		w = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		keys := slices.SortedFunc(maps.Keys(misses), func(a, b class) int {
			if a.program != b.program {
				return strings.Compare(a.program, b.program)
			}
			return (misses[b]["native"] + misses[b]["json"]) - (misses[a]["native"] + misses[a]["json"])
		})
		for _, k := range keys {
			ex := example[k]
			if len(ex) > 160 {
				ex = ex[:160] + "…"
			}
			fmt.Fprintf(w, "  %s\t%s\t%d\t%d\t%s\n", k.program, strings.Join(strings.Fields(k.summary), " "), misses[k]["native"], misses[k]["json"], strings.Join(strings.Fields(ex), " "))
		}
		w.Flush()
	}
	return b.String()
}

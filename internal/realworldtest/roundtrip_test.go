package realworldtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/cli"
	"github.com/hcljson/hcljson/internal/clientstest"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
)

// hcljson runs the command in-process, as cmd/hcljson runs it.
func hcljson(args ...string) (code int, stdout, stderr []byte) {
	var out, errb bytes.Buffer
	code = cli.Main(args, strings.NewReader(""), &out, &errb)
	return code, out.Bytes(), errb.Bytes()
}

// Causes of failure, in the order the report lists them.
const (
	causeToJSON      = "convert .tf -> .tf.json"
	causeToHCL       = "convert .tf.json -> .tf"
	causeToJSONAgain = "convert round-tripped .tf -> .tf.json"
	causeFixedPoint  = "fixed point (J2 != J1)"
	causeInspectErr  = "inspect reports errors"
	causeInspectDiff = "inspect differs"
	causeTofuFmt     = "tofu fmt changes the .tf written"
	causeCheck       = "check reports errors on a valid module"
	causeFmtCheck    = "fmt -check lists a .tf.json convert wrote"
	causeNoEvidence  = "without a schema, a failure that names no missing evidence"
)

var causes = []string{causeToJSON, causeToHCL, causeToJSONAgain, causeFixedPoint, causeTofuFmt, causeInspectErr, causeInspectDiff, causeCheck, causeFmtCheck, causeNoEvidence}

// failure is one thing that went wrong with one file or directory.
type failure struct {
	cause  string
	path   string // slash path relative to the tree
	detail string
}

func (f failure) String() string {
	return fmt.Sprintf("%s: %s: %s", f.cause, f.path, f.detail)
}

// report sums up one tree.
type report struct {
	name         string
	files, dirs  int
	toJSON       int // .tf -> .tf.json succeeded
	roundTrip    int // .tf.json -> .tf -> .tf.json succeeded
	fixedPoint   int // and gave the first JSON again, byte for byte
	inspectEqual int // directories whose three copies inspect the same
	checkClean   int // directories whose native and JSON copies check without an error
	fmtClean     int // .tf.json files convert wrote that fmt -check passes
	// Without any provider schema (issue 24's must-hold): the JSON copy
	// converted back to native, and inspect of the JSON copy against the
	// native copy. What no evidence decides is not a failure, but it is
	// counted, and each such error must name the evidence missing.
	noSchemaFiles, noSchemaOK int
	noSchemaDirs, noSchemaEq  int
	ambiguous                 map[string]int // "type name" -> errors, for the summary
	failures                  []failure
	notes                     []string // what is known and not a failure (checkMisses)
}

func (r *report) fail(cause, path, format string, args ...any) {
	r.failures = append(r.failures, failure{cause, path, fmt.Sprintf(format, args...)})
}

// copies are the three copies of a tree that inspect compares, in order;
// json2 holds the JSON conversion of the round trip, for the fixed point.
var copies = []string{"native", "json", "roundtrip"}

// checkTree tests the native files (slash paths relative to src) of one
// module tree, configuration (.tf, .tofu) and tests (.tftest.hcl,
// .tofutest.hcl, converted to .tftest.json and .tofutest.json and back):
// it makes the three copies under a temporary directory,
// converts, checks the fixed point, and compares what inspect prints for
// each directory holding a file. schemaFile is the provider schema given
// to every conversion and to inspect (to the way to JSON too, where it
// decides whether blocks fill a provider's list-of-objects argument).
//
// companions (slash paths relative to src too) are the tree's files that
// are not converted but belong to its modules: configuration and tests
// already in JSON (.tf.json, .tofu.json: cdktf's cdk.tf.json, generated
// locals; .tftest.json). They are copied as they are into the three
// copies once the conversions are done, so that inspect and check see
// whole modules; a directory holding only JSON configuration is checked
// too. A directory holding only tests (tests/, run against the module
// above it) is converted and formatted, but neither inspected nor checked.
func checkTree(t *testing.T, name, src string, files, companions []string, schemaFile string) *report {
	t.Helper()
	work := workDir(t, name)
	roots := map[string]string{}
	for _, c := range append(copies, "json2") {
		roots[c] = filepath.Join(work, c)
	}
	r := &report{name: name, files: len(files)}
	for _, rel := range files {
		text, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(roots["native"], filepath.FromSlash(rel)), text)
	}
	asJSON := func(rel string) string {
		for _, ext := range []string{".tftest.hcl", ".tofutest.hcl"} {
			if base, ok := strings.CutSuffix(rel, ext); ok {
				return base + strings.TrimSuffix(ext, ".hcl") + ".json"
			}
		}
		return rel + ".json"
	}
	asNative := func(rel string) string { return rel }

	// .tf -> .tf.json -> .tf -> .tf.json, each step over the files the
	// step before gave.
	j1 := r.convertAll(t, causeToJSON, roots["native"], roots["json"], files, asNative, asJSON, "--to", "json", "--provider-schema", schemaFile)
	r.toJSON = len(j1)
	n2 := r.convertAll(t, causeToHCL, roots["json"], roots["roundtrip"], j1, asJSON, asNative, "--to", "hcl", "--provider-schema", schemaFile)
	j2 := r.convertAll(t, causeToJSONAgain, roots["roundtrip"], roots["json2"], n2, asNative, asJSON, "--to", "json", "--provider-schema", schemaFile)
	r.roundTrip = len(j2)
	for _, rel := range j2 {
		first := readFile(t, filepath.Join(roots["json"], filepath.FromSlash(asJSON(rel))))
		again := readFile(t, filepath.Join(roots["json2"], filepath.FromSlash(asJSON(rel))))
		if !bytes.Equal(first, again) {
			r.fail(causeFixedPoint, asJSON(rel), "%s", firstLineDiff(first, again))
			continue
		}
		r.fixedPoint++
	}

	// convert's output is fmt-clean (fmt keeps the form it is given).
	if len(j1) > 0 {
		_, out, _ := hcljson("fmt", "-check", "-recursive", roots["json"])
		listed := map[string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l != "" {
				listed[filepath.ToSlash(l)] = true
			}
		}
		for _, rel := range j1 {
			name := filepath.ToSlash(filepath.Join(roots["json"], filepath.FromSlash(asJSON(rel))))
			if listed[name] {
				r.fail(causeFmtCheck, asJSON(rel), "fmt -check lists it")
				continue
			}
			r.fmtClean++
		}
	}
	r.convertWithoutSchema(t, roots["json"], filepath.Join(work, "noschema"), j1, asJSON)

	// The companions, as they are, into every copy.
	for _, rel := range companions {
		text := readFile(t, filepath.Join(src, filepath.FromSlash(rel)))
		for _, c := range copies {
			dst := filepath.Join(roots[c], filepath.FromSlash(rel))
			if _, err := os.Stat(dst); err == nil {
				t.Fatalf("%s: %s is both a conversion and a companion", name, dst)
			}
			writeFile(t, dst, text)
		}
	}

	// The native syntax written is a fixed point of tofu fmt (when the
	// client is built: scripts/build-clients.sh).
	if tofu, ok := clientstest.Find("tofu"); ok && len(n2) > 0 {
		cmd := exec.Command(tofu, "fmt", "-check", "-list=true", "-recursive", "-no-color")
		cmd.Dir = roots["roundtrip"]
		// An empty CLI configuration: without one tofu warns on stdout.
		config := filepath.Join(work, "tofurc")
		writeFile(t, config, nil)
		cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+config)
		out, err := cmd.Output()
		for _, rel := range strings.Fields(string(out)) {
			r.fail(causeTofuFmt, rel, "tofu fmt -check lists it")
		}
		if err != nil && len(out) == 0 {
			r.fail(causeTofuFmt, ".", "tofu fmt: %v", err)
		}
	}

	// A directory some of whose files did not reach the round-trip copy
	// is not compared: that failure is reported already.
	dirs := map[string]bool{}
	for _, rel := range files {
		if !isTest(rel) {
			dirs[path.Dir(rel)] = true
		}
	}
	for _, rel := range companions {
		if isConfig(rel) {
			dirs[path.Dir(rel)] = true
		}
	}
	r.dirs = len(dirs)
	incomplete := map[string]bool{}
	converted := map[string]bool{}
	for _, rel := range n2 {
		converted[rel] = true
	}
	for _, rel := range files {
		if !converted[rel] {
			incomplete[path.Dir(rel)] = true
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		if !incomplete[dir] && r.inspect(dir, roots, schemaFile) {
			r.inspectEqual++
		}
		if !incomplete[dir] {
			r.inspectWithoutSchema(dir, roots)
		}
		if !incomplete[dir] && r.check(dir, roots, schemaFile) {
			r.checkClean++
		}
	}
	return r
}

// notModules are the directories of the corpus that are not modules by
// themselves, with why: the programs reject them too, so check must, and
// inspect may report errors (the three copies must still agree). Each is
// named "owner/name dir", dir relative to the repository.
var notModules = map[string]string{
	"aws-ia/terraform-aws-control_tower_account_factory sources/aft-customizations-repos/aft-account-request/examples":      "module source ./modules/aft-account-request names a directory that does not exist (AFT copies the module there): tofu init says Unreadable module directory, and so does check",
	"terraform-aws-modules/terraform-aws-security-group modules/_templates":                                                 "terraform-aws-security-group's template for its generated modules: it refers to variables (var.auto_ingress_rules, ...) that only the generated copies declare",
	"terraform-aws-modules/terraform-aws-security-group wrappers/_templates":                                                "terraform-aws-security-group's wrapper template, which calls modules/_templates (above)",
	"terraform-google-modules/terraform-google-project-factory test/fixtures/shared_vpc_no_subnets":                         "a stale test fixture of terraform-google-project-factory: it passes grant_services_network_admin_role to modules/gsuite_enabled, which does not declare it (Unsupported argument, as the programs say)",
	"Azure/terraform-azurerm-lz-vending modules/subscription/testdata/TestDeploySubscriptionAliasManagementGroupValid":      "a stale test fixture of terraform-azurerm-lz-vending: it passes subscription_use_azapi to modules/subscription, which no longer declares it (Unsupported argument, as the programs say)",
	"Azure/terraform-azurerm-lz-vending modules/subscription/testdata/TestDeploySubscriptionAliasManagementGroupValidAzApi": "the same, in the fixture beside it",
	"GoogleCloudPlatform/cloud-foundation-fabric tests/fixtures":                                                            "cloud-foundation-fabric's test fixtures, files that its tests copy one by one into the module under test: side by side they declare the same resources (Duplicate resource, as the programs say)",
	"aws-ia/terraform-aws-control_tower_account_factory examples/multiple-regions-customization/multiple-regions":           "an AFT account customization, whose provider configurations (aws.us_east_2, ...) AFT generates from the templates in terraform/: alone, Provider configuration not present (tofu validate 1.12.6 and terraform validate 1.5.7 say so with the stand-in provider)",
	"cloudposse/terraform-datadog-platform examples/rbac":                                                                   "an example whose output reads local.available_permissions, which nothing declares (Reference to undeclared local value)",
	"cloudposse/terraform-null-label examples/autoscalinggroup":                                                             "an example that writes for_each and each.value in a nested tag_specifications block, which is not a dynamic block (each.value cannot be used in this context)",
	"oracle-terraform-modules/terraform-oci-oke examples":                                                                   "terraform-oci-oke's examples/ holds alternative provider files side by side (provider.tf, provider-basic.tf: Duplicate provider configuration)",
	"oracle-terraform-modules/terraform-oci-oke examples/profiles/cluster-workers-only":                                     "an example that reads var.vcn_id, which it does not declare (Reference to undeclared input variable)",
	"terraform-ibm-modules/terraform-ibm-landing-zone f5_config":                                                            "a child module of dynamic_values, not a root module: its output user_data holds the sensitive var.tmos_admin_password without sensitive = true (Output refers to sensitive values: tofu validate 1.12.6 and terraform validate 1.5.7 say so of a root module's output of templatefile over a sensitive variable)",
	"oracle-terraform-modules/terraform-oci-oke examples/rms/oke-cluster-only":                                              "a Resource Manager stack that reads var.cilium_install, which it does not declare (Reference to undeclared input variable)",
}

// checkMisses are directories of the corpus that are not modules, which
// the programs reject and check does not yet (open bugs, named "owner/name
// dir" as in notModules): check's exit status 0 there is noted, not a
// failure, and inspect may report errors.
var checkMisses = map[string]string{}

// check runs hcljson check on the module in dir of the native copy and of
// its JSON conversion: both are valid modules (they plan in their
// projects), so any error is a false positive (except in notModules,
// where an error is expected, and checkMisses).
func (r *report) check(dir string, roots map[string]string, schemaFile string) bool {
	key := r.name + " " + dir
	if why, ok := notModules[key]; ok {
		for _, c := range []string{"native", "json"} {
			if code, _, _ := hcljson("check", "--no-color", "--provider-schema", schemaFile, filepath.Join(roots[c], filepath.FromSlash(dir))); code != 1 {
				r.fail(causeCheck, c+"/"+dir, "exit %d, want 1: not a module by itself (%s)", code, why)
				return false
			}
		}
		return true
	}
	if why, ok := checkMisses[key]; ok {
		for _, c := range []string{"native", "json"} {
			code, _, _ := hcljson("check", "--no-color", "--provider-schema", schemaFile, filepath.Join(roots[c], filepath.FromSlash(dir)))
			switch code {
			case 0:
				r.notes = append(r.notes, fmt.Sprintf("%s/%s: check finds no error (%s)", c, dir, why))
			case 1:
				r.fail(causeCheck, c+"/"+dir, "exit 1: check now finds the error; move %q from checkMisses to notModules", key)
				return false
			default:
				r.fail(causeCheck, c+"/"+dir, "exit %d", code)
				return false
			}
		}
		return true
	}
	clean := true
	for _, c := range []string{"native", "json"} {
		code, _, stderr := hcljson("check", "--no-color", "--provider-schema", schemaFile, filepath.Join(roots[c], filepath.FromSlash(dir)))
		if code != 0 {
			r.fail(causeCheck, c+"/"+dir, "exit %d: %s", code, firstLines(stderr, 8))
			clean = false
		}
	}
	return clean
}

// convertAll converts files (slash paths, named in from by in(rel)) into
// to (named by out(rel)) with convert and flags: in one run for the whole
// tree, and file by file when that run fails, so that each failure is
// reported with its own file and diagnostics (cause). It returns the
// files converted.
func (r *report) convertAll(t *testing.T, cause, from, to string, files []string, in, out func(string) string, flags ...string) []string {
	t.Helper()
	if len(files) == 0 {
		return nil
	}
	code, _, _ := hcljson(append(append([]string{"convert"}, flags...), "-o", to, from)...)
	if code == 0 {
		for _, rel := range files {
			if _, err := os.Stat(filepath.Join(to, filepath.FromSlash(out(rel)))); err != nil {
				t.Fatalf("convert %s -o %s: %v", from, to, err)
			}
		}
		return files
	}
	var done []string
	for _, rel := range files {
		code, stdout, stderr := hcljson(append(append([]string{"convert"}, flags...), filepath.Join(from, filepath.FromSlash(in(rel))))...)
		if code != 0 {
			r.fail(cause, in(rel), "exit %d: %s", code, firstLines(stderr, 8))
			continue
		}
		writeFile(t, filepath.Join(to, filepath.FromSlash(out(rel))), stdout)
		done = append(done, rel)
	}
	if len(done) == len(files) {
		t.Fatalf("convert %s -o %s failed, yet each file converts alone", from, to)
	}
	return done
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// inspect runs inspect on the three copies of dir and compares them. It
// reports whether all three ran without errors and agree.
func (r *report) inspect(dir string, roots map[string]string, schemaFile string) bool {
	var docs []any
	ok := true
	_, invalid := notModules[r.name+" "+dir]
	if _, miss := checkMisses[r.name+" "+dir]; miss {
		invalid = true
	}
	for _, c := range copies {
		code, out, stderr := hcljson("inspect", "--provider-schema", schemaFile, filepath.Join(roots[c], filepath.FromSlash(dir)))
		if code != 0 && !(invalid && code == 1) {
			r.fail(causeInspectErr, dir, "%s copy: exit %d: %s", c, code, firstLines(stderr, 8))
			ok = false
		}
		doc, err := normalize(out, roots[c])
		if err != nil {
			r.fail(causeInspectErr, dir, "%s copy: output: %v", c, err)
			return false
		}
		docs = append(docs, doc)
	}
	for i := 1; i < len(docs); i++ {
		if d := diffs(docs[0], docs[i]); len(d) > 0 {
			r.fail(causeInspectDiff, dir, "%s vs %s: %s", copies[0], copies[i], strings.Join(d, "; "))
			ok = false
		}
	}
	return ok
}

// normalize decodes inspect's output and rewrites every range: its
// filename relative to root, with a .tf.json name as its .tf twin's, and
// without line and column, which necessarily differ between a native file
// and its JSON conversion (and between a native file and its round trip,
// which loses comments and layout). Nothing else is changed.
func normalize(out []byte, root string) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	prefix := filepath.ToSlash(root) + "/"
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if rng, ok := v["range"].(map[string]any); ok {
				if name, ok := rng["filename"].(string); ok {
					name = strings.TrimPrefix(filepath.ToSlash(name), prefix)
					if strings.HasSuffix(name, ".tf.json") || strings.HasSuffix(name, ".tofu.json") {
						name = strings.TrimSuffix(name, ".json")
					}
					rng["filename"] = name
					delete(rng, "line")
					delete(rng, "column")
				}
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
	return doc, nil
}

// maxDiffs is how many differences a comparison reports.
const maxDiffs = 4

// diffs returns up to maxDiffs places where a and b differ, each as a JSON
// path with both values, and none when they are equal.
func diffs(a, b any) []string {
	var out []string
	hcltest.DiffJSON("$", a, b, &out)
	return out[:min(len(out), maxDiffs)]
}

// firstLines returns the first n non-empty lines of b, joined by " | ".
func firstLines(b []byte, n int) string {
	var lines []string
	for line := range strings.SplitSeq(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		lines = append(lines, strings.TrimRight(line, " "))
		if len(lines) == n {
			break
		}
	}
	return strings.Join(lines, " | ")
}

// firstLineDiff names the first line where a and b differ.
func firstLineDiff(a, b []byte) string {
	al := strings.Split(string(a), "\n")
	bl := strings.Split(string(b), "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d: %q, then %q", i+1, strings.TrimSpace(al[i]), strings.TrimSpace(bl[i]))
		}
	}
	return fmt.Sprintf("%d lines, then %d", len(al), len(bl))
}

// workDir returns the directory for the copies of the tree called name:
// under $HCLJSON_REALWORLD_WORK when set, where they stay after the test
// for a look at the failures, and a temporary directory otherwise.
func workDir(t *testing.T, name string) string {
	t.Helper()
	keep := os.Getenv("HCLJSON_REALWORLD_WORK")
	if keep == "" {
		return t.TempDir()
	}
	dir := filepath.Join(keep, strings.ReplaceAll(name, "/", "+"))
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func writeFile(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// nativeFiles lists the native files under root, configuration (.tf,
// .tofu) and tests (.tftest.hcl, .tofutest.hcl), as slash paths relative
// to it, skipping hidden directories (.git, .terraform).
func nativeFiles(t *testing.T, root string) []string {
	t.Helper()
	return listFiles(t, root, func(name string) bool {
		return strings.HasSuffix(name, ".tf") || strings.HasSuffix(name, ".tofu") ||
			strings.HasSuffix(name, ".tftest.hcl") || strings.HasSuffix(name, ".tofutest.hcl")
	})
}

// isConfig says whether a file name is that of a configuration file in
// JSON (a companion that is not a test file).
func isConfig(name string) bool {
	return strings.HasSuffix(name, ".tf.json") || strings.HasSuffix(name, ".tofu.json")
}

// isTest says whether a file name is that of a test file, in either syntax.
func isTest(name string) bool {
	for _, ext := range []string{".tftest.hcl", ".tftest.json", ".tofutest.hcl", ".tofutest.json"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// companionFiles lists the companions under root (see checkTree): the
// configuration and test files in JSON.
func companionFiles(t *testing.T, root string) []string {
	t.Helper()
	return listFiles(t, root, func(name string) bool {
		return isConfig(name) || strings.HasSuffix(name, ".tftest.json") || strings.HasSuffix(name, ".tofutest.json")
	})
}

// listFiles lists the regular files under root whose names keep says, as
// slash paths relative to root, skipping hidden directories.
func listFiles(t *testing.T, root string, keep func(name string) bool) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !keep(d.Name()) {
			return nil
		}
		// Terraform reads a symbolic link to a file as the file.
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// inferFiles reads the given files (slash paths relative to each root)
// into an inference.
func inferFiles(t *testing.T, trees map[string][]string) *inference {
	t.Helper()
	in := newInference()
	for _, root := range slices.Sorted(maps.Keys(trees)) {
		for _, rel := range trees[root] {
			if isTest(rel) {
				continue // run blocks, mock providers: not configuration
			}
			name := filepath.Join(root, filepath.FromSlash(rel))
			if err := in.addFile(name, readFile(t, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	in.resolve()
	return in
}

// writeSchema writes the schema of in, after checking that hcljson
// accepts it, into a temporary directory (or $HCLJSON_REALWORLD_WORK) as
// name.json, and returns the file's name.
func writeSchema(t *testing.T, name string, in *inference) string {
	t.Helper()
	data, err := in.JSON()
	if err != nil {
		t.Fatal(err)
	}
	ps, err := schema.ReadProviderSchemas(data)
	if err != nil {
		t.Fatalf("the inferred schema does not read: %v", err)
	}
	if _, err := schema.Terraform.WithProviders(ps); err != nil {
		t.Fatalf("the inferred schema is refused: %v", err)
	}
	dir := os.Getenv("HCLJSON_REALWORLD_WORK")
	if dir == "" {
		dir = t.TempDir()
	}
	file := filepath.Join(dir, strings.ReplaceAll(name, "/", "+")+".json")
	writeFile(t, file, data)
	return file
}

// convertWithoutSchema converts the JSON files that convert wrote (rels,
// named in from by name(rel)) back to native syntax without any provider
// schema, into to: in one run, then file by file when the run fails. A
// file that fails must fail only on "Ambiguous property" errors, each
// naming the evidence missing (spec C26); the names they stop at are
// counted for the summary.
func (r *report) convertWithoutSchema(t *testing.T, from, to string, rels []string, name func(string) string) {
	t.Helper()
	var files []string
	for _, rel := range rels {
		if !isTest(rel) {
			files = append(files, rel)
		}
	}
	r.noSchemaFiles += len(files)
	if len(files) == 0 {
		return
	}
	if code, _, _ := hcljson("convert", "--to", "hcl", "--no-copy", "-o", to, from); code == 0 {
		r.noSchemaOK += len(files)
		return
	}
	if r.ambiguous == nil {
		r.ambiguous = map[string]int{}
	}
	for _, rel := range files {
		code, _, stderr := hcljson("convert", "--to", "hcl", "--no-color", filepath.Join(from, filepath.FromSlash(name(rel))))
		if code == 0 {
			r.noSchemaOK++
			continue
		}
		flat := strings.Join(strings.Fields(string(stderr)), " ")
		errs := strings.Count(flat, "Error: ")
		named := strings.Count(flat, "No evidence decides it") + strings.Count(flat, "No schema that hcljson reads describes this body")
		if errs == 0 || named < strings.Count(flat, "Error: Ambiguous property") || strings.Count(flat, "Error: Ambiguous property") != errs {
			r.fail(causeNoEvidence, name(rel), "exit %d: %s", code, firstLines(stderr, 8))
			continue
		}
		for _, m := range ambiguousName.FindAllStringSubmatch(flat, -1) {
			// resource.TYPE.NAME.x -> resource.TYPE.x: by type, not by name.
			segs := strings.Split(m[2], ".")
			if len(segs) >= 3 && (segs[0] == "resource" || segs[0] == "data" || segs[0] == "ephemeral") {
				segs = append(segs[:2:2], segs[3:]...)
			}
			r.ambiguous[strings.Join(segs, ".")+" "+m[1]]++
		}
	}
}

// ambiguousName finds the name and the place of an "Ambiguous property"
// error in flattened text output.
var ambiguousName = regexp.MustCompile(`Error: Ambiguous property .*? "([^"]+)" in ([^ ]+) is`)

// inspectWithoutSchema compares inspect of the native and the JSON copies
// of dir without any provider schema: equal wherever evidence decides.
// A difference is counted, not failed (what no evidence decides stays an
// argument in JSON).
func (r *report) inspectWithoutSchema(dir string, roots map[string]string) {
	if _, invalid := notModules[r.name+" "+dir]; invalid {
		return
	}
	r.noSchemaDirs++
	var docs []any
	for _, c := range []string{"native", "json"} {
		_, out, _ := hcljson("inspect", filepath.Join(roots[c], filepath.FromSlash(dir)))
		doc, err := normalize(out, roots[c])
		if err != nil {
			r.notes = append(r.notes, fmt.Sprintf("inspect without schema, %s copy of %s: %v", c, dir, err))
			return
		}
		docs = append(docs, doc)
	}
	if d := diffs(docs[0], docs[1]); len(d) > 0 {
		r.notes = append(r.notes, fmt.Sprintf("inspect without schema differs in %s: %s", dir, d[0]))
		return
	}
	r.noSchemaEq++
}

package realworldtest

import (
	"bufio"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// module is one line of modules.txt.
type module struct {
	repo, commit, license string
}

// dir is the module's directory under the corpus root, as
// scripts/fetch-realworld.sh names it.
func (m module) dir(root string) string {
	return filepath.Join(root, strings.ReplaceAll(m.repo, "/", "+"))
}

// readModules reads modules.txt: one "owner/name commit license" per line,
// "#" comments and blank lines ignored.
func readModules(t *testing.T) []module {
	t.Helper()
	f, err := os.Open("modules.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var mods []module
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 || strings.Count(fields[0], "/") != 1 || len(fields[1]) != 40 {
			t.Fatalf("modules.txt:%d: want \"owner/name commit license\", have %q", n, line)
		}
		mods = append(mods, module{fields[0], fields[1], fields[2]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return mods
}

// TestRealWorld converts every .tf file of the modules listed in
// modules.txt to JSON and back, checks the fixed point, and compares what
// inspect prints for the native, JSON and round-tripped copies of every
// directory. The provider schema is inferred from the corpus's native
// files (see infer_test.go and the package doc): the real providers are
// not at hand. Each tree gets the part of it that its types use.
//
// The failures that an open reproduction stands for (knownFailures) are
// logged, not failed.
//
// It runs only when HCLJSON_REALWORLD names the directory holding the
// modules (scripts/fetch-realworld.sh fetches them there).
func TestRealWorld(t *testing.T) {
	root := os.Getenv("HCLJSON_REALWORLD")
	if root == "" {
		t.Skip("HCLJSON_REALWORLD is not set: run scripts/fetch-realworld.sh, then set HCLJSON_REALWORLD to the directory it fills ($HOME/.cache/hcljson/realworld by default)")
	}
	start := time.Now()
	mods := readModules(t)
	trees := map[string][]string{}
	companions := map[string][]string{}
	for _, m := range mods {
		dir := m.dir(root)
		if _, err := os.Stat(dir); err != nil {
			t.Fatalf("%s: %v (run scripts/fetch-realworld.sh)", m.repo, err)
		}
		files := nativeFiles(t, dir)
		comp := companionFiles(t, dir)
		if len(files) == 0 && len(comp) == 0 {
			t.Fatalf("%s: no .tf, .tofu or .tf.json file under %s", m.repo, dir)
		}
		trees[dir] = files
		companions[dir] = comp
	}
	corpus := inferFiles(t, trees)
	writeSchema(t, "providers", corpus) // checked, and kept for a look
	for _, c := range corpus.Conflicts() {
		t.Logf("schema conflict (made a block): %s", c)
	}

	var reports []*report
	for _, m := range mods {
		t.Run(strings.ReplaceAll(m.repo, "/", "+"), func(t *testing.T) {
			dir := m.dir(root)
			// The corpus's schema, cut down to the types this tree uses.
			used := inferFiles(t, map[string][]string{dir: trees[dir]})
			schemaFile := writeSchema(t, m.repo+".providers", corpus.restrict(used))
			r := checkTree(t, m.repo, dir, trees[dir], companions[dir], schemaFile)
			reports = append(reports, r)
			seen := map[string]bool{}
			for _, f := range r.failures {
				key := m.repo + "|" + f.cause + "|" + f.path
				if repro, ok := knownFailures[key]; ok {
					seen[key] = true
					t.Logf("known, open (%s): %s", repro, f)
					continue
				}
				t.Errorf("%s", f)
			}
			for _, n := range r.notes {
				t.Logf("known: %s", n)
			}
			_, tofu := clientstest.Find("tofu")
			for _, key := range slices.Sorted(maps.Keys(knownFailures)) {
				repo, rest, _ := strings.Cut(key, "|")
				if repo != m.repo || seen[key] || (strings.HasPrefix(rest, causeTofuFmt+"|") && !tofu) {
					continue
				}
				t.Errorf("known failure %q (%s) no longer happens: take it out of knownFailures, and the Open line out of %s once every failure it stands for is gone", rest, knownFailures[key], knownFailures[key])
			}
		})
	}
	t.Logf("summary (%s):\n%s", time.Since(start).Round(time.Second), summary(reports))
}

// knownFailures are the failures of the corpus that a reproduction under
// testdata/repro stands for, open (marked "# Open:"), each named
// "owner/name|cause|path" and mapped to its reproduction: TestRealWorld
// logs them instead of failing, and fails when one no longer happens, so
// that the list follows the fixes.
var knownFailures = map[string]string{}

// summary is a table of the reports, with totals, then the failures
// counted by cause.
func summary(reports []*report) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "module\tfiles\tdirs\tto JSON\tfmt clean\tround trip\tfixed point\tinspect equal\tcheck clean\tno schema: to native\tno schema: inspect equal\tfailures\t")
	var total report
	total.name = "total"
	for _, r := range append(reports, &total) {
		if r != &total {
			total.files += r.files
			total.dirs += r.dirs
			total.toJSON += r.toJSON
			total.roundTrip += r.roundTrip
			total.fixedPoint += r.fixedPoint
			total.inspectEqual += r.inspectEqual
			total.checkClean += r.checkClean
			total.failures = append(total.failures, r.failures...)
			total.fmtClean += r.fmtClean
			total.noSchemaFiles += r.noSchemaFiles
			total.noSchemaOK += r.noSchemaOK
			total.noSchemaDirs += r.noSchemaDirs
			total.noSchemaEq += r.noSchemaEq
			for k, n := range r.ambiguous {
				if total.ambiguous == nil {
					total.ambiguous = map[string]int{}
				}
				total.ambiguous[k] += n
			}
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d/%d\t%d/%d\t%d\t\n", r.name, r.files, r.dirs, r.toJSON, r.fmtClean, r.roundTrip, r.fixedPoint, r.inspectEqual, r.checkClean, r.noSchemaOK, r.noSchemaFiles, r.noSchemaEq, r.noSchemaDirs, len(r.failures))
	}
	w.Flush()
	if total.noSchemaFiles > 0 {
		fmt.Fprintf(&b, "JSON -> native without any schema: %d of %d configuration files (%.1f%%); inspect of the JSON copy equals the native copy's without schemas in %d of %d directories\n",
			total.noSchemaOK, total.noSchemaFiles, 100*float64(total.noSchemaOK)/float64(total.noSchemaFiles), total.noSchemaEq, total.noSchemaDirs)
		keys := slices.SortedFunc(maps.Keys(total.ambiguous), func(a, b string) int {
			if c := total.ambiguous[b] - total.ambiguous[a]; c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		for i, k := range keys {
			if i == 20 {
				fmt.Fprintf(&b, "  ... %d more places\n", len(keys)-i)
				break
			}
			fmt.Fprintf(&b, "  ambiguous without evidence: %s: %d\n", k, total.ambiguous[k])
		}
	}
	for _, c := range causes {
		n := 0
		for _, f := range total.failures {
			if f.cause == c {
				n++
			}
		}
		if n > 0 {
			fmt.Fprintf(&b, "%s: %d\n", c, n)
		}
	}
	return b.String()
}

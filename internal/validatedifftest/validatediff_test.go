package validatedifftest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// TestValidateDifferential validates every variant with each client
// found (tofu validate -json, terraform validate -json; results cached
// in CacheRoot) and with the checker (today hcljson check --format
// json), and logs, per client, the table by class and syntax. A total
// under VerdictGate or LocationGate, or any false error (the checker
// finds errors where the client finds none), fails the test when it
// checks every variant with the module's own hcljson;
// $HCLJSON_VALIDATE_GATE=1 applies the gate always, =0 never.
//
// $HCLJSON_VALIDATEDIFF_OUT names the directory for the report (emptied
// first if an earlier run made it), else a new one under the temporary
// directory, kept and named in the log: table.md, and per client
// mismatches.txt, surprises.txt (verdicts other than the case's),
// twins.txt (native and JSON verdicts that differ) and each mismatching variant's files with both results.
// $HCLJSON_VALIDATEDIFF_RUN, a regular expression, keeps the variants
// whose ID (CLASS/NAME/SYNTAX) matches; $HCLJSON_VALIDATEDIFF_BIN names
// an hcljson binary to check with instead of building cmd/hcljson.
func TestValidateDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("validating hundreds of variants with the clients takes minutes; not with -short")
	}
	found := clientstest.All()
	if len(found) == 0 {
		t.Skip(clientstest.Missing("tofu") + "; " + clientstest.Missing("terraform"))
	}
	variants, err := Variants()
	if err != nil {
		t.Fatal(err)
	}
	if re := os.Getenv("HCLJSON_VALIDATEDIFF_RUN"); re != "" {
		keep := regexp.MustCompile(re)
		var kept []*Variant
		for _, v := range variants {
			if keep.MatchString(v.ID()) {
				kept = append(kept, v)
			}
		}
		variants = kept
	}
	work := t.TempDir()
	plugins, err := clientstest.StandIn(filepath.Join("..", "..", "e2e", "provider"))
	if err != nil {
		t.Fatal(err)
	}
	bin := os.Getenv("HCLJSON_VALIDATEDIFF_BIN")
	if bin == "" {
		bin = filepath.Join(work, "hcljson")
		if err := clientstest.BuildHCLJSON(filepath.Join("..", ".."), bin); err != nil {
			t.Fatal(err)
		}
	}
	report := reportDir(t)
	var table strings.Builder
	results := map[string]map[string]*Result{} // client → variant ID → result
	for _, c := range []string{"tofu", "terraform"} {
		t.Run(c, func(t *testing.T) {
			var client *clientstest.Client
			for i := range found {
				if found[i].Name == c {
					client = &found[i]
				}
			}
			if client == nil {
				t.Skip(clientstest.Missing(c))
			}
			env, err := clientstest.Env(filepath.Join(work, c, "home"), plugins)
			if err != nil {
				t.Fatal(err)
			}
			r := &Runner{Client: *client, Env: env, Work: filepath.Join(work, c), Salt: filepath.Base(plugins)}
			schema, err := r.ProviderSchema()
			if err != nil {
				t.Fatal(err)
			}
			check := HCLJSONCheck(bin, schema)
			if deadline, ok := t.Deadline(); ok {
				todo := 0
				for _, v := range variants {
					if v.For(c) && !r.IsCached(v) {
						todo++
					}
				}
				// About 0.6 s a variant on two busy cores, more under
				// load; the checker's runs take a minute.
				if need := time.Duration(todo)*1500*time.Millisecond + 2*time.Minute; time.Until(deadline) < need {
					t.Skipf("%d variants are not in %s's cache yet: that takes up to %s, more than -timeout leaves; run with -timeout 60m",
						todo, c, need.Round(time.Minute))
				}
			}
			results[c] = map[string]*Result{}
			start := time.Now()
			var mine []Outcome
			var mismatches, surprises strings.Builder
			for _, v := range variants {
				if !v.For(c) {
					continue
				}
				res, err := r.Validate(v)
				if err != nil {
					t.Fatal(err)
				}
				results[c][v.ID()] = res
			}
			elapsed := time.Since(start)
			// A case whose native and JSON variants differ in verdict
			// points at the conversion, or at a difference of the
			// syntaxes that the case should say.
			var twins strings.Builder
			for _, v := range variants {
				if v.Syntax != JSON || results[c][v.ID()] == nil {
					continue
				}
				native := results[c][v.Class+"/"+v.Name+"/"+Native]
				if native != nil && native.Valid != results[c][v.ID()].Valid {
					fmt.Fprintf(&twins, "%s/%s\n  native: %s\n  json: %s\n", v.Class, v.Name, Describe(native), Describe(results[c][v.ID()]))
				}
			}
			if twins.Len() > 0 {
				t.Logf("%s: native and JSON variants with different verdicts:\n%s", c, twins.String())
			}
			write(t, filepath.Join(report, c, "twins.txt"), twins.String())
			t.Logf("%s %s: %d variants, %d validated and %d from the cache (%s), in %s",
				c, client.Version, len(results[c]), r.Ran, r.Cached, filepath.Join(CacheRoot(), c+"-"+client.Version), elapsed.Round(time.Millisecond))
			start = time.Now()
			for _, v := range variants {
				theirs := results[c][v.ID()]
				if theirs == nil {
					continue
				}
				dir := filepath.Join(work, c, "check", v.Class, v.Name, v.Syntax)
				if err := Write(v, dir); err != nil {
					t.Fatal(err)
				}
				ours, err := check(c, dir)
				if err != nil {
					t.Fatal(err)
				}
				o := Compare(v, theirs, ours)
				mine = append(mine, o)
				if v.Valid != theirs.Valid {
					fmt.Fprintf(&surprises, "%s: written to be %s, %s says %s\n", v.ID(), verdict(v.Valid), c, Describe(theirs))
				}
				if !o.SameVerdict || (o.Faulty && !o.SameFirst) {
					fmt.Fprintf(&mismatches, "%s\n  %s: %s\n  checker: %s\n", v.ID(), c, Describe(theirs), Describe(ours))
					keep(t, filepath.Join(report, c, v.Class, v.Name, v.Syntax), v, theirs, ours)
				}
			}
			t.Logf("checked in %s", time.Since(start).Round(time.Millisecond))
			rows := Table(mine)
			text := FormatTable(rows)
			fmt.Fprintf(&table, "## %s %s\n\n%s\n", c, client.Version, text)
			t.Logf("%s %s against the checker:\n%s", c, client.Version, text)
			if surprises.Len() > 0 {
				t.Logf("variants whose %s verdict is not the one they are written for:\n%s", c, surprises.String())
			}
			write(t, filepath.Join(report, c, "mismatches.txt"), mismatches.String())
			write(t, filepath.Join(report, c, "surprises.txt"), surprises.String())
			total := rows[len(rows)-1]
			if gate() {
				if total.FalseErrors > 0 {
					t.Errorf("%s: %d false errors: the checker finds errors where %s finds none (%s)", c, total.FalseErrors, c, filepath.Join(report, c, "mismatches.txt"))
				}
				if total.VerdictShare() < VerdictGate {
					t.Errorf("%s: the same verdict on %.1f%% of the variants, under %.0f%% (%s)", c, 100*total.VerdictShare(), 100*VerdictGate, filepath.Join(report, c, "mismatches.txt"))
				}
				if total.FirstShare() < LocationGate {
					t.Errorf("%s: the same first error's file and line on %.1f%% of the faulty variants, under %.0f%% (%s)", c, 100*total.FirstShare(), 100*LocationGate, filepath.Join(report, c, "mismatches.txt"))
				}
			}
		})
	}
	if results["tofu"] != nil && results["terraform"] != nil {
		var b strings.Builder
		n := 0
		for _, v := range variants {
			a, z := results["tofu"][v.ID()], results["terraform"][v.ID()]
			if a == nil || z == nil {
				continue
			}
			n++
			if a.Valid != z.Valid || a.FirstError().Where() != z.FirstError().Where() {
				fmt.Fprintf(&b, "%s\n  tofu: %s\n  terraform: %s\n", v.ID(), Describe(a), Describe(z))
			}
		}
		write(t, filepath.Join(report, "clients-disagree.txt"), b.String())
		fmt.Fprintf(&table, "## tofu against terraform\n\n%d variants validated by both; where they differ in verdict or first error:\n\n%s\n", n, b.String())
		if b.Len() > 0 {
			t.Logf("tofu and terraform differ in verdict or first error's file:line on:\n%s", b.String())
		}
	}
	write(t, filepath.Join(report, "table.md"), table.String())
	t.Logf("the report is in %s", report)
}

func verdict(valid bool) string {
	if valid {
		return "valid"
	}
	return "faulty"
}

// reportDir returns $HCLJSON_VALIDATEDIFF_OUT, emptied if an earlier run
// made it, or a new directory under the temporary directory, which is
// kept.
func reportDir(t *testing.T) string {
	dir := os.Getenv("HCLJSON_VALIDATEDIFF_OUT")
	if dir == "" {
		dir, err := os.MkdirTemp("", "validatediff-")
		if err != nil {
			t.Fatal(err)
		}
		return dir
	}
	marker := filepath.Join(dir, ".hcljson-validatediff")
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		if _, err := os.Stat(marker); err != nil {
			t.Fatalf("$HCLJSON_VALIDATEDIFF_OUT: %s is not empty and was not made by this test; not emptying it", dir)
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	write(t, marker, "")
	return dir
}

// keep writes v's files into dir, with the client's and the checker's
// results beside them (client.json, checker.json).
func keep(t *testing.T, dir string, v *Variant, theirs, ours *Result) {
	if err := Write(v, filepath.Join(dir, "module")); err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*Result{"client.json": theirs, "checker.json": ours} {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, name), string(b)+"\n")
	}
}

// write writes text into the file name, making its directory.
func write(t *testing.T, name, text string) {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gate reports whether the thresholds apply: $HCLJSON_VALIDATE_GATE=1
// or 0 says, else they apply when every variant is checked by this
// module's hcljson (no $HCLJSON_VALIDATEDIFF_RUN, no
// $HCLJSON_VALIDATEDIFF_BIN).
func gate() bool {
	switch os.Getenv("HCLJSON_VALIDATE_GATE") {
	case "1":
		return true
	case "0":
		return false
	}
	return os.Getenv("HCLJSON_VALIDATEDIFF_RUN") == "" && os.Getenv("HCLJSON_VALIDATEDIFF_BIN") == ""
}
